import Foundation
import Testing

/// Issue 11, cases 1–2: a directory is an index only with a valid stub naming a
/// Xapian database; anything else is an error and nothing is removed.
@Suite struct IndexDirectoryTests {
    let dir = TempDir()
    let app = #"{"kind":"app","app":"com.example.a","name":"Alpha"}"# + "\n"

    func indexed() throws -> CLI {
        let cli = CLI(index: dir.path + "/index")
        for i in 0..<3 {
            let line = #"{"kind":"entity","app":"com.example.a","type":"T","id":"e\#(i)","title":"Precious \#(i)"}"#
            #expect(try cli.run(["index", dir.write("e\(i).jsonl", app + line + "\n")]).status == 0)
        }
        return cli
    }

    /// Case 1: a stub naming a missing generation, a lost stub, or a symlinked
    /// stub is an error, and gen-1 with its documents stays.
    @Test func case1_aBrokenStubIsAnErrorNotARecreation() throws {
        let cli = try indexed()
        let stub = cli.index + "/current"
        let good = try String(contentsOfFile: stub, encoding: .utf8)
        let input = dir.write("more.jsonl", app)
        try "glass gen-2\n".write(toFile: stub, atomically: false, encoding: .utf8)
        var r = try cli.run(["index", input])
        #expect(r.status == 1)
        #expect(r.stderr.contains("names gen-2, which is missing"), "\(r.stderr)")
        #expect(FileManager.default.fileExists(atPath: cli.index + "/gen-1/iamglass"))
        #expect(!FileManager.default.fileExists(atPath: cli.index + "/gen-2"))

        try FileManager.default.removeItem(atPath: stub)
        r = try cli.run(["index", input])
        #expect(r.status == 1)
        #expect(r.stderr.contains("but no stub file 'current'"), "\(r.stderr)")
        #expect(try cli.run(["search", "precious"]).status == 1)
        #expect(FileManager.default.fileExists(atPath: cli.index + "/gen-1/iamglass"))

        let other = CLI(index: dir.path + "/other")
        #expect(try other.run(["index", dir.write("o.jsonl", app)]).status == 0)
        try FileManager.default.createSymbolicLink(atPath: stub, withDestinationPath: other.index + "/current")
        r = try cli.run(["rebuild"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("is a symbolic link"), "\(r.stderr)")

        try FileManager.default.removeItem(atPath: stub)
        try good.write(toFile: stub, atomically: false, encoding: .utf8)
        #expect(try cli.run(["search", "precious", "--json"]).lines.count == 3)
    }

    /// A donations journal that is a symbolic link is not written through: its
    /// target was appended to, then emptied when the journal was folded.
    @Test func aSymlinkedJournalIsNotWrittenThrough() throws {
        let cli = try indexed()
        let victim = dir.write("victim.txt", "precious data\n")
        try FileManager.default.createSymbolicLink(atPath: cli.index + "/donations.journal", withDestinationPath: victim)
        let r = try cli.run(["donate", "--app", "com.example.a"])
        #expect(r.status != 0 && r.stderr.contains("is a symbolic link"), "\(r.status) \(r.stderr)")
        #expect(try cli.run(["index", dir.write("more.jsonl", app)]).status == 0)
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "precious data\n")
    }

    /// A first `index` killed before it published its stub left an empty
    /// generation: the next one starts over it.
    @Test func case1_anInterruptedFirstIndexStartsOver() throws {
        let cli = CLI(index: dir.path + "/index")
        // An empty index: gen-1 is a glass database with no documents.
        #expect(try cli.run(["index", dir.write("empty.jsonl", "")]).status == 0)
        try FileManager.default.removeItem(atPath: cli.index + "/current")
        #expect(try cli.run(["index", dir.write("a.jsonl", app)]).status == 0)
        // Now gen-1 holds a document: losing the stub again is an error.
        try FileManager.default.removeItem(atPath: cli.index + "/current")
        #expect(try cli.run(["index", dir.write("b.jsonl", app)]).status == 1)
    }

    /// A first `index` killed while Xapian made its generation left no
    /// `iamglass`, only Xapian's lock, empty tables and the version file
    /// being written: every command refused the directory, and writing the
    /// stub the error advised made it "damaged". It starts over.
    @Test func case1_aFirstIndexKilledWhileXapianMadeItsGenerationStartsOver() throws {
        let cli = CLI(index: dir.path + "/index")
        try FileManager.default.createDirectory(atPath: cli.index + "/gen-1", withIntermediateDirectories: true)
        for name in ["flintlock", "postlist.glass", "termlist.glass"] { _ = dir.write("index/gen-1/" + name, "") }
        _ = dir.write("index/gen-1/v.tmp", "partial")
        let r = try cli.run(["index", dir.write("a.jsonl", app)])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try cli.run(["export"]).stdout == app)
        // A file of another kind in it: not Xapian's, not removed.
        let other = CLI(index: dir.path + "/other")
        try FileManager.default.createDirectory(atPath: other.index + "/gen-1", withIntermediateDirectories: true)
        let mine = dir.write("other/gen-1/notes.txt", "mine\n")
        #expect(try other.run(["index", dir.path + "/a.jsonl"]).status == 1)
        #expect(try String(contentsOfFile: mine, encoding: .utf8) == "mine\n")
    }

    /// Two `index` runs and a reader on a new directory at once: the second
    /// writer (or the reader) saw the first's generation before its stub,
    /// took the directory for someone else's and gave up, and that batch
    /// was lost (13 of 20 times on an empty directory). Each writer's batch is kept.
    @Test func twoFirstWritersAndAReaderOnANewDirectoryAllSucceed() throws {
        for round in 0..<8 {
            let cli = CLI(index: dir.path + "/race\(round)")
            let lines = (0..<2).map { #"{"kind":"app","app":"com.example.w\#($0)","name":"W\#($0)"}"# + "\n" }
            let pipes = (0..<3).map { _ in Pipe() }
            let writers = try (0..<2).map { try cli.start(["index", dir.write("w\(round)-\($0).jsonl", lines[$0])], stderr: pipes[$0]) }
            let reader = try cli.start(["stats"], stderr: pipes[2])
            for p in writers + [reader] { p.waitUntilExit() }
            let errors = pipes.map { String(decoding: $0.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) }
            #expect(writers.allSatisfy { $0.terminationStatus == 0 }, "\(errors)")
            #expect(!errors[2].contains("no stub"), "\(errors[2])")
            #expect(try cli.run(["export"]).lines.count == 2)
        }
    }

    /// Maintenance of an index that is not there (a mistyped --index) is an
    /// error and makes none: compact, rebuild, forget and delete made an
    /// empty index and said they succeeded. A restore may make one.
    @Test func maintenanceOfNoIndexIsAnErrorAndMakesNone() throws {
        let cli = CLI(index: dir.path + "/typo")
        for args in [["compact"], ["rebuild"], ["forget", "--all"], ["delete", "--app", "x"], ["delete", "--donation", "d-1"]] {
            let r = try cli.run(args)
            #expect(r.status == 1 && r.stderr.contains("no index at"), "\(args): \(r.stderr)")
            #expect(!FileManager.default.fileExists(atPath: cli.index), "\(args)")
        }
        #expect(try cli.run(["rebuild", "--from", dir.write("a.jsonl", app)]).status == 0)
        #expect(try cli.run(["compact"]).status == 0)
    }

    /// Case 2: a user's directory that merely holds gen-* entries is refused.
    @Test func case2_aDirectoryOfGenEntriesIsNotAnIndex() throws {
        let notes = dir.path + "/notes"
        try FileManager.default.createDirectory(atPath: notes + "/gen-2", withIntermediateDirectories: true)
        try "precious\n".write(toFile: notes + "/gen-2/thesis.txt", atomically: false, encoding: .utf8)
        let r = try CLI(index: notes).run(["index", dir.write("a.jsonl", app)])
        #expect(r.status == 1)
        #expect(r.stderr.contains("no stub file 'current'"), "\(r.stderr)")
        #expect(try String(contentsOfFile: notes + "/gen-2/thesis.txt", encoding: .utf8) == "precious\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: notes) == ["gen-2"])
    }

    /// Case 2: inside a real index, a gen-N that is not a database Limelight
    /// wrote is never removed by a write.
    @Test func case2_aForeignGenEntryInAnIndexIsLeftAlone() throws {
        let cli = try indexed()
        try FileManager.default.createDirectory(atPath: cli.index + "/gen-7", withIntermediateDirectories: true)
        try "precious\n".write(toFile: cli.index + "/gen-7/thesis.txt", atomically: false, encoding: .utf8)
        #expect(try cli.run(["rebuild"]).status == 0)
        #expect(try cli.run(["index", dir.write("z.jsonl", app)]).status == 0)
        #expect(try String(contentsOfFile: cli.index + "/gen-7/thesis.txt", encoding: .utf8) == "precious\n")
    }
}
