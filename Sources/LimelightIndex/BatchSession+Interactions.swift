import Xapian
import LimelightSupport
import LimelightModel
import LimelightText
import LimelightRanking
import LimelightStore

extension BatchSession {
    // MARK: Interactions and the usage they credit

    /// Which items an interaction is a use of: the entities it names; the App
    /// Shortcut it names (or else every App Shortcut of its intent), bound to
    /// the entities it names where it takes them; the app itself for a launch.
    static func credits(_ r: Record, shortcuts: [Record]) -> [ItemKey] {
        var keys: [ItemKey] = []
        let refs = r.entityRefs
        for e in refs { keys.append(ItemKey.entity(app: r.app, type: e.type, id: e.id)) }
        let used = shortcuts.filter { s in
            if let name = r.shortcut { return s.id == name }
            return r.intent != nil && s.intent == r.intent
        }
        for s in used {
            // A parameterised shortcut used with a value is a use of that bound
            // shortcut ("Start Morning Meditation"), not of the generic one.
            let ptype = s.parameter?["type"]?.string
            let values = refs.filter { $0.type == ptype }
            if values.isEmpty { keys.append(ItemKey.shortcut(app: r.app, id: s.id)) }
            for e in values { keys.append(ItemKey.shortcut(app: r.app, id: s.id, boundTo: e)) }
        }
        if r.intent == nil, r.shortcut == nil { keys.append(ItemKey.app(r.app)) }
        return keys
    }

    /// An interaction may name an entity by its stable id (a SyncableEntity's
    /// id on another device); credit the local entity it stands for.
    func resolvingStableIDs(_ r: Record) throws -> Record {
        var changed = false
        var refs: [JSON] = []
        for e in r.entityRefs {
            var id = e.id
            if try db.documentID(of: ItemKey.entity(app: r.app, type: e.type, id: e.id)) == nil {
                let typed = Set(try db.postings(Schema.term(Schema.type, e.type)))
                for d in try db.postings(Schema.term(Schema.stableID, Schema.stableKey(app: r.app, stableID: e.id))) where typed.contains(d) {
                    if let local = StoredRecord.decode(try db.document(d).data())?.id { id = local; changed = true }
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
    mutating func storeInteractions() throws {
        var events: [(credited: [ItemKey], event: UsageEvent)] = []
        for item in interactions {
            let r = item.record
            let key = ItemKey(r)
            if try exists(key) { continue }  // the same donation again: already counted
            if shortcutCache[r.app] == nil {
                shortcutCache[r.app] = try db.storedRecords(kind: .shortcut, app: r.app).map(\.1)
            }
            let credited = Self.credits(try resolvingStableIDs(r), shortcuts: shortcutCache[r.app]!)
            let built = try builder.plain(r, extraTerms: credited.map(\.creditTerm))
            if let at = r.at { try built.document.setValue(Schema.timeSlot, number: at.seconds) }
            try db.replace(key: key, with: try built.finished())
            guard let at = r.at else { continue }
            events.append((credited, UsageEvent(at: at, contexts: r.contexts)))
        }
        // In time order: the context model scores each donation's item before
        // learning from it (one EM step), then counts it.
        // What the model needs of each item while the batch's donations are
        // counted; its document is read again to be written, at the end
        // (holding every changed document with its card and cells through the
        // loop doubled the peak memory of a batch).
        var loaded: [ItemKey: (id: UInt32, prior: Double, relevant: [String], stats: UsageStats)] = [:]
        var order: [ItemKey] = []
        let items = try db.termFrequency(Schema.hit)
        for (credited, e) in events {
            for k in credited where loaded[k] == nil {
                guard let id = try db.documentID(of: k) else { continue }  // not indexed (yet)
                let card = HitCard(encoded: try db.document(id).value(Schema.cardSlot))
                loaded[k] = (id, card?.prior ?? 0, card?.relevant ?? [], card.flatMap { UsageStats(encoded: $0.usage) } ?? UsageStats())
                order.append(k)
            }
            let f = ContextModel.Features(at: e.at, contexts: e.contexts)
            if let first = credited.first, let item = loaded[first] {
                let s = try model.situation(db.shards, f, contexts: e.contexts)
                let estimate = ContextModel.estimate(item.stats.cells, base: ContextModelStore.base(prior: item.prior, items: items),
                                                     relevance: Scorer.relevanceStrength(registered: item.relevant, current: e.contexts), s)
                try model.learn(db.shards, estimate, s)
            }
            for k in credited where loaded[k] != nil {
                loaded[k]!.stats.add(e)
                try model.record(db.shards, f)
            }
        }
        for key in order {
            guard let (id, _, _, stats) = loaded.removeValue(forKey: key) else { continue }
            var built = try BuiltDocument(stored: try db.document(id))
            try built.setUsage(stats)
            try db.replace(id, with: try built.finished())
            try hot.offer(db, usage: stats, key: key)
            if let card = built.card { try hot.offerPrefixes(db, card: card) }
        }
    }
}
