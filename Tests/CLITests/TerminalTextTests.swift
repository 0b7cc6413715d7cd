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

    /// A bidirectional override reorders the rest of the row ("invoice
    /// \u{202E}fdp.exe" shows as "invoice exe.pdf"), and a line separator
    /// breaks it: shown as escapes in the table, exact in JSON.
    @Test func bidiOverridesAndLineSeparatorsInATitleAreShownAsEscapes() throws {
        let record = #"{"kind":"entity","app":"com.example.a","type":"T","id":"inv","title":"invoice \u202Efdp.exe","subtitle":"Tabbed\u2028line"}"#
        #expect(try cli.run(["index", dir.write("bidi.jsonl", record + "\n")]).status == 0)
        let r = try cli.run(["search", "invoice"])
        #expect(r.stdout.contains(#"invoice \u{202E}fdp.exe"#) && !r.stdout.unicodeScalars.contains { $0.value == 0x202E }, "\(r.stdout)")
        let lines = try cli.run(["search", "invoice", "--format", "lines"])
        #expect(!lines.stdout.unicodeScalars.contains { $0.value == 0x202E || $0.value == 0x2028 }, "\(lines.stdout)")
        #expect(try cli.run(["search", "invoice", "--json"]).json.first?["title"] as? String == "invoice \u{202E}fdp.exe")
    }

    /// The client state is text from a batch, shown as stats shows it.
    @Test func theClientStateIsShownEscapedAndExactInJSON() throws {
        #expect(try cli.run(["index", dir.write("e.jsonl", ""), "--client-state", "a\u{1B}[2Jb"]).status == 0)
        let r = try cli.run(["client-state"])
        #expect(!hasRawControls(r.stdout) && r.stdout == "a\\u{1B}[2Jb\n", "\(r.stdout.debugDescription)")
        #expect(try cli.run(["client-state", "--json"]).json.first?["clientState"] as? String == "a\u{1B}[2Jb")
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
