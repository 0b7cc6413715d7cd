import Foundation
import Testing

/// Issue 11, case 15: once delete and forget return, no file of the index
/// holds what they removed.
@Suite struct PrivacyScrubTests {
    let dir = TempDir()

    /// Every file under the index, as bytes (grep -a).
    func indexContains(_ cli: CLI, _ text: String) -> [String] {
        let needle = Data(text.utf8)
        var hits: [String] = []
        let e = FileManager.default.enumerator(atPath: cli.index)
        while let f = e?.nextObject() as? String {
            if let d = FileManager.default.contents(atPath: cli.index + "/" + f), d.range(of: needle) != nil { hits.append(f) }
        }
        return hits
    }

    func seeded() throws -> CLI {
        let cli = CLI(index: dir.path + "/index")
        var lines = #"{"kind":"app","app":"com.example.a","name":"Alpha"}"# + "\n"
        lines += #"{"kind":"intent","app":"com.example.a","id":"Open","title":"Open"}"# + "\n"
        for i in 0..<200 { lines += #"{"kind":"entity","app":"com.example.a","type":"T","id":"p\#(i)","title":"Public item \#(i)"}"# + "\n" }
        lines += #"{"kind":"entity","app":"com.example.a","type":"T","id":"s","title":"Zanzibarquux","subtitle":"Qwertyplonk","properties":{"who":{"person":{"givenName":"Xylophonia","email":"xylo@secret.example"}}}}"# + "\n"
        lines += #"{"kind":"interaction","app":"com.example.a","intent":"Open","entities":[{"type":"T","id":"p1"}],"at":"2026-11-20T07:00:00Z","context":["private.glimmerwort"]}"# + "\n"
        #expect(try cli.run(["index", dir.write("a.jsonl", lines)]).status == 0)
        return cli
    }

    @Test func case15_deleteAndForgetLeaveNoTraceInAnyFile() throws {
        let cli = try seeded()
        #expect(!indexContains(cli, "Zanzibarquux").isEmpty)
        #expect(try cli.run(["delete", "--app", "com.example.a", "--type", "T", "--id", "s"]).status == 0)
        for secret in ["Zanzibarquux", "Qwertyplonk", "Xylophonia", "xylo@secret.example"] {
            #expect(indexContains(cli, secret).isEmpty, "\(secret): \(indexContains(cli, secret))")
        }
        #expect(!indexContains(cli, "glimmerwort").isEmpty)
        #expect(try cli.run(["forget", "--all"]).status == 0)
        #expect(indexContains(cli, "glimmerwort").isEmpty, "\(indexContains(cli, "glimmerwort"))")
        #expect(try cli.run(["search", "public", "--json"]).lines.count == 10)
    }

    /// On a small index too: a compacted copy kept the deleted title, id and
    /// subtitle in postlist.glass (found by a helper's audit).
    @Test func case15_deleteOnASmallIndexLeavesNoTrace() throws {
        let cli = CLI(index: dir.path + "/small")
        let records = """
            {"kind":"app","app":"com.diary","name":"Diary"}
            {"kind":"entity","app":"com.diary","type":"Note","id":"SECRETID-7731","title":"Zanzibarsecret clinic visit","subtitle":"Sensitivesubtitle"}
            {"kind":"entity","app":"com.diary","type":"Note","id":"keep-1","title":"Ordinary note"}

            """
        #expect(try cli.run(["index", dir.write("small.jsonl", records)]).status == 0)
        #expect(try cli.run(["delete", "--app", "com.diary", "--type", "Note", "--id", "SECRETID-7731"]).status == 0)
        for secret in ["Zanzibarsecret", "SECRETID", "Sensitivesubtitle"] {
            #expect(indexContains(cli, secret).isEmpty, "\(secret): \(indexContains(cli, secret))")
        }
        #expect(try cli.run(["search", "ordinary", "--json"]).lines.count == 1)
    }

    /// `history retain` forgets what is older and leaves no file holding it:
    /// a forgotten use's context name stayed in the model's context sets and
    /// the postings (found by a helper's audit). On a sharded index too,
    /// where it forgot nothing until the next write (found by another).
    @Test(arguments: [[], ["--shards", "2"]])
    func retentionLeavesNoTraceOfWhatItForgot(layout: [String]) throws {
        let cli = CLI(index: dir.path + "/retained" + layout.joined())
        let records = """
            {"kind":"app","app":"com.example.a","name":"Alpha"}
            {"kind":"interaction","app":"com.example.a","at":"2025-01-01T00:00:00Z","context":["location.oldsecretplace"]}
            {"kind":"interaction","app":"com.example.a","at":"2026-12-01T00:00:00Z","context":["location.home"]}

            """
        #expect(try cli.run(["index"] + layout + [dir.write("uses.jsonl", records)]).status == 0)
        #expect(!indexContains(cli, "oldsecretplace").isEmpty)
        #expect(try cli.run(["history", "retain", "30"]).status == 0)
        #expect(indexContains(cli, "oldsecretplace").isEmpty, "\(indexContains(cli, "oldsecretplace"))")
        #expect(try cli.run(["export"]).lines.filter { $0.contains("interaction") }.count == 1)
    }

    @Test func case15_aGenerationAReaderHeldGoesOnTheNextRead() throws {
        let cli = try seeded()
        let p = Process()
        p.executableURL = URL(fileURLWithPath: CLI.binary)
        p.arguments = ["--index", cli.index, "search", "--stdin"]
        let input = Pipe()
        p.standardInput = input
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        input.fileHandleForWriting.write(Data("public\n".utf8))
        usleep(300_000)
        #expect(try cli.run(["delete", "--app", "com.example.a", "--type", "T", "--id", "s"]).status == 0)
        // The reader still holds the old generation, so it is still on disk.
        #expect(!indexContains(cli, "Zanzibarquux").isEmpty)
        try input.fileHandleForWriting.close()
        p.waitUntilExit()
        // A read, not a write, removes it.
        #expect(try cli.run(["search", "public"]).status == 0)
        #expect(indexContains(cli, "Zanzibarquux").isEmpty, "\(indexContains(cli, "Zanzibarquux"))")
    }
}
