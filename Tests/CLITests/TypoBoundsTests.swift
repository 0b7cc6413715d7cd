import Foundation
import Testing

/// Issue 11, case 11: typo correction of a long word is bounded.
@Suite struct TypoBoundsTests {
    @Test func case11_aLongWordIsAnsweredInUnderASecond() throws {
        let cli = CorpusIndex.cli
        var letters: [Character] = []
        var v: UInt32 = 0x100
        while letters.count < 1_000 {
            if let s = Unicode.Scalar(v), s.properties.isAlphabetic, s.properties.isLowercase { letters.append(Character(s)) }
            v += 1
        }
        for word in [String(letters), String(repeating: "x", count: 999) + "q", String(repeating: "montery", count: 100)] {
            for query in [word, word + " trail"] {
                let start = Date()
                let r = try cli.run(["search", query, "--json"])
                #expect(r.status == 0, "\(r.stderr.prefix(200))")
                #expect(Date().timeIntervalSince(start) < 1, "\(Date().timeIntervalSince(start)) s")
            }
        }
        // Ordinary typos are still corrected.
        #expect(try cli.run(["search", "montery", "--json"]).stderr.contains("monterey"))
    }
}
