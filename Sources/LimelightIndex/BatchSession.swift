import Xapian
import LimelightSupport
import LimelightModel
import LimelightText
import LimelightRanking
import LimelightStore

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
package struct BatchSession {
    /// The store and the builder, passed in by the writer that owns them (and
    /// the lock and the transaction): a session never reaches back to it.
    let db: ShardStore
    let builder: DocumentBuilder
    var summary = IndexWriter.Summary()
    var touchedApps = Set<String>()
    /// Apps that declared an App Shortcut which was no hit before the batch:
    /// their earlier uses are credited to it (`creditEarlierUses`).
    var appsWithNewShortcuts = Set<String>()
    var toCheck: [LocatedRecord] = []
    /// Intents the batch declared: their app's App Shortcuts must still fit them (`checkShortcutsOfIntents`).
    var intentsToCheck: [LocatedRecord] = []
    var interactions: [LocatedRecord] = []
    /// How often the batch has listed each id-less interaction, by its content-derived id.
    var copiesInBatch: [String: Int] = [:]
    /// The ids the batch derived (`copiesInBatch`), to tell a line recorded
    /// before from a retry under an id given.
    var derivedIDs: Set<String> = []
    /// Each app's App Shortcuts, for crediting interactions.
    var shortcutCache: [String: [Record]] = [:]
    /// Relevant-entity registrations per app → context → entities, loaded lazily.
    var registrations: [String: [String: [EntityRef]]] = [:]
    var touchedEntities = Set<AppEntity>()
    var properties = PropertySchema()
    var propertiesLoaded = false
    var hot: ShardHotLists
    /// Set on a shard's own session while shards are built in parallel: a new
    /// hit's usage from stored interactions (which may be in any shard) is
    /// looked up afterwards, by the session that sees every shard.
    var deferStoredUsage = false
    /// Re-applying the index's own stored records (`Maintenance.rebuild`,
    /// which `forget` runs): the App Shortcut rules were checked when each
    /// record came in, and a later write may have left one unmet — the last
    /// entity of a parameter's type deleted or expired, its intent declared
    /// again. A restore puts back what was there; refusing it made rebuild,
    /// and forget after its deletion, fail for good.
    var restoring = false
    /// Entities relevance updates named by reference, and where (`checkReferences`).
    var referencesToCheck: [(app: String, ref: EntityRef, location: String)] = []
    /// Entities the batch gave a stable id, and where (`checkStableIDs`).
    var stableIDsToCheck: [(entity: AppEntity, stableID: String, location: String)] = []
    var deferredUsage: [ItemKey] = []
    /// The context model's index-wide totals and learned weights (global:
    /// every shard holds the same, see `ContextModelStore`).
    var model = ContextModelStore()
    /// Items the context model's learning read as candidates in this flush
    /// of interactions (not credited by it: those are read afresh), by key,
    /// and the items registered for each context.
    var modelItems: [ItemKey: ModelItem] = [:]
    var registeredItems: [String: [ItemKey]] = [:]

    struct AppEntity: Hashable {
        var app: String
        var ref: EntityRef
    }

    /// What the person allows to be recorded (`HistoryPolicy`).
    var policy = HistoryPolicy()

    /// Set by a body that found nothing to change (a re-sync of a store as
    /// the index holds it): the writer commits nothing, unless the retention
    /// limit deleted something.
    var writesNothing = false

    init(db: ShardStore, builder: DocumentBuilder) throws {
        self.db = db
        self.builder = builder
        hot = ShardHotLists(count: db.count)
    }

    mutating func apply(_ r: Record, at location: String = "") throws {
        summary.counts[r.kind, default: 0] += 1
        switch r.kind {
        case .app where r.isStoreOwner:
            try put(try builder.plain(r), key: ItemKey(r), hit: false)
            touchedApps.insert(r.app)
        case .app:
            try put(try builder.app(r), key: ItemKey(r), hit: true)
            touchedApps.insert(r.app)
        case .intent:
            try put(try builder.plain(r), key: ItemKey(r), hit: false)
            touchedApps.insert(r.app)
            intentsToCheck.append(LocatedRecord(r, at: location))
            summary.unread += Self.unread(r, at: location)
        case .entity:
            try upsertEntity(r, at: location)
        case .shortcut:
            if try !isHit(ItemKey(r)) { appsWithNewShortcuts.insert(r.app) }
            try put(try builder.plain(r), key: ItemKey(r), hit: false)
            touchedApps.insert(r.app)
            toCheck.append(LocatedRecord(r, at: location))
            summary.unread += Self.unread(r, at: location)
        case .interaction:
            var fields = r.fields
            if r.fields["id"] == nil {
                // Content-derived id: re-importing the same log is idempotent.
                // A line the batch repeats is another use (a log whose clock
                // is only the time of day lists two launches of one morning
                // alike): its k-th copy is numbered, as it is again on a
                // re-import of the same lines.
                let derived = "d-" + fnv1a64Hex(r.json.serialized)
                let copy = (copiesInBatch[derived] ?? 0) + 1
                copiesInBatch[derived] = copy
                fields["id"] = .string(copy == 1 ? derived : derived + "-\(copy)")
            }
            let rec = Record(kind: .interaction, fields: fields)
            // History paused, the app excluded, older than the retention
            // limit, or forgotten: not recorded. Asked with its id as it
            // would be stored: one `forget --id d-…` took out came back
            // when the log was indexed again.
            guard policy.records(rec) else {
                summary.notRecorded += 1
                return
            }
            if r.fields["id"] == nil { derivedIDs.insert(rec.id) }
            interactions.append(LocatedRecord(rec, at: location))
            summary.donationIDs.append(rec.id)
        case .relevance:
            try applyRelevance(r, at: location)
        }
    }

    /// Upserts a document on its key. A search hit keeps the usage it had (or,
    /// new — or stored until now as a record only, as an App Shortcut is
    /// until its hits are derived —, gets the usage its stored interactions
    /// credit to it).
    mutating func put(_ built: BuiltDocument, key: ItemKey, hit: Bool) throws {
        var built = built
        // Usage a new hit gets from interactions stored before it (an app
        // back after a sync missed it): into the usage lists too.
        var restored: UsageStats? = nil
        if hit {
            if let old = try db.documentID(of: key), let card = HitCard(encoded: try db.document(old).value(Schema.cardSlot)) {
                // The card's copy: the value slot's has no cells.
                if let stats = UsageStats(encoded: card.usage) { try built.setUsage(stats) }
            } else if deferStoredUsage {
                deferredUsage.append(key)
            } else {
                let stats = try usageFromStoredInteractions(key)
                if !stats.isEmpty { try built.setUsage(stats); restored = stats }
            }
        }
        try db.replace(key: key, with: try built.finished())
        if hit, let card = built.card {
            try hot.offer(db, HotLists.priorName, key: key, score: card.prior)
            try hot.offerPrefixes(db, card: card)
            if let restored { try hot.offer(db, usage: restored, key: key) }
        }
    }

    /// Whether `key` is stored as a search hit (a card), not absent or a record only.
    func isHit(_ key: ItemKey) throws -> Bool {
        guard let id = try db.documentID(of: key) else { return false }
        return HitCard(encoded: try db.document(id).value(Schema.cardSlot)) != nil
    }

    func usageFromStoredInteractions(_ key: ItemKey) throws -> UsageStats {
        var stats = UsageStats()
        for id in try db.postings(key.creditTerm) {
            if let r = StoredRecord.decode(try db.document(id).data()), let at = r.at {
                stats.add(UsageEvent(at: at, contexts: r.contexts))
            }
        }
        return stats
    }

    mutating func upsertEntity(_ r: Record, at location: String = "") throws {
        var record = r
        let key = ItemKey(r)
        if r.isPatch {
            guard let stored = try db.storedRecord(key) else {
                throw RecordError("patch for entity \(r.type)/\(r.id) of \(r.app), which is not in the index")
            }
            record = try stored.applyingPatch(r)
        }
        let contexts = try contextsFor(app: record.app, ref: EntityRef(type: record.type, id: record.id))
        try loadProperties(for: record)
        try put(try builder.entity(record, contexts: contexts, properties: &properties), key: key, hit: true)
        touchedApps.insert(record.app)
        if let stable = record.fields["stableId"]?.string {
            stableIDsToCheck.append((AppEntity(app: record.app, ref: EntityRef(type: record.type, id: record.id)), stable, location))
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
            let key = ItemKey.entity(app: t.app, type: t.ref.type, id: t.ref.id)
            if let stored = try db.storedRecord(key) {
                let contexts = try contextsFor(app: t.app, ref: t.ref)
                try loadProperties(for: stored)
                try put(try builder.entity(stored, contexts: contexts, properties: &properties), key: key, hit: true)
            }
        }
        touchedEntities = []
        try checkReferences()
        try checkStableIDs()
        try checkShortcuts()
        try checkShortcutsOfIntents()
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
        if properties.changed { for shard in db.shards { try properties.save(shard) } }
        try hot.refillWithdrawn(db)
        try hot.save(db)
        try model.save(db.shards)
    }
}
