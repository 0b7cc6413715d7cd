import Testing
@testable import Xapian

@Suite struct DocumentTests {
    @Test func termsKeepTheirWdfInTermOrder() throws {
        let doc = Document()
        try doc.addTerm("cherry")
        try doc.addTerm("apple", wdf: 3)
        try doc.addTerm("apple", wdf: 2)  // wdf adds up
        try doc.addPosting("banana", position: 1)
        try doc.addPosting("banana", position: 5, wdf: 2)
        let terms = try doc.terms()
        #expect(terms.map(\.term) == ["apple", "banana", "cherry"])
        #expect(terms.map(\.wdf) == [5, 3, 1])

        try doc.removeTerm("apple")
        #expect(try doc.terms().map(\.term) == ["banana", "cherry"])
        expectXapianError(.invalidArgument) { try doc.removeTerm("never-added") }
    }

    @Test func booleanTermsHaveZeroWdf() throws {
        let doc = Document()
        try doc.addBooleanTerm("XTYPEtrail")
        try doc.addTerm("coast", wdf: 2)
        let terms = try doc.terms()
        #expect(terms.map(\.term) == ["XTYPEtrail", "coast"])
        #expect(terms.map(\.wdf) == [0, 2])
    }

    @Test func storedTermsAndWdfSurviveTheDatabase() throws {
        let db = try WritableDatabase.inMemory()
        let doc = Document()
        try doc.addTerm("harbor", wdf: 4)
        try doc.addBooleanTerm("Qid-7")
        let id = try db.add(doc)
        let stored = try db.document(id)
        #expect(stored.id == id)
        #expect(Document().id == 0)
        #expect(try stored.terms().map(\.term) == ["Qid-7", "harbor"])
        #expect(try stored.terms().map(\.wdf) == [0, 4])
    }

    @Test func positionsDrivePhraseAndNearMatching() throws {
        let db = try WritableDatabase.inMemory()
        // doc 1: "big red ball" at positions 1, 2, 3
        let one = Document()
        for (pos, word) in ["big", "red", "ball"].enumerated() { try one.addPosting(word, position: pos + 1) }
        try db.add(one)
        // doc 2: "red big ... ball" - red before big, ball far away
        let two = Document()
        try two.addPosting("red", position: 1)
        try two.addPosting("big", position: 2)
        try two.addPosting("ball", position: 20)
        try db.add(two)
        // doc 3: same terms, no positions at all
        try db.add(try makeDocument(terms: ["big", "red", "ball"]))

        let phrase = try Query.combine(.phrase, [Query(term: "big"), Query(term: "red")])
        #expect(ids(try search(db, phrase)) == [1])
        let reversed = try Query.combine(.phrase, [Query(term: "red"), Query(term: "big")])
        #expect(ids(try search(db, reversed)) == [2])
        let near = try Query.combine(.near, [Query(term: "big"), Query(term: "ball")], parameter: 3)
        #expect(ids(try search(db, near)) == [1])
        let plain = try Query.and([Query(term: "big"), Query(term: "ball")])
        #expect(Set(ids(try search(db, plain))) == [1, 2, 3])
    }

    @Test func valuesRoundTripAndMissingSlotsAreEmpty() throws {
        let doc = Document()
        try doc.setValue(0, bytes("hello"))
        try doc.setValue(7, [0x00, 0xFF, 0x10])
        try doc.setValue(1, number: -12.5)
        #expect(try doc.value(0) == bytes("hello"))
        #expect(try doc.value(7) == [0x00, 0xFF, 0x10])
        #expect(try doc.value(3) == [])
        #expect(sortableUnserialise(try doc.value(1)) == -12.5)

        let db = try WritableDatabase.inMemory()
        let stored = try db.document(try db.add(doc))
        #expect(try stored.value(7) == [0x00, 0xFF, 0x10])
        #expect(sortableUnserialise(try stored.value(1)) == -12.5)
    }

    @Test func sortableSerialiseRoundTripsAndSortsLikeNumbers() throws {
        let numbers: [Double] = [-1e300, -123456.75, -2.5, -1, -0.001, 0, 0.001, 1, 2.5, 99, 1e10, 1e300]
        let encoded = numbers.map(sortableSerialise)
        for (n, e) in zip(numbers, encoded) {
            #expect(sortableUnserialise(e) == n)
            #expect(e.count <= 18)
        }
        // Byte order equals numeric order, negatives before positives.
        for i in 1..<encoded.count {
            #expect(encoded[i - 1].lexicographicallyPrecedes(encoded[i]), "\(numbers[i - 1]) vs \(numbers[i])")
        }
        #expect(sortableSerialise(0) == [0x80])
        #expect(sortableSerialise(-.infinity) == [])
        #expect(sortableUnserialise(sortableSerialise(.infinity)) == .infinity)
    }

    @Test func numericValuesSortInTheDatabase() throws {
        let db = try WritableDatabase.inMemory()
        let values: [Double] = [5, -3, 0, -10.5, 2.25]  // docids 1...5
        for v in values { try db.add(try makeDocument(terms: ["all"], numbers: [0: v])) }
        let hits = try search(db, Query(term: "all"), configure: { $0.setSort(.value(slot: 0, descending: false)) })
        #expect(ids(hits) == [4, 2, 3, 5, 1])  // -10.5, -3, 0, 2.25, 5
    }

    @Test func dataIsBinarySafe() throws {
        let payload: [UInt8] = [0x00, 0xFF, 0x41, 0x00, 0x00, 0xFE, 0x80, 0xFF, 0x00]
        let doc = Document()
        #expect(try doc.data() == [])
        try doc.setData(payload)
        #expect(try doc.data() == payload)
        try doc.addTerm("blob")

        try withTempDirectory { dir in
            let db = try WritableDatabase(path: dir + "/db")
            let id = try db.add(doc)
            try db.add(try makeDocument(terms: ["other"], data: "text"))
            try db.commit()

            let reader = try Database(path: dir + "/db")
            #expect(try reader.document(id).data() == payload)
            let hits = try search(reader, Query(term: "blob"))
            #expect(hits.matches.count == 1)
            #expect(hits.matches.first?.data == payload)
        }
        try doc.setData("text again")
        #expect(try doc.data() == bytes("text again"))
    }

    @Test func termWithEmbeddedNulIsBinarySafe() throws {
        let nulTerm = "ab\u{0}cd"
        let db = try WritableDatabase.inMemory()
        let doc = Document()
        try doc.addTerm(nulTerm, wdf: 2)
        try doc.addTerm("ab")  // the prefix before the NUL is a different term
        let id = try db.add(doc)
        try db.add(try makeDocument(terms: ["ab"]))

        #expect(try db.termExists(nulTerm))
        #expect(try db.termFrequency(nulTerm) == 1)
        #expect(try db.termFrequency("ab") == 2)
        #expect(try db.postings(nulTerm) == [id])
        let stored = try db.document(id).terms()
        #expect(stored.map(\.term) == ["ab", nulTerm])
        #expect(stored.map(\.term).last?.utf8.count == 5)
        #expect(stored.map(\.wdf) == [1, 2])
        #expect(ids(try search(db, Query(term: nulTerm))) == [id])
        #expect(try !db.termExists("ab\u{0}c"))
    }

    @Test func replaceByUniqueTermUpserts() throws {
        let db = try WritableDatabase.inMemory()
        let first = try makeDocument(terms: ["version1"], booleanTerms: ["Qitem-1"], data: "v1")
        let id1 = try db.replace(uniqueTerm: "Qitem-1", with: first)  // adds
        #expect(id1 == 1)
        let other = try db.replace(uniqueTerm: "Qitem-2",
                                   with: try makeDocument(booleanTerms: ["Qitem-2"], data: "other"))
        #expect(other == 2)
        #expect(try db.documentCount == 2)

        let second = try makeDocument(terms: ["version2"], booleanTerms: ["Qitem-1"], data: "v2")
        let id1again = try db.replace(uniqueTerm: "Qitem-1", with: second)  // replaces
        #expect(id1again == id1)
        #expect(try db.documentCount == 2)
        #expect(try db.document(id1).data() == bytes("v2"))
        #expect(try !db.termExists("version1"))
        #expect(try db.postings("version2") == [id1])
        #expect(try db.lastDocumentID == 2)
    }

    @Test func replaceAndDeleteByDocumentID() throws {
        let db = try WritableDatabase.inMemory()
        let id = try db.add(try makeDocument(terms: ["old"], data: "old"))
        try db.add(try makeDocument(terms: ["keep"]))
        try db.replace(id, with: try makeDocument(terms: ["new"], data: "new"))
        #expect(try db.document(id).data() == bytes("new"))
        #expect(try db.termFrequency("old") == 0)
        try db.replace(10, with: try makeDocument(terms: ["ten"]))  // replace of a new id adds it
        #expect(try db.documentCount == 3)
        #expect(try db.lastDocumentID == 10)
        try db.delete(id)
        #expect(try db.documentCount == 2)
        expectXapianError(.docNotFound) { try db.document(id) }
    }

    @Test func deleteByTermRemovesEveryMatchingDocument() throws {
        let db = try WritableDatabase.inMemory()
        try db.add(try makeDocument(booleanTerms: ["Qa", "Xgroup"]))
        try db.add(try makeDocument(booleanTerms: ["Qb", "Xgroup"]))
        try db.add(try makeDocument(booleanTerms: ["Qc"]))
        try db.delete(term: "Qa")
        #expect(try db.documentCount == 2)
        #expect(try !db.termExists("Qa"))
        #expect(try db.postings("Xgroup") == [2])
        try db.delete(term: "Xgroup")
        #expect(try db.documentCount == 1)
        #expect(try db.postings("Qc") == [3])
        try db.delete(term: "not-there")  // no-op
        #expect(try db.documentCount == 1)
    }
}
