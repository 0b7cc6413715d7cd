import Foundation
import Testing

/// `index --shards N`, `rebuild --shards N` and the other write commands on a
/// sharded index, with the built binary. (Searching a sharded directory as
/// one is the reading side's; here each shard is read as an ordinary index.)
@Suite(.serialized) struct ShardCommandTests {
    func sortedExport(_ cli: CLI) throws -> [String] {
        let r = try cli.run(["export"])
        #expect(r.status == 0, "\(r.stderr)")
        return r.lines.sorted()
    }

    /// A shard is written through its directory: an entity indexed into
    /// `DIR/shard-1` and again through `DIR` was in two shards, and a delete
    /// through `DIR` reached one (found by an audit). Reading it stays open.
    @Test func aShardIsWrittenOnlyThroughItsDirectory() throws {
        let dir = TempDir()
        defer { withExtendedLifetime(dir) {} }
        let sharded = CLI(index: dir.path + "/sharded")
        #expect(try sharded.run(["index", "--shards", "3"] + IndexJobTests.corpusFiles()).status == 0)
        let shard = CLI(index: sharded.index + "/shard-1")
        let entity = dir.write("new.jsonl", #"{"kind":"entity","app":"com.example.trails","type":"TrailEntity","id":"zzq-new","title":"Zzqua Novel Trail"}"# + "\n")
        for command in [["index", entity], ["rebuild"], ["compact"], ["donate", "--app", "com.example.trails"]] {
            let r = try shard.run(command)
            #expect(r.status != 0 && r.stderr.contains("shard-1 is shard 1 of the 3 shards of a sharded index: write to it through its directory (--index \(sharded.index))"),
                    "\(command): \(r.stderr)")
        }
        #expect(try shard.run(["search", "trail", "--json"]).status == 0)
        #expect(try sharded.run(["index", entity]).status == 0)
        #expect(try sharded.run(["search", "zzqua", "--json"]).json.count == 1)
    }

    /// A shard lost (a restore that left it out) is an error for readers
    /// and writers, naming it. A write, even a launcher's donation, made it
    /// anew, empty, and the index answered from the other shards' items
    /// from then on; readers said "index some records first" (an audit).
    @Test func aMissingShardIsAnErrorAndIsNeverMadeAnew() throws {
        let dir = TempDir()
        defer { withExtendedLifetime(dir) {} }
        let sharded = CLI(index: dir.path + "/sharded")
        #expect(try sharded.run(["index", "--shards", "3"] + IndexJobTests.corpusFiles()).status == 0)
        try FileManager.default.removeItem(atPath: sharded.index + "/shard-1")
        let said = "shard 1 of the 3 shards of the index at \(sharded.index) is missing"
        let entity = dir.write("new.jsonl", #"{"kind":"entity","app":"com.example.trails","type":"TrailEntity","id":"zzq-new","title":"Zzqua Novel Trail"}"# + "\n")
        for command in [["search", "trail"], ["stats"], ["index", entity]] {
            let r = try sharded.run(command)
            #expect(r.status == 1 && r.stderr.contains(said), "\(command): \(r.stderr)")
        }
        // A donation is kept in the journal, to be counted once the shard is back.
        #expect(try sharded.run(["donate", "--app", "com.example.trails"]).status == 0)
        #expect(try String(contentsOfFile: sharded.index + "/donations.journal", encoding: .utf8).contains("com.example.trails"))
        #expect(!FileManager.default.fileExists(atPath: sharded.index + "/shard-1"))
    }

    /// The shards must be the marker's whole set, each in its place, for
    /// readers and writers: a marker that said 2 over 3 shards was read
    /// without a word (a third of the items gone), and the next write
    /// removed shard-2, records and all; a shard copied in from another
    /// index was read with the others (a shard audit).
    @Test func shardsThatAreNotTheMarkersSetAreRefusedAndNothingIsRemoved() throws {
        let dir = TempDir()
        defer { withExtendedLifetime(dir) {} }
        let sharded = CLI(index: dir.path + "/sharded"), other = CLI(index: dir.path + "/other")
        #expect(try sharded.run(["index", "--shards", "3"] + IndexJobTests.corpusFiles()).status == 0)
        #expect(try other.run(["index", "--shards", "3"] + IndexJobTests.corpusFiles()).status == 0)
        let entity = dir.write("new.jsonl", #"{"kind":"entity","app":"com.example.trails","type":"TrailEntity","id":"zzq-new","title":"Zzqua Novel Trail"}"# + "\n")
        let marker = sharded.index + "/shards"
        let kept = try String(contentsOfFile: marker, encoding: .utf8)
        try kept.replacingOccurrences(of: "3", with: "2").write(toFile: marker, atomically: true, encoding: .utf8)
        for command in [["search", "trail"], ["index", entity]] {
            let r = try sharded.run(command)
            #expect(r.status == 1 && r.stderr.contains("\(marker) says 2 shards, but \(sharded.index)/shard-0 is shard 0 of 3"), "\(command): \(r.stderr)")
        }
        #expect(FileManager.default.fileExists(atPath: sharded.index + "/shard-2/current"))
        try kept.write(toFile: marker, atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(atPath: sharded.index + "/shard-1")
        try FileManager.default.copyItem(atPath: other.index + "/shard-1", toPath: sharded.index + "/shard-1")
        for command in [["search", "trail"], ["index", entity]] {
            let r = try sharded.run(command)
            #expect(r.status == 1 && r.stderr.contains("\(sharded.index)/shard-1 is a shard of another sharded index"), "\(command): \(r.stderr)")
        }
    }

    /// A rejected first batch writes nothing, so the shard count it asked
    /// for binds nothing: a retry with another `--shards` (or with some, on
    /// the ordinary index a plain first batch left) was refused (found by
    /// an audit). An index that holds something still keeps its count.
    @Test func aRejectedFirstBatchBindsNoShardCount() throws {
        let dir = TempDir()
        defer { withExtendedLifetime(dir) {} }
        let bad = dir.write("bad.jsonl", #"{"kind":"app","app":"a.b","name":"X"}"# + "\n"
                            + #"{"kind":"relevance","app":"a.b","context":"location.gym","op":"update","entities":[{"type":"T","id":"missing"}]}"# + "\n")
        let good = IndexJobTests.corpusFiles()[0]
        for (first, retry) in [(["--shards", "3"], ["--shards", "2"]), ([], ["--shards", "2"]), (["--shards", "3"], [])] {
            let cli = CLI(index: dir.path + "/i" + first.joined() + "-" + retry.joined())
            #expect(try cli.run(["index"] + first + [bad]).status == 65)
            let r = try cli.run(["index"] + retry + [good])
            #expect(r.status == 0, "\(first) then \(retry): \(r.stderr)")
            let marker = try? String(contentsOfFile: cli.index + "/shards", encoding: .utf8)
            #expect(marker == (retry.isEmpty ? "limelight shards 3\n" : "limelight shards 2\n"), "\(first) then \(retry)")
            #expect(try cli.run(["search", "trail", "--json"]).json.count > 0)
            let refused = try cli.run(["index", "--shards", "4", good])
            #expect(refused.status == 64 && refused.stderr.contains("rebuild --shards 4"), "\(refused.stderr)")
        }
    }

    @Test func aShardedIndexHoldsWhatOneIndexHolds() throws {
        let dir = TempDir()
        defer { withExtendedLifetime(dir) {} }
        let one = CLI(index: dir.path + "/one"), sharded = CLI(index: dir.path + "/sharded")
        #expect(try one.run(["index"] + IndexJobTests.corpusFiles()).status == 0)
        let r = try sharded.run(["index", "--shards", "3"] + IndexJobTests.corpusFiles())
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try String(contentsOfFile: sharded.index + "/shards", encoding: .utf8) == "limelight shards 3\n")
        #expect(try sortedExport(sharded) == sortedExport(one))
        // Each shard is an ordinary index that answers a search.
        let found = try (0..<3).map { k in try CLI(index: sharded.index + "/shard-\(k)").run(["search", "", "--limit", "0", "--json"]).json.count }
        #expect(found.allSatisfy { $0 > 0 }, "\(found)")

        // Another count is a usage error that says what to do.
        let wrong = try sharded.run(["index", "--shards", "2"] + IndexJobTests.corpusFiles())
        #expect(wrong.status == 64)
        #expect(wrong.stderr.contains("has 3 shards") && wrong.stderr.contains("rebuild --shards 2"), "\(wrong.stderr)")
        #expect(try one.run(["index", "--shards", "2", IndexJobTests.corpusFiles()[0]]).status == 64)

        // Re-sharding, then the other writes, by key.
        let donation = dir.path + "/donation.jsonl"
        try #"{"kind":"interaction","id":"d-1","app":"com.example.trails","intent":"OpenTrail","entities":[{"type":"TrailEntity","id":"lands-end"}],"at":"2026-11-30T07:00:00Z"}"#
            .write(toFile: donation, atomically: true, encoding: .utf8)
        for cli in [one, sharded] {
            if cli.index == sharded.index { #expect(try cli.run(["rebuild", "--shards", "2"]).status == 0) }
            // (With an id of its own: a donation from flags gets a new one each time.)
            #expect(try cli.run(["donate", donation]).status == 0)
            #expect(try cli.run(["donate", "--app", "com.example.nope", "--intent", "OpenTrail"]).status == 65)
            #expect(try cli.run(["delete", "--app", "com.example.mail"]).status == 0)
            #expect(try cli.run(["forget", "--app", "com.example.music"]).status == 0)
            #expect(try cli.run(["relevant", "clear-all", "--app", "com.example.music"]).status == 0)
            #expect(try cli.run(["compact"]).status == 0)
            #expect(try cli.run(["index", "--client-state", "step-2", IndexJobTests.corpusFiles()[0]]).status == 0)
        }
        #expect(try String(contentsOfFile: sharded.index + "/shards", encoding: .utf8) == "limelight shards 2\n")
        #expect(!FileManager.default.fileExists(atPath: sharded.index + "/shard-2/current"))
        #expect(try sortedExport(sharded) == sortedExport(one))
        #expect(try sharded.run(["client-state"]).stdout == one.run(["client-state"]).stdout)
        let stats = try sharded.run(["stats", "--json"]), oneStats = try one.run(["stats", "--json"])
        #expect(stats.json.first?["documents"] as? Int == oneStats.json.first?["documents"] as? Int)
    }

    /// `--shards 1` is an ordinary index: `rebuild --shards 1` turns a sharded
    /// directory back into one (no marker, no shard directories left), with
    /// the same records, searches and client state; `index --shards 1` makes one.
    /// A re-shard killed between its first stub and its marker (3 → 2: shard-0
    /// on the new layout, shard-1 and shard-2 on the old) left the two mixed:
    /// export showed records twice and lost 375 of 2,201, the next reader
    /// removed shard-0's old generation and the next rebuild made it
    /// permanent. The swap is written down first (shards.next), and the next
    /// writer finishes it: the index is the new layout, whole. Until then,
    /// readers read the layout the swap names.
    @Test func aReshardKilledInItsSwapIsFinishedByTheNextWriter() throws {
        let dir = TempDir()
        let done = CLI(index: dir.path + "/done"), torn = CLI(index: dir.path + "/torn")
        var records = (0..<6).map { #"{"kind":"app","app":"com.example.a\#($0)","name":"App \#($0)"}"# }
        records += (0..<300).map { #"{"kind":"entity","app":"com.example.a\#($0 % 6)","type":"T","id":"e\#($0)","title":"Trail \#($0)"}"# }
        #expect(try done.run(["index", "--shards", "3", dir.write("all.jsonl", records.joined(separator: "\n") + "\n")]).status == 0)
        try FileManager.default.copyItem(atPath: done.index, toPath: torn.index)
        #expect(try done.run(["rebuild", "--shards", "2"]).status == 0)
        // The state the kill left: every new generation written, the swap
        // written down, shard-0's stub moved, the marker still saying 3.
        var gens: [String] = []
        for k in 0..<2 {
            let stub = try String(contentsOfFile: done.index + "/shard-\(k)/current", encoding: .utf8)
            let gen = String(stub.split(separator: " ")[1].prefix { $0 != "\n" })
            gens.append(gen)
            try FileManager.default.copyItem(atPath: done.index + "/shard-\(k)/\(gen)", toPath: torn.index + "/shard-\(k)/\(gen)")
        }
        try "limelight shards 2\n\(gens.joined(separator: " "))\n".write(toFile: torn.index + "/shards.next", atomically: true, encoding: .utf8)
        try "glass \(gens[0])\n".write(toFile: torn.index + "/shard-0/current", atomically: true, encoding: .utf8)
        // Readers first: they read the swap's layout, whole, and keep its generations.
        let everyTrail = ["search", "trail", "--limit", "0", "--format", "tsv"]
        #expect(try torn.run(everyTrail).stdout == done.run(everyTrail).stdout)
        #expect(try sortedExport(torn) == sortedExport(done))
        // A reader left open (a launcher's) reads it too, keeps reading it
        // while the swap is pending, and sees the writer finish it.
        func ids(_ answer: String?) -> [Substring] { (answer ?? "").split(separator: "\"id\":\"").dropFirst().map { $0.prefix { $0 != "\"" } }.sorted() }
        let live = try StdinSearch(torn, ["--limit", "0"]), wanted = ids(try done.run(["search", "trail", "--limit", "0", "--json"]).stdout)
        defer { live.close() }
        #expect(wanted.count == 300)
        #expect(ids(live.ask("trail")) == wanted)
        #expect(ids(live.ask("trail")) == wanted)
        let app = dir.write("app.jsonl", #"{"kind":"app","app":"com.example.after","name":"After"}"# + "\n")
        #expect(try torn.run(["index", app]).status == 0)
        #expect(live.ask("after")?.contains("com.example.after") == true)
        #expect(try done.run(["index", app]).status == 0)
        #expect(try String(contentsOfFile: torn.index + "/shards", encoding: .utf8) == "limelight shards 2\n")
        #expect(!FileManager.default.fileExists(atPath: torn.index + "/shards.next"))
        #expect(try sortedExport(torn) == sortedExport(done))
    }

    @Test func rebuildWithOneShardMakesAnOrdinaryIndex() throws {
        let dir = TempDir()
        defer { withExtendedLifetime(dir) {} }
        let one = CLI(index: dir.path + "/one"), sharded = CLI(index: dir.path + "/sharded")
        #expect(try one.run(["index", "--shards", "1", "--client-state", "s1"] + IndexJobTests.corpusFiles()).status == 0)
        #expect(try sharded.run(["index", "--shards", "3", "--client-state", "s1"] + IndexJobTests.corpusFiles()).status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: one.index).contains("current"))
        #expect(!FileManager.default.fileExists(atPath: one.index + "/shards"))
        let search = ["search", "tra", "--json", "--at", "2026-11-30T07:30:00+01:00"]
        let wanted = try one.run(search).stdout
        #expect(try sharded.run(search).stdout == wanted)

        let r = try sharded.run(["rebuild", "--shards", "1"])
        #expect(r.status == 0, "\(r.stderr)")
        let entries = try FileManager.default.contentsOfDirectory(atPath: sharded.index)
        #expect(!entries.contains("shards") && !entries.contains { $0.hasPrefix("shard-") }, "\(entries)")
        #expect(entries.contains("current"))
        #expect(try sortedExport(sharded) == sortedExport(one))
        #expect(try sharded.run(search).stdout == wanted)
        #expect(try sharded.run(["client-state"]).stdout == one.run(["client-state"]).stdout)
        // An ordinary index now: writes go to it, and it can be sharded again.
        #expect(try sharded.run(["index", IndexJobTests.corpusFiles()[0]]).status == 0)
        #expect(try sharded.run(["index", "--shards", "2", IndexJobTests.corpusFiles()[0]]).status == 64)
        #expect(try sharded.run(["rebuild", "--shards", "2"]).status == 0)
        #expect(try sharded.run(search).stdout == wanted)
    }
}
