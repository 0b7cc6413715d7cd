import Testing
@testable import Xapian

/// `Database.matchBound`: the terms' frequencies bound a query's matches
/// without a match set. The search plan skips a match set when it says a
/// query is small (Searcher.matchesUpperBound), so it must never be below the upper bound
/// a match set reports, for any operator the plan or a predicate can build.
@Suite struct MatchBoundTests {
    /// Ten documents: "a" on 1–6, "b" on 4–9, "c" on 10; value 0 is the docid.
    private func corpus() throws -> WritableDatabase {
        let db = try WritableDatabase.inMemory()
        for i in 1...10 {
            var terms: [String] = []
            if i <= 6 { terms.append("a") }
            if (4...9).contains(i) { terms.append("b") }
            if i == 10 { terms.append("c") }
            _ = try db.add(try makeDocument(terms: terms, numbers: [0: Double(i)]))
        }
        return db
    }

    private func upperBound(_ db: Database, _ q: Query) throws -> (upper: Int, matched: Int) {
        let enquire = try Enquire(db)
        enquire.query = q
        return (try enquire.matches(count: 0).upperBound, try enquire.matches(count: 100).matches.count)
    }

    @Test func everyOperatorIsBoundedFromAboveAndTermsCountExactly() throws {
        let db = try corpus()
        let a = Query(term: "a"), b = Query(term: "b"), c = Query(term: "c")
        let upTo5 = try Query.numberRange(slot: 0, from: nil, to: 5)
        let cases: [(String, Query, Int)] = [
            ("a", a, 6),
            ("absent", Query(term: "nowhere"), 0),
            ("a OR c", try .or([a, c]), 7),
            ("a OR b (capped at the database)", try .or([a, b]), 10),
            ("a AND b", try .and([a, b]), 6),
            ("c AND a", try .and([c, a]), 1),
            ("a AND_NOT b", try a.andNot(b), 6),
            ("b AND_NOT (c FILTER value ≤ 5)", try b.andNot(try c.filter(upTo5)), 6),
            ("c AND_MAYBE a", try c.andMaybe(a), 1),
            ("b FILTER value ≤ 5", try b.filter(upTo5), 6),
            ("value ≤ 5 alone (any document)", upTo5, 10),
            ("a scaled by 0", try a.scaled(by: 0), 6),
            ("(c OR a scaled) AND_NOT b", try (try Query.or([try c.scaled(by: 0), a])).andNot(b), 7),
            ("synonym", try .synonym([a, c]), 7),
            ("match all", .matchAll, 10),
            ("match nothing", .matchNothing, 0),
        ]
        for (name, q, expected) in cases {
            let bound = try db.matchBound(q)
            let (upper, matched) = try upperBound(db, q)
            #expect(bound == expected, "\(name)")
            #expect(bound >= upper && upper >= matched, "\(name): bound \(bound), Xapian's upper bound \(upper), matched \(matched)")
        }
    }

    @Test func shardsAddUp() throws {
        let one = try corpus(), two = try corpus()
        let both = try Database.combined([one, two])
        #expect(try both.matchBound(Query(term: "a")) == 12)
        #expect(try both.matchBound(try .or([Query(term: "a"), Query(term: "c")])) == 14)
        #expect(try upperBound(both, Query(term: "a")).upper == 12)
    }
}
