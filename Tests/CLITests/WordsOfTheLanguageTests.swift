import Foundation
import Testing

/// A query no item matches whole: a correction that gives no item every word
/// was a guess, and a word of the language is then matched as typed (the
/// system's word list, or `$LIMELIGHT_WORDS`). An index of desktop files
/// has no "part": it was read as "gpart", and GParted topped "snip part of
/// the screen" (a task probe on real desktop files).
@Suite struct WordsOfTheLanguageTests {
    let dir = TempDir()
    let cli: CLI
    let words: String

    init() throws {
        cli = CLI(index: dir.path + "/index")
        words = dir.write("words", ["chapel", "bride", "snip", "part", "of", "the", "screen"].joined(separator: "\n") + "\n")
        let records = dir.write("records.jsonl", [
            #"{"kind":"entity","app":"a","type":"T","id":"gparted","title":"GParted","keywords":["gpart"]}"#,
            #"{"kind":"entity","app":"a","type":"T","id":"shot","title":"Screenshot","subtitle":"Save images of your screen"}"#,
            #"{"kind":"entity","app":"a","type":"T","id":"reader","title":"Reader","subtitle":"Read the screen aloud"}"#,
            #"{"kind":"entity","app":"a","type":"T","id":"keys","title":"Keyboard","subtitle":"Type on the screen"}"#,
            #"{"kind":"entity","app":"a","type":"T","id":"bridge","title":"Chapel Bridge"}"#,
        ].joined(separator: "\n") + "\n")
        #expect(try cli.run(["index", records]).status == 0)
    }

    func ids(_ query: String, words: String) throws -> (ids: [String], text: String) {
        let r = try cli.run(["search", query, "--json"], env: ["LIMELIGHT_WORDS": words])
        #expect(r.status == 0, "\(r.stderr)")
        let text = try cli.run(["search", query], env: ["LIMELIGHT_WORDS": words]).stdout
        return (r.json.compactMap { $0["id"] as? String }, text)
    }

    @Test func aWordOfTheLanguageIsMatchedAsTypedWhenTheCorrectionGaveNoItemEveryWord() throws {
        let spared = try ids("snip part of the screen", words: words)
        #expect(!spared.ids.isEmpty && !spared.ids.contains("gparted"), "\(spared.ids)")
        #expect(!spared.text.contains("Showing results for") && spared.text.contains("showing items that match some"), "\(spared.text)")
        // Without a word list, "part" is a word of no index: corrected, as before,
        // and GParted is found by it.
        let guessed = try ids("snip part of the screen", words: dir.path + "/no-such-list")
        #expect(guessed.ids.contains("gparted") && guessed.text.contains("Showing results for \"snip gpart of the screen\""),
                "\(guessed.ids) \(guessed.text)")
    }

    /// A list that is no regular file is none: `/dev/zero` was read without end.
    @Test func aWordListThatIsNoFileIsNone() throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: CLI.binary)
        p.arguments = ["--index", cli.index, "search", "snip part of the screen", "--json"]
        p.environment = ProcessInfo.processInfo.environment.merging(["LIMELIGHT_WORDS": "/dev/zero"]) { $1 }
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        let deadline = Date().addingTimeInterval(20)
        while p.isRunning, Date() < deadline { usleep(10_000) }
        let ran = p.isRunning
        if ran { p.terminate() }
        p.waitUntilExit()
        #expect(!ran && p.terminationStatus == 0)
        // As with no list: "part" is corrected.
        #expect(try ids("snip part of the screen", words: dir.path).ids.contains("gparted"))
    }

    @Test func aCorrectionThatGivesEveryWordIsKeptThoughTheWordWasOne() throws {
        // "bride" is a word, and "bridge" mistyped: the correction matches whole.
        let fixed = try ids("chapel bride", words: words)
        #expect(fixed.ids.first == "bridge" && fixed.text.contains("Showing results for \"chapel bridge\""), "\(fixed.text)")
    }
}
