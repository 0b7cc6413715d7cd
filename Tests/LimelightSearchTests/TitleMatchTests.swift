import Testing
@testable import LimelightSearch
import LimelightStore
import LimelightRanking

/// `TitleMatch.joined` compares bytes in place (it runs for every name of
/// every candidate); it must say exactly what the joined string would.
@Suite struct TitleMatchTests {
    /// What `joined` stands for: the words, then `more`, joined by single spaces, start with `prefix`.
    func reference(_ words: [String], _ more: [String], _ prefix: String) -> Bool {
        (words + more).joined(separator: " ").utf8.starts(with: prefix.utf8)
    }

    @Test func joinedSaysWhatTheJoinedTitleWould() {
        let cases: [([String], [String], String)] = [
            ([], [], ""), ([], [], "a"), (["monterey", "bay"], [], ""), (["monterey", "bay"], [], "mon"),
            (["monterey", "bay"], [], "monterey"), (["monterey", "bay"], [], "monterey "), (["monterey", "bay"], [], "monterey b"),
            (["monterey", "bay"], [], "monterey bay"), (["monterey", "bay"], [], "monterey bay "), (["monterey", "bay"], [], "montereybay"),
            (["monterey", "bay"], [], "bay"), (["a", "", "b"], [], "a  b"), (["a", "", "b"], [], "a b"), (["sagrada", "familia"], [], "sagrada fam"),
            (["seoul"], ["북한산", "둘레길"], "seoul 북한"), (["seoul"], ["북한산", "둘레길"], "seoul 북한산 둘"), ([], ["북한산"], "북한산"),
            (["guell"], [], "güell"), (["c++"], [], "c+"), (["libatk1.0"], [], "libatk1."),
        ]
        for (w, m, p) in cases { #expect(TitleMatch.joined(w, m, startsWith: p) == reference(w, m, p), "\(w) \(m) \(p)") }
        // And every prefix of a few joined titles, with each byte changed.
        for (w, m) in [(["firefox", "esr"], [String]()), (["monterey", "bay", "coastal"], []), (["tokyo"], ["東京", "タワー"])] {
            let whole = Array((w + m).joined(separator: " ").utf8)
            for n in 0...whole.count + 1 {
                var bytes = Array(whole.prefix(n))
                if n > whole.count { bytes.append(UInt8(ascii: "x")) }
                let p = String(decoding: bytes, as: UTF8.self)
                #expect(TitleMatch.joined(w, m, startsWith: p) == reference(w, m, p), "\(p)")
                if let last = bytes.last, last < 0x80 {
                    bytes[bytes.count - 1] = last == UInt8(ascii: "z") ? UInt8(ascii: "a") : last + 1
                    let q = String(decoding: bytes, as: UTF8.self)
                    #expect(TitleMatch.joined(w, m, startsWith: q) == reference(w, m, q), "\(q)")
                }
            }
        }
    }

    /// The query names the app and its kind: a word of its name, the others
    /// of its synonyms (LibreOffice Calc's GenericName). Synonyms alone are
    /// not the app named: "sound record" put PulseAudio Volume Control
    /// (keywords "System Sounds", "Recording") above Audacity (a review).
    @Test func namesTogetherNeedAWordOfTheName() {
        let calc = [TitleKey("LibreOffice Calc"), TitleKey("Spreadsheet")]
        let pulse = [TitleKey("PulseAudio Volume Control"), TitleKey("System Sounds"), TitleKey("Recording")]
        let bonus = RankingWeights.allWordStarts * RankingWeights.synonymShare
        #expect(TitleMatch.namesTogetherBonus(calc, QueryText("libreoffice spreadsheet")) == bonus)
        #expect(TitleMatch.namesTogetherBonus(calc, QueryText("libreoffice spre")) == bonus)
        #expect(TitleMatch.namesTogetherBonus(pulse, QueryText("sound record")) == 0)
        // One name with every word is the per-name bonus's, and one word is no pair.
        #expect(TitleMatch.namesTogetherBonus(calc, QueryText("libreoffice calc")) == 0)
        #expect(TitleMatch.namesTogetherBonus(calc, QueryText("spreadsheet")) == 0)
        #expect(TitleMatch.namesTogetherBonus(calc, QueryText("libreoffice chart")) == 0)
    }
}
