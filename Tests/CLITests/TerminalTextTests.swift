import Foundation
import Testing

/// Issue 11, case 13: text from records never reaches the terminal raw.
@Suite struct TerminalTextTests {
    let dir = TempDir()
    let cli: CLI

    init() throws {
        cli = CLI(index: dir.path + "/index")
        var lines = #"{"kind":"app","app":"com.example.a","name":"Alpha"}"# + "\n"
        lines += #"{"kind":"entity","app":"com.example.a","type":"T","id":"x","title":"Lantern\n  2  entity   Fake result","properties":{"size":3}}"# + "\n"
        try cli.run(["index", dir.write("a.jsonl", lines)])
    }

    func hasRawControls(_ s: String) -> Bool {
        s.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) }
    }

    @Test func case13_aNewlineInATitleCannotFakeAResultLine() throws {
        let r = try cli.run(["search", "lantern"])
        #expect(r.status == 0)
        #expect(!r.lines.contains { $0.hasPrefix("  2  entity   Fake") }, "\(r.stdout)")
        #expect(r.stdout.contains(#"Lantern\n  2"#), "\(r.stdout)")
        // JSON stays exact JSON.
        let j = try cli.run(["search", "lantern", "--json"])
        #expect(j.json.first?["title"] as? String == "Lantern\n  2  entity   Fake result")
    }

    @Test func case13_C1ControlsAreRejectedInTitles() throws {
        let r = try cli.run(["index", dir.write("c1.jsonl", #"{"kind":"entity","app":"com.example.a","type":"T","id":"c","title":"Evil\u009B2J"}"# + "\n")])
        #expect(r.status == 65)
        #expect(r.stderr.contains("control character"), "\(r.stderr)")
    }

    @Test func case13_escapeSequencesInNamesAreEscapedInErrorMessages() throws {
        var r = try cli.run(["index", dir.write("f.jsonl", #"{"kind":"app","app":"com.example.a","name":"A","\u001b[2J\u001b]0;pwned\u0007":1}"# + "\n")])
        #expect(r.status == 65)
        #expect(!hasRawControls(r.stderr), "\(r.stderr.debugDescription)")
        #expect(r.stderr.contains(#"\u{1B}[2J"#), "\(r.stderr.debugDescription)")
        r = try cli.run(["search", "", "--where", "\u{1B}[2J\u{9B}>3"])
        #expect(r.status == 64)
        #expect(r.stderr.contains("size"), "\(r.stderr)")
        #expect(!hasRawControls(r.stderr), "\(r.stderr.debugDescription)")
        r = try cli.run(["search", "\u{1B}]0;pwned\u{07}zzzz"])
        #expect(!hasRawControls(r.stdout), "\(r.stdout.debugDescription)")
    }
}
