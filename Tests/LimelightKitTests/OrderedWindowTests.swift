import Testing
import Xapian
@testable import LimelightKit
@testable import LimelightSearch
@testable import LimelightStore

/// A weightless broad query's window is matched slice by slice in order
/// (`Searcher.firstInOrder`, `StaticTier.orderedSlices`) instead of whole;
/// its first matches must be the whole window's, by order value, whatever
/// the window's size, how many are wanted and how the priors fall: levels
/// that hold one prior (walked part by part), levels that hold several
/// (walked whole), and an index written before hits carried the term that
/// tells them apart.
@Suite(.serialized) struct OrderedWindowTests {
    static let words = ["alpha", "beta", "gamma"]

    /// 4,000 entities: a third at prior 1 (level 100 holds one prior), a
    /// third at whole hints spread over 0…99, a third at hints off the
    /// hundredths (level 99 holds several), so that the first matches end
    /// in either kind of level. `exactTerms` false: without the `XG100=`
    /// terms, as an older index; `tierTerms` false: without any (hits as
    /// `PruningTests` builds them). `path`: on disk (ranks and columns read
    /// a snapshot's revision, which an in-memory database has not).
    static func index(exactTerms: Bool, tierTerms: Bool = true, at path: String? = nil) -> WritableDatabase {
        let db = try! path.map { try WritableDatabase(path: $0) } ?? WritableDatabase.inMemory()
        for n in 0..<4_000 {
            let key = ItemKey.entity(app: "com.example.places", type: "Place", id: "p\(n)")
            let prior = switch n % 3 {
            case 0: 1.0
            case 1: Double((n * 37) % 100) / 100
            default: [0.986, 0.99, 0.992, 0.9949][n / 3 % 4]
            }
            let doc = Document()
            try! doc.addBooleanTerm(key.uniqueTerm)
            try! doc.addBooleanTerm(Schema.hit)
            // "alpha" on every other entity, "beta" on every fifth, "gamma" on one in forty.
            for (w, every) in zip(Self.words, [2, 5, 40]) where n % every == 0 {
                for p in Tokenizer.edgePrefixes(w, maxLength: Schema.maxIndexedPrefix) {
                    try! doc.addBooleanTerm(Schema.term(Schema.wordPrefix, p))
                }
            }
            try! doc.setValue(Schema.priorSlot, number: prior)
            try! doc.setValue(Schema.orderSlot, StaticTier.orderValue(key, prior: prior))
            for t in StaticTier.terms(prior: prior, key: key) where tierTerms && (exactTerms || !t.hasSuffix("=")) {
                try! doc.addBooleanTerm(t)
            }
            try! db.add(doc)
        }
        try! db.commit()
        return db
    }

    nonisolated(unsafe) static let withExactTerms = index(exactTerms: true)
    nonisolated(unsafe) static let older = index(exactTerms: false)
    /// Its own (a Xapian database is not to be shared across threads, and
    /// other suites run beside this one).
    nonisolated(unsafe) static let withoutTiers = index(exactTerms: false, tierTerms: false)

    func compare(_ db: WritableDatabase) throws {
        let searcher = try Searcher(database: db)
        let sizes = try searcher.snapshot.tierSizes(in: searcher.db)
        for word in ["al", "beta", "gam"] {
            let query = Query(term: Schema.term(Schema.wordPrefix, word))
            let matches = try searcher.matchesUpperBound(query)
            // Also just past the top level, where a few are wanted from the next.
            let top = try searcher.match(try query.filter(Query(term: "XG100")), count: 4_000, weighted: false).count
            for share in [0.01, 0.05, 0.3, 0.8, 1.0] {
                let window = try StaticTier.window(sizes, share: share)
                let whole = window.map { w in try! query.filter(w) } ?? query
                for count in [1, 10, 50, 400, 1_000, 4_000, top + 1, top + 5] {
                    let expected = try searcher.match(whole, count: count, weighted: false).map(\.documentID)
                    let walked = try searcher.firstInOrder(query, count: count, matches: matches, sizes, share: share)
                    #expect(walked.map(\.documentID) == expected, "\(word) share \(share) count \(count)")
                }
            }
        }
    }

    @Test func theWalkFindsTheWholeWindowsFirstMatches() throws { try compare(Self.withExactTerms) }

    /// A window checked as a run of the hits' ranks in memory (what a
    /// long-lived reader's columns give `Searcher.windowed`) holds the same
    /// hits as the OR of its tier terms, wherever it ends: in a level of
    /// one prior, of several, or on a level's edge.
    @Test func theWindowAsARunOfRanksHoldsTheSameHits() throws {
        let dir = TempDir()
        let db = Self.index(exactTerms: true, at: dir.path + "/db")
        let searcher = try Searcher(database: db)
        let sizes = try searcher.snapshot.tierSizes(in: searcher.db)
        let ranks = try #require(try TermRanks([db], terms: StaticTier.rankedTerms))
        let query = Query(term: Schema.term(Schema.wordPrefix, "al"))
        var sizesSeen = Set<Int>()
        for share in stride(from: 0.002, through: 1.0, by: 0.007) {
            let terms = try StaticTier.window(sizes, share: share)
            let run = try StaticTier.window(sizes, share: share, ranks: ranks)
            #expect((terms == nil) == (run == nil), "share \(share)")
            guard let terms, let run else { continue }
            let want = Set(try searcher.match(try query.filter(terms), count: 4_000, weighted: false).map(\.documentID))
            let got = Set(try searcher.match(try query.filter(run), count: 4_000, weighted: false).map(\.documentID))
            #expect(got == want, "share \(share)")
            sizesSeen.insert(want.count)
        }
        #expect(sizesSeen.count > 50)  // windows of many sizes, not one
    }

    /// What the walk relies on, slice by slice (a call takes several at
    /// once, so `compare` alone could miss a slice out of order): every hit
    /// of a slice comes before every hit of the next by order value.
    @Test func everySliceComesBeforeTheNext() throws {
        for db in [Self.withExactTerms, Self.older] {
            let sizes = try StaticTier.sizes(db)
            for share in [0.05, 0.5, 0.99, 1] {
                var last: [UInt8] = []
                for slice in try #require(StaticTier.orderedSlices(sizes, share: share)) {
                    var values: [[UInt8]] = []
                    for term in slice.terms {
                        for id in try db.postings(term) { values.append(try db.document(id).value(Schema.orderSlot)) }
                    }
                    #expect(values.count == slice.size)
                    let first = try #require(values.min { $0.lexicographicallyPrecedes($1) })
                    #expect(last.lexicographicallyPrecedes(first), "\(slice.terms)")
                    last = try #require(values.max { $0.lexicographicallyPrecedes($1) })
                }
            }
        }
    }

    /// A window of every hit is every level only where every hit has tier
    /// terms; hits without them are matched whole.
    @Test func hitsWithoutTierTermsAreNotLeftOut() throws {
        #expect(StaticTier.orderedSlices(try StaticTier.sizes(Self.withExactTerms), share: 1) != nil)
        #expect(StaticTier.orderedSlices(try StaticTier.sizes(Self.withoutTiers), share: 1) == nil)
        let searcher = try Searcher(database: Self.withoutTiers)
        let query = Query(term: Schema.term(Schema.wordPrefix, "al"))
        let walked = try searcher.firstInOrder(query, count: 50, matches: 2_000, try searcher.snapshot.tierSizes(in: searcher.db), share: 1)
        #expect(walked.map(\.documentID) == (try searcher.match(query, count: 50, weighted: false)).map(\.documentID))
        #expect(walked.count == 50)
    }

    @Test func onAnOlderIndexEachLevelIsASlice() throws {
        try compare(Self.older)
        let sizes = try StaticTier.sizes(Self.older)
        #expect(!sizes.holdsOnePrior(100))
        // Whole levels, but the last (the parts of the level the window ends in).
        let slices = try #require(StaticTier.orderedSlices(sizes, share: 0.99))
        #expect(slices.dropLast().allSatisfy { $0.terms.count == 1 && !$0.terms[0].contains(":") })
    }

    /// Level 100 holds one prior and is walked part by part; level 99 holds
    /// four and is one slice; a hint of 37 is exact, 70.2 is not.
    @Test func aLevelOfOnePriorIsWalkedPartByPart() throws {
        let key = ItemKey.entity(app: "a", type: "T", id: "x")
        #expect(StaticTier.terms(prior: 0.37, key: key).contains("XG037="))
        #expect(!StaticTier.terms(prior: 0.702, key: key).contains { $0.hasSuffix("=") })
        let sizes = try StaticTier.sizes(Self.withExactTerms)
        #expect(sizes.holdsOnePrior(100) && !sizes.holdsOnePrior(99))
        let slices = try #require(StaticTier.orderedSlices(sizes, share: 0.99)).map(\.terms)
        #expect(slices.filter { $0.count == 1 && $0[0].hasPrefix("XG100:") }.count > 1)
        #expect(slices.contains(["XG099"]) && !slices.contains(["XG100"]))
        #expect(slices.flatMap { $0 }.count == Set(slices.flatMap { $0 }).count)
    }
}
