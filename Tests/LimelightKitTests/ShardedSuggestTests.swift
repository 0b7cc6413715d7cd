import Testing
@testable import LimelightKit
@testable import LimelightStore

/// The context model on a sharded index: its totals and learned weights are
/// global (`ContextModelStore`), so the same donations written by one writer
/// into `--shards 3` give the same suggestions, scores and learned weights as
/// one index — after several batches, and after forgetting donations (which
/// recounts the totals from every shard's items).
@Suite struct ShardedSuggestTests {
    static let contexts = [["location.home"], ["location.work", "hardware.headphones"], ["location.gym", "audio.workout.running"],
                           ["location.commute", "hardware.headphones"], []]
    static let playlists = ["run", "running-hits", "old-fave", "new-fave", "focus", "lift"] + (0..<6).map { "mix-\($0)" }

    /// Three weeks of plays over several contexts and hours, as three batches.
    static let batches: [[String]] = (0..<3).map { week in
        var lines: [String] = []
        for d in (week * 7)..<(week * 7 + 7) {
            for slot in 0..<5 {
                let pick = (d * 7 + slot * 3 + (d % 3)) % playlists.count
                lines.append(RankerTests.play(playlists[pick], at: ContextModelTests.at(d, 7 + Double(slot) * 3.25),
                                              context: contexts[(slot + d / 5) % contexts.count]))
            }
        }
        return lines
    }

    static let requests: [(at: String, contexts: [String])] = [
        (ContextModelTests.at(21, 7.2), ["location.home"]),
        (ContextModelTests.at(21, 10.3), ["location.work", "hardware.headphones"]),
        (ContextModelTests.at(22, 16.9), ["location.gym", "audio.workout.running"]),
        (ContextModelTests.at(26, 13.5), []),
        (ContextModelTests.at(27, 20), ["location.commute", "hardware.headphones"]),
    ]

    func answers(_ location: IndexLocation) throws -> [String] {
        let s = try Searcher(location: location)
        var out: [String] = try s.learnedWeights().map { "\($0.0) \($0.1)" }
        for q in Self.requests {
            var r = SearchRequest(query: "")
            r.at = Timestamp(iso8601: q.at)!
            r.contexts = q.contexts
            r.limit = 10
            out += try s.search(r).hits.map { "\($0.rank) \($0.kind) \($0.id) \($0.score)" }
        }
        return out
    }

    @Test func threeShardsSuggestExactlyAsOneIndex() throws {
        let dir = TempDir()
        let single = IndexLocation(path: dir.path + "/single"), sharded = IndexLocation(path: dir.path + "/sharded")
        let world = ContextModelTests.music + (0..<6).map {
            #"{"kind":"entity","app":"com.example.music","type":"PlaylistEntity","id":"mix-\#($0)","title":"Mix \#($0)","rankingHint":\#(30 + $0 * 5)}"#
        } + [
            #"{"kind":"relevance","app":"com.example.music","context":"location.gym","op":"update","entities":[{"type":"PlaylistEntity","id":"race-day"}]}"#,
        ]
        for (location, shards) in [(single, nil), (sharded, 3)] as [(IndexLocation, Int?)] {
            let w = try IndexWriter.open(location, shards: shards)
            defer { w.close() }
            _ = try w.apply(try records(world))
            for batch in Self.batches { _ = try w.apply(try records(batch)) }
        }
        let one = try answers(single)
        #expect(one.contains { $0.hasPrefix("1 entity") }, "no suggestions to compare")
        #expect(try answers(sharded) == one)
        // Used items in every shard: no one shard's totals would do.
        let used = try sharded.openShardReaders().map { try $0.db.termFrequency(Schema.used) }
        #expect(used.count == 3 && used.allSatisfy { $0 > 0 }, "\(used)")

        // Forgetting recounts the totals (from every shard, into every shard).
        for location in [single, sharded] {
            let w = try IndexWriter.open(location)
            defer { w.close() }
            _ = try w.forget(.entity(app: "com.example.music", EntityRef(type: "PlaylistEntity", id: "focus")))
        }
        let after = try answers(single)
        #expect(after != one)
        let shardedAfter = try answers(sharded)
        #expect(shardedAfter == after, "\(zip(shardedAfter, after).filter { $0 != $1 }.prefix(5))")
    }
}
