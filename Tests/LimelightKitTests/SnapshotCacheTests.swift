import Testing
@testable import LimelightKit

/// A searcher keeps the cards, items' documents and hot lists it read until
/// its databases are reopened (`SnapshotCache`): an open searcher must show
/// what the snapshot it reads holds — the old card until it refreshes, the
/// new one after, never a card of an item that is gone.
@Suite struct SnapshotCacheTests {
    /// "mon" is answered from the prefix lists, "monterey " by a match, "big"
    /// by the lists again: the three ways a card reaches a hit.
    static let queries = ["mon", "monterey ", "big"]

    func titles(_ s: Searcher, _ query: String) throws -> [String] {
        try s.search(SearchRequest(query: query)).hits.map(\.title)
    }

    @Test func anOpenSearcherShowsTheNewCardOnlyAfterItRefreshes() throws {
        let dir = TempDir()
        try ingest(dir, Fixture.trails)
        let searcher = try Searcher(location: dir.index)
        for q in Self.queries { _ = try titles(searcher, q) }  // every card cached
        #expect(try titles(searcher, "mon").first == "Monterey Bay Coastal Trail")

        try ingest(dir, [#"{"kind":"entity","app":"com.example.trails","type":"TrailEntity","id":"monterey-bay","title":"Monterey Bay Coastal Trail North","subtitle":"Monterey, CA","rankingHint":60}"#])
        // The snapshot it opened still holds the old card.
        #expect(try titles(searcher, "mon").first == "Monterey Bay Coastal Trail")

        #expect(searcher.refresh())
        #expect(try titles(searcher, "mon").first == "Monterey Bay Coastal Trail North")
        #expect(try titles(searcher, "monterey ").first == "Monterey Bay Coastal Trail North")
        // Exactly what a searcher opened afresh answers.
        let fresh = try Searcher(location: dir.index)
        for q in Self.queries {
            #expect(try searcher.search(SearchRequest(query: q)).hits.map(\.score)
                    == (try fresh.search(SearchRequest(query: q)).hits.map(\.score)), "\(q)")
            #expect(try titles(searcher, q) == (try titles(fresh, q)), "\(q)")
        }
    }

    @Test func aDeletedItemIsGoneOnceTheSearcherRefreshes() throws {
        let dir = TempDir()
        try ingest(dir, Fixture.trails)
        let searcher = try Searcher(location: dir.index)
        #expect(try titles(searcher, "big").contains("Big Sur Coast Walk"))

        let w = try IndexWriter.open(dir.index)
        try w.delete(.entity(app: "com.example.trails", type: "TrailEntity", id: "big-sur"))
        w.close()

        #expect(searcher.refresh())
        #expect(try !titles(searcher, "big").contains("Big Sur Coast Walk"))
        #expect(try !titles(searcher, "big sur").contains("Big Sur Coast Walk"))
    }

    /// A short prefix's checked list documents are kept for the snapshot
    /// (`SnapshotCache.prefixCandidates`), but whether one has expired is
    /// asked at each search's own time, never taken from the first.
    @Test func aKeptShortPrefixDropsWhatHasExpiredAtEachSearch() throws {
        let dir = TempDir()
        try ingest(dir, Fixture.trails + [#"{"kind":"entity","app":"com.example.trails","type":"TrailEntity","id":"pop-up","title":"Pop-up Lantern Walk","expires":"2026-11-01T00:00:00Z"}"#])
        let searcher = try Searcher(location: dir.index)
        var before = SearchRequest(query: "lan")
        before.at = Timestamp(iso8601: "2026-10-31T12:00:00Z")!
        var after = before
        after.at = Timestamp(iso8601: "2026-11-02T00:00:00Z")!
        #expect(try searcher.search(before).hits.map(\.id).contains("pop-up"))
        #expect(try !searcher.search(after).hits.map(\.id).contains("pop-up"))
        #expect(try searcher.search(before).hits.map(\.id).contains("pop-up"))
    }
}
