import Testing
@testable import Xapian

/// BM25 with the documents' lengths in memory stands in for Xapian's own:
/// the same matches and the same weights, bit for bit, on one database and
/// on shards searched as one; the queries it cannot rewrite exactly are left
/// to Xapian; and a snapshot it was not read from is an error.
@Suite struct DocumentLengthsTests {
    static let words = ["alpha", "beta", "gamma", "delta", "omega"]

    /// Two shards on disk (lengths find their shard by uuid and revision):
    /// documents of many lengths and wdfs, words in a few, a boolean term,
    /// a deleted document.
    func withShards(_ body: ([WritableDatabase]) throws -> Void) throws {
        try withTempDirectory { dir in
            let shards = try (0..<2).map { try WritableDatabase(path: dir + "/s\($0)") }
            for n in 0..<90 {
                let doc = Document()
                for (i, w) in Self.words.enumerated() where (n * (2 * i + 3) + i) % 7 < 4 {
                    try doc.addTerm(w, wdf: 1 + (n * (i + 3)) % 5)
                }
                try doc.addTerm("filler", wdf: (n * 7) % 23)  // lengths from 0 to 26 besides
                if n % 3 == 0 { try doc.addBooleanTerm("Xkept") }
                try doc.setValue(0, number: Double(n % 4))
                _ = try shards[(n / 3) % 2].add(doc)
            }
            try shards[1].delete(5)
            for s in shards { try s.commit() }
            try body(shards)
        }
    }

    func ranked(_ db: Database, _ query: Query, count: Int = 100) throws -> [(UInt32, Double)] {
        try search(db, query, count: count) { try $0.setBM25(k1: 1.2, b: 0.5) }.matches.map { ($0.documentID, $0.weight) }
    }

    /// Queries of every shape the rewrite takes, as the search builds them.
    func queries() throws -> [Query] {
        let t = Self.words.map { Query(term: $0) }
        let kept = Query(term: "Xkept")
        return [
            t[0], t[1],
            try .and([t[0], t[1]]), try .or([t[2], t[3], t[4]]),
            try t[0].andMaybe(t[3]),
            try t[1].filter(kept), try t[2].andNot(kept),
            try .or([try .and([t[0], t[2]]), t[4]]).andNot(try Query(term: "Xkept").filter(try .numberRange(slot: 0, from: nil, to: 1))),
            try .and([t[1], Query(term: "nowhere")]),
        ]
    }

    @Test func theSameMatchesAndWeightsBitForBit() throws {
        try withShards { shards in
            for dbs in [[shards[0]], [shards[1]], shards] {
                let db = dbs.count == 1 ? dbs[0] : try Database.combined(dbs)
                let lengths = try DocumentLengths(dbs)
                #expect(lengths.byteCount > 0)
                for (i, q) in try queries().enumerated() {
                    for factor in [1, 1 / 1.5, 0.25] {
                        // All matches, and the top few: once those are
                        // found, a source skips what weighs too little.
                        for count in [100, 3, 8] {
                            let want = try ranked(db, factor == 1 ? q : try q.scaled(by: factor), count: count)
                            let rewritten = try #require(try q.bm25(lengths: lengths, in: db, factor: factor, k1: 1.2, b: 0.5))
                            let got = try ranked(db, rewritten, count: count)
                            let what = "\(dbs.count) shards, query \(i), factor \(factor), top \(count)"
                            #expect(got.map(\.0) == want.map(\.0), "\(what)")
                            #expect(got.map(\.1) == want.map(\.1), "\(what)")
                        }
                        let want = try ranked(db, factor == 1 ? q : try q.scaled(by: factor))
                        if i < 8 { #expect(want.count >= 5, "\(dbs.count) shards, query \(i) matches too little to tell") }
                    }
                }
            }
        }
    }

    @Test func aShapeItCannotWeighExactlyIsLeftToXapian() throws {
        try withShards { shards in
            let lengths = try DocumentLengths([shards[0]])
            let a = Query(term: "alpha"), b = Query(term: "beta")
            for q in [try .and([a, Query(term: "alpha")]),           // a term twice
                      Query(term: "alpha", wqf: 2),
                      try .synonym([a, b]),
                      try a.scaled(by: 2).andMaybe(b),                // a scale it cannot read back
                      try .wildcard("al"),
                      try .valueWeight(slot: 0)] {
                #expect(try q.bm25(lengths: lengths, in: shards[0], k1: 1.2, b: 0.5) == nil)
            }
        }
    }

    @Test func lengthsOfAnotherSnapshotAreAnErrorNotAStaleAnswer() throws {
        try withTempDirectory { dir in
            let w = try WritableDatabase(path: dir + "/db")
            for n in 1...5 { _ = try w.add(try makeDocument(terms: ["all"] + (0..<n).map { "w\($0)" })) }
            try w.commit()
            let reader = try Database(path: dir + "/db")
            let lengths = try DocumentLengths([reader])
            let q = try #require(try Query(term: "all").bm25(lengths: lengths, in: reader, k1: 1.2, b: 0.5))
            #expect(try ranked(reader, q).map(\.0) == [1, 2, 3, 4, 5])  // the shortest first
            try w.replace(1, with: try makeDocument(terms: ["all"] + (0..<9).map { "w\($0)" }))
            try w.commit()
            #expect(try reader.reopen())
            _ = expectXapianError(.invalidOperation) { _ = try ranked(reader, q) }
            let fresh = try DocumentLengths([reader])
            let again = try #require(try Query(term: "all").bm25(lengths: fresh, in: reader, k1: 1.2, b: 0.5))
            #expect(try ranked(reader, again).map(\.0) == [2, 3, 4, 5, 1])
        }
    }
}
