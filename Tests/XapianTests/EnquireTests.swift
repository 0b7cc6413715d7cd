import Testing
@testable import Xapian

@Suite struct EnquireTests {
    /// doc 1: "x" once in a 1-term document; doc 2: "x" 3 times in a 20-term
    /// document; docs 3...6: fillers without "x" (so "x" has a positive idf).
    private func lengthCorpus() throws -> WritableDatabase {
        let db = try WritableDatabase.inMemory()
        try db.add(try makeDocument(terms: ["x"]))
        let long = Document()
        try long.addTerm("x", wdf: 3)
        for i in 0..<17 { try long.addTerm("pad\(i)") }
        try db.add(long)
        for i in 0..<4 { try db.add(try makeDocument(terms: ["filler\(i)", "more\(i)"])) }
        return db
    }

    private func ranking(_ db: Database, k1: Double = 1, b: Double = 0.5) throws -> [Match] {
        try search(db, Query(term: "x")) { try $0.setBM25(k1: k1, b: b) }.matches
    }

    @Test func bm25ParametersChangeWeightsAndOrder() throws {
        let db = try lengthCorpus()
        // No length normalisation: the higher wdf wins.
        let b0 = try ranking(db, b: 0)
        #expect(b0.map(\.documentID) == [2, 1])
        // Full length normalisation: the short document wins.
        let b1 = try ranking(db, b: 1)
        #expect(b1.map(\.documentID) == [1, 2])
        // k1 = 0 ignores wdf and length: both weigh the same (idf only).
        let k0 = try ranking(db, k1: 0)
        #expect(k0.count == 2)
        #expect(abs(k0[0].weight - k0[1].weight) < 1e-12)
        #expect(k0[0].weight > 0)
        // A larger k1 gives wdf more influence, raising doc 2's weight.
        let k1 = try ranking(db, k1: 1, b: 0).first { $0.documentID == 2 }!.weight
        let k2 = try ranking(db, k1: 2, b: 0).first { $0.documentID == 2 }!.weight
        #expect(k2 > k1)
        // Defaults match setBM25() with no arguments.
        let implicit = try search(db, Query(term: "x")).matches.map(\.weight)
        let explicit = try search(db, Query(term: "x")) { try $0.setBM25() }.matches.map(\.weight)
        #expect(implicit == explicit)
        #expect(implicit != b0.map(\.weight))
    }

    @Test func outOfRangeBM25ParametersAreClamped() throws {
        // Xapian 1.4 clamps rather than rejects: b > 1 acts as 1, k1 < 0 as 0.
        let db = try lengthCorpus()
        #expect(try ranking(db, b: 2).map(\.weight) == ranking(db, b: 1).map(\.weight))
        #expect(try ranking(db, k1: -1).map(\.weight) == ranking(db, k1: 0).map(\.weight))
    }

    @Test func booleanWeightingAndDocumentOrder() throws {
        let db = try lengthCorpus()
        let asc = try search(db, Query(term: "x")) { $0.setBooleanWeighting() }
        #expect(ids(asc) == [1, 2])
        #expect(asc.matches.allSatisfy { $0.weight == 0 })
        let desc = try search(db, .matchAll) { $0.setDocumentOrder(.descending) }
        #expect(ids(desc) == [6, 5, 4, 3, 2, 1])
        let ascending = try search(db, .matchAll) { $0.setDocumentOrder(.ascending) }
        #expect(ids(ascending) == [1, 2, 3, 4, 5, 6])
        let any = try search(db, .matchAll) { $0.setDocumentOrder(.dontCare) }
        #expect(Set(ids(any)) == [1, 2, 3, 4, 5, 6])
    }

    @Test func sortByValueAscendingAndDescending() throws {
        let db = try WritableDatabase.inMemory()
        let prices: [Double] = [30, -5, 12.5, 100, 0]  // docids 1...5
        for p in prices { try db.add(try makeDocument(terms: ["item"], numbers: [0: p])) }
        let asc = try search(db, Query(term: "item")) { $0.setSort(.value(slot: 0, descending: false)) }
        #expect(ids(asc) == [2, 5, 3, 1, 4])
        let desc = try search(db, Query(term: "item")) { $0.setSort(.value(slot: 0, descending: true)) }
        #expect(ids(desc) == [4, 1, 3, 5, 2])
        let enquire = try Enquire(db)
        enquire.query = Query(term: "item")
        enquire.setSort(.value(slot: 0, descending: true))
        let withValues = try enquire.matches(count: 10, values: [0])
        #expect(withValues.matches.map { sortableUnserialise($0.values[0] ?? []) } == [100, 30, 12.5, 0, -5])
    }

    @Test func sortByValueThenRelevance() throws {
        let db = try WritableDatabase.inMemory()
        // Same category value for docs 1 and 2; doc 2 is more relevant.
        try db.add(try makeDocument(terms: ["fish", "a1", "a2", "a3"], values: [1: "b"]))
        let strong = Document()
        try strong.addTerm("fish", wdf: 5)
        try strong.setValue(1, bytes("b"))
        try db.add(strong)
        try db.add(try makeDocument(terms: ["fish"], values: [1: "a"]))
        let hits = try search(db, Query(term: "fish")) { $0.setSort(.valueThenRelevance(slot: 1, descending: false)) }
        #expect(ids(hits) == [3, 2, 1])
        let rel = try search(db, Query(term: "fish")) { $0.setSort(.relevance) }
        #expect(ids(rel)[0] == 2)
    }

    @Test func collapseKeyKeepsAtMostNPerValue() throws {
        let db = try WritableDatabase.inMemory()
        let groups = ["a", "a", "b", "b", "b", "c"]  // docids 1...6
        for g in groups { try db.add(try makeDocument(terms: ["t"], values: [1: g])) }

        let one = try search(db, Query(term: "t")) {
            $0.setBooleanWeighting()
            $0.setCollapseKey(1)
        }
        #expect(ids(one) == [1, 3, 6])
        #expect(one.matches.map(\.collapseCount) == [1, 2, 0])

        let two = try search(db, Query(term: "t")) {
            $0.setBooleanWeighting()
            $0.setCollapseKey(1, maxPerKey: 2)
        }
        #expect(ids(two) == [1, 2, 3, 4, 6])

        let off = try search(db, Query(term: "t")) {
            $0.setCollapseKey(1)
            $0.setCollapseKey(nil)
        }
        #expect(off.matches.count == 6)
    }

    @Test func matchSetIsCopiedOutWithRanksWeightsPercentsAndValues() throws {
        let db = try WritableDatabase.inMemory()
        // "kw" with decreasing wdf, so the ranking is 1, 2, 3, 4.
        for (i, wdf) in [4, 3, 2, 1].enumerated() {
            let d = Document()
            try d.addTerm("kw", wdf: wdf)
            try d.addTerm("pad")
            try d.setValue(0, number: Double(i * 10))
            try d.setValue(1, bytes("v\(i + 1)"))
            try d.setData("doc\(i + 1)")
            try db.add(d)
        }
        try db.add(try makeDocument(terms: ["unrelated"]))

        let all: MatchSet
        do {
            let enquire = try Enquire(db)
            enquire.query = Query(term: "kw")
            all = try enquire.matches(first: 0, count: 10, checkAtLeast: 10, values: [1])
        }  // the Enquire is gone; the copy remains usable
        #expect(ids(all) == [1, 2, 3, 4])
        #expect(all.matches.map(\.rank) == [0, 1, 2, 3])
        #expect(all.estimatedCount == 4)
        #expect(all.lowerBound == 4)
        #expect(all.upperBound == 4)
        let ws = all.matches.map(\.weight)
        #expect(ws == ws.sorted(by: >))
        #expect(Set(ws).count == 4)
        #expect(all.matches[0].percent == 100)
        #expect(all.matches.map(\.percent) == all.matches.map(\.percent).sorted(by: >))
        #expect(all.matches[3].percent < 100 && all.matches[3].percent > 0)
        #expect(all.matches.map { String(decoding: $0.data, as: UTF8.self) } == ["doc1", "doc2", "doc3", "doc4"])
        // Only the requested slot is copied.
        #expect(all.matches[2].values == [1: bytes("v3")])

        // A page: ranks continue from `first`, weights match the full run.
        let enquire = try Enquire(db)
        enquire.query = Query(term: "kw")
        let page = try enquire.matches(first: 1, count: 2, values: [0, 1, 9])
        #expect(ids(page) == [2, 3])
        #expect(page.matches.map(\.rank) == [1, 2])
        #expect(page.matches.map(\.weight) == [ws[1], ws[2]])
        #expect(sortableUnserialise(page.matches[0].values[0]!) == 10)
        #expect(page.matches[1].values[1] == bytes("v3"))
        #expect(page.matches[0].values[9] == [])  // an empty slot reads as empty
        #expect(page.estimatedCount == 4)

        let none = try enquire.matches(first: 10, count: 5)
        #expect(none.matches.isEmpty)
        #expect(none.estimatedCount == 4)
    }

    @Test func enquireKeepsItsDatabaseAlive() throws {
        let enquire: Enquire
        do {
            let db = try WritableDatabase.inMemory()
            try db.add(try makeDocument(terms: ["alive"], data: "still here"))
            enquire = try Enquire(db)
        }
        enquire.query = Query(term: "alive")
        let hits = try enquire.matches(count: 5)
        #expect(ids(hits) == [1])
        #expect(hits.matches[0].data == bytes("still here"))
    }
}
