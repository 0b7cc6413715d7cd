import Testing
@testable import Xapian

@Suite struct TermGeneratorTests {
    @Test func englishStemmerAddsZPrefixedStemsWithStrategySome() throws {
        let tg = try TermGenerator(language: "english", strategy: .some)
        let doc = Document()
        tg.document = doc
        try tg.index("Running quickly, he runs to the running track")
        let terms = try doc.terms()
        #expect(terms.map(\.term) == ["Zhe", "Zquick", "Zrun", "Zthe", "Zto", "Ztrack",
                                      "he", "quickly", "running", "runs", "the", "to", "track"])
        let wdf = Dictionary(uniqueKeysWithValues: terms.map { ($0.term, $0.wdf) })
        #expect(wdf["Zrun"] == 3)     // running, runs, running
        #expect(wdf["running"] == 2)
        #expect(wdf["runs"] == 1)
    }

    @Test func stemmingStrategiesDiffer() throws {
        func terms(_ strategy: StemStrategy) throws -> [String] {
            let tg = try TermGenerator(language: "english", strategy: strategy)
            let doc = Document()
            tg.document = doc
            try tg.index("walking dogs")
            return try doc.terms().map(\.term)
        }
        #expect(try terms(.none) == ["dogs", "walking"])
        #expect(try terms(.all) == ["dog", "walk"])
        #expect(try terms(.allZ) == ["Zdog", "Zwalk"])
        #expect(try terms(.some) == ["Zdog", "Zwalk", "dogs", "walking"])
    }

    @Test func noneLanguageDoesNotStem() throws {
        let tg = try TermGenerator()
        let doc = Document()
        tg.document = doc
        try tg.index("Running Runs")
        #expect(try doc.terms().map(\.term) == ["running", "runs"])
    }

    @Test func fieldPrefixesAndWdfWeights() throws {
        let tg = try TermGenerator()
        let doc = Document()
        tg.document = doc
        try tg.index("Monterey Bay", wdf: 3, prefix: "S")
        tg.increaseTermPosition()
        try tg.index("bay trail")
        try tg.index("trail", wdf: 5, prefix: "XT", positions: false)
        let terms = try doc.terms()
        #expect(terms.map(\.term) == ["Sbay", "Smonterey", "XTtrail", "bay", "trail"])
        #expect(terms.map(\.wdf) == [3, 3, 5, 1, 1])
    }

    @Test func increasedTermPositionStopsPhrasesAcrossFields() throws {
        let db = try WritableDatabase.inMemory()
        for gap in [false, true] {
            let tg = try TermGenerator()
            let doc = Document()
            tg.document = doc
            try tg.index("ocean view")
            if gap { tg.increaseTermPosition(by: 100) }
            try tg.index("beach house")
            try db.add(doc)
        }
        let phrase = try Query.combine(.phrase, [Query(term: "view"), Query(term: "beach")])
        #expect(ids(try search(db, phrase)) == [1])
    }

    @Test func flagsPropertyReflectsTheInitialiser() throws {
        let tg = try TermGenerator(flags: [.cjkNgram])
        #expect(tg.flags == [.cjkNgram])
        tg.flags.insert(.spelling)
        #expect(tg.flags == [.cjkNgram, .spelling])
        tg.flags.remove(.spelling)  // (.spelling without a database can't index)
        #expect(tg.flags == [.cjkNgram])
        // cjkNgram must still be active after the edits.
        let doc = Document()
        tg.document = doc
        try tg.index("中文")
        #expect(try doc.terms().map(\.term) == ["中", "中文", "文"])
    }

    @Test func cjkNgramIndexesOneAndTwoCharacterTerms() throws {
        func terms(_ text: String, flags: TermGenerator.Flags) throws -> Set<String> {
            let tg = try TermGenerator(flags: flags)
            let doc = Document()
            tg.document = doc
            try tg.index(text)
            return Set(try doc.terms().map(\.term))
        }
        #expect(try terms("中文搜索", flags: .cjkNgram)
                == ["中", "文", "搜", "索", "中文", "文搜", "搜索"])
        #expect(try terms("東京タワー", flags: .cjkNgram)
                == ["東", "京", "タ", "ワ", "ー", "東京", "京タ", "タワ", "ワー"])
        #expect(try terms("한국어", flags: .cjkNgram) == ["한", "국", "어", "한국", "국어"])
        #expect(try terms("abc 中文 def", flags: .cjkNgram) == ["abc", "def", "中", "文", "中文"])
        // Without the flag the whole run is one term.
        #expect(try terms("中文搜索", flags: []) == ["中文搜索"])
    }

    @Test func cjkNgramTwoCharacterQueryFindsTheDocument() throws {
        let db = try WritableDatabase.inMemory()
        let tg = try TermGenerator(flags: .cjkNgram)
        for text in ["我们使用中文搜索引擎", "東京タワーに行きました", "한국어 검색 엔진", "plain english text"] {
            let doc = Document()
            tg.document = doc
            try tg.index(text)
            try doc.setData(text)
            try db.add(doc)
        }
        let qp = try QueryParser()
        qp.database = db
        let cases: [(String, UInt32)] = [("搜索", 1), ("タワ", 2), ("검색", 3), ("引擎", 1)]
        for (query, expected) in cases {
            let q = try qp.parse(query, flags: .cjkNgram)
            #expect(ids(try search(db, q)) == [expected], "query \(query): \(q)")
        }
        // A bigram that never occurs adjacently finds nothing.
        #expect(ids(try search(db, try qp.parse("文引", flags: .cjkNgram))) == [])
    }

    @Test func spellingFlagFillsTheDatabaseSpellingTable() throws {
        try withTempDirectory { dir in
            let db = try WritableDatabase(path: dir + "/db")
            let tg = try TermGenerator(language: "english", flags: .spelling)
            tg.database = db
            let doc = Document()
            tg.document = doc
            try tg.index("Monterey bay monterey")
            try tg.index("harbour", prefix: "S")  // prefixed text adds no spellings
            try db.add(doc)
            try db.commit()
            let spellings = try db.spellings()
            #expect(spellings.map(\.word) == ["bay", "monterey"])
            #expect(spellings.map(\.frequency) == [1, 2])
            #expect(try db.spellingSuggestion("montery") == "monterey")

            let plain = try TermGenerator()  // no .spelling flag
            plain.database = db
            plain.document = Document()
            try plain.index("lighthouse")
            #expect(try db.spellings().map(\.word) == ["bay", "monterey"])
        }
    }

    @Test func unknownStemmerLanguageIsRejected() throws {
        let err = expectXapianError(.invalidArgument) { try TermGenerator(language: "klingon") }
        #expect(err?.message.contains("klingon") == true)
        let tg = try TermGenerator()
        expectXapianError(.invalidArgument) { try tg.setStemmer("elvish") }
        try tg.setStemmer("german")
        let doc = Document()
        tg.document = doc
        try tg.index("häuser")
        #expect(try doc.terms().map(\.term) == ["Zhaus", "häuser"])
    }
}
