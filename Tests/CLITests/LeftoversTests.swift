import Foundation
import Testing

/// Issue 11, case 14: leftovers and edge values.
@Suite struct LeftoversTests {
    let dir = TempDir()
    let cli: CLI

    init() throws {
        cli = CLI(index: dir.path + "/index")
        try cli.run(["index", dir.write("a.jsonl", #"{"kind":"app","app":"com.example.a","name":"Alpha"}"# + "\n")])
    }

    @Test func case14_aHugeGenerationNumberIsAnErrorNotACrash() throws {
        try "glass gen-9223372036854775807\n".write(toFile: cli.index + "/current", atomically: false, encoding: .utf8)
        let r = try cli.run(["rebuild"])
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stderr.contains("is not a Limelight index stub"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: cli.index + "/writer.pid"))
    }

    @Test func case14_staleTempFilesOfDeadProcessesAreRemovedByTheNextWriter() throws {
        let dead: Int32 = 2_147_483_000  // above any pid_max: no such process
        let live = getpid()
        for name in ["current.tmp-\(dead)", "writer.pid.tmp-\(dead)", "current.tmp-\(live)"] {
            try "glass gen-1\n".write(toFile: cli.index + "/" + name, atomically: false, encoding: .utf8)
        }
        #expect(try cli.run(["index", dir.write("b.jsonl", #"{"kind":"app","app":"com.example.b","name":"Beta"}"# + "\n")]).status == 0)
        let left = try FileManager.default.contentsOfDirectory(atPath: cli.index)
        #expect(!left.contains("current.tmp-\(dead)"))
        #expect(!left.contains("writer.pid.tmp-\(dead)"))
        #expect(left.contains("current.tmp-\(live)"))
    }

    @Test func case14_integersAbove2to53AreRejectedNotRounded() throws {
        let big = #"{"kind":"entity","app":"com.example.a","type":"T","id":"x","title":"t","properties":{"n":9007199254740993}}"#
        let r = try cli.run(["index", dir.write("big.jsonl", big + "\n")])
        #expect(r.status == 65)
        #expect(r.stderr.contains("larger than 2^53"), "\(r.stderr)")
        let ok = #"{"kind":"entity","app":"com.example.a","type":"T","id":"y","title":"t","properties":{"n":9007199254740992,"f":1.5e300}}"#
        #expect(try cli.run(["index", dir.write("ok.jsonl", ok + "\n")]).status == 0)
    }

    @Test func case14_getWithAnIdButNoTypeIsAUsageError() throws {
        let r = try cli.run(["get", "--app", "com.example.a", "--id", "x"])
        #expect(r.status == 64)
        #expect(r.stderr.contains("--id needs --type"), "\(r.stderr)")
        #expect(try cli.run(["get", "--app", "com.example.a"]).status == 0)
    }
}
