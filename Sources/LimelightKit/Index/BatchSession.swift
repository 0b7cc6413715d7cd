import Xapian

/// Applies one batch of records inside the writer's open transaction.
///
/// Records are applied in input order (so a patch sees the entity written just
/// before it); rules that look across records (an App Shortcut's intent must
/// exist, at most 10 shortcuts per app, an interaction's app must exist) are
/// checked in `finish`, once the whole batch is in, so files can come in any
/// order. Derived documents (App Shortcuts bound to each parameter value) are
/// regenerated in `finish` for every app the batch touched.
struct BatchSession {
    let writer: IndexWriter
    var summary = IndexWriter.Summary()
    private var db: WritableDatabase { writer.db }
    private var touchedApps = Set<String>()
    private var toCheck: [LocatedRecord] = []
    /// Relevant-entity registrations per app → context → entities, loaded lazily.
    private var registrations: [String: [String: [EntityRef]]] = [:]
    private var touchedEntities = Set<EntityKeyParts>()

    struct EntityKeyParts: Hashable {
        var app: String
        var ref: EntityRef
    }

    init(writer: IndexWriter) { self.writer = writer }

    private var builder: DocumentBuilder { writer.builderForSession }

    mutating func apply(_ r: Record, at location: String = "") throws {
        summary.counts[r.kind, default: 0] += 1
        switch r.kind {
        case .app:
            try put(try builder.app(r), key: Schema.itemKey(for: r))
            touchedApps.insert(r.app)
        case .intent:
            try put(try builder.plain(r), key: Schema.itemKey(for: r))
            touchedApps.insert(r.app)
        case .entity:
            try upsertEntity(r)
        case .shortcut:
            try put(try builder.plain(r), key: Schema.itemKey(for: r))
            touchedApps.insert(r.app)
            toCheck.append(LocatedRecord(r, at: location))
        case .interaction:
            var fields = r.fields
            if r.fields["id"] == nil {
                // Content-derived id: re-importing the same log is idempotent.
                fields["id"] = .string("d-" + fnv1a64Hex(r.json.serialized))
            }
            let rec = Record(kind: .interaction, fields: fields)
            var terms: [String] = []
            for e in rec.entityRefs {
                terms.append(Schema.term(Schema.entityRef, Schema.entityKey(app: rec.app, type: e.type, id: e.id)))
            }
            let doc = try builder.plain(rec, extraTerms: terms)
            if let at = rec.at { try doc.setValue(Schema.timeSlot, number: at.seconds) }
            try put(doc, key: Schema.itemKey(for: rec))
            summary.donationIDs.append(rec.id)
            toCheck.append(LocatedRecord(rec, at: location))
        case .relevance:
            try applyRelevance(r)
        }
    }

    private func put(_ doc: Document, key: String) throws {
        try db.replace(uniqueTerm: Schema.term(Schema.unique, key), with: doc)
    }

    private mutating func upsertEntity(_ r: Record) throws {
        var record = r
        let key = Schema.itemKey(for: r)
        if r.isPatch {
            guard let stored = try writer.storedRecord(forKey: key) else {
                throw RecordError("patch for entity \(r.type)/\(r.id) of \(r.app), which is not in the index")
            }
            record = try stored.applyingPatch(r)
        }
        let contexts = try contextsFor(app: record.app, ref: EntityRef(type: record.type, id: record.id))
        try put(try builder.entity(record, contexts: contexts), key: key)
        touchedApps.insert(record.app)
    }

    // MARK: Relevant entities

    private mutating func loadRegistrations(_ app: String) throws -> [String: [EntityRef]] {
        if let r = registrations[app] { return r }
        var sets: [String: [EntityRef]] = [:]
        for (_, rec) in try writer.storedRecords(kind: .relevance, app: app) {
            if let c = rec.context { sets[c] = rec.entityRefs }
        }
        registrations[app] = sets
        return sets
    }

    private mutating func contextsFor(app: String, ref: EntityRef) throws -> [String] {
        try loadRegistrations(app).filter { $0.value.contains(ref) }.map(\.key).sorted()
    }

    private mutating func applyRelevance(_ r: Record) throws {
        let app = r.app
        var sets = try loadRegistrations(app)
        let before = sets
        let refs = r.entityRefs
        switch r.op ?? "" {
        case "update":
            for e in r.embeddedEntities { try upsertEntity(e) }
            for ref in refs where r.embeddedEntities.allSatisfy({ EntityRef(type: $0.type, id: $0.id) != ref }) {
                guard try writer.docID(forKey: Schema.entityKey(app: app, type: ref.type, id: ref.id)) != nil else {
                    throw RecordError("relevance update names entity \(ref.type)/\(ref.id), which is not in the index (give its full record)")
                }
            }
            var unique: [EntityRef] = []
            for ref in refs where !unique.contains(ref) { unique.append(ref) }
            sets[r.context!] = unique
        case "remove":
            sets[r.context!]?.removeAll { refs.contains($0) }
        case "remove-everywhere":
            for c in sets.keys { sets[c]?.removeAll { refs.contains($0) } }
        case "clear":
            sets[r.context!] = nil
        case "clear-all":
            sets = [:]
        default:
            break
        }
        registrations[app] = sets
        // Store each changed context's set, and re-put the entities whose contexts changed.
        for c in Set(before.keys).union(sets.keys) where before[c] != sets[c] {
            let key = Schema.key("relevance", app, c)
            if let set = sets[c], !set.isEmpty {
                let rec = Record(kind: .relevance, fields: JSONObject([
                    ("kind", "relevance"), ("app", .string(app)), ("context", .string(c)), ("op", "update"),
                    ("entities", .array(set.map { ["type": .string($0.type), "id": .string($0.id)] })),
                ]))
                try put(try builder.plain(rec, extraTerms: [Schema.term(Schema.contextTerm, c)]), key: key)
            } else {
                try db.delete(term: Schema.term(Schema.unique, key))
                if sets[c] != nil { sets[c] = nil; registrations[app] = sets }
            }
            let changed = Set(before[c] ?? []).symmetricDifference(sets[c] ?? [])
            for ref in changed { touchedEntities.insert(EntityKeyParts(app: app, ref: ref)) }
        }
    }

    // MARK: Finishing

    mutating func finish(locations: [LocatedRecord]) throws {
        for t in touchedEntities {
            let key = Schema.entityKey(app: t.app, type: t.ref.type, id: t.ref.id)
            if let stored = try writer.storedRecord(forKey: key) {
                try put(try builder.entity(stored, contexts: try contextsFor(app: t.app, ref: t.ref)), key: key)
            }
        }
        for item in toCheck { try check(item) }
        for app in touchedApps.sorted() { try deriveShortcuts(app: app) }
    }

    private func exists(_ key: String) throws -> Bool { try writer.docID(forKey: key) != nil }

    private func check(_ item: LocatedRecord) throws {
        let r = item.record
        do {
            switch r.kind {
            case .shortcut:
                guard try exists(Schema.key("intent", r.app, r.intent ?? "")) else {
                    throw RecordError("App Shortcut rule: shortcut '\(r.id)' uses intent '\(r.intent ?? "")', which \(r.app) does not declare (add its intent record)")
                }
                let count = try writer.storedRecords(kind: .shortcut, app: r.app).count
                if count > RecordLimits.maxShortcutsPerApp {
                    throw RecordError("App Shortcut rule: an app has at most \(RecordLimits.maxShortcutsPerApp) App Shortcuts; \(r.app) would have \(count)")
                }
            case .interaction:
                guard try exists(Schema.appKey(r.app)) else {
                    throw RecordError("interaction for app '\(r.app)', which is not in the index (add its app record)")
                }
                if let i = r.intent, !(try exists(Schema.key("intent", r.app, i))) {
                    throw RecordError("interaction names intent '\(i)', which \(r.app) does not declare")
                }
                if let s = r.shortcut, !(try exists(Schema.key("shortcut", r.app, s))) {
                    throw RecordError("interaction names App Shortcut '\(s)', which \(r.app) does not declare")
                }
            default:
                break
            }
        } catch let e as RecordError {
            throw LimelightError(.badInput, "\(item.location): \(e.message)")
        }
    }

    /// Regenerates an app's App Shortcut hits: one per shortcut, plus one per
    /// parameter value (enum case, or entity of the parameter's type, best
    /// ranked first, up to `maxBoundValues`).
    private func deriveShortcuts(app: String) throws {
        let appRecord = try writer.storedRecord(forKey: Schema.appKey(app))
        let appNames = appRecord.map { [$0.name] + $0.synonyms } ?? [app]
        // Drop the old derived documents of this app.
        let appIDs = Set(try db.postings(Schema.term(Schema.app, app)))
        for id in try db.postings(Schema.derived) where appIDs.contains(id) { try db.delete(id) }
        let shortcuts = try writer.storedRecords(kind: .shortcut, app: app)
        for (order, (docID, s)) in shortcuts.enumerated() {
            let summary = try writer.storedRecord(forKey: Schema.key("intent", app, s.intent ?? ""))?.summary
            let hit = ShortcutHit(record: s, binding: nil, appNames: appNames, order: order, title: s.title)
            try db.replace(docID, with: try builder.shortcut(hit))
            guard let param = s.parameter, let pname = param["name"]?.string, let ptype = param["type"]?.string else { continue }
            var values: [ShortcutHit.Binding] = []
            if let cases = param["cases"]?.array {
                values = cases.compactMap { c in
                    guard let o = c.object, let id = o["id"]?.string, let t = o["title"]?.string else { return nil }
                    return ShortcutHit.Binding(type: ptype, id: id, title: t)
                }
            } else {
                values = try topEntities(app: app, type: ptype).map {
                    ShortcutHit.Binding(type: ptype, id: $0.id, title: $0.title)
                }
            }
            for v in values {
                let title: String
                if let summary, summary.contains("${\(pname)}") {
                    title = Placeholders.fill(summary, [pname: v.title])
                } else {
                    title = "\(s.title): \(v.title)"
                }
                let bound = ShortcutHit(record: s, binding: v, appNames: appNames, order: order, title: title)
                try put(try builder.shortcut(bound), key: bound.key)
            }
        }
    }

    private func topEntities(app: String, type: String) throws -> [Record] {
        let enquire = try Enquire(db)
        enquire.query = try Query.valueWeight(slot: Schema.priorSlot)
            .filter(try Query.and([Query(term: Schema.term(Schema.app, app)),
                                   Query(term: Schema.term(Schema.type, type)),
                                   Query(term: Schema.kind + RecordKind.entity.rawValue)]))
        return try enquire.matches(count: Schema.maxBoundValues).matches.compactMap {
            IndexWriter.record(fromData: $0.data)
        }
    }
}
