import Xapian
import LimelightSupport
import LimelightModel
import LimelightText
import LimelightRanking
import LimelightStore

/// Reads stored records by identity, without scoring: `get` and `resolve`
/// (Apple's EntityQuery by id and EntityCollection).
///
/// Not thread safe: one per thread.
public final class Lookup {
    let db: Database
    /// Each shard alone (the index itself when it has none), for metadata.
    let shards: [Database]
    let location: IndexLocation

    public convenience init(location: IndexLocation) throws(SearchError) {
        let readers: [TrackedReader]
        do { readers = try location.openShardReaders() } catch { throw .store(error) }
        try self.init(shards: readers.map(\.db), location: location)
    }

    /// A lookup on databases already open (a `LiveSearcher`'s, so both read
    /// the same generation): one index, or shards read as one.
    package init(shards: [Database], location: IndexLocation) throws(SearchError) {
        self.location = location
        self.shards = shards
        do { db = shards.count == 1 ? shards[0] : try Database.combined(shards) } catch {
            throw SearchError(error, path: location.path)
        }
    }

    private func wrap<T>(_ body: () throws(XapianError) -> T) throws(SearchError) -> T {
        do { return try body() } catch { throw SearchError(error, path: location.path) }
    }

    private func record(term: String) throws(XapianError) -> Record? {
        guard let id = try db.postings(term).first else { return nil }
        return StoredRecord.decode(try db.document(id).data())
    }

    /// An entity by its id, or else by its stable id.
    public func entity(app: String, type: String, id: String) throws(SearchError) -> Record? {
        try wrap { () throws(XapianError) -> Record? in
            if let r = try record(term: ItemKey.entity(app: app, type: type, id: id).uniqueTerm) { return r }
            let typed = Set(try db.postings(Schema.term(Schema.type, type)))
            for d in try db.postings(Schema.term(Schema.stableID, Schema.stableKey(app: app, stableID: id))) where typed.contains(d) {
                return StoredRecord.decode(try db.document(d).data())
            }
            return nil
        }
    }

    /// An app, intent or App Shortcut record.
    public func record(kind: RecordKind, app: String, id: String?) throws(SearchError) -> Record? {
        let key: ItemKey
        switch kind {
        case .app: key = ItemKey.app(app)
        case .intent: key = ItemKey.intent(app: app, id: id ?? "")
        case .shortcut: key = ItemKey.shortcut(app: app, id: id ?? "")
        case .interaction: key = ItemKey.interaction(id: id ?? "")
        case .relevance: key = ItemKey.relevance(app: app, context: id ?? "")
        case .entity: return nil
        }
        return try wrap { () throws(XapianError) -> Record? in try record(term: key.uniqueTerm) }
    }

    /// The title an App Shortcut bound to `value` is shown with ("Open Doc:
    /// Spacey doc", from its intent's summary or its own title and the
    /// value's), as search lists it; nil if the index holds no such binding.
    public func boundShortcutTitle(app: String, id: String, value: EntityRef) throws(SearchError) -> String? {
        try wrap { () throws(XapianError) -> String? in
            guard let d = try db.postings(ItemKey.shortcut(app: app, id: id, boundTo: value).uniqueTerm).first else { return nil }
            return HitCard(encoded: try db.document(d).value(Schema.cardSlot))?.title
        }
    }

    /// Many entities at once, by id or stable id, in the order asked; nil for
    /// ids that are not in the index. No scoring: one term lookup per id.
    public func resolve(app: String, type: String, ids: [String], at: Timestamp = .now()) throws(SearchError) -> [(id: String, record: Record?)] {
        var out: [(String, Record?)] = []
        out.reserveCapacity(ids.count)
        for id in ids {
            var r = try entity(app: app, type: type, id: id)
            if let e = r?.fields["expires"]?.string.flatMap({ Timestamp(iso8601: $0) }), e <= at { r = nil }
            out.append((id, r))
        }
        return out
    }

    /// Every entity of a type that satisfies the predicates (EntityPropertyQuery),
    /// in index order, at most `limit`.
    public func entities(app: String?, type: String, predicates: [String], limit: Int, at: Timestamp = .now()) throws(SearchError) -> [Record] {
        let schema: PropertySchema
        do { schema = try PropertySchema.merged(shards, path: location.path) } catch { throw .store(error) }
        let parsed = try predicates.map { (p) throws(SearchError) -> PropertyPredicate in try PropertyPredicate.parse(p, schema: schema, type: type) }
        return try wrap { () throws(XapianError) -> [Record] in
            var parts = [Query(term: Schema.kind + RecordKind.entity.rawValue), Query(term: Schema.term(Schema.type, type))]
            if let app { parts.append(Query(term: Schema.term(Schema.app, app))) }
            for p in parsed { parts.append(try p.query()) }
            let expired = try Query(term: Schema.expires).filter(
                try .valueRange(slot: Schema.expirySlot, from: nil, to: sortableSerialise(at.seconds)))
            let enquire = try Enquire(db)
            enquire.setBooleanWeighting()
            enquire.query = try Query.and(parts).andNot(expired)
            return try enquire.matches(count: limit).matches.compactMap { StoredRecord.decode($0.data) }
        }
    }

    /// Relevant-entity registrations: (app, context, entities), by app and context.
    public func registrations(app: String? = nil, context: String? = nil) throws(SearchError) -> [(app: String, context: String, entities: [EntityRef])] {
        try wrap { () throws(XapianError) -> [(app: String, context: String, entities: [EntityRef])] in
            var out: [(app: String, context: String, entities: [EntityRef])] = []
            for id in try db.postings(Schema.kind + RecordKind.relevance.rawValue) {
                guard let r = StoredRecord.decode(try db.document(id).data()), let c = r.context else { continue }
                if let app, r.app != app { continue }
                if let context, c != context { continue }
                out.append((r.app, c, r.entityRefs))
            }
            return out.sorted { ($0.app, $0.context) < ($1.app, $1.context) }
        }
    }

    /// Every app id in the index, sorted (shell completion of --app).
    public func appIDs() throws(SearchError) -> [String] { try terms(Schema.app) }

    /// Every entity type in the index, sorted (shell completion of --type).
    public func entityTypes() throws(SearchError) -> [String] { try terms(Schema.type) }

    private func terms(_ prefix: String) throws(SearchError) -> [String] {
        try wrap { () throws(XapianError) -> [String] in
            // No other prefix starts with A or T (Schema), and text terms are lower case.
            try db.allTerms(prefix: prefix).map { String($0.term.dropFirst(prefix.count)) }.filter { !$0.isEmpty }
        }
    }

    /// Every declared App Shortcut of every app, in index order (KRunner's
    /// Actions: the list it asks for once).
    public func allShortcuts() throws(SearchError) -> [Record] {
        try wrap { () throws(XapianError) -> [Record] in
            var out: [Record] = []
            for id in try db.postings(Schema.kind + RecordKind.shortcut.rawValue) {
                guard let r = StoredRecord.decode(try db.document(id).data()), r.fields["binding"] == nil else { continue }
                out.append(r)
            }
            return out
        }
    }

    /// An app's App Shortcuts in the order to show them: declared order, until
    /// usage (recency × frequency, of the shortcut and its bound values)
    /// reorders them, as Apple's guidelines recommend.
    public func appShortcuts(app: String, at: Timestamp = .now()) throws(SearchError) -> [(record: Record, usage: Double)] {
        try wrap { () throws(XapianError) -> [(record: Record, usage: Double)] in
            let ofApp = Set(try db.postings(Schema.term(Schema.app, app)))
            var declared: [Record] = []
            var usage: [String: Double] = [:]
            for id in try db.postings(Schema.kind + RecordKind.shortcut.rawValue) where ofApp.contains(id) {
                let doc = try db.document(id)
                guard let r = StoredRecord.decode(try doc.data()) else { continue }
                if r.fields["binding"] == nil { declared.append(r) }
                if let u = UsageStats(encoded: try doc.value(Schema.usageSlot)), let total = u.total {
                    usage[r.id, default: 0] += u.decayed(total, at: at.days)
                }
            }
            // Stable sort: ties (no usage) keep the declared (docid) order.
            return declared.enumerated().sorted { a, b in
                let ua = usage[a.element.id] ?? 0, ub = usage[b.element.id] ?? 0
                return ua != ub ? ua > ub : a.offset < b.offset
            }.map { ($0.element, usage[$0.element.id] ?? 0) }
        }
    }
}
