import Testing
import Xapian
@testable import LimelightKit
@testable import LimelightSearch

/// A word being typed alone weighs nothing under BM25, so `windowed` matches
/// it with boolean weighting: the same matches, weights and order. If
/// `textQuery` ever gives such a word weight, the first test fails before
/// any ranking changes unseen.
@Suite(.serialized) struct WeightlessQueryTests {
    /// `PruningTests`' index, this suite's own copy (suites run side by side).
    nonisolated(unsafe) static let index = PruningTests.makeIndex()

    @Test func aWordBeingTypedAloneWeighsNothingUnderBM25() throws {
        let searcher = try Searcher(database: Self.index)
        for typed in ["poin", "point", "riv", "lantern"] {
            let text = QueryText(typed)
            #expect(text.weighsNothing, "\(typed)")
            let matches = try searcher.match(try searcher.textQuery(text), count: 100)
            #expect(matches.count == 100 && matches.allSatisfy { $0.weight == 0 }, "\(typed)")
        }
        // A complete word does weigh: the check above can tell.
        let complete = QueryText("point ")
        #expect(!complete.weighsNothing)
        #expect(try searcher.match(try searcher.textQuery(complete), count: 10).allSatisfy { $0.weight > 0 })
    }

    @Test func windowedGivesTheSameMatchesWithBooleanWeighting() throws {
        let searcher = try Searcher(database: Self.index)
        for typed in ["poin", "lantern"] {
            let query = try searcher.textQuery(QueryText(typed))
            // Every match ties at 0: the order value alone decides, in both.
            let bm25 = try searcher.windowed(query, count: 50, matches: 3_000, budget: 20_000)
            let boolean = try searcher.windowed(query, count: 50, matches: 3_000, budget: 20_000, weightless: true)
            #expect(bm25.count == 50)
            #expect(bm25.map(\.documentID) == boolean.map(\.documentID), "\(typed)")
            #expect(bm25.map(\.weight) == boolean.map(\.weight), "\(typed)")
        }
    }
}
