import Testing
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
    }
}
