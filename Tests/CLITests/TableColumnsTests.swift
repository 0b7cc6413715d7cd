import Testing
import Glibc
import LimelightSupport
@testable import limelight

/// The table's columns line up in a terminal: each cell is padded or cut to
/// its width in terminal columns, whatever the title holds.
@Suite struct TableColumnsTests {
    func columns(_ s: String) -> Int { s.map(TerminalText.columns).reduce(0, +) }

    @Test func eachCellTakesItsWidthInTerminalColumns() {
        let titles = [
            "Short",
            String(repeating: "y", count: 60),           // cut: "…" inside the width (it took one column more)
            "Party " + String(repeating: "😀", count: 20),  // emoji are two columns (they were counted one)
            "Zero\u{200B}width and e\u{301}",              // a zero-width space and a combining accent take none
            "北漢山 둘레길 " + String(repeating: "長", count: 30),  // wide, and cut between wide characters
            "👩‍👩‍👧 family",                                    // one emoji of joined ones
        ]
        for t in titles {
            let cell = Output.pad(t, 46)
            #expect(columns(cell) == 46, "\(t.debugDescription): \(columns(cell)) columns")
        }
        #expect(Output.pad(String(repeating: "y", count: 60), 10) == "yyyyyyyyy…")
        #expect(Output.pad("長長長長長長", 10) == "長長長長… ")
        #expect(TerminalText.columns("😀") == 2 && TerminalText.columns("\u{200B}") == 0 && TerminalText.columns("e\u{301}") == 1)
        #expect(TerminalText.columns("❤\u{FE0F}") == 2 && TerminalText.columns("a") == 1)
        #expect(TerminalText.columns("🇫🇷") == 2)
    }

    /// Text of no emoji sequence takes the columns glibc's wcwidth(3) gives
    /// its code points (the terminal's own count), in a UTF-8 locale of this
    /// thread: spacing marks (Devanagari, Tamil), jamo, Tangut, small forms,
    /// the soft hyphen (the first count took the widest code point of each
    /// character, and missed these; a review).
    @Test func columnsAreWhatWcwidthCounts() throws {
        // (wcwidth is X/Open: Glibc's module does not declare it.)
        typealias Wcwidth = @convention(c) (wchar_t) -> Int32
        let wcwidth = unsafeBitCast(try #require(dlsym(nil, "wcwidth")), to: Wcwidth.self)
        let utf8 = try #require(newlocale(LC_CTYPE_MASK, "C.UTF-8", nil), "no C.UTF-8 locale")
        let before = uselocale(utf8)
        defer { uselocale(before); freelocale(utf8) }
        let texts = ["Latin café e\u{301}", "हिन्दी शब्दकोश", "தமிழ் அகராதி", "ꥠꥡ 한국어 \u{1100}\u{1161}\u{11A8}", "𗀀𗀁 tangut",
                     "soft\u{AD}hyphen", "small﹐forms︐", "北漢山 둘레길 長", "zero\u{200B}width", "ｆｕｌｌ", "Ελληνικά", "עברית", "😀 emoji"]
        for t in texts {
            let glibc = t.unicodeScalars.reduce(0) { $0 + Int(wcwidth(wchar_t(bitPattern: $1.value))) }
            #expect(t.map(TerminalText.columns).reduce(0, +) == glibc, "\(t)")
        }
    }
}
