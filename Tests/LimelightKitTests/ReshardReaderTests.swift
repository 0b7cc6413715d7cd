import Foundation
import Testing
@testable import LimelightKit
@testable import LimelightSearch

/// A long-lived reader of a sharded directory (`search --stdin`, `serve`)
/// while it is re-sharded: it notices that the marker changed and opens the
/// new layout whole — N → M, N → 1 (an ordinary index again) and 1 → N —
/// answering as one index holding the same records does, never from a mix
/// of two layouts' shards and never with an error.
@Suite(.serialized) struct ReshardReaderTests {
    @Test func aLiveReaderFollowsEveryReshard() throws {
        let dir = TempDir()
        let single = IndexLocation(path: dir.path + "/single"), sharded = IndexLocation(path: dir.path + "/sharded")
        let w = try IndexWriter.open(single)
        _ = try w.apply(try records(try ShardedSearchTests.lines().filter { !$0.contains(#""type":"Note""#) || $0.contains(#""id":"n1"#) }))
        w.close()
        try ShardSplit.split(single, into: sharded.path, count: 3)
        let one = try Searcher(location: single)
        let requests = Array(ShardedSearchTests.requests.prefix(6)) + ShardedSearchTests.requests.suffix(3)
        let wanted = try requests.map { try ShardedSearchTests.answer(one, $0) }

        let live = try LiveSearcher(location: sharded)
        #expect(try requests.map { try ShardedSearchTests.answer(live.current(), $0) } == wanted)
        for count in [2, 1, 4] {
            _ = try Maintenance.rebuild(sharded, shards: count)
            #expect((try ShardLayout.read(at: sharded.path))?.count == (count == 1 ? nil : count))
            let s = try live.current()
            #expect(s.shards.count == count, "after rebuild --shards \(count)")
            #expect(try requests.map { try ShardedSearchTests.answer(s, $0) } == wanted, "after rebuild --shards \(count)")
        }
    }
}
