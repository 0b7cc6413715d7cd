import Xapian

/// Applies one batch of records inside the writer's open transaction.
///
/// Records are applied in input order (so a patch sees the entity written just
/// before it); rules that look across records (an App Shortcut's intent must
/// exist, at most 10 shortcuts per app, an interaction's app must exist) are
/// checked once the other records are in (`finishRecords`), so files can come
/// in any order. Then derived documents (App Shortcuts bound to each parameter
/// value) are regenerated for every app the batch touched, and interactions are
/// stored and credited to the items they used (`flushInteractions`, possibly
/// in chunks); `finishBatch` writes the metadata. `finish` does all three.
struct BatchSession {
    let writer: IndexWriter
    var summary = IndexWriter.Summary()
    var db: WritableDatabase { writer.db }
    var builder: DocumentBuilder { writer.builderForSession }
    var touchedApps = Set<String>()
    private var toCheck: [LocatedRecord] = []
    private var interactions: [LocatedRecord] = []
    /// Each app's App Shortcuts, for crediting interactions.
    private var shortcutCache: [String: [Record]] = [:]
    /// Relevant-entity registrations per app → context → entities, loaded lazily.
    var registrations: [String: [String: [EntityRef]]] = [:]
    var touchedEntities = Set<AppEntity>()
    private var properties: PropertySchema
    var hot = HotLists()
    var model = ContextModelStore()

    struct AppEntity: Hashable {
        var app: String
        var ref: EntityRef
    }

    init(writer: IndexWriter) throws {
        self.writer = writer
        properties = try PropertySchema.load(writer.db)
    }

    mutating func apply(_ r: Record, at location: String = "") throws {
        summary.counts[r.kind, default: 0] += 1
        switch r.kind {
        case .app:
            try put(try builder.app(r), key: Schema.itemKey(for: r), hit: true)
            touchedApps.insert(r.app)
        case .intent:
            try put(try builder.plain(r), key: Schema.itemKey(for: r), hit: false)
            touchedApps.insert(r.app)
        case .entity:
            try upsertEntity(r)
        case .shortcut:
            try put(try builder.plain(r), key: Schema.itemKey(for: r), hit: false)
            touchedApps.insert(r.app)
            toCheck.append(LocatedRecord(r, at: location))
        case .interaction:
            var fields = r.fields
            if r.fields["id"] == nil {
                // Content-derived id: re-importing the same log is idempotent.
                fields["id"] = .string("d-" + fnv1a64Hex(r.json.serialized))
            }
            let rec = Record(kind: .interaction, fields: fields)
            interactions.append(LocatedRecord(rec, at: location))
            summary.donationIDs.append(rec.id)
        case .relevance:
            try applyRelevance(r)
        }
    }

    /// Upserts a document on its key. A search hit keeps the usage it had (or,
    /// new, gets the usage its stored interactions credit to it).
    mutating func put(_ doc: Document, key: String, hit: Bool) throws {
        let unique = Schema.term(Schema.unique, key)
        if hit {
            if let old = try db.postings(unique).first {
                if let stats = UsageStats(encoded: try db.document(old).value(Schema.usageSlot)) {
                    try DocumentBuilder.setUsage(stats, on: doc)
                }
            } else {
                let stats = try usageFromStoredInteractions(key)
                if !stats.isEmpty { try DocumentBuilder.setUsage(stats, on: doc) }
            }
        }
        let id = try db.replace(uniqueTerm: unique, with: doc)
        if hit, let card = HitCard(encoded: try doc.value(Schema.cardSlot)) {
            try hot.offer(db, HotLists.priorName, id: id, score: card.prior)
            try hot.offerPrefixes(db, card: card, id: id)
        }
    }

    func usageFromStoredInteractions(_ key: String) throws -> UsageStats {
        var stats = UsageStats()
        for id in try db.postings(Schema.term(Schema.credits, key)) {
            if let r = IndexWriter.record(fromData: try db.document(id).data()), let at = r.at {
                stats.add(UsageEvent(at: at, contexts: r.contexts))
            }
        }
        return stats
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
        try put(try builder.entity(record, contexts: contexts, properties: &properties), key: key, hit: true)
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

    mutating func applyRelevance(_ r: Record) throws {
        let app = r.app
        var sets = try loadRegistrations(app)
        let before = sets
        let refs = r.entityRefs
        switch r.op ?? "" {
        case "update":
            let embedded = r.embeddedEntities
            // Register first, so the upserted entities carry the new context.
            var unique: [EntityRef] = []
            for ref in refs where !unique.contains(ref) { unique.append(ref) }
            sets[r.context!] = unique
            registrations[app] = sets
            for e in embedded { try upsertEntity(e) }
            for ref in refs where !embedded.contains(where: { EntityRef(type: $0.type, id: $0.id) == ref }) {
                guard try writer.docID(forKey: Schema.entityKey(app: app, type: ref.type, id: ref.id)) != nil else {
                    throw RecordError("relevance update names entity \(ref.type)/\(ref.id), which is not in the index (give its full record)")
                }
            }
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
        for (c, set) in sets where set.isEmpty { sets[c] = nil }
        registrations[app] = sets
        // Store each changed context's set; re-put the entities whose contexts changed.
        for c in Set(before.keys).union(sets.keys) where before[c] != sets[c] {
            let key = Schema.key("relevance", app, c)
            if let set = sets[c] {
                let rec = Record(kind: .relevance, fields: JSONObject([
                    ("kind", "relevance"), ("app", .string(app)), ("context", .string(c)), ("op", "update"),
                    ("entities", .array(set.map { ["type": .string($0.type), "id": .string($0.id)] })),
                ]))
                try put(try builder.plain(rec), key: key, hit: false)
            } else {
                try db.delete(term: Schema.term(Schema.unique, key))
            }
            for ref in Set(before[c] ?? []).symmetricDifference(sets[c] ?? []) {
                touchedEntities.insert(AppEntity(app: app, ref: ref))
            }
        }
    }

    // MARK: Finishing

    /// Everything after the records: cross-record rules, derived documents,
    /// the interactions, and the metadata the batch changed.
    mutating func finish() throws {
        try finishRecords()
        try flushInteractions()
        try finishBatch()
    }

    /// After the records other than interactions: re-puts entities whose
    /// registrations changed, checks cross-record rules, and regenerates the
    /// derived App Shortcuts of every app the batch touched.
    mutating func finishRecords() throws {
        for t in touchedEntities {
            let key = Schema.entityKey(app: t.app, type: t.ref.type, id: t.ref.id)
            if let stored = try writer.storedRecord(forKey: key) {
                let contexts = try contextsFor(app: t.app, ref: t.ref)
                try put(try builder.entity(stored, contexts: contexts, properties: &properties), key: key, hit: true)
            }
        }
        touchedEntities = []
        for item in toCheck { try check(item) }
        toCheck = []
        for app in touchedApps.sorted() { shortcutCache[app] = try deriveShortcuts(app: app) }
        touchedApps = []
    }

    /// Checks, stores and credits the interactions applied so far (a long
    /// run calls this every few thousand, to bound memory).
    mutating func flushInteractions() throws {
        for item in interactions { try check(item) }
        try storeInteractions()
        interactions = []
    }

    var pendingInteractions: Int { interactions.count }

    mutating func finishBatch() throws {
        if properties.changed { try properties.save(db) }
        try hot.save(db)
        try model.save(db)
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
                try checkParameter(of: r)
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

    /// An App Shortcut's one parameter takes its values from a finite list: its
    /// enum `cases`, or the indexed entities of its type. If the intent lists
    /// its parameters, the shortcut's must be one of them, with the same type.
    private func checkParameter(of r: Record) throws {
        guard let p = r.parameter, let name = p["name"]?.string, let type = p["type"]?.string else { return }
        if let intent = try writer.storedRecord(forKey: Schema.key("intent", r.app, r.intent ?? "")),
           let declared = intent.fields["parameters"]?.array {
            let match = declared.compactMap(\.object).first { $0["name"]?.string == name }
            guard let match else {
                throw RecordError("App Shortcut rule: shortcut '\(r.id)' parameter '\(name)' is not a parameter of intent '\(intent.id)'")
            }
            if let t = match["type"]?.string, t != type {
                throw RecordError("App Shortcut rule: shortcut '\(r.id)' parameter '\(name)' has type \(type), but intent '\(intent.id)' declares \(t)")
            }
        }
        if p["cases"] == nil {
            let ofApp = Set(try db.postings(Schema.term(Schema.app, r.app)))
            let entities = Set(try db.postings(Schema.kind + RecordKind.entity.rawValue))
            let hasValues = try db.postings(Schema.term(Schema.type, type)).contains { ofApp.contains($0) && entities.contains($0) }
            if !hasValues {
                throw RecordError("App Shortcut rule: shortcut '\(r.id)' parameter '\(name)' must take its values from a finite list: give its enum 'cases', or index \(r.app) entities of type \(type) (none are indexed)")
            }
        }
    }

    /// Regenerates an app's App Shortcut hits: one per shortcut, plus one per
    /// parameter value (enum case, or entity of the parameter's type, best
    /// ranked first, up to `maxBoundValues`). Returns the app's shortcuts.
    private mutating func deriveShortcuts(app: String) throws -> [Record] {
        let appRecord = try writer.storedRecord(forKey: Schema.appKey(app))
        let appNames = appRecord.map { [$0.name] + $0.synonyms } ?? [app]
        let appIDs = Set(try db.postings(Schema.term(Schema.app, app)))
        let oldDerived = Set(try db.postings(Schema.derived).filter { appIDs.contains($0) })
        var keptDerived = Set<UInt32>()
        let shortcuts = try writer.storedRecords(kind: .shortcut, app: app)
        for (order, (_, s)) in shortcuts.enumerated() {
            let summary = try writer.storedRecord(forKey: Schema.key("intent", app, s.intent ?? ""))?.summary
            let hit = ShortcutHit(record: s, binding: nil, appNames: appNames, order: order, title: s.title)
            try put(try builder.shortcut(hit), key: hit.key, hit: true)
            guard let param = s.parameter, let pname = param["name"]?.string, let ptype = param["type"]?.string else { continue }
            var values: [ShortcutHit.Binding] = []
            if let cases = param["cases"]?.array {
                values = cases.compactMap { c in
                    guard let o = c.object, let id = o["id"]?.string, let t = o["title"]?.string else { return nil }
                    return ShortcutHit.Binding(type: ptype, id: id, title: t)
                }
            } else {
                values = try topEntities(app: app, type: ptype).map {
                    ShortcutHit.Binding(type: ptype, id: $0.id, title: $0.title,
                                        expires: $0.fields["expires"]?.string.flatMap { Timestamp(iso8601: $0) }?.seconds)
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
                try put(try builder.shortcut(bound), key: bound.key, hit: true)
                if let id = try writer.docID(forKey: bound.key) { keptDerived.insert(id) }
            }
        }
        for id in oldDerived.subtracting(keptDerived) { try db.delete(id) }
        return shortcuts.map(\.1)
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

    /// Which items an interaction is a use of: the entities it names; the App
    /// Shortcut it names (or else every App Shortcut of its intent), bound to
    /// the entities it names where it takes them; the app itself for a launch.
    static func credits(_ r: Record, shortcuts: [Record]) -> [String] {
        var keys: [String] = []
        let refs = r.entityRefs
        for e in refs { keys.append(Schema.entityKey(app: r.app, type: e.type, id: e.id)) }
        let used = shortcuts.filter { s in
            if let name = r.shortcut { return s.id == name }
            return r.intent != nil && s.intent == r.intent
        }
        for s in used {
            // A parameterised shortcut used with a value is a use of that bound
            // shortcut ("Start Morning Meditation"), not of the generic one.
            let ptype = s.parameter?["type"]?.string
            let values = refs.filter { $0.type == ptype }
            if values.isEmpty { keys.append(Schema.key("shortcut", r.app, s.id)) }
            for e in values { keys.append(Schema.key("shortcut", r.app, s.id, e.type, e.id)) }
        }
        if r.intent == nil, r.shortcut == nil { keys.append(Schema.appKey(r.app)) }
        return keys
    }

    /// An interaction may name an entity by its stable id (a SyncableEntity's
    /// id on another device); credit the local entity it stands for.
    private func resolvingStableIDs(_ r: Record) throws -> Record {
        var changed = false
        var refs: [JSON] = []
        for e in r.entityRefs {
            var id = e.id
            if try writer.docID(forKey: Schema.entityKey(app: r.app, type: e.type, id: e.id)) == nil {
                let typed = Set(try db.postings(Schema.term(Schema.type, e.type)))
                for d in try db.postings(Schema.term(Schema.stableID, Schema.stableKey(app: r.app, stableID: e.id))) where typed.contains(d) {
                    if let local = IndexWriter.record(fromData: try db.document(d).data())?.id { id = local; changed = true }
                    break
                }
            }
            refs.append(["type": .string(e.type), "id": .string(id)])
        }
        guard changed else { return r }
        var fields = r.fields
        fields["entities"] = .array(refs)
        return Record(kind: .interaction, fields: fields)
    }

    /// Stores the batch's interactions with their credit terms, then adds each
    /// interaction to the usage of every item it credits (once per item).
    private mutating func storeInteractions() throws {
        var events: [(credited: [String], event: UsageEvent)] = []
        for item in interactions {
            let r = item.record
            let key = Schema.itemKey(for: r)
            if try exists(key) { continue }  // the same donation again: already counted
            if shortcutCache[r.app] == nil {
                shortcutCache[r.app] = try writer.storedRecords(kind: .shortcut, app: r.app).map(\.1)
            }
            let credited = Self.credits(try resolvingStableIDs(r), shortcuts: shortcutCache[r.app]!)
            let doc = try builder.plain(r, extraTerms: credited.map { Schema.term(Schema.credits, $0) })
            if let at = r.at { try doc.setValue(Schema.timeSlot, number: at.seconds) }
            try db.replace(uniqueTerm: Schema.term(Schema.unique, key), with: doc)
            guard let at = r.at else { continue }
            events.append((credited, UsageEvent(at: at, contexts: r.contexts)))
        }
        // In time order: the context model scores each donation's item before
        // learning from it (one EM step), then counts it.
        var loaded: [String: (id: UInt32, doc: Document, stats: UsageStats)] = [:]
        var order: [String] = []
        let items = try db.termFrequency(Schema.hit)
        for (credited, e) in events {
            for k in credited where loaded[k] == nil {
                guard let id = try writer.docID(forKey: k) else { continue }  // not indexed (yet)
                let doc = try db.document(id)
                loaded[k] = (id, doc, UsageStats(encoded: try doc.value(Schema.usageSlot)) ?? UsageStats())
                order.append(k)
            }
            let f = ContextModel.Features(at: e.at, contexts: e.contexts)
            if let first = credited.first, let item = loaded[first] {
                let card = HitCard(encoded: try item.doc.value(Schema.cardSlot))
                let s = try model.situation(db, f, contexts: e.contexts)
                let estimate = ContextModel.estimate(item.stats.cells, base: ContextModelStore.base(prior: card?.prior ?? 0, items: items),
                                                     relevance: Scorer.relevanceStrength(registered: card?.relevant ?? [], current: e.contexts), s)
                try model.learn(db, estimate, s)
            }
            for k in credited where loaded[k] != nil {
                loaded[k]!.stats.add(e)
                try model.record(db, f)
            }
        }
        for key in order {
            let (id, doc, stats) = loaded[key]!
            try DocumentBuilder.setUsage(stats, on: doc)
            try db.replace(id, with: doc)
            try hot.offer(db, usage: stats, id: id)
            if let card = HitCard(encoded: try doc.value(Schema.cardSlot)) { try hot.offerPrefixes(db, card: card, id: id) }
        }
    }
}
