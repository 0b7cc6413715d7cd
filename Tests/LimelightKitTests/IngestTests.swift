import Testing
@testable import LimelightKit

@Suite struct IngestTests {
    @Test func indexesEveryKindAndCountsThem() throws {
        let dir = TempDir()
        let summary = try ingest(dir, Fixture.trails)
        #expect(summary.counts[.entity] == 5)
        #expect(summary.counts[.shortcut] == 1)
        let stats = try IndexStats.read(dir.index)
        // 1 app + 1 intent + 5 entities + 1 shortcut + 5 bound shortcuts.
        #expect(stats.documents == 13)
    }

    /// An item indexed after uses of it were stored (an app back after a
    /// sync missed it) takes its usage into the lists suggestions read.
    @Test func usageFromStoredUsesReachesTheUsageLists() throws {
        let dir = TempDir()
        try ingest(dir, [#"{"kind":"interaction","app":"com.example.later","at":"2026-11-29T07:30:00Z"}"#])
        try ingest(dir, [#"{"kind":"app","app":"com.example.later","name":"Later"}"#])
        let listed = try HotLists.read(try dir.index.openReader(), HotLists.allName()).map(\.key)
        #expect(listed.contains(.app("com.example.later")), "\(listed)")
    }

    @Test func upsertReplacesByIdentity() throws {
        let dir = TempDir()
        try ingest(dir, Fixture.trails)
        try ingest(dir, [#"{"kind":"entity","app":"com.example.trails","type":"TrailEntity","id":"big-sur","title":"Big Sur Ridge Loop"}"#])
        #expect(try search(dir, "ridge").first?.id == "big-sur")
        #expect(try search(dir, "walk").isEmpty)
        #expect(try IndexStats.read(dir.index).documents == 13)
    }

    static func note(_ id: String, hint: Int, title: String? = nil) -> String {
        #"{"kind":"entity","app":"com.example.trails","type":"TrailEntity","id":"\#(id)","title":"\#(title ?? "Trail " + id)","rankingHint":\#(hint)}"#
    }

    /// Entity ids in document order.
    func entitiesInDocumentOrder(_ dir: TempDir) throws -> [String] {
        let db = try dir.index.openReader()
        return try db.postings(Schema.kind + RecordKind.entity.rawValue).compactMap {
            HitCard(encoded: try db.document($0).value(Schema.cardSlot))?.id
        }
    }

    @Test(arguments: [false, true])
    func aRunOfEntitiesIsWrittenBestFirst(streamed: Bool) throws {
        let dir = TempDir()
        let lines = [Fixture.trails[0], Self.note("low", hint: 10), Self.note("high", hint: 90), Self.note("mid", hint: 50),
                     Fixture.trails[1], Self.note("b", hint: 20), Self.note("a", hint: 80)]
        if streamed {
            let source = try RecordSource.load([dir.write("run.jsonl", lines)])
            try source.validate()
            let w = try IndexWriter.open(dir.index)
            defer { w.close() }
            try w.apply(source)
        } else {
            try ingest(dir, lines)
        }
        // Each run of consecutive entities by prior; runs stay in file order.
        #expect(try entitiesInDocumentOrder(dir) == ["high", "mid", "low", "a", "b"])
    }

    @Test func aRunThatWritesAnEntityTwiceKeepsItsOrder() throws {
        let dir = TempDir()
        try ingest(dir, [Fixture.trails[0], Self.note("x", hint: 10, title: "First"), Self.note("y", hint: 90),
                         Self.note("x", hint: 95, title: "Second"), Self.note("x", hint: 5, title: "Third")])
        #expect(try search(dir, "third").first?.id == "x")
        #expect(try search(dir, "second").isEmpty)
        #expect(try entitiesInDocumentOrder(dir) == ["x", "y"])
    }

    @Test func aBadLineRejectsTheWholeRunAndNamesFileAndLine() throws {
        let dir = TempDir()
        try ingest(dir, Fixture.trails)
        let before = try IndexStats.read(dir.index).documents
        let good = #"{"kind":"entity","app":"com.example.trails","type":"TrailEntity","id":"new","title":"New Trail"}"#
        let path = dir.write("bad.jsonl", [good, good.replacingOccurrences(of: "\"new\"", with: "\"new2\""), #"{"kind":"entity","app":"x""#])
        do {
            _ = try RecordReader.read([path])
            Issue.record("accepted a malformed line")
        } catch {
            guard case .rejected(let lines) = error else { Issue.record("not a rejection: \(error)"); return }
            #expect(lines.first?.hasPrefix(path + ":3: ") == true, "\(lines)")
        }
        #expect(try IndexStats.read(dir.index).documents == before)
    }

    @Test func aRuleBrokenAcrossRecordsRejectsTheBatchAtomically() throws {
        let dir = TempDir()
        try ingest(dir, Fixture.trails)
        let before = try IndexStats.read(dir.index).documents
        let batch = [
            #"{"kind":"entity","app":"com.example.trails","type":"TrailEntity","id":"x1","title":"Extra One"}"#,
            #"{"kind":"shortcut","app":"com.example.trails","id":"ghost","intent":"NoSuchIntent","title":"Ghost","phrases":["Ghost in ${applicationName}"]}"#,
        ]
        #expect(throws: IndexError.self) { try ingest(dir, batch) }
        #expect(try IndexStats.read(dir.index).documents == before)
        #expect(try search(dir, "extra").isEmpty)
    }

    /// A relevance update may name an entity whose record comes later in the
    /// run ("files can come in any order"): it was refused as not in the
    /// index. One that never comes still rejects the batch, naming its line.
    @Test func aRegistrationMayComeBeforeItsEntitysRecord() throws {
        let dir = TempDir()
        try ingest(dir, [
            #"{"kind":"relevance","app":"com.o","context":"location.home","op":"update","entities":[{"type":"T","id":"x"}]}"#,
            #"{"kind":"app","app":"com.o","name":"O"}"#,
            #"{"kind":"entity","app":"com.o","type":"T","id":"x","title":"Xylophone"}"#,
        ])
        var request = SearchRequest(query: "")
        request.contexts = ["location.home"]
        #expect(try Searcher(location: dir.index).search(request).hits.first?.id == "x")
        let before = try IndexStats.read(dir.index).documents
        #expect(throws: IndexError.self) {
            try ingest(dir, [#"{"kind":"relevance","app":"com.o","context":"location.work","op":"update","entities":[{"type":"T","id":"nope"}]}"#])
        }
        #expect(try IndexStats.read(dir.index).documents == before)
    }

    @Test func clientStateCommitsWithTheBatch() throws {
        let dir = TempDir()
        try ingest(dir, Fixture.trails, clientState: "offset=8")
        #expect(try IndexStats.read(dir.index).clientState == "offset=8")
        #expect(throws: IndexError.self) { try ingest(dir, [#"{"kind":"shortcut","app":"com.example.trails","id":"g","intent":"Nope","title":"G","phrases":["G ${applicationName}"]}"#], clientState: "offset=9") }
        #expect(try IndexStats.read(dir.index).clientState == "offset=8")
    }

    @Test func exportReadsBackIntoAnIdenticalIndex() throws {
        let a = TempDir(), b = TempDir()
        try ingest(a, Fixture.trails)
        let exported = try a.index.exportRecords().map { $0.json.serialized }
        try ingest(b, exported)
        #expect(try b.index.exportRecords().map { $0.json.serialized } == exported)
        #expect(try IndexStats.read(b.index).documents == IndexStats.read(a.index).documents)
    }
}

@Suite struct RecordRuleTests {
    func reject(_ line: String, _ reason: String) {
        do {
            _ = try records([line])
            Issue.record("accepted: \(line)")
        } catch ModelError.rejected(let lines) {
            #expect(lines.first?.contains(reason) == true, "\(lines)")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func namesTheRuleThatWasBroken() {
        reject(#"{"kind":"widget"}"#, "unknown kind")
        reject(#"{"app":"a"}"#, "missing field 'kind'")
        reject(#"{"kind":"entity","app":"a","type":"T","id":"1"}"#, "missing field 'title'")
        reject(#"{"kind":"entity","app":"a","type":"T","id":"1","title":"x","titel":"y"}"#, "unknown field 'titel'")
        reject(#"{"kind":"entity","app":"a","type":"T","id":"1","title":"x","rankingHint":150}"#, "rankingHint")
        reject(#"{"kind":"entity","app":"a","type":"T","id":"1","title":"x","transient":true}"#, "TransientAppEntity")
        reject(#"{"kind":"entity","app":"a","type":"T","id":"a\u0000b","title":"x"}"#, "control character")
        reject(#"{"kind":"shortcut","app":"a","id":"s","intent":"I","title":"S","phrases":["Open it"]}"#, "${applicationName}")
        reject(#"{"kind":"shortcut","app":"a","id":"s","intent":"I","title":"S","phrases":["Open ${x} in ${applicationName}"]}"#, "${x}")
        reject(#"{"kind":"interaction","app":"a","at":"yesterday"}"#, "ISO 8601")
        // A date alone was read as UTC's midnight (donate --at: the local one).
        reject(#"{"kind":"interaction","app":"a","at":"2026-12-01"}"#, "a date alone names no moment: give its time and offset, e.g. 2026-12-01T00:00:00Z")
        reject(#"{"kind":"entity","app":"a","type":"T","id":"1","title":"x","expires":"2026-12-01"}"#, "field 'expires' must be an ISO 8601 time with an offset or Z")
        reject(#"{"kind":"interaction","app":"a","at":"2026-11-29T07:30:00Z","context":["audio..x"]}"#, "well-formed")
        reject(#"{"kind":"relevance","app":"a","op":"update","entities":[]}"#, "needs a 'context'")
        // Present but not a list: it was said to be missing.
        reject(#"{"kind":"relevance","app":"a","context":"location.home","op":"update","entities":"e1"}"#, "field 'entities' must be an array of entities")
        // Every string shown or used as an id, lists included.
        reject(#"{"kind":"entity","app":"a","type":"T","id":"1","title":"x","keywords":["a\u001b[31mred"]}"#, "'keywords' item 1 contains a control character (U+001B, an escape, character 2)")
        reject(#"{"kind":"app","app":"a","name":"A","synonyms":["ok","syn\u009bX"]}"#, "'synonyms' item 2 contains a control character (U+009B, character 4)")
        reject(#"{"kind":"entity","app":"a","type":"T","id":"1","title":"x","description":"line\r\nnext"}"#, "'description' contains a control character (U+000D, a carriage return, character 5)")
        reject(#"{"kind":"shortcut","app":"a","id":"s","intent":"I","title":"S","phrases":["${p} in ${applicationName}"],"parameter":{"name":"p","type":"E","cases":[{"id":"x\u0000y","title":"X"}]}}"#, "control character")
        reject(#"{"kind":"shortcut","app":"a","id":"s","intent":"I","title":"S","phrases":["${p} in ${applicationName}"],"parameter":{"name":"p","type":"E","cases":[{"id":"","title":""}]}}"#, "must not be empty")
        // A relevance update's entities belong to its app, are entities, and are records or references.
        let update = #"{"kind":"relevance","app":"com.a","context":"audio.workout","op":"update","entities":["#
        reject(update + #"{"kind":"entity","app":"com.b","type":"T","id":"x","title":"X"}]}"#, "its app \"com.b\" is not the record's")
        reject(update + #"{"kind":"shortcut","type":"T","id":"x","title":"X"}]}"#, "its kind is \"shortcut\"")
        reject(update + #"{"type":"T","id":"x","patch":true,"subtitle":"s"}]}"#, "'patch' without a title")
        reject(#"{"kind":"relevance","app":"com.a","context":"audio.workout","op":"clear","entities":[{"type":"T","id":"x"}]}"#, "takes no 'entities'")
        reject(#"{"kind":"relevance","app":"a","op":"update","entities":[]}"#, "an 'update' relevance record needs a 'context'")
        let contexts = (0...1_000).map { #""c\#($0)""# }.joined(separator: ",")
        reject(#"{"kind":"interaction","app":"a","at":"2026-11-29T07:30:00Z","context":[\#(contexts)]}"#, "'context' has 1001 items; the limit is 1000")
    }

    @Test func twentyProblemsAreTwentyAndMoreSayItStopped() throws {
        let dir = TempDir()
        for (bad, told) in [(20, 20), (21, 21)] {
            let path = dir.write("bad\(bad).jsonl", Array(repeating: "{", count: bad))
            do {
                _ = try RecordReader.read([path])
            } catch ModelError.rejected(let lines) {
                #expect(lines.count == told && lines.last!.hasPrefix("(stopped") == (bad > 20), "\(lines)")
            }
        }
    }

    @Test func aByteOrderMarkStartingAFileIsSkipped() throws {
        let dir = TempDir()
        let r = try RecordReader.read([dir.write("bom.jsonl", ["\u{FEFF}" + #"{"kind":"app","app":"a","name":"A"}"#])])
        #expect(r.count == 1 && r.first?.record.app == "a")
    }
}
