import Foundation
import Testing

/// Bad input of every kind gets a clear message and the documented exit code,
/// and writes nothing.
@Suite struct HostileInputTests {
    let dir = TempDir()
    let cli: CLI

    init() throws {
        cli = CLI(index: dir.path + "/index")
        try cli.run(["index", dir.write("base.jsonl", #"{"kind":"app","app":"com.example.a","name":"Alpha"}"# + "\n")])
    }

    func rejects(_ bytes: Data, _ fragment: String) throws {
        let path = dir.path + "/bad-\(UUID().uuidString).jsonl"
        _ = FileManager.default.createFile(atPath: path, contents: bytes)
        let before = try cli.documentCount()
        let r = try cli.run(["index", path])
        #expect(r.status == 65, "\(fragment): \(r.stderr)")
        #expect(r.stderr.hasPrefix(path + ":1: "), "\(r.stderr)")
        #expect(r.stderr.contains(fragment), "\(r.stderr)")
        #expect(try cli.documentCount() == before)
    }

    func rejects(_ line: String, _ fragment: String) throws { try rejects(Data((line + "\n").utf8), fragment) }

    @Test func malformedJSONAndWrongTypes() throws {
        try rejects(#"{"kind":"entity","#, "invalid JSON")
        try rejects(#"[1,2,3]"#, "must be a JSON object")
        try rejects(#"{"kind":"entity","app":"com.example.a","type":"T","id":7,"title":"x"}"#, "field 'id' must be a string, got a number")
        try rejects(#"{"kind":"entity","app":"com.example.a","type":"T","id":"x","title":"x","keywords":"a,b"}"#, "must be an array of strings")
        try rejects(#"{"kind":"app","app":"com.example.a","name":"A","genericName":["Web Browser"]}"#, "field 'genericName' must be a string, got")
        try rejects(#"{"kind":"entity","app":"com.example.a","type":"T","id":"x","title":"x","properties":{"when":{"date":"soon"}}}"#, "ISO 8601")
    }

    @Test func invalidUTF8AndControlCharacters() throws {
        var bytes = Data(#"{"kind":"app","app":"com.example.a","name":""#.utf8)
        bytes.append(contentsOf: [0xFF, 0xFE])
        bytes.append(contentsOf: Data("\"}\n".utf8))
        try rejects(bytes, "invalid UTF-8")
        try rejects(#"{"kind":"app","app":"com.example.a","name":"bell\u0007"}"#, "control character")
        try rejects("{\"kind\":\"app\",\"app\":\"com.example.a\",\"name\":\"raw\u{01}tab\"}", "control character in string")
        try rejects(#"{"kind":"entity","app":"com.example.a","type":"T","id":"a\u0000b","title":"x"}"#, "control character")
        // A title of what shows nothing is as empty as one of spaces (it was a blank launcher row).
        for blank in [#"\u200b"#, #"\u200e\ufeff"#, #"\u00ad"#, #"\u0301"#, #" \u3000\u00a0"#, #"\u3164"#, #"\u115f\u1160"#, #"\uffa0"#, #"\u2800"#] {
            try rejects(#"{"kind":"entity","app":"com.example.a","type":"T","id":"b","title":""# + blank + #""}"#, "field 'title' must not be empty")
        }
        // What shows something is kept: an emoji, a letter with its accent.
        #expect(try cli.run(["index", dir.write("shown.jsonl", #"{"kind":"entity","app":"com.example.a","type":"T","id":"e","title":"\ud83d\ude00"}"# + "\n"
                                                  + #"{"kind":"entity","app":"com.example.a","type":"T","id":"f","title":"e\u0301"}"# + "\n")]).status == 0)
    }

    @Test func hugeFieldsRecordsAndDeepNesting() throws {
        try rejects(#"{"kind":"app","app":"com.example.a","name":"\#(String(repeating: "x", count: 1_001))"}"#, "the limit is 1000")
        try rejects(#"{"kind":"entity","app":"com.example.a","type":"T","id":"\#(String(repeating: "i", count: 201))","title":"x"}"#, "identifiers are at most 200")
        try rejects(#"{"kind":"app","app":"com.example.a","name":"\#(String(repeating: "x", count: 1_100_000))"}"#, "a record is at most 1048576 bytes")
        let deep = String(repeating: "[", count: 40) + String(repeating: "]", count: 40)
        try rejects(#"{"kind":"entity","app":"com.example.a","type":"T","id":"x","title":"x","properties":{"p":\#(deep)}}"#, "nested deeper than 32")
    }

    @Test func idsWithSlashesAreJustIds() throws {
        let path = dir.write("slash.jsonl", #"{"kind":"entity","app":"com.example.a","type":"T","id":"a/b%2F/c","title":"Slashed"}"# + "\n")
        #expect(try cli.run(["index", path]).status == 0)
        let got = try cli.run(["get", "--app", "com.example.a", "--type", "T", "--id", "a/b%2F/c"])
        #expect(got.status == 0)
        #expect(got.stdout.contains(#""id":"a/b%2F/c""#))
        #expect(try cli.run(["get", "--app", "com.example.a", "--type", "T", "--id", "a/b/c"]).status == 1)
        // Thing + "a/b" and "Thing/a" + b are two entities, and both are listed
        // (the list's one row per thing took them for one).
        let twins = dir.write("twins.jsonl", #"{"kind":"entity","app":"com.example.a","type":"Thing","id":"a/b","title":"First collider"}"# + "\n"
                              + #"{"kind":"entity","app":"com.example.a","type":"Thing/a","id":"b","title":"Second collider"}"# + "\n")
        #expect(try cli.run(["index", twins]).status == 0)
        for query in ["", "collider"] {
            let listed = try cli.run(["search", query, "--limit", "0", "--format", "lines"]).stdout
            #expect(listed.contains("First collider") && listed.contains("Second collider"), "\(query): \(listed)")
        }
    }

    @Test func queriesXapianWouldRejectAndEnormousQueriesStillAnswer() throws {
        for q in [#"AND OR NOT ( " * "#, "title:", "+-~\"\"", "((((((", "a*b?c", String(repeating: "word ", count: 20_000)] {
            let r = try cli.run(["search", q, "--json"])
            #expect(r.status == 0, "\(q.prefix(40)): \(r.stderr)")
        }
        // A megabyte on one line (too long for argv) through --stdin.
        let r = try cli.run(["search", "--stdin", "--json"], stdin: String(repeating: "alpha ", count: 200_000) + "\n")
        #expect(r.status == 0)
        #expect(r.lines.count == 1)
    }

    @Test func unusableIndexPathsAreClearErrors() throws {
        let file = dir.write("not-an-index", "hello\n")
        var r = try CLI(index: file).run(["index", dir.write("a.jsonl", #"{"kind":"app","app":"com.example.z","name":"Z"}"# + "\n")])
        #expect(r.status == 1)
        #expect(r.stderr.contains("is a file, not an index directory"))
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "hello\n")
        let other = dir.path + "/other"
        try FileManager.default.createDirectory(atPath: other, withIntermediateDirectories: true)
        _ = dir.write("other/notes.txt", "mine\n")
        r = try CLI(index: other).run(["search", "x"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("is not a Limelight index"))
        r = try CLI(index: file + "/below").run(["search", "x"])
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("Error: "))
    }
}
