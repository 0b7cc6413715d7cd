import Foundation
import Testing

/// Kills real `limelight` processes with SIGKILL while they write, then checks
/// that the index opens, and that nothing committed was lost and nothing
/// uncommitted leaked in.
@Suite(.serialized) struct CrashTests {
    static func bigBatch(_ dir: TempDir, count: Int, tag: String) -> String {
        var text = ""
        for i in 0..<count {
            text += #"{"kind":"entity","app":"com.example.a","type":"T","id":"\#(tag)-\#(i)","title":"Bulk \#(tag) \#(i)","description":"Filler text so that the batch takes a while to write, number \#(i)."}"# + "\n"
        }
        return dir.write("\(tag).jsonl", text)
    }

    /// Starts `limelight index` and kills it once it holds the write lock.
    static func killMidway(_ cli: CLI, _ args: [String], after delay: Double) throws -> Int32 {
        let p = try cli.start(args)
        cli.waitForWriter(p)
        usleep(UInt32(delay * 1_000_000))
        kill(p.processIdentifier, SIGKILL)
        p.waitUntilExit()
        return p.terminationReason == .uncaughtSignal ? -1 : p.terminationStatus
    }

    @Test func anIngestKilledMidwayLeavesThePreviousClientStateAndDocuments() throws {
        let dir = TempDir()
        let cli = CLI(index: dir.path + "/index")
        let first = dir.write("first.jsonl", #"{"kind":"app","app":"com.example.a","name":"Alpha"}"# + "\n")
        #expect(try cli.run(["index", "--client-state", "batch=1", first]).status == 0)
        let before = try cli.documentCount()
        let big = Self.bigBatch(dir, count: 20_000, tag: "b2")
        let status = try Self.killMidway(cli, ["index", "--client-state", "batch=2", big], after: 0.05)
        #expect(status == -1, "the ingest finished before it could be killed; make the batch bigger")
        #expect(try cli.run(["client-state"]).stdout == "batch=1\n")
        #expect(try cli.documentCount() == before)
        // The index still takes writes, and the retried batch lands whole.
        #expect(try cli.run(["index", "--client-state", "batch=2", big]).status == 0)
        #expect(try cli.run(["client-state"]).stdout == "batch=2\n")
        #expect(try cli.documentCount() == before + 20_000)
    }
}
