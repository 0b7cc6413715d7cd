import Foundation
import Testing

/// A launch is never lost and never slow: donations while another process
/// writes go to the journal at once, and are counted.
@Suite(.serialized) struct JournalTests {
    func setUp() throws -> (TempDir, CLI) {
        let dir = TempDir()
        let cli = CLI(index: dir.path + "/index")
        let app = #"{"kind":"app","app":"com.example.a","name":"Alpha"}"# + "\n"
        #expect(try cli.run(["index", dir.write("app.jsonl", app)]).status == 0)
        return (dir, cli)
    }

    func interactions(_ cli: CLI) throws -> [String] {
        try cli.run(["export"]).lines.filter { $0.contains(#""kind":"interaction""#) }
    }

    /// A failed append (a full disk, a crash) leaves half a line; the next
    /// donation was written onto it, reported recorded, and dropped with it
    /// when the journal was folded (a black-box audit, on a full tmpfs).
    @Test func aDonationAfterATornAppendIsKept() throws {
        let (dir, cli) = try setUp()
        #expect(try cli.run(["donate", "--app", "com.example.a"]).status == 0)
        let journal = dir.path + "/index/donations.journal"
        #expect(FileManager.default.createFile(atPath: journal, contents: Data(#"{"kind":"interaction","a"#.utf8)))
        let r = try cli.run(["donate", "--app", "com.example.a", "--json"])
        let id = try #require(r.json.first?["id"] as? String, "\(r.stdout) \(r.stderr)")
        let kept = try interactions(cli)
        #expect(kept.count == 2 && kept.contains { $0.contains(id) }, "\(kept)")
    }

    @Test func aHundredDonationsDuringALongImportEachReturnAtOnceAndAllCount() throws {
        let (dir, cli) = try setUp()
        let big = CrashTests.bigBatch(dir, count: 20_000, tag: "journal")
        let holder = try cli.start(["index", big])
        // The import yields the CPU to the launches (as a background job
        // would); the machine's 2 cores are shared with other builds.
        setpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(holder.processIdentifier), 19)
        cli.waitForWriter(holder)
        var times: [Double] = []
        var slowest = 0.0
        var slowestBaseline = 0.0
        var baselines: [Double] = []
        var ids: [String] = []
        for _ in 0..<100 {
            // What starting the binary costs right now on this shared machine.
            let base = Date()
            _ = try cli.run(["--version"])
            slowestBaseline = max(slowestBaseline, Date().timeIntervalSince(base))
            baselines.append(Date().timeIntervalSince(base))
            let start = Date()
            let r = try cli.run(["donate", "--app", "com.example.a"])
            let took = Date().timeIntervalSince(start)
            slowest = max(slowest, took)
            times.append(took)
            #expect(r.status == 0, "\(r.stderr)")
            ids.append(r.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        let importStillRunning = holder.isRunning
        // While the import holds the index, suggestions already count them.
        let usageDuring = try usage(cli)
        holder.waitUntilExit()
        times.sort()
        baselines.sort()
        print("journal test: donate p50 \(Int(times[50] * 1000)) ms, p90 \(Int(times[90] * 1000)) ms, slowest \(Int(slowest * 1000)) ms of 100 (--version p50 \(Int(baselines[50] * 1000)) ms, slowest \(Int(slowestBaseline * 1000)) ms); import still running after them: \(importStillRunning)")
        #expect(importStillRunning, "the import finished before the donations; make it bigger")
        // Within 100 ms; under the whole suite's load (and other builds on the
        // 2 cores) a process may wait for a core: then within 100 ms of the
        // slowest start of 'limelight --version' measured alongside.
        #expect(times[90] < 0.1 || times[90] < 0.1 + baselines[90], "p90 \(times[90]) s, --version p90 \(baselines[90]) s")
        // The slowest one: a donation never waits for the writer, which here
        // would mean the whole import (minutes), but its journal append is
        // fsynced, and under the whole suite's disk load one of a hundred
        // fsyncs took 248 ms (the slowest --version 70 ms): a second bounds
        // the noise and still catches a wait for the lock.
        #expect(slowest < 1 || slowest < 0.1 + slowestBaseline, "slowest \(slowest) s, slowest --version \(slowestBaseline) s")
        #expect(Set(ids).count == 100)  // two launches are two uses: no id collapses them
        #expect(usageDuring > 0)
        // Once the import ends, all 100 are in the index, once each.
        let stored = try interactions(cli)
        #expect(stored.count == 100)
        #expect(ids.allSatisfy { id in stored.contains { $0.contains(#""id":"\#(id)""#) } })
        #expect(try String(contentsOfFile: dir.path + "/index/donations.journal", encoding: .utf8).isEmpty)
        #expect(try usage(cli) == usageDuring)
    }

    func usage(_ cli: CLI) throws -> Double {
        // A text search: its score keeps usage as one bounded component (a
        // zero-query suggestion's terms are probabilities, shares of all use).
        let hit = try cli.run(["search", "alpha", "--json", "--explain"]).json.first { $0["app"] as? String == "com.example.a" && $0["kind"] as? String == "app" }
        return ((hit?["explain"] as? [String: Any])?["usage"] as? Double) ?? 0
    }

    @Test func killNineDuringDonationsLosesNoneThatReturned() throws {
        let (dir, cli) = try setUp()
        let big = CrashTests.bigBatch(dir, count: 12_000, tag: "kills")
        let holder = try cli.start(["index", big])
        cli.waitForWriter(holder)
        var succeeded: [String] = []
        var killed = 0
        for n in 0..<40 {
            let id = "k-\(n)"
            let p = try cli.start(["donate", "--app", "com.example.a", "--id", id])
            usleep(UInt32.random(in: 0...40_000))
            if p.isRunning { kill(p.processIdentifier, SIGKILL); killed += 1 }
            p.waitUntilExit()
            if p.terminationReason == .exit, p.terminationStatus == 0 { succeeded.append(id) }
        }
        holder.waitUntilExit()
        // A donation during the next writer's fold, too.
        #expect(try cli.run(["donate", "--app", "com.example.a", "--id", "after"]).status == 0)
        let stored = try interactions(cli)
        print("journal kill test: 40 donates, \(killed) killed, \(succeeded.count) returned 0")
        #expect(succeeded.allSatisfy { id in stored.contains { $0.contains(#""id":"\#(id)""#) } })
        #expect(stored.count == Set(stored).count)
        #expect(try cli.run(["search", "alpha"]).status == 0)
    }
}
