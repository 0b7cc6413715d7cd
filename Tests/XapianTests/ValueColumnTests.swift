import Testing
@testable import Xapian

/// A value column stands in for Xapian's value reads: the same matches, the
/// same weights, the same order, on one database and on shards searched as
/// one — and an error, never a stale answer, on a snapshot it was not read from.
@Suite struct ValueColumnTests {
    /// Two shards on disk (glass: a column finds its shard by uuid and
    /// revision, which in-memory databases lack): documents with and without
    /// values, ties in the order slot, a deleted document.
    func withShards(_ body: ([WritableDatabase]) throws -> Void) throws {
        try withTempDirectory { dir in
            let shards = try (0..<2).map { try WritableDatabase(path: dir + "/s\($0)") }
            for n in 0..<40 {
                let shard = shards[n % 2]
                var numbers: [UInt32: Double] = [:]
                if n % 3 != 0 { numbers[0] = Double((n * 7) % 10) / 4 }   // some without a prior
                if n % 5 == 0 { numbers[1] = Double(n) }                  // a sparse usage
                let k = (n * 13) % 17
                let order = n % 4 == 0 ? "" : (k < 10 ? "0" : "") + String(k)  // ties, and none
                _ = try shard.add(try makeDocument(terms: n % 2 == 0 ? ["all", "even"] : ["all"], numbers: numbers,
                                                   values: order.isEmpty ? [:] : [2: order]))
            }
            try shards[1].delete(3)
            for s in shards { try s.commit() }
            try body(shards)
        }
    }

    func ranked(_ db: Database, _ query: Query, _ sort: Enquire.Sort) throws -> [(UInt32, Double)] {
        try search(db, query) { $0.setSort(sort) }.matches.map { ($0.documentID, $0.weight) }
    }

    func expectSame(_ a: [(UInt32, Double)], _ b: [(UInt32, Double)], _ what: String) {
        #expect(a.map(\.0) == b.map(\.0), "\(what)")
        #expect(a.map(\.1) == b.map(\.1), "\(what)")
    }

    @Test func aColumnGivesTheSameMatchesWeightsAndOrder() throws {
        try withShards { shards in
            for dbs in [[shards[0]], [shards[1]], shards] {
                let db = dbs.count == 1 ? dbs[0] : try Database.combined(dbs)
                let prior = try ValueColumn(dbs, slot: 0, kind: .weights)
                let usage = try ValueColumn(dbs, slot: 1, kind: .weights)
                // Keys of one database only (see `ValueColumn.Kind.keys`).
                let order = dbs.count == 1 ? try ValueColumn(dbs, slot: 2, kind: .keys) : nil
                for text in ["all", "even"] where try db.termFrequency(text) > 0 {
                    // As CandidateBoost adds the prior and usage to text matches.
                    func boosted(_ p: Query, _ u: Query) throws -> Query {
                        try Query(term: text).scaled(by: 0.5).andMaybe(try .or([try p.scaled(by: 0.8), try u.scaled(by: 0.3)]))
                    }
                    let plain = try boosted(try .valueWeight(slot: 0), try .valueWeight(slot: 1))
                    let columns = try boosted(try .valueWeight(prior), try .valueWeight(usage))
                    let want = try ranked(db, plain, .relevanceThenValue(slot: 2, descending: false))
                    #expect(want.count >= 19)
                    expectSame(try ranked(db, columns, .relevanceThenValue(slot: 2, descending: false)), want,
                               "\(dbs.count) shards, \(text)")
                    guard let order else { continue }
                    expectSame(try ranked(db, columns, .relevanceThenColumn(order, descending: false)), want,
                               "\(dbs.count) shards, \(text), keys too")
                    // Ties everywhere: the order slot alone decides.
                    let ties = try ranked(db, Query(term: text), .relevanceThenValue(slot: 2, descending: true))
                    expectSame(try ranked(db, Query(term: text), .relevanceThenColumn(order, descending: true)), ties,
                               "\(dbs.count) shards, \(text), ties")
                }
                // The source alone matches what the slot's source matches.
                expectSame(try ranked(db, try .valueWeight(usage), .relevance),
                           try ranked(db, try .valueWeight(slot: 1), .relevance), "\(dbs.count) shards, usage alone")
                #expect(prior.byteCount > 0)
            }
        }
    }

    @Test func itSerialisesAsTheValueWeightSourceItStandsFor() throws {
        try withShards { shards in
            let column = try ValueColumn([shards[0]], slot: 1, kind: .weights)
            #expect(try Query(term: "all").andMaybe(try .valueWeight(column)).serialised()
                    == (try Query(term: "all").andMaybe(try .valueWeight(slot: 1)).serialised()))
        }
    }

    @Test func aColumnOfAnotherSnapshotIsAnErrorNotAStaleAnswer() throws {
        try withTempDirectory { dir in
            let w = try WritableDatabase(path: dir + "/db")
            for n in 0..<5 { _ = try w.add(try makeDocument(terms: ["all"], numbers: [0: Double(n)])) }
            try w.commit()
            let reader = try Database(path: dir + "/db")
            let column = try ValueColumn([reader], slot: 0, kind: .weights)
            #expect(try search(reader, try .valueWeight(column)).matches.map(\.weight) == [4, 3, 2, 1, 0])
            try w.replace(1, with: try makeDocument(terms: ["all"], numbers: [0: 9]))
            try w.commit()
            #expect(try reader.reopen())
            _ = expectXapianError(.invalidOperation) { _ = try search(reader, try .valueWeight(column)) }
            let fresh = try ValueColumn([reader], slot: 0, kind: .weights)
            #expect(try search(reader, try .valueWeight(fresh)).matches.map(\.weight) == [9, 4, 3, 2, 1])
        }
    }

    @Test func aKeyColumnGivesEachDocumentsValueWithinItsBudget() throws {
        try withShards { shards in
            let db = shards[0]
            var total = 0
            for id in 1...(try db.lastDocumentID) { total += (try? db.document(id).value(2).count) ?? 0 }
            let column = try #require(try ValueColumn.keys(db, slot: 2, atMost: total))
            for id in 1...(try db.lastDocumentID) {
                #expect(column.value(of: id) == (try db.document(id).value(2)), "document \(id)")
            }
            #expect(column.value(of: 1) == [], "a document without a value")
            #expect(column.value(of: try db.lastDocumentID + 1) == nil, "past the last document")
            #expect(try ValueColumn.keys(db, slot: 2, atMost: total - 1) == nil, "one byte over the budget")
        }
    }

    @Test func shardsThatShareAUuidHaveNoColumnNorShardsAKeyColumn() throws {
        try withShards { shards in
            _ = expectXapianError(.invalidOperation) { _ = try ValueColumn([shards[0], shards[0]], slot: 0, kind: .weights) }
            _ = expectXapianError(.invalidOperation) { _ = try ValueColumn(shards, slot: 2, kind: .keys) }
        }
    }
}
