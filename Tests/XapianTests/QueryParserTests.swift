import Testing
@testable import Xapian

/// A glass database (spelling and synonyms need a disk backend) with one
/// document per entry: plain terms, boolean terms and data.
private func withCorpus<R>(_ docs: [(terms: [String], booleans: [String])],
                           _ body: (WritableDatabase) throws -> R) throws -> R {
    try withTempDirectory { dir in
        let db = try WritableDatabase(path: dir + "/db")
        for d in docs { try db.add(try makeDocument(terms: d.terms, booleanTerms: d.booleans)) }
        try db.commit()
        return try body(db)
    }
}

@Suite struct QueryParserTests {
    @Test func plainWordsUseTheDefaultOperator() throws {
        let qp = try QueryParser()
        #expect(try qp.parse("coastal trail").description == "Query((coastal@1 OR trail@2))")
        qp.defaultOperator = .and
        #expect(try qp.parse("coastal trail").description == "Query((coastal@1 AND trail@2))")

        let db = try WritableDatabase.inMemory()
        try db.add(try makeDocument(terms: ["coastal", "trail"]))
        try db.add(try makeDocument(terms: ["coastal"]))
        #expect(ids(try search(db, try qp.parse("coastal trail"))) == [1])
        qp.defaultOperator = .or
        #expect(Set(ids(try search(db, try qp.parse("coastal trail")))) == [1, 2])
    }

    @Test func stemmerAndStrategyShapeTheTerms() throws {
        let qp = try QueryParser(language: "english")
        #expect(try qp.parse("running").description == "Query(Zrun@1)")
        // Capitalised words are not stemmed with strategy .some.
        #expect(try qp.parse("Running").description == "Query(running@1)")
        let none = try QueryParser(language: "english", strategy: .none)
        #expect(try none.parse("running").description == "Query(running@1)")
    }

    @Test func fieldPrefixesAndBooleanPrefixes() throws {
        let qp = try QueryParser()
        try qp.addPrefix("title", "S")
        try qp.addBooleanPrefix("type", "XT")
        #expect(try qp.parse("title:bay").description == "Query(Sbay@1)")
        #expect(try qp.parse("bay type:trail").description == "Query((bay@1 FILTER XTtrail))")
        #expect(try qp.parse("type:trail").description == "Query(0 * XTtrail)")

        let db = try WritableDatabase.inMemory()
        try db.add(try makeDocument(terms: ["Sbay", "bay"], booleanTerms: ["XTtrail"]))
        try db.add(try makeDocument(terms: ["bay"], booleanTerms: ["XTpark"]))
        try db.add(try makeDocument(terms: ["Sharbor"], booleanTerms: ["XTtrail"]))
        #expect(ids(try search(db, try qp.parse("title:bay"))) == [1])
        #expect(Set(ids(try search(db, try qp.parse("bay")))) == [1, 2])
        let filtered = try search(db, try qp.parse("bay type:park"))
        #expect(ids(filtered) == [2])
        // The boolean filter adds no weight: same weight as plain "bay" for doc 2.
        let plain = try search(db, try qp.parse("bay"))
        #expect(filtered.matches[0].weight == plain.matches.first { $0.documentID == 2 }?.weight)
        #expect(Set(ids(try search(db, try qp.parse("type:trail")))) == [1, 3])
    }

    @Test func defaultPrefixAppliesToUnprefixedWords() throws {
        let qp = try QueryParser()
        #expect(try qp.parse("bay", defaultPrefix: "S").description == "Query(Sbay@1)")
    }

    @Test func booleanAndLoveHateAndPhraseFlags() throws {
        let qp = try QueryParser()
        #expect(try qp.parse("a AND b", flags: .boolean).description == "Query((a@1 AND b@2))")
        #expect(try qp.parse("a NOT b", flags: .boolean).description == "Query((a@1 AND_NOT b@2))")
        #expect(try qp.parse("+a -b", flags: .loveHate).description == "Query((a@1 AND_NOT b@2))")
        #expect(try qp.parse("\"a b\"", flags: .phrase).description == "Query((a@1 PHRASE 2 b@2))")
        // Without .boolean, AND is just a word.
        #expect(try qp.parse("a AND b", flags: []).description == "Query((a@1 OR and@2 OR b@3))")
    }

    @Test func partialExpandsTheLastWordAsAPrefix() throws {
        try withCorpus([(["monterey"], []), (["montana"], []), (["month"], []), (["bay"], [])]) { db in
            let qp = try QueryParser()
            qp.database = db
            let q = try qp.parse("mon", flags: .partial)
            #expect(q.description == "Query((WILDCARD SYNONYM mon OR mon@1))")
            #expect(Set(ids(try search(db, q))) == [1, 2, 3])
            // Only the last word is a prefix.
            qp.defaultOperator = .and
            let two = try qp.parse("bay mon", flags: .partial)
            #expect(ids(try search(db, two)) == [])
            let exact = try qp.parse("mon bay", flags: .partial)
            #expect(ids(try search(db, exact)) == [])
            let whole = try qp.parse("montana", flags: .partial)
            #expect(ids(try search(db, whole)) == [2])
        }
    }

    @Test func wildcardExpandsTrailingStar() throws {
        try withCorpus([(["monterey"], []), (["montana"], []), (["bay"], [])]) { db in
            let qp = try QueryParser()
            qp.database = db
            let q = try qp.parse("mon*", flags: .wildcard)
            #expect(q.description == "Query(WILDCARD SYNONYM mon)")
            #expect(Set(ids(try search(db, q))) == [1, 2])
            // Without the flag the star is dropped and "mon" matches nothing.
            let literal = try qp.parse("mon*", flags: [])
            #expect(literal.description == "Query(mon@1)")
            #expect(ids(try search(db, literal)) == [])
        }
    }

    @Test func setMaxExpansionKeepsTheMostFrequentOrFails() throws {
        // mona in 3 docs, monb in 2, monc in 1.
        let docs: [(terms: [String], booleans: [String])] = [
            (["mona"], []), (["mona"], []), (["mona"], []),
            (["monb"], []), (["monb"], []),
            (["monc"], []),
        ]
        try withCorpus(docs) { db in
            let qp = try QueryParser()
            qp.database = db
            #expect(try search(db, try qp.parse("mon*", flags: .wildcard)).matches.count == 6)

            qp.setMaxExpansion(2, keepMostFrequent: true)
            let top2 = try search(db, try qp.parse("mon*", flags: .wildcard))
            #expect(Set(ids(top2)) == [1, 2, 3, 4, 5])

            qp.setMaxExpansion(1, keepMostFrequent: true)
            let top1 = try search(db, try qp.parse("mon", flags: .partial))
            #expect(Set(ids(top1)) == [1, 2, 3])

            qp.setMaxExpansion(2, keepMostFrequent: false)
            let tooMany = try qp.parse("mon*", flags: .wildcard)  // fails at match time
            expectXapianError(.wildcard) { try search(db, tooMany) }
            qp.setMaxExpansion(3, keepMostFrequent: false)
            #expect(try search(db, try qp.parse("mon*", flags: .wildcard)).matches.count == 6)
            // 0 lifts the limit again (for both policies).
            qp.setMaxExpansion(0, keepMostFrequent: true)
            #expect(try search(db, try qp.parse("mon*", flags: .wildcard)).matches.count == 6)
            #expect(try search(db, try qp.parse("mon", flags: .partial)).matches.count == 6)
            qp.setMaxExpansion(0, keepMostFrequent: false)
            #expect(try search(db, try qp.parse("mon*", flags: .wildcard)).matches.count == 6)
        }
    }

    @Test func spellingCorrectionSuggestsACorrectedQuery() throws {
        try withCorpus([(["monterey", "bay"], [])]) { db in
            try db.addSpelling("monterey")
            try db.addSpelling("bay")
            try db.commit()
            let qp = try QueryParser()
            qp.database = db
            let q = try qp.parse("montery bay", flags: [.default, .spellingCorrection])
            // The query itself is not changed, only the suggestion is offered.
            #expect(q.description == "Query((montery@1 OR bay@2))")
            #expect(qp.correctedQuery == "monterey bay")
            let fixed = try qp.parse(try #require(qp.correctedQuery))
            #expect(ids(try search(db, fixed)) == [1])

            _ = try qp.parse("monterey bay", flags: [.default, .spellingCorrection])
            #expect(qp.correctedQuery == nil)
            _ = try qp.parse("montery", flags: .default)  // flag off: no suggestion
            #expect(qp.correctedQuery == nil)
        }
    }

    @Test func autoSynonymsExpandWithTheDatabaseSynonyms() throws {
        try withCorpus([(["automobile"], []), (["car"], []), (["bike"], [])]) { db in
            try db.addSynonym("car", "automobile")
            try db.commit()
            let qp = try QueryParser()
            qp.database = db
            let expanded = try qp.parse("car", flags: .autoSynonyms)
            #expect(expanded.description == "Query((car@1 SYNONYM automobile@1))")
            #expect(Set(ids(try search(db, expanded))) == [1, 2])
            let plain = try qp.parse("car", flags: [])
            #expect(plain.description == "Query(car@1)")
            #expect(ids(try search(db, plain)) == [2])
            // "~" asks for synonyms explicitly with .synonym.
            let tilde = try qp.parse("~car", flags: .synonym)
            #expect(tilde.description == "Query((car@1 SYNONYM automobile@1))")
        }
    }

    @Test func cjkNgramQueries() throws {
        let qp = try QueryParser()
        #expect(try qp.parse("搜索", flags: .cjkNgram).description == "Query((搜@1 AND 搜索@1 AND 索@1))")
        #expect(try qp.parse("搜索", flags: []).description == "Query(搜索@1)")
    }

    @Test func syntaxErrorsPreserveXapianMessage() throws {
        let qp = try QueryParser()
        let err = expectXapianError(.queryParser) { try qp.parse("foo AND", flags: .boolean) }
        #expect(err?.message == "Syntax: <expression> AND <expression>")
        // Not an error without .boolean.
        #expect(try qp.parse("foo AND", flags: []).description == "Query((foo@1 OR and@2))")
    }
}
