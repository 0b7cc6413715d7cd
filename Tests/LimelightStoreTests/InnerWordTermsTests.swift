import Testing
@testable import LimelightStore

@Suite struct InnerWordTermsTests {
    @Test func trigramsStartInsideWordsAndInitialsAcrossThem() {
        let t = InnerWordTerms.terms(title: "Monterey Bay Coastal Trail")
        // Inside "monterey" (not at its start: edge prefixes have those).
        #expect(t.isSuperset(of: ["XMont", "XMter", "XMrey", "XMoas", "XMail"]))
        #expect(!t.contains("XMmon") && !t.contains("XMcoa"))
        // "bay" has no inner trigram.
        #expect(!t.contains { $0.hasPrefix("XMba") || $0 == "XMay" })
        // Initials from two letters on: mb, mbc, mbct.
        #expect(t.filter { $0.hasPrefix("XN") } == Set(["XNmb", "XNmbc", "XNmbct"]))
        // One word: no initials; folded like titles are compared.
        #expect(InnerWordTerms.terms(title: "Güell").sorted() == ["XMuel", "XMell"].sorted())
    }
}
