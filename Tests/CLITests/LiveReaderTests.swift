import Foundation
import Testing

/// Issue 11, case 7: a reader that stays open answers from the index as it is
/// now, and each answer is flushed as it is asked for.
@Suite struct LiveReaderTests {
    let dir = TempDir()

    @Test func case7_searchStdinSeesRebuildsDeletesAndNewCommits() throws {
        let cli = CLI(index: dir.path + "/index")
        var lines = #"{"kind":"app","app":"com.example.a","name":"Alpha"}"# + "\n"
        for id in ["keep", "gone"] { lines += #"{"kind":"entity","app":"com.example.a","type":"T","id":"\#(id)","title":"Lantern \#(id)"}"# + "\n" }
        #expect(try cli.run(["index", dir.write("a.jsonl", lines)]).status == 0)
        let reader = try StdinSearch(cli)
        defer { reader.close() }
        func ask(_ q: String) -> String? { reader.ask(q) }
        let first = ask("lantern")
        #expect(first?.contains("\"id\":\"gone\"") == true, "\(first ?? "no answer (not flushed?)")")
        #expect(try cli.run(["rebuild"]).status == 0)
        #expect(try cli.run(["delete", "--app", "com.example.a", "--type", "T", "--id", "gone"]).status == 0)
        let second = ask("lantern")
        #expect(second?.contains("\"id\":\"keep\"") == true, "\(second ?? "no answer")")
        #expect(second?.contains("\"id\":\"gone\"") == false, "\(second ?? "no answer")")
        // A new commit to the same generation is seen too.
        let more = #"{"kind":"entity","app":"com.example.a","type":"T","id":"new","title":"Lantern new"}"# + "\n"
        #expect(try cli.run(["index", dir.write("b.jsonl", more)]).status == 0)
        let third = ask("lantern")
        #expect(third?.contains("\"id\":\"new\"") == true, "\(third ?? "no answer")")
        // The old generation is not held by this reader any more.
        #expect(try cli.run(["compact"]).status == 0)
        #expect(ask("lantern")?.contains("\"id\":\"new\"") == true)
    }

    /// An index removed and made again at the same path, with as many
    /// commits (the same generation and revision: `rm -rf idx; limelight
    /// index …`), is a new index: the reader answered from the deleted
    /// files, which it still held open (a black-box audit).
    @Test func anIndexMadeAgainAtTheSamePathIsReadAfresh() throws {
        let cli = CLI(index: dir.path + "/index")
        func records(_ app: String, _ title: String) -> String {
            #"{"kind":"app","app":"\#(app)","name":"\#(title)"}"# + "\n"
        }
        #expect(try cli.run(["index", dir.write("mail.jsonl", records("com.example.mail", "Mail"))]).status == 0)
        let reader = try StdinSearch(cli)
        defer { reader.close() }
        #expect(reader.ask("mail")?.contains("com.example.mail") == true)
        try FileManager.default.removeItem(atPath: dir.path + "/index")
        #expect(try cli.run(["index", dir.write("music.jsonl", records("com.example.music", "Music"))]).status == 0)
        let music = reader.ask("music")
        #expect(music?.contains("com.example.music") == true, "\(music ?? "no answer")")
        let mail = reader.ask("mail")
        #expect(mail?.contains("com.example.mail") == false, "\(mail ?? "no answer")")
    }
}
