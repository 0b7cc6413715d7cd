import Testing
@testable import Xapian

/// docs: 1 "a b", 2 "a", 3 "b", 4 "c", 5 "d" (so "a" and "b" have positive idf).
private func smallCorpus() throws -> WritableDatabase {
    let db = try WritableDatabase.inMemory()
    for terms in [["a", "b"], ["a"], ["b"], ["c"], ["d"]] { try db.add(try makeDocument(terms: terms)) }
    return db
}

private func weights(_ m: MatchSet) -> [UInt32: Double] {
    Dictionary(uniqueKeysWithValues: m.matches.map { ($0.documentID, $0.weight) })
}

@Suite struct QueryTests {
    @Test func descriptions() throws {
        let a = Query(term: "a"), b = Query(term: "b")
        #expect(a.description == "Query(a)")
        #expect(Query(term: "a", wqf: 2, position: 3).description == "Query(a#2@3)")
        #expect(try Query.and([a, b]).description == "Query((a AND b))")
        #expect(try Query.or([a, b]).description == "Query((a OR b))")
        #expect(try a.andMaybe(b).description == "Query((a AND_MAYBE b))")
        #expect(try a.filter(b).description == "Query((a FILTER b))")
        #expect(try a.andNot(b).description == "Query((a AND_NOT b))")
        #expect(try a.scaled(by: 2).description == "Query(2 * a)")
        #expect(try Query.synonym([a, b]).description == "Query((a SYNONYM b))")
        #expect(try Query.combine(.xor, [a, b]).description == "Query((a XOR b))")
        #expect(try Query.combine(.phrase, [a, b], parameter: 2).description == "Query((a PHRASE 2 b))")
        #expect(try Query.combine(.near, [a, b], parameter: 5).description == "Query((a NEAR 5 b))")
        #expect(Query.matchAll.description == "Query(<alldocuments>)")
        #expect(Query.matchNothing.description == "Query()")
        #expect(Query.matchNothing.isEmpty)
        #expect(!a.isEmpty)
        #expect(try Query.and([]).isEmpty)
    }

    @Test func andOrAndNotMatchTheRightDocuments() throws {
        let db = try smallCorpus()
        let a = Query(term: "a"), b = Query(term: "b")
        #expect(ids(try search(db, try Query.and([a, b]))) == [1])
        #expect(Set(ids(try search(db, try Query.or([a, b])))) == [1, 2, 3])
        #expect(ids(try search(db, try Query.or([a, b])))[0] == 1)  // matches both: ranks first
        #expect(ids(try search(db, try a.andNot(b))) == [2])
        #expect(Set(ids(try search(db, try Query.combine(.xor, [a, b])))) == [2, 3])
    }

    @Test func andMaybeOnlyAddsWeight() throws {
        let db = try smallCorpus()
        let a = Query(term: "a"), b = Query(term: "b")
        let maybe = try search(db, try a.andMaybe(b))
        #expect(ids(maybe) == [1, 2])  // b never adds docs, but boosts doc 1
        let aOnly = weights(try search(db, a))
        let bOnly = weights(try search(db, b))
        let w = weights(maybe)
        #expect(abs(w[1]! - (aOnly[1]! + bOnly[1]!)) < 1e-9)
        #expect(abs(w[2]! - aOnly[2]!) < 1e-9)
    }

    @Test func filterRestrictsWithoutAddingWeight() throws {
        let db = try smallCorpus()
        let a = Query(term: "a"), b = Query(term: "b")
        let filtered = try search(db, try a.filter(b))
        #expect(ids(filtered) == [1])
        let aOnly = weights(try search(db, a))
        #expect(filtered.matches[0].weight == aOnly[1])
        #expect(filtered.matches[0].weight > 0)
    }

    @Test func scaledMultipliesTheWeight() throws {
        let db = try smallCorpus()
        let a = Query(term: "a")
        let base = weights(try search(db, a))
        let doubled = weights(try search(db, try a.scaled(by: 2)))
        let zero = weights(try search(db, try a.scaled(by: 0)))
        #expect(Set(doubled.keys) == [1, 2])
        for id: UInt32 in [1, 2] {
            #expect(abs(doubled[id]! - 2 * base[id]!) < 1e-9)
            #expect(zero[id] == 0)
        }
        expectXapianError(.invalidArgument) { try a.scaled(by: -1) }
    }

    @Test func synonymTreatsTermsAsOne() throws {
        let db = try smallCorpus()
        let a = Query(term: "a"), b = Query(term: "b")
        let syn = try search(db, try Query.synonym([a, b]))
        #expect(Set(ids(syn)) == [1, 2, 3])
        // As one term, doc 1 (wdf 2 for the pseudo-term) scores above 2 and 3.
        #expect(ids(syn)[0] == 1)
        let w = weights(syn)
        #expect(abs(w[2]! - w[3]!) < 1e-9)
        // OR would give doc 1 the sum of two idf-weighted terms, synonym does not.
        let or = weights(try search(db, try Query.or([a, b])))
        #expect(w[1]! < or[1]!)
    }

    @Test func matchAllMatchesEveryDocumentWithZeroWeight() throws {
        let db = try smallCorpus()
        let all = try search(db, .matchAll)
        #expect(ids(all) == [1, 2, 3, 4, 5])
        #expect(all.matches.allSatisfy { $0.weight == 0 })
        #expect(ids(try search(db, .matchNothing)) == [])
    }

    @Test func numberRanges() throws {
        let db = try WritableDatabase.inMemory()
        let numbers: [Double] = [-5, 0, 2.5, 10, 100]  // docids 1...5
        for n in numbers { try db.add(try makeDocument(terms: ["n"], numbers: [0: n])) }
        try db.add(try makeDocument(terms: ["n"]))  // doc 6: no value
        func matching(_ lo: Double?, _ hi: Double?) throws -> Set<UInt32> {
            Set(ids(try search(db, try Query.numberRange(slot: 0, from: lo, to: hi))))
        }
        #expect(try matching(0, 10) == [2, 3, 4])
        #expect(try matching(-100, -1) == [1])
        #expect(try matching(nil, 0) == [1, 2])
        #expect(try matching(10, nil) == [4, 5])
        #expect(try matching(3, 9) == [])
        #expect(try matching(nil, nil) == [1, 2, 3, 4, 5, 6])  // no bounds: match all
        #expect(try Query.numberRange(slot: 0, from: nil, to: nil).description == "Query(<alldocuments>)")
        #expect(try Query.numberRange(slot: 3, from: 10, to: nil).description == "Query(VALUE_GE 3 \\xad)")
    }

    @Test func valueRangesCompareBytes() throws {
        let db = try WritableDatabase.inMemory()
        for v in ["apple", "banana", "cherry", "date"] { try db.add(try makeDocument(values: [1: v])) }
        func matching(_ lo: String?, _ hi: String?) throws -> [UInt32] {
            ids(try search(db, try Query.valueRange(slot: 1, from: lo.map(bytes), to: hi.map(bytes))))
        }
        #expect(try matching("b", "c") == [2])  // "cherry" > "c"
        #expect(try matching("banana", "cherry") == [2, 3])
        #expect(try matching("c", nil) == [3, 4])
        #expect(try matching(nil, "b") == [1])
        #expect(try matching("e", nil) == [])
        #expect(try Query.valueRange(slot: 1, from: bytes("a"), to: bytes("b")).description
                == "Query(VALUE_RANGE 1 a b)")
        #expect(try Query.valueRange(slot: 1, from: bytes("a"), to: nil).description == "Query(VALUE_GE 1 a)")
        #expect(try Query.valueRange(slot: 1, from: nil, to: bytes("a")).description == "Query(VALUE_LE 1 a)")
    }

    @Test func valueWeightSourceWeighsByTheNumber() throws {
        let db = try WritableDatabase.inMemory()
        for n in [1.0, 5.0, 3.0, 0.25] { try db.add(try makeDocument(terms: ["x"], numbers: [0: n])) }
        try db.add(try makeDocument(terms: ["x"]))  // no value: not matched
        let hits = try search(db, try Query.valueWeight(slot: 0))
        #expect(ids(hits) == [2, 3, 1, 4])
        #expect(hits.matches.map(\.weight) == [5, 3, 1, 0.25])
        #expect(try Query.valueWeight(slot: 0).description
                == "Query(PostingSource(Xapian::ValueWeightPostingSource(slot=0)))")
    }

    @Test func valueMapSourceLooksUpWeights() throws {
        let db = try WritableDatabase.inMemory()
        for tier in ["silver", "gold", "bronze", "gold"] { try db.add(try makeDocument(values: [2: tier])) }
        let q = try Query.valueMap(slot: 2, [bytes("gold"): 3, bytes("silver"): 2], default: 0.5)
        let hits = try search(db, q)
        #expect(ids(hits) == [2, 4, 1, 3])
        #expect(hits.matches.map(\.weight) == [3, 3, 2, 0.5])
        #expect(q.description == "Query(PostingSource(Xapian::ValueMapPostingSource(slot=2)))")
        // Binary keys work too.
        let bin = try WritableDatabase.inMemory()
        try bin.add(try { let d = Document(); try d.setValue(0, [0x00, 0xFF]); return d }())
        let binHits = try search(bin, try Query.valueMap(slot: 0, [[0x00, 0xFF]: 7]))
        #expect(binHits.matches.map(\.weight) == [7])
    }

    @Test func fixedWeightSourceGivesEveryDocumentTheSameWeight() throws {
        let db = try smallCorpus()
        let hits = try search(db, try Query.fixedWeight(2.5))
        #expect(ids(hits) == [1, 2, 3, 4, 5])
        #expect(hits.matches.allSatisfy { $0.weight == 2.5 })
        // Combined with a term, it adds a constant boost.
        let boosted = weights(try search(db, try Query.and([Query(term: "a"), try Query.fixedWeight(2.5)])))
        let plain = weights(try search(db, Query(term: "a")))
        #expect(abs(boosted[2]! - (plain[2]! + 2.5)) < 1e-9)
        #expect(try Query.fixedWeight(2).description
                == "Query(PostingSource(Xapian::FixedWeightPostingSource(wt=2)))")
    }

    @Test func wildcardQueryExpandsAndEnforcesItsLimit() throws {
        let db = try WritableDatabase.inMemory()
        for t in ["mona", "mona", "mona", "monb", "monb", "monc", "other"] {
            try db.add(try makeDocument(terms: [t]))
        }
        // maxExpansion 0 means no limit, whichever limit policy is chosen.
        #expect(Set(ids(try search(db, try Query.wildcard("mon")))) == [1, 2, 3, 4, 5, 6])
        #expect(Set(ids(try search(db, try Query.wildcard("mon", keepMostFrequent: false)))) == [1, 2, 3, 4, 5, 6])
        #expect(try Query.wildcard("mon").description == "Query(WILDCARD SYNONYM mon)")
        let top = try search(db, try Query.wildcard("mon", maxExpansion: 2, keepMostFrequent: true))
        #expect(Set(ids(top)) == [1, 2, 3, 4, 5])
        // Within the limit: fine.
        let fits = try search(db, try Query.wildcard("mon", maxExpansion: 3, keepMostFrequent: false))
        #expect(fits.matches.count == 6)
        // Over the limit: building the query works, matching throws.
        let tooMany = try Query.wildcard("mon", maxExpansion: 2, keepMostFrequent: false)
        let err = expectXapianError(.wildcard) { try search(db, tooMany) }
        #expect(err?.message.contains("mon") == true)
    }
}
