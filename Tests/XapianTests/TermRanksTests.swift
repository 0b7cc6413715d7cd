import Testing
@testable import Xapian

/// A run of ranked terms checked in memory stands in for the OR of those
/// terms: the same documents (and, as a filter, the same weights) on one
/// database and on shards searched as one, whichever side drives the match;
/// no ranks where a document has two of the terms; and a snapshot the
/// ranks were not read from is an error.
@Suite struct TermRanksTests {
    /// Ranked as the static tiers' parts are, with one nobody has between.
    static let ranked = ["R0", "R1", "R2", "Rnone", "R3", "R4", "R5"]

    /// Two shards on disk: each document has one of the ranked terms or
    /// none, and some of the words; a deleted document.
    func withShards(_ body: ([WritableDatabase]) throws -> Void) throws {
        try withTempDirectory { dir in
            let shards = try (0..<2).map { try WritableDatabase(path: dir + "/s\($0)") }
            let present = Self.ranked.filter { $0 != "Rnone" }
            for n in 0..<150 {
                var terms = ["all"]
                if n % 4 != 0 { terms.append("word") }
                if n % 3 == 1 { terms += ["word", "rare"] }  // a wdf of 2, and a narrow word
                let doc = try makeDocument(terms: terms, booleanTerms: n % 7 == 6 ? [] : [present[(n * 5) % present.count]])
                _ = try shards[(n / 2) % 2].add(doc)
            }
            try shards[0].delete(4)
            for s in shards { try s.commit() }
            try body(shards)
        }
    }

    func matched(_ db: Database, _ query: Query) throws -> [(UInt32, Double)] {
        try search(db, query, count: 1000) { try $0.setBM25(k1: 1.2, b: 0.5) }.matches.map { ($0.documentID, $0.weight) }
    }

    @Test func aRunMatchesWhatTheOrOfItsTermsMatches() throws {
        try withShards { shards in
            for dbs in [[shards[0]], [shards[1]], shards] {
                let db = dbs.count == 1 ? dbs[0] : try Database.combined(dbs)
                let ranks = try #require(try TermRanks(dbs, terms: Self.ranked))
                #expect(ranks.byteCount > 0)
                for lo in Self.ranked.indices {
                    for hi in lo..<Self.ranked.count {
                        let terms = try Query.or(Self.ranked[lo...hi].map { Query(term: $0) })
                        let run = try Query.inTermRun(ranks, lo...hi, orOf: Array(Self.ranked[lo...hi]))
                        let what = "\(dbs.count) shards, ranks \(lo)…\(hi)"
                        // The run alone drives; "rare" drives it; "all" and
                        // "word" are larger than most runs; AND_NOT skips it.
                        for (got, want) in [(run, terms)] + (try ["all", "word", "rare"].flatMap { w in
                            [(try Query(term: w).filter(run), try Query(term: w).filter(terms)),
                             (try Query(term: w).andNot(run), try Query(term: w).andNot(terms))]
                        }) {
                            let a = try matched(db, got), b = try matched(db, want)
                            #expect(a.map(\.0) == b.map(\.0), "\(what): \(want.description)")
                            if want.description.contains("all") || want.description.contains("word") {
                                #expect(a.map(\.1) == b.map(\.1), "\(what): \(want.description)")
                            }
                        }
                    }
                }
                // Not every run is empty or everything: the check could tell.
                #expect(try matched(db, try Query(term: "word").filter(try .inTermRun(ranks, 1...2, orOf: ["R1", "R2"]))).count >= 10)
            }
        }
    }

    @Test func aDocumentWithTwoOfTheTermsHasNoRank() throws {
        try withTempDirectory { dir in
            let w = try WritableDatabase(path: dir + "/db")
            _ = try w.add(try makeDocument(terms: ["a"], booleanTerms: ["R0"]))
            _ = try w.add(try makeDocument(terms: ["a"], booleanTerms: ["R1", "R4"]))
            try w.commit()
            #expect(try TermRanks([w], terms: Self.ranked) == nil)
            #expect(try TermRanks([w], terms: ["R0", "R1"]) != nil)
        }
    }

    @Test func ranksOfAnotherSnapshotAreAnErrorNotAStaleAnswer() throws {
        try withTempDirectory { dir in
            let w = try WritableDatabase(path: dir + "/db")
            for n in 0..<4 { _ = try w.add(try makeDocument(terms: ["a"], booleanTerms: [Self.ranked[n]])) }
            try w.commit()
            let reader = try Database(path: dir + "/db")
            let ranks = try #require(try TermRanks([reader], terms: Self.ranked))
            let q = try Query(term: "a").filter(try .inTermRun(ranks, 0...1, orOf: ["R0", "R1"]))
            #expect(try matched(reader, q).map(\.0) == [1, 2])
            _ = try w.add(try makeDocument(terms: ["a"], booleanTerms: ["R0"]))
            try w.commit()
            #expect(try reader.reopen())
            _ = expectXapianError(.invalidOperation) { _ = try matched(reader, q) }
            let fresh = try #require(try TermRanks([reader], terms: Self.ranked))
            #expect(try matched(reader, try Query(term: "a").filter(try .inTermRun(fresh, 0...1, orOf: ["R0", "R1"]))).map(\.0) == [1, 2, 5])
        }
    }
}
