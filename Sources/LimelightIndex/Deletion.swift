import Xapian
import LimelightSupport
import LimelightModel
import LimelightText
import LimelightRanking
import LimelightStore

/// What `limelight delete` removes. Deleting an entity also deletes the
/// donations that used it and its relevant-context registrations.
public enum Deletion: Sendable {
    /// One entity, by its id or its stable id.
    case entity(app: String, type: String, id: String)
    /// Every entity of a type.
    case type(app: String, type: String)
    /// Everything an app told Limelight: its records, donations and registrations.
    case app(String)
}

/// What `limelight forget` removes: donations (and so their effect on ranking).
public enum Forgetting: Sendable {
    case donation(id: String)
    /// Donations of an intent, optionally only those that used an entity.
    case intent(app: String, intent: String, entity: EntityRef?)
    case app(String)
    /// Donations from `from` (inclusive) to `to` (exclusive); either may be open.
    case timeRange(from: Timestamp?, to: Timestamp?)
    case everything
    /// Every donation that used one entity (its history), whatever the intent.
    case entity(app: String, EntityRef)

    /// The uses it selects, as the history settings keep them.
    var rule: HistoryPolicy.ForgetSelection {
        switch self {
        case let .donation(id): HistoryPolicy.ForgetSelection(donation: id)
        case let .intent(app, intent, entity): HistoryPolicy.ForgetSelection(app: app, intent: intent, entity: entity)
        case let .app(app): HistoryPolicy.ForgetSelection(app: app)
        case let .timeRange(from, to): HistoryPolicy.ForgetSelection(from: from, to: to)
        case .everything: HistoryPolicy.ForgetSelection()
        case let .entity(app, ref): HistoryPolicy.ForgetSelection(app: app, entity: ref)
        }
    }
}

extension IndexWriter {
    /// Deletes, atomically; returns how many stored records went.
    @discardableResult
    public func delete(_ what: Deletion) throws(IndexError) -> Int {
        try inTransaction { session in try session.delete(what) }
    }

    /// Forgets donations, atomically; returns how many. `remembering`: the
    /// history settings keep what was forgotten, so that a `sync` reading
    /// a store's past (recently-used.xbel, a browser's history) does not
    /// record those uses again.
    @discardableResult
    public func forget(_ what: Forgetting, remembering: Bool = true) throws(IndexError) -> Int {
        // Read first: settings that cannot be read stop the forget before it is made.
        var policy: HistoryPolicy
        do { policy = try HistoryPolicy.load(location) } catch { throw .store(error) }
        // Kept out named either way: a use may name an entity by its id or
        // its stable id (DESIGN), and one forgotten under one name came
        // back under the other when a log was indexed again.
        var rules = [what.rule]
        if let app = what.rule.app, let entity = what.rule.entity, let other = try otherName(app: app, of: entity) {
            var also = what.rule
            also.entity = other
            rules.append(also)
        }
        let forgotten = try inTransaction { session in try session.forgetting(what) }
        if remembering {
            // Uses forgotten through an item are kept out by their ids too:
            // a store may list them again under another item (a Firefox
            // visit moves to the page's entity when its bookmark is deleted),
            // and the item's rule no longer selected them.
            for var rule in rules {
                rule.donations = forgotten.ids
                policy.remember(rule)
            }
            do { try policy.save(location) } catch { throw .store(error) }
        }
        return forgotten.count
    }

    /// The entity's other name: its stable id when `entity` names its id,
    /// its id when `entity` names its stable id.
    private func otherName(app: String, of entity: EntityRef) throws(IndexError) -> EntityRef? {
        do {
            if let r = try store.storedRecord(.entity(app: app, entity)) {
                return r.fields["stableId"]?.string.map { EntityRef(type: entity.type, id: $0) }
            }
            for id in try store.postings(Schema.term(Schema.stableID, Schema.stableKey(app: app, stableID: entity.id))) {
                if let r = try store.storedRecord(at: id), r.kind == .entity, r.type == entity.type {
                    return EntityRef(type: entity.type, id: r.id)
                }
            }
            return nil
        } catch { throw IndexError(error, path: location.path) }
    }
}

package extension BatchSession {
    mutating func delete(_ what: Deletion) throws -> Int {
        var recount = Set<ItemKey>()
        let removed = try delete(what, recountingLater: &recount)
        try recountAfterDeleting(recount)
        return removed
    }

    /// Deletes `what` as `delete(_:)` does, but leaves the recount of usage
    /// and hot lists to `recountAfterDeleting`, adding to `recount` the items
    /// whose usage it changed: each recount reads the whole index, and a sync
    /// that recounted after every vanished entity was O(n²) (3,000 files gone
    /// from recently-used.xbel took 193 s to sync; 0.4 s with one recount).
    ///
    /// `keepingInteractions` (a sync's app that vanished from its store) keeps
    /// the donations of the app's launches and App Shortcuts: a desktop file
    /// gone for one sync (a package upgrade) comes back with its usage. Those
    /// that used one of its entities go with the entity, as always, but for
    /// a settings panel's (`SettingsPanel`): a part of its app, it comes back
    /// with its usage too.
    mutating func delete(_ what: Deletion, keepingInteractions: Bool = false, recountingLater recount: inout Set<ItemKey>) throws -> Int {
        var ids = try documents(of: what)
        if keepingInteractions {
            let interactions = Set(try db.postings(Schema.kind + RecordKind.interaction.rawValue))
            ids = ids.filter { !interactions.contains($0) }
        }
        var removed = 0
        var unregistered: [String: [EntityRef]] = [:]
        let derived = Set(try db.postings(Schema.derived))
        var deleted = Set<UInt32>()
        for id in ids where !deleted.contains(id) && !derived.contains(id) {
            guard let r = StoredRecord.decode(try db.document(id).data()) else { continue }
            if r.kind == .entity {
                let key = ItemKey(r)
                let kept = keepingInteractions && r.type == SettingsPanel.entityType
                let donations = kept ? [] : try db.postings(key.creditTerm).filter { !deleted.contains($0) }
                for d in donations { recount.formUnion(try credits(ofInteraction: d)) }
                for d in donations { try db.delete(d); deleted.insert(d) }
                removed += donations.count
                unregistered[r.app, default: []].append(EntityRef(type: r.type, id: r.id))
                recount.remove(key)
            }
            try db.delete(id)
            deleted.insert(id)
            removed += 1
            touchedApps.insert(r.app)
        }
        if case .app(let app) = what {
            touchedApps.remove(app)
            registrations[app] = nil
            for id in ids where derived.contains(id) { try db.delete(id) }
        } else {
            for (app, refs) in unregistered {
                let rec = Record(kind: .relevance, fields: JSONObject([
                    ("kind", "relevance"), ("app", .string(app)), ("op", "remove-everywhere"),
                    ("entities", .array(refs.map { ["type": .string($0.type), "id": .string($0.id)] })),
                ]))
                try applyRelevance(rec)
            }
            touchedEntities = touchedEntities.filter { t in !(unregistered[t.app]?.contains(t.ref) ?? false) }
        }
        return removed
    }

    /// The stored documents `what` names.
    private func documents(of what: Deletion) throws -> [UInt32] {
        var ids: [UInt32] = []
        switch what {
        case let .entity(app, type, id):
            if let d = try db.documentID(of: ItemKey.entity(app: app, type: type, id: id)) {
                ids = [d]
            } else {
                let byStable = Set(try db.postings(Schema.term(Schema.stableID, Schema.stableKey(app: app, stableID: id))))
                ids = try db.postings(Schema.term(Schema.type, type)).filter { byStable.contains($0) }
            }
        case let .type(app, type):
            let ofApp = Set(try db.postings(Schema.term(Schema.app, app)))
            let entities = Set(try db.postings(Schema.kind + RecordKind.entity.rawValue))
            ids = try db.postings(Schema.term(Schema.type, type)).filter { ofApp.contains($0) && entities.contains($0) }
        case let .app(app):
            ids = try db.postings(Schema.term(Schema.app, app))
        }
        return ids
    }

    /// What deletions leave to do once: the touched apps' bound shortcuts,
    /// the usage of the items in `recount`, the hot lists.
    mutating func recountAfterDeleting(_ recount: Set<ItemKey>) throws {
        try finish()
        try recomputeUsage(recount)
        try ShardHotLists.prune(db)
        try ShardHotLists.rebuildUsage(db)
    }

    mutating func forget(_ what: Forgetting) throws -> Int { try forgetting(what).count }

    /// Forgets as `forget` does; returns how many, and for a forget through
    /// an item (`.entity`, `.intent`) the forgotten donations' ids, which
    /// `IndexWriter.forget` remembers (read only then: one more document
    /// read per use, for a `forget --all` of a million).
    mutating func forgetting(_ what: Forgetting) throws -> (count: Int, ids: [String]) {
        let interactions = Schema.kind + RecordKind.interaction.rawValue
        var ids: [UInt32]
        switch what {
        case let .donation(id):
            ids = try db.postings(ItemKey.interaction(id: id).uniqueTerm)
        case let .intent(app, intent, entity):
            let ofApp = Set(try db.postings(Schema.term(Schema.app, app)))
            let used = entity.map { e in Set((try? db.postings(ItemKey.entity(app: app, type: e.type, id: e.id).creditTerm)) ?? []) }
            // A use through one of the intent's App Shortcuts names the
            // shortcut alone: it is a use of the intent too.
            let itsShortcuts = Set(try db.storedRecords(kind: .shortcut, app: app).compactMap { $0.1.intent == intent ? $0.1.id : nil })
            ids = []
            for id in try db.postings(interactions) where ofApp.contains(id) && (used?.contains(id) ?? true) {
                guard let r = StoredRecord.decode(try db.document(id).data()) else { continue }
                if r.intent == intent || (r.intent == nil && r.shortcut.map(itsShortcuts.contains) == true) { ids.append(id) }
            }
        case let .app(app):
            let all = Set(try db.postings(interactions))
            ids = try db.postings(Schema.term(Schema.app, app)).filter { all.contains($0) }
        case let .entity(app, ref):
            let all = Set(try db.postings(interactions))
            ids = try db.postings(ItemKey.entity(app: app, ref).creditTerm).filter { all.contains($0) }
        case let .timeRange(from, to):
            let enquire = try Enquire(try db.combined)
            enquire.setBooleanWeighting()
            enquire.query = try Query(term: interactions).filter(
                try .numberRange(slot: Schema.timeSlot, from: from?.seconds, to: to.map { $0.seconds.nextDown }))
            let count = try db.documentCount
            ids = try enquire.matches(count: max(count, 1)).matches.map(\.documentID)
        case .everything:
            ids = try db.postings(interactions)
        }
        if ids.isEmpty { return (0, []) }  // retention runs on every write: keep it free when nothing is due
        var recompute = Set<ItemKey>()
        for id in ids { recompute.formUnion(try credits(ofInteraction: id)) }
        var donations: [String] = []
        switch what {
        case .entity, .intent: for id in ids { if let r = try db.storedRecord(at: id) { donations.append(r.id) } }
        default: break
        }
        for id in ids { try db.delete(id) }
        try recomputeUsage(recompute)
        try ShardHotLists.rebuildUsage(db)
        return (ids.count, donations)
    }

    /// The item keys a stored interaction credits (its `XT` terms).
    func credits(ofInteraction id: UInt32) throws -> [ItemKey] {
        try db.document(id).terms().compactMap { t in
            t.term.hasPrefix(Schema.credits) ? ItemKey(rawValue: String(t.term.dropFirst(Schema.credits.count))) : nil
        }
    }

    /// Rebuilds items' usage from the interactions that are left, leaving no
    /// trace of forgotten ones (values and `XU` terms are cleared first).
    mutating func recomputeUsage(_ keys: Set<ItemKey>) throws {
        for key in keys.sorted() {
            guard let id = try db.documentID(of: key) else { continue }
            var built = try BuiltDocument(stored: try db.document(id))
            guard built.card != nil else { continue }  // no hit (a store's owner app): no usage
            try built.setUsage(UsageStats())
            let stats = try usageFromStoredInteractions(key)
            if !stats.isEmpty { try built.setUsage(stats) }
            try db.replace(id, with: try built.finished())
        }
    }
}
