import Testing
@testable import LimelightKit

private let trailsApp = "com.example.trails"

private func entity(_ id: String, _ title: String, extra: String = "") -> String {
    #"{"kind":"entity","app":"com.example.trails","type":"TrailEntity","id":"\#(id)","title":"\#(title)"\#(extra)}"#
}

@Suite struct EntityLifecycleTests {
    let dir = TempDir()
    init() throws { try ingest(dir, Fixture.trails) }

    func lookup() throws -> Lookup { try Lookup(location: dir.index) }

    @Test func aPatchKeepsAbsentFieldsAndNullClearsThem() throws {
        try ingest(dir, [#"{"kind":"entity","app":"com.example.trails","type":"TrailEntity","id":"monterey-bay","patch":true,"title":"Monterey Bay Rec Trail"}"#])
        var r = try #require(try lookup().entity(app: trailsApp, type: "TrailEntity", id: "monterey-bay"))
        #expect(r.title == "Monterey Bay Rec Trail")
        #expect(r.subtitle == "Monterey, CA")
        #expect(r.keywords == ["coast", "bike"])
        try ingest(dir, [#"{"kind":"entity","app":"com.example.trails","type":"TrailEntity","id":"monterey-bay","patch":true,"subtitle":null}"#])
        r = try #require(try lookup().entity(app: trailsApp, type: "TrailEntity", id: "monterey-bay"))
        #expect(r.subtitle == nil)
        #expect(r.title == "Monterey Bay Rec Trail")
        // A plain record still replaces the whole entity.
        try ingest(dir, [entity("monterey-bay", "Monterey Bay")])
        r = try #require(try lookup().entity(app: trailsApp, type: "TrailEntity", id: "monterey-bay"))
        #expect(r.keywords.isEmpty && r.text == nil)
    }

    /// Properties are an entity's fields too (`@Property`): a patch that
    /// names one keeps the others, and `null` removes the one it names.
    @Test func aPatchOfOnePropertyKeepsTheOthers() throws {
        func properties() throws -> JSONObject? {
            try #require(try lookup().entity(app: trailsApp, type: "TrailEntity", id: "monterey-bay")).fields["properties"]?.object
        }
        try ingest(dir, [#"{"kind":"entity","app":"com.example.trails","type":"TrailEntity","id":"monterey-bay","patch":true,"properties":{"paved":true}}"#])
        var p = try properties()
        #expect(p?["lengthKm"] == .number(29) && p?["paved"] == .bool(true), "\(String(describing: p))")
        try ingest(dir, [#"{"kind":"entity","app":"com.example.trails","type":"TrailEntity","id":"monterey-bay","patch":true,"properties":{"lengthKm":null}}"#])
        p = try properties()
        #expect(p?.keys == ["paved"], "\(String(describing: p))")
        try ingest(dir, [#"{"kind":"entity","app":"com.example.trails","type":"TrailEntity","id":"monterey-bay","patch":true,"properties":{"paved":null}}"#])
        #expect(try properties() == nil)
        #expect(try lookup().entity(app: trailsApp, type: "TrailEntity", id: "monterey-bay")?.title == "Monterey Bay Coastal Trail")
    }

    /// A patched entity is one line of an export, which must read back.
    @Test func aPatchThatWouldMakeTheRecordTooLongIsRejected() throws {
        let keywords = (0..<1_000).map { "\"\(String(repeating: "k", count: 999))\($0 % 10)\"" }.joined(separator: ",")
        try ingest(dir, [#"{"kind":"entity","app":"com.example.trails","type":"TrailEntity","id":"big","title":"Big","keywords":[\#(keywords)]}"#])
        do {
            try ingest(dir, [#"{"kind":"entity","app":"com.example.trails","type":"TrailEntity","id":"big","patch":true,"description":"\#(String(repeating: "語", count: 20_000))"}"#])
            Issue.record("a patch past 1 MiB was accepted")
        } catch let e as IndexError {
            #expect(e.description.contains("the entity as patched would be"), "\(e.description)")
        }
    }

    @Test func aPatchOfAnUnknownEntityIsRejected() throws {
        #expect(throws: IndexError.self) {
            try ingest(dir, [#"{"kind":"entity","app":"com.example.trails","type":"TrailEntity","id":"nope","patch":true,"subtitle":"x"}"#])
        }
    }

    @Test func stableIdsLookUpDeleteAndCreditInteractions() throws {
        try ingest(dir, [entity("local-7", "Lands End Trail", extra: #","stableId":"sync-abc""#),
                         #"{"kind":"interaction","app":"com.example.trails","intent":"OpenTrail","entities":[{"type":"TrailEntity","id":"sync-abc"}],"at":"2026-11-29T07:30:00Z"}"#])
        #expect(try lookup().entity(app: trailsApp, type: "TrailEntity", id: "sync-abc")?.id == "local-7")
        var req = SearchRequest(query: "")
        req.at = Timestamp(iso8601: "2026-11-29T08:00:00Z")!
        let top = try Searcher(location: dir.index).search(req).hits.first
        #expect(top?.id == "local-7" || top?.parameter?.id == "local-7")
        let w = try IndexWriter.open(dir.index)
        #expect(try w.delete(.entity(app: trailsApp, type: "TrailEntity", id: "sync-abc")) == 2)  // entity + its donation
        w.close()
        #expect(try lookup().entity(app: trailsApp, type: "TrailEntity", id: "local-7") == nil)
    }

    @Test func aStableIdNamesOneEntityOfItsType() throws {
        try ingest(dir, [entity("local-7", "Lands End Trail", extra: #","stableId":"sync-abc""#)])
        // Another entity claiming it is refused, naming both; nothing is written.
        do {
            try ingest(dir, [entity("local-8", "Lands End Loop", extra: #","stableId":"sync-abc""#)])
            Issue.record("a second entity with the same stable id was accepted")
        } catch let e as IndexError {
            #expect(e.description.contains("stableId 'sync-abc' of TrailEntity/local-8 is already the stable id of TrailEntity/local-7"))
        }
        #expect(try lookup().entity(app: trailsApp, type: "TrailEntity", id: "local-8") == nil)
        // Two in one run are told once, at the later record.
        let fresh = TempDir()
        do {
            try ingest(fresh, Fixture.trails + [entity("a", "A", extra: #","stableId":"s""#), entity("b", "B", extra: #","stableId":"s""#)])
            Issue.record("two entities with one stable id were accepted")
        } catch let e as IndexError {
            #expect(e.description.split(separator: "\n").filter { $0.contains("stableId 's'") }.count == 1)
            #expect(e.description.contains("TrailEntity/b is already the stable id of TrailEntity/a"))
        }
        // Moving the stable id within one run, another type, and the same entity again are fine.
        try ingest(dir, [entity("local-7", "Lands End Trail"), entity("local-8", "Lands End Loop", extra: #","stableId":"sync-abc""#),
                         #"{"kind":"entity","app":"com.example.trails","type":"CampEntity","id":"c","title":"Camp","stableId":"sync-abc"}"#,
                         entity("local-8", "Lands End Loop", extra: #","stableId":"sync-abc""#)])
        #expect(try lookup().entity(app: trailsApp, type: "TrailEntity", id: "sync-abc")?.id == "local-8")
    }

    /// An id written composed and one written decomposed are the same text,
    /// so the same entity (Xapian compared their bytes, Swift their text:
    /// two entities, with one's uses credited to the other).
    @Test func idsThatAreTheSameTextAreTheSameEntity() throws {
        try ingest(dir, [entity("caf\u{e9}", "Zzyzx"), entity("cafe\u{301}", "Kiwi"),
                         #"{"kind":"interaction","app":"com.example.trails","intent":"OpenTrail","entities":[{"type":"TrailEntity","id":"cafe\u0301"}],"at":"2026-11-29T07:30:00Z"}"#])
        let composed = try #require(try lookup().entity(app: trailsApp, type: "TrailEntity", id: "caf\u{e9}"))
        #expect(composed.title == "Kiwi")
        let found = try Searcher(location: dir.index).search(SearchRequest(query: "zzyzx")).hits.filter { $0.kind == .entity }
        #expect(found.isEmpty)
        let hit = try #require(try Searcher(location: dir.index).search(SearchRequest(query: "kiwi")).hits.first { $0.kind == .entity })
        #expect((hit.components.first { $0.name == "usage" }?.value ?? 0) > 0, "\(hit.components)")
    }

    @Test func expiredEntitiesAppearNowhere() throws {
        try ingest(dir, [entity("pop-up", "Pop-up Lantern Walk", extra: #","expires":"2026-11-01T00:00:00Z""#)])
        var before = SearchRequest(query: "lantern")
        before.at = Timestamp(iso8601: "2026-10-31T12:00:00Z")!
        #expect(try Searcher(location: dir.index).search(before).hits.first?.id == "pop-up")
        var after = before
        after.at = Timestamp(iso8601: "2026-11-02T00:00:00Z")!
        #expect(try Searcher(location: dir.index).search(after).hits.isEmpty)
        #expect(try lookup().resolve(app: trailsApp, type: "TrailEntity", ids: ["pop-up"], at: after.at).first?.record == nil)
    }

    @Test func deletingByTypeAndByAppRemovesEverything() throws {
        let w = try IndexWriter.open(dir.index)
        defer { w.close() }
        #expect(try w.delete(.type(app: trailsApp, type: "TrailEntity")) == 5)
        #expect(try search(dir, "monterey").isEmpty)
        try w.delete(.app(trailsApp))
        #expect(w.documentCount == 0)
    }

    @Test func resolveReturnsThousandsOfRecordsInOrder() throws {
        try ingest(dir, (0..<3000).map { entity("bulk-\($0)", "Bulk Trail \($0)") })
        let ids = (0..<3000).reversed().map { "bulk-\($0)" } + ["missing"]
        let out = try lookup().resolve(app: trailsApp, type: "TrailEntity", ids: ids)
        #expect(out.count == 3001)
        #expect(out.first?.record?.title == "Bulk Trail 2999")
        #expect(out.last?.record == nil)
    }
}

@Suite struct PropertyPredicateTests {
    let dir = TempDir()
    init() throws {
        try ingest(dir, [
            #"{"kind":"app","app":"com.example.cal","name":"Calendar"}"#,
            #"{"kind":"entity","app":"com.example.cal","type":"EventEntity","id":"a","title":"Standup","properties":{"start":{"date":"2026-12-01T09:00:00-08:00"},"length":{"duration":900},"attendees":[{"person":{"givenName":"Ana","familyName":"Lopez","email":"ana@example.com"}}],"room":"Blue"}}"#,
            #"{"kind":"entity","app":"com.example.cal","type":"EventEntity","id":"b","title":"Planning","properties":{"start":{"date":"2026-12-08T09:00:00-08:00"},"length":{"duration":3600},"room":"Red","online":true}}"#,
            #"{"kind":"entity","app":"com.example.cal","type":"TrailEntity","id":"t","title":"Long Trail","properties":{"lengthKm":42.5}}"#,
        ])
    }

    func ids(_ wheres: [String], type: String = "EventEntity") throws -> [String] {
        try Lookup(location: dir.index).entities(app: nil, type: type, predicates: wheres, limit: 100).map(\.id).sorted()
    }

    @Test func rangesOnDatesNumbersAndDurations() throws {
        #expect(try ids(["start>=2026-12-01", "start<2026-12-02"]) == ["a"])
        #expect(try ids(["start>2026-12-01T09:00:00-08:00"]) == ["b"])
        #expect(try ids(["length<=15m"]) == ["a"])
        #expect(try ids(["length>PT30M"]) == ["b"])
        #expect(try ids(["lengthKm>40"], type: "TrailEntity") == ["t"])
        #expect(try ids(["lengthKm>50"], type: "TrailEntity") == [])
    }

    @Test func aRangeOnAUnionComparesValuesOfItsOwnType() throws {
        try ingest(dir, [
            #"{"kind":"entity","app":"com.example.cal","type":"NoteEntity","id":"number","title":"N","properties":{"v":1800000000}}"#,
            #"{"kind":"entity","app":"com.example.cal","type":"NoteEntity","id":"date","title":"D","properties":{"v":{"date":"2026-12-05T00:00:00Z"}}}"#,
            #"{"kind":"entity","app":"com.example.cal","type":"NoteEntity","id":"hour","title":"H","properties":{"v":{"duration":3600}}}"#,
            #"{"kind":"entity","app":"com.example.cal","type":"NoteEntity","id":"small","title":"S","properties":{"v":[3600, {"date":"2030-01-01T00:00:00Z"}]}}"#,
        ])
        // 1,800,000,000 s is in 2027: a plain number is not a date.
        #expect(try ids(["v>2026-12-01"], type: "NoteEntity") == ["date"])
        #expect(try ids(["v<2026-12-06"], type: "NoteEntity") == ["date"])
        // "3600" reads as a number and as a duration in seconds; "1h" only as a duration.
        #expect(try ids(["v=3600"], type: "NoteEntity") == ["hour", "small"])
        #expect(try ids(["v>=1h"], type: "NoteEntity") == ["hour"])
        #expect(try ids(["v>100"], type: "NoteEntity") == ["hour", "number", "small"])
    }

    @Test func equalitySeesEveryValueOfAListAndEveryTypeOfAUnion() throws {
        let long = String(repeating: "x", count: 150)
        try ingest(dir, [
            #"{"kind":"entity","app":"com.example.cal","type":"TaskEntity","id":"t1","title":"Pay rent","properties":{"tags":[3,5,9],"due":{"date":"2026-12-03T09:00:00Z"},"est":{"duration":600},"pri":2,"s":"\#(long)","where":{"place":{"name":"Zürich"}},"label":"Café Noir"}}"#,
            #"{"kind":"entity","app":"com.example.cal","type":"TaskEntity","id":"t2","title":"Learn piano","properties":{"tags":[5],"due":"someday","est":"unknown","pri":"high","s":"\#(long)y"}}"#,
        ])
        func task(_ w: String) throws -> [String] { try ids([w], type: "TaskEntity") }
        #expect(try task("tags=9") == ["t1"])
        #expect(try task("tags=5") == ["t1", "t2"])
        #expect(try task("due=2026-12-03T10:00:00+01:00") == ["t1"])
        #expect(try task("due=someday") == ["t2"])
        #expect(try task("est=10m") == ["t1"] && task("est=600") == ["t1"])
        #expect(try task("pri=2.0") == ["t1"] && task("pri=high") == ["t2"])
        // A whole value, however long; and text without diacritics, as search compares it.
        #expect(try task("s=\(long)") == ["t1"])
        #expect(try task("where~zurich") == ["t1"] && task("label=cafe noir") == ["t1"] && task("label~CAFÉ") == ["t1"])
    }

    /// A type may hold dots (reverse-DNS names): --type takes the key whole.
    @Test func aTypeWithDotsIsFiltered() throws {
        try ingest(dir, [#"{"kind":"entity","app":"com.example.cal","type":"com.example.Dotted","id":"d","title":"Dotted","properties":{"size":7,"color":"red"}}"#])
        #expect(try ids(["size=7"], type: "com.example.Dotted") == ["d"])
        do {
            _ = try ids(["nope=1"], type: "com.example.Dotted")
            Issue.record("an unknown property was accepted")
        } catch SearchError.badPredicate(let message) {
            #expect(message.contains("(known: color, size)"), "\(message)")
        }
    }

    @Test func equalityAndContains() throws {
        #expect(try ids(["room=blue"]) == ["a"])
        #expect(try ids(["online=true"]) == ["b"])
        #expect(try ids(["attendees~lopez"]) == ["a"])
        #expect(try ids(["attendees=ana@example.com"]) == ["a"])
    }

    @Test func searchTakesPredicatesToo() throws {
        var r = SearchRequest(query: "")
        let searcher = try Searcher(location: dir.index)
        r.type = "EventEntity"
        try r.addPredicate("start>=2026-12-05", schema: try searcher.propertySchema())
        #expect(try searcher.search(r).hits.map(\.id) == ["b"])
    }

    @Test func unknownOrMistypedPropertiesAreUsageErrors() throws {
        for bad in ["nope>1", "room>3", "start>=soon", "online=maybe", "length~x", "start"] {
            do {
                _ = try ids([bad])
                Issue.record("accepted \(bad)")
            } catch SearchError.badPredicate(_) {
                // a usage error (64), as it should be; anything else fails the test
            }
        }
    }
}

@Suite struct ShortcutRuleTests {
    let dir = TempDir()
    init() throws { try ingest(dir, Fixture.trails) }

    func rejected(_ lines: [String], mentioning rule: String) {
        do {
            try ingest(dir, lines)
            Issue.record("accepted")
        } catch IndexError.rejected(let lines) {
            #expect(lines.joined(separator: "\n").contains(rule), "\(lines)")
        } catch { Issue.record("\(error)") }
    }

    func shortcut(_ id: String, _ extra: String = "") -> String {
        #"{"kind":"shortcut","app":"com.example.trails","id":"\#(id)","intent":"OpenTrail","title":"S \#(id)","phrases":["Do \#(id) in ${applicationName}"]\#(extra)}"#
    }

    @Test func atMostTenPerApp() throws {
        try ingest(dir, (2...10).map { shortcut("s\($0)") })
        rejected([shortcut("s11")], mentioning: "at most 10 App Shortcuts")
    }

    /// Every broken rule is told (up to 20), each at its own line; an app
    /// over ten App Shortcuts at its last one's (the first's was named).
    @Test func everyProblemIsToldAtItsLine() throws {
        do {
            try ingest(dir, [shortcut("a", ""), #"{"kind":"shortcut","app":"com.example.trails","id":"x","intent":"Nope","title":"X","phrases":["X ${applicationName}"]}"#,
                             #"{"kind":"shortcut","app":"com.example.trails","id":"y","intent":"Nope2","title":"Y","phrases":["Y ${applicationName}"]}"#]
                             + (2...9).map { shortcut("s\($0)") })
            Issue.record("accepted")
        } catch IndexError.rejected(let lines) {
            #expect(lines.count == 3, "\(lines)")
            #expect(lines.contains { $0.hasPrefix("test.jsonl:2:") && $0.contains("'Nope'") } && lines.contains { $0.hasPrefix("test.jsonl:3:") && $0.contains("'Nope2'") }, "\(lines)")
            #expect(lines.contains { $0.hasPrefix("test.jsonl:11:") && $0.contains("at most 10") }, "\(lines)")
        }
    }

    @Test func theIntentMustExist() {
        rejected([#"{"kind":"shortcut","app":"com.example.trails","id":"x","intent":"Nope","title":"X","phrases":["X ${applicationName}"]}"#],
                 mentioning: "does not declare")
    }

    @Test func theParameterTakesValuesFromAFiniteList() {
        rejected([#"{"kind":"intent","app":"com.example.trails","id":"Browse","title":"Browse"}"#,
                  #"{"kind":"shortcut","app":"com.example.trails","id":"p","intent":"Browse","title":"P","phrases":["Browse ${thing} in ${applicationName}"],"parameter":{"name":"thing","type":"GhostEntity"}}"#],
                 mentioning: "finite list")
        rejected([shortcut("r", #","parameter":{"name":"trail","type":"GhostEntity"}"#)], mentioning: "has type GhostEntity, but intent")
        rejected([shortcut("q", #","parameter":{"name":"other","type":"TrailEntity"}"#)], mentioning: "not a parameter of intent")
    }

    @Test func anIndexWhoseShortcutHasNoValueLeftExportsAndImportsAgain() throws {
        // The intent declares the parameter's type: the app's own, with no entity left.
        let w = try IndexWriter.open(dir.index)
        _ = try w.delete(.type(app: "com.example.trails", type: "TrailEntity"))
        w.close()
        let exported = try dir.index.exportRecords().map { $0.json.serialized }
        let copy = TempDir()
        try ingest(copy, exported)
        #expect(try copy.index.exportRecords().map { $0.json.serialized } == exported)
    }

    @Test func anIntentDeclaredAgainMustStillFitItsShortcuts() {
        rejected([#"{"kind":"intent","app":"com.example.trails","id":"OpenTrail","title":"Open Trail","parameters":[{"name":"other","type":"X"}]}"#],
                 mentioning: "intent 'OpenTrail' no longer fits App Shortcut 'open-trail'")
        // With the shortcut changed in the same run, it fits.
        #expect(throws: Never.self) {
            try ingest(dir, [#"{"kind":"intent","app":"com.example.trails","id":"OpenTrail","title":"Open Trail","parameters":[{"name":"other","type":"TrailEntity"}]}"#,
                             #"{"kind":"shortcut","app":"com.example.trails","id":"open-trail","intent":"OpenTrail","title":"Open Trail","phrases":["Open ${other} in ${applicationName}"],"parameter":{"name":"other","type":"TrailEntity"}}"#])
        }
    }

    @Test func declaredOrderUntilUsageReordersThem() throws {
        try ingest(dir, [#"{"kind":"intent","app":"com.example.trails","id":"Pin","title":"Pin"}"#,
                         #"{"kind":"shortcut","app":"com.example.trails","id":"pinned","intent":"Pin","title":"Open Pinned Trail","phrases":["Open pinned trail in ${applicationName}"]}"#])
        let at = Timestamp(iso8601: "2026-11-30T00:00:00Z")!
        #expect(try Lookup(location: dir.index).appShortcuts(app: trailsApp, at: at).map(\.record.id) == ["open-trail", "pinned"])
        try ingest(dir, [#"{"kind":"interaction","app":"com.example.trails","shortcut":"pinned","intent":"Pin","at":"2026-11-29T07:30:00Z"}"#])
        #expect(try Lookup(location: dir.index).appShortcuts(app: trailsApp, at: at).map(\.record.id) == ["pinned", "open-trail"])
    }
}

@Suite struct DonationTests {
    let dir = TempDir()
    let at = Timestamp(iso8601: "2026-11-30T08:00:00Z")!
    init() throws { try ingest(dir, Fixture.trails) }

    func donate(_ entity: String, at time: String, intent: String = "OpenTrail") throws -> String {
        try #require(try donations(entity, at: time, intent: intent).first)
    }

    /// The ids of what was recorded (none where history left the use out).
    func donations(_ entity: String, at time: String, intent: String = "OpenTrail") throws -> [String] {
        let w = try IndexWriter.open(dir.index)
        defer { w.close() }
        return try w.apply(try records([#"{"kind":"interaction","app":"com.example.trails","intent":"\#(intent)","entities":[{"type":"TrailEntity","id":"\#(entity)"}],"at":"\#(time)"}"#])).donationIDs
    }

    func topSuggestion() throws -> String? {
        var r = SearchRequest(query: "")
        r.at = at
        let h = try Searcher(location: dir.index).search(r).hits.first
        return h?.parameter?.id ?? h?.id
    }

    func forget(_ f: Forgetting) throws -> Int {
        let w = try IndexWriter.open(dir.index)
        defer { w.close() }
        return try w.forget(f)
    }

    @Test func aDonationAffectsRankingAtOnceAndForgettingUndoesIt() throws {
        let before = try topSuggestion()
        let id = try donate("big-sur", at: "2026-11-29T07:00:00Z")
        #expect(id.hasPrefix("d-"))
        #expect(try topSuggestion() == "big-sur")
        #expect(try forget(.donation(id: id)) == 1)
        #expect(try topSuggestion() == before)
    }

    @Test func forgetByIntentEntityAppRangeAndEverything() throws {
        _ = try donate("big-sur", at: "2026-11-01T07:00:00Z")
        _ = try donate("fuji", at: "2026-11-10T07:00:00Z")
        _ = try donate("fuji", at: "2026-11-20T07:00:00Z")
        #expect(try forget(.intent(app: trailsApp, intent: "OpenTrail", entity: EntityRef(type: "TrailEntity", id: "big-sur"))) == 1)
        #expect(try forget(.timeRange(from: Timestamp(iso8601: "2026-11-15T00:00:00Z"), to: nil)) == 1)
        #expect(try forget(.app(trailsApp)) == 1)
        // A use made before the forget is one it forgot: not recorded again
        // (a log indexed again brought every one back). One made after it is new.
        #expect(try donations("fuji", at: "2026-11-20T07:00:00Z").isEmpty)
        _ = try donate("fuji", at: Timestamp(seconds: Timestamp.now().seconds + 1).description)
        #expect(try forget(.everything) == 1)
        #expect(try IndexStats.read(dir.index).byKind.first { $0.kind == "interaction" }?.count == 0)
    }

    @Test func forgettingLeavesNoUsageBehind() throws {
        _ = try donate("fuji", at: "2026-11-29T07:00:00Z")
        #expect(try forget(.everything) == 1)
        let db = try dir.index.openReader()
        #expect(try db.termFrequency(Schema.used) == 0)
    }
}

@Suite struct RelevantEntityTests {
    let dir = TempDir()
    init() throws {
        try ingest(dir, [
            #"{"kind":"app","app":"com.example.music","name":"Music"}"#,
            #"{"kind":"relevance","app":"com.example.music","context":"audio.workout.running","op":"update","entities":[{"type":"PlaylistEntity","id":"tempo","title":"Tempo Run"},{"type":"PlaylistEntity","id":"easy","title":"Easy Miles"}]}"#,
        ])
    }

    func registered() throws -> [String] {
        try Lookup(location: dir.index).registrations(app: "com.example.music").flatMap { r in r.entities.map { "\(r.context)=\($0.id)" } }.sorted()
    }

    func relevance(_ json: String) throws { try ingest(dir, [json]) }

    /// The entity registered for the very context is a candidate however
    /// many are registered for its ancestors (100 for audio.workout, taken
    /// in item order, crowded it out of a suggestion).
    @Test func theVeryContextsRegistrationIsACandidateWhateverItsAncestorsHold() throws {
        let many = (0..<120).map { #"{"type":"PlaylistEntity","id":"w\#($0)","title":"Workout \#($0)"}"# }.joined(separator: ",")
        try ingest(dir, [#"{"kind":"app","app":"com.aaa","name":"Aaa"}"#,
                         #"{"kind":"relevance","app":"com.aaa","context":"audio.workout","op":"update","entities":[\#(many)]}"#])
        var r = SearchRequest(query: "")
        r.contexts = ["audio.workout.running"]
        r.limit = 3
        let ids = try Searcher(location: dir.index).search(r).hits.map(\.id)
        #expect(ids.contains("tempo") && ids.contains("easy"), "\(ids)")
    }

    /// With a query too, the person's habit in the very context beats a
    /// registration never used: a hint, not an override (the registration
    /// was not scaled with the usage parts, and beat any habit).
    @Test func withAQueryTheHabitInTheContextBeatsARegistration() throws {
        let uses = (1...28).flatMap { day in (0..<3).map { n in
            #"{"kind":"interaction","app":"com.example.music","entities":[{"type":"PlaylistEntity","id":"mix"}],"at":"2026-11-\#(String(format: "%02d", day))T18:\#(n)0:00-08:00","context":["audio.workout.running"]}"#
        } }
        try ingest(dir, [#"{"kind":"entity","app":"com.example.music","type":"PlaylistEntity","id":"mix","title":"Tempo Mix"}"#] + uses)
        var r = SearchRequest(query: "tempo")
        r.contexts = ["audio.workout.running"]
        r.at = Timestamp(iso8601: "2026-11-29T18:10:00-08:00")!
        #expect(try Searcher(location: dir.index).search(r).hits.first?.id == "mix")
    }

    /// The chance goes to one registered item: --explain says so of it only,
    /// and the rank it was given, which its score does not explain.
    @Test func explainNamesTheOneRegisteredItemGivenItsChance() throws {
        var r = SearchRequest(query: "")
        r.contexts = ["audio.workout.running"]
        r.explained = true
        let hits = try Searcher(location: dir.index).search(r).hits
        let told = hits.filter { $0.components.contains { $0.name.hasPrefix("registered for these contexts, never used") } }
        #expect(told.count == 1, "\(told.map(\.id))")
        if let hit = told.first, let rank = hits.firstIndex(where: { $0.id == hit.id && $0.kind == hit.kind }) {
            #expect(hit.components.contains { $0.name.hasPrefix("registered for these contexts, never used: given rank \(rank + 1) whatever its score") })
        }
    }

    @Test func updateRegistersAndReplaces() throws {
        #expect(try registered() == ["audio.workout.running=easy", "audio.workout.running=tempo"])
        try relevance(#"{"kind":"relevance","app":"com.example.music","context":"audio.workout.running","op":"update","entities":[{"type":"PlaylistEntity","id":"tempo"}]}"#)
        #expect(try registered() == ["audio.workout.running=tempo"])
    }

    @Test func eachRemovalFormRemovesIt() throws {
        try relevance(#"{"kind":"relevance","app":"com.example.music","context":"audio.workout.running","op":"remove","entities":[{"type":"PlaylistEntity","id":"tempo"}]}"#)
        #expect(try registered() == ["audio.workout.running=easy"])
        try relevance(#"{"kind":"relevance","app":"com.example.music","op":"remove-everywhere","entities":[{"type":"PlaylistEntity","id":"easy"}]}"#)
        #expect(try registered() == [])
        try relevance(#"{"kind":"relevance","app":"com.example.music","context":"audio.workout.running","op":"update","entities":[{"type":"PlaylistEntity","id":"tempo"}]}"#)
        try relevance(#"{"kind":"relevance","app":"com.example.music","context":"audio.workout.running","op":"clear"}"#)
        #expect(try registered() == [])
        try relevance(#"{"kind":"relevance","app":"com.example.music","context":"sleep.bedtime","op":"update","entities":[{"type":"PlaylistEntity","id":"easy"}]}"#)
        try relevance(#"{"kind":"relevance","app":"com.example.music","op":"clear-all"}"#)
        #expect(try registered() == [])
        // And the entity itself no longer carries the context.
        #expect(try dir.index.openReader().termFrequency(Schema.term(Schema.relevantIn, "sleep.bedtime")) == 0)
    }

    @Test func aMoreSpecificRegistrationIsAStrongerHint() {
        let exact = Scorer.relevanceStrength(registered: ["audio.workout.running"], current: ["audio.workout.running"])
        let broader = Scorer.relevanceStrength(registered: ["audio.workout"], current: ["audio.workout.running"])
        let narrower = Scorer.relevanceStrength(registered: ["audio.workout.running"], current: ["audio.workout"])
        #expect(exact == 1)
        #expect(broader > 0 && broader < exact)
        #expect(narrower == 0)
    }
}
