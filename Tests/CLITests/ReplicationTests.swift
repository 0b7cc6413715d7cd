import Foundation
import Testing
import TestProcesses

/// A read replica kept by Xapian's own `xapian-replicate` (README, "Read
/// replicas"): a sharded index served by `xapian-replicate-server` on
/// 127.0.0.1, each shard's `current` replicated into a replica directory,
/// searched there with the built binary — the same answers as the master's,
/// and, after the master changes and another replication, the new answers.
@Suite(.serialized) struct ReplicationTests {
    static let shards = 2
    static let queries = ["t", "tra", "coast", "montery", "tempo run", "zanzibar", ""]

    /// What `search --json` prints for every query, at one moment.
    static func answers(_ cli: CLI) throws -> [String] {
        try queries.flatMap { q in
            let r = try cli.run(["search", q, "--json", "--limit", "10", "--at", "2026-11-30T07:30:00+01:00"])
            #expect(r.status == 0, "\(cli.index) \(q): \(r.stderr)")
            return ["query: \(q)"] + r.lines
        }
    }

    @Test func aReplicaAnswersAsItsMasterAndFollowsIt() throws {
        let dir = TempDir()
        defer { withExtendedLifetime(dir) {} }
        // The master's writer keeps changesets, so that a commit reaches the
        // replica as one (without them every replication is a full copy).
        let changesets = ["XAPIAN_MAX_CHANGESETS": "10"]
        let master = CLI(index: dir.path + "/master/catalog"), replica = CLI(index: dir.path + "/replica")
        var r = try master.run(["index", "--shards", String(Self.shards)] + IndexJobTests.corpusFiles(), env: changesets)
        #expect(r.status == 0, "\(r.stderr)")

        let servers = LoopbackServers()
        defer { servers.stop() }
        let port = try servers.start("xapian-replicate-server") { ["--interface", "127.0.0.1", "--port", String($0), dir.path + "/master"] }

        /// One pass of the recipe: every shard's live generation, then the marker.
        func replicate() throws -> [String] {
            var reports: [String] = []
            for k in 0..<Self.shards {
                let (status, output) = try LoopbackServers.run("xapian-replicate", [
                    "-h", "127.0.0.1", "-p", String(port), "-m", "catalog/shard-\(k)/current", "-o", "-v", replica.index + "/shard-\(k)",
                ])
                #expect(status == 0, "\(output)")
                reports.append(output)
            }
            try FileManager.default.copyItem(atPath: master.index + "/shards", toPath: replica.index + "/shards.tmp")
            _ = rename(replica.index + "/shards.tmp", replica.index + "/shards")
            return reports
        }

        try FileManager.default.createDirectory(atPath: replica.index, withIntermediateDirectories: true)
        #expect(try replicate().allSatisfy { $0.contains("1 copies") })
        let before = try Self.answers(master)
        #expect(before.contains { $0.contains("Monterey Bay") })
        #expect(try Self.answers(replica) == before)

        // A reader that stays open on the replica follows it too.
        let reader = try StdinSearch(replica, ["--limit", "3"])
        defer { reader.close() }
        func ask(_ q: String) -> String { reader.ask(q) ?? "no answer" }
        #expect(ask("coast").contains("\"results\":[{"))

        // A commit on the master: the replica answers as before until it is
        // replicated, then as the master does now, from one changeset.
        let added = dir.write("added.jsonl", #"{"kind":"entity","app":"com.example.trails","type":"TrailEntity","id":"zanzibar","title":"Zanzibar Coast Trail","rankingHint":90}"# + "\n")
        r = try master.run(["index", added], env: changesets)
        #expect(r.status == 0, "\(r.stderr)")
        let after = try Self.answers(master)
        #expect(after.contains { $0.contains("Zanzibar Coast Trail") })
        #expect(try Self.answers(replica) == before)
        let reports = try replicate()
        #expect(reports.contains { $0.contains("0 copies, 1 changesets") }, "\(reports)")
        #expect(try Self.answers(replica) == after)
        let followed = ask("zanzibar")
        #expect(followed.contains("Zanzibar Coast Trail"), "\(followed)")

        // A rebuild is a new generation, a new database: a full copy.
        r = try master.run(["rebuild"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try replicate().allSatisfy { $0.contains("1 copies") })
        #expect(try Self.answers(replica) == (try Self.answers(master)))
        let copied = ask("zanzibar")  // from the new copy: the one it had open is gone
        #expect(copied.contains("Zanzibar Coast Trail"), "\(copied)")

        // The replica is never written: a write says where to write instead.
        let written = try CLI(index: replica.index + "/shard-0").run(["index", added])
        #expect(written.status != 0)
        #expect(written.stderr.contains("read replica") && written.stderr.contains("master"), "\(written.stderr)")
        #expect(!FileManager.default.fileExists(atPath: replica.index + "/shard-0/current"))
        for write in [["index", added], ["donate", "--app", "com.example.trails"],
                      ["history", "pause"], ["history", "retain", "30"], ["history", "exclude", "com.example.trails"]] {
            let refused = try replica.run(write)
            #expect(refused.status != 0 && refused.stderr.contains("read replica"), "\(write): \(refused.stderr)")
        }
        // A rebuild on the master makes a new set of shards, which reach the
        // replica one by one: in between, it answers with the skew a replica
        // has, not an error (its shards are of two sets for a while).
        r = try master.run(["rebuild"], env: changesets)
        #expect(r.status == 0, "\(r.stderr)")
        let (status, output) = try LoopbackServers.run("xapian-replicate", [
            "-h", "127.0.0.1", "-p", String(port), "-m", "catalog/shard-0/current", "-o", replica.index + "/shard-0",
        ])
        #expect(status == 0, "\(output)")
        let skewed = try replica.run(["search", "trail"])
        #expect(skewed.status == 0, "\(skewed.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: replica.index).sorted() == ["shard-0", "shard-1", "shards"])
    }
}
