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

    @Test func aKoreanTitleHasTheInitialsOfItsSyllablesFromEachWord() {
        // As leading jamo (what NFKC makes of ㅂ typed), from two on.
        let t = InnerWordTerms.terms(title: "북한산 둘레길").filter { $0.hasPrefix("XN") }
        #expect(t == Set(["XN\u{1107}\u{1112}", "XN\u{1107}\u{1112}\u{1109}", "XN\u{1107}\u{1112}\u{1109}\u{1103}",
                          "XN\u{1107}\u{1112}\u{1109}\u{1103}\u{1105}", "XN\u{1107}\u{1112}\u{1109}\u{1103}\u{1105}\u{1100}",
                          "XN\u{1103}\u{1105}", "XN\u{1103}\u{1105}\u{1100}"]), "\(t.sorted())")
        // Only Hangul: Chinese has no initials, a one-syllable word none of its own.
        #expect(!InnerWordTerms.terms(title: "故宫博物院").contains { $0.hasPrefix("XN") })
        #expect(InnerWordTerms.terms(title: "산 Trail").filter { $0.hasPrefix("XN\u{1109}") }.isEmpty)
        // The query's key is the same whatever was typed whole.
        let typed = Array("\u{1107}한\u{1109}".unicodeScalars)
        #expect(InnerWordTerms.initialsQuery(typed).description.contains("XN\u{1107}\u{1112}\u{1109}"))
    }
}
