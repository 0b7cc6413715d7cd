import Testing
import Xapian
@testable import LimelightKit
@testable import LimelightSearch

/// A long-lived reader reads the values every broad match costs into memory
/// (`SearchColumns`): it must answer exactly as a reader without them, on one
/// index and on a sharded directory, and forget them with the snapshot.
@Suite(.serialized) struct SearchColumnsTests {
    /// The sharded suite's readers with the broad plan reachable, and value
    /// columns read at the first broad query (`on`) or never (`off`).
    static func reader(_ location: IndexLocation, columns on: Bool) throws -> Searcher {
        let s = ShardedSearchTests.lowered(try Searcher(location: location))
        s.columnQueryMatches = on ? 0 : .max
        return s
    }

    @Test func aReaderWithColumnsAnswersAsOneWithout() throws {
        for location in [ShardedSearchTests.single, ShardedSearchTests.sharded] {
            let with = try Self.reader(location, columns: true), without = try Self.reader(location, columns: false)
            // The first search of a snapshot never reads them (a fresh
            // process would pay for nothing); a later broad one does.
            _ = try with.search(SearchRequest(query: "common"))
            #expect(with.snapshot.columns == nil)
            _ = try with.search(SearchRequest(query: "common"))
            #expect(with.snapshot.columns != nil, "\(location.path)")
            // The cards too, where the index is one database.
            #expect((with.snapshot.columns?.cards != nil) == (location.path == ShardedSearchTests.single.path))
            // The static tiers' parts, which window a broad query, on both.
            #expect(with.snapshot.columns?.tiers != nil)
            for r in ShardedSearchTests.requests {
                #expect(try ShardedSearchTests.answer(with, r) == (try ShardedSearchTests.answer(without, r)),
                        "\(location.path): \(r.query) \(r.contexts)")
            }
            #expect(without.snapshot.columns == nil)
        }
    }

    @Test func aRefreshedReaderReadsTheNewSnapshotsValues() throws {
        let dir = TempDir()
        try ingest(dir, try ShardedSearchTests.lines())
        let s = ShardedSearchTests.lowered(try Searcher(location: dir.index))
        s.columnQueryMatches = 0
        for _ in 0..<2 { _ = try s.search(SearchRequest(query: "common")) }
        #expect(s.snapshot.columns != nil)
        // A new best "common" note (a prior no note had), and one gone.
        try ingest(dir, [#"{"kind":"entity","app":"com.example.notes","type":"Note","id":"n7","title":"trail note 7","description":"A common thing, number 7.","rankingHint":100}"#])
        let w = try IndexWriter.open(dir.index)
        try w.delete(.entity(app: "com.example.notes", type: "Note", id: "n8"))
        w.close()
        #expect(s.refresh())
        #expect(s.snapshot.columns == nil)
        for _ in 0..<2 { _ = try s.search(SearchRequest(query: "common")) }
        #expect(s.snapshot.columns != nil)
        let fresh = ShardedSearchTests.lowered(try Searcher(location: dir.index))
        fresh.columnQueryMatches = .max
        for q in ["common", "common thing", "note 7", "trail", "n", "note"] {
            var r = SearchRequest(query: q)
            r.at = ShardedSearchTests.at
            r.limit = 10
            #expect(try ShardedSearchTests.answer(s, r) == (try ShardedSearchTests.answer(fresh, r)), "\(q)")
        }
        var top = SearchRequest(query: "common")
        top.at = ShardedSearchTests.at
        #expect(try s.search(top).hits.first?.id == "n7")
        #expect(try !s.search(top).hits.contains { $0.id == "n8" })
    }
}
