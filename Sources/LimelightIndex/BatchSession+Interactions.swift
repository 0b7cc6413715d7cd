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

    /// Credits an app's stored uses to App Shortcuts declared after them: a
    /// use names its shortcut (or intent), but is credited to the shortcuts
    /// stored when it came (`credits`), so a shortcut declared later had no
    /// usage until a rebuild — a log indexed before the app's records, an
    /// update adding a shortcut to an intent already used — where an entity
    /// declared later has its uses at once. Called once a shortcut is new;
    /// its hits, put next, then read their usage from the uses.
    mutating func creditEarlierUses(of app: String, shortcuts: [Record]) throws {
        let ofApp = Set(try db.postings(Schema.term(Schema.app, app)))
        for id in try db.postings(Schema.kind + RecordKind.interaction.rawValue) where ofApp.contains(id) {
            guard let r = StoredRecord.decode(try db.document(id).data()), r.shortcut != nil || r.intent != nil else { continue }
            let credited = Set(try credits(ofInteraction: id))
            let missing = Self.credits(try resolvingStableIDs(r), shortcuts: shortcuts).filter { !credited.contains($0) }
            guard !missing.isEmpty else { continue }
            let doc = try db.document(id)
            for key in missing { try doc.addBooleanTerm(key.creditTerm) }
            try db.replace(id, with: doc)
        }
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
        var events: [(credited: [ItemKey], event: UsageEvent, donation: ItemKey)] = []
        for item in interactions {
            let r = item.record
            let key = ItemKey(r)
            if let stored = try db.storedRecord(key) {
                // The same donation again: already counted. Another use under its id: kept out, and told.
                if stored.fields != r.fields {
                    summary.conflicts.append("\(item.location): \(IndexWriter.Summary.conflictNote(r.id))")
                } else if derivedIDs.contains(r.id) {
                    summary.alreadyRecorded += 1
                }
                continue
            }
            if shortcutCache[r.app] == nil {
                shortcutCache[r.app] = try db.storedRecords(kind: .shortcut, app: r.app).map(\.1)
            }
            let credited = Self.credits(try resolvingStableIDs(r), shortcuts: shortcutCache[r.app]!)
            let built = try builder.plain(r, extraTerms: credited.map(\.creditTerm))
            if let at = r.at { try built.document.setValue(Schema.timeSlot, number: at.seconds) }
            try db.replace(key: key, with: try built.finished())
            guard let at = r.at else { continue }
            events.append((credited, UsageEvent(at: at, contexts: r.contexts), key))
        }
        // Competitors read by the learning are good for this flush only (a
        // later flush may have credited them, or registered others).
        modelItems = [:]
        registeredItems = [:]
        // In time order: the context model learns from each donation before
        // counting it (see `learn(from:)`), then counts it, and a set's last
        // uses are its latest. A batch need not come in that order (a
        // browser's history lists each page's visits newest first); equal
        // times keep the batch's order.
        events = events.indices.sorted { a, b in
            let (x, y) = (events[a].event.at.seconds, events[b].event.at.seconds)
            return x != y ? x < y : a < b
        }.map { events[$0] }
        // What the model needs of each item while the batch's donations are
        // counted; its document is read again to be written, at the end
        // (holding every changed document with its card and cells through the
        // loop doubled the peak memory of a batch).
        var loaded: [ItemKey: ModelItem] = [:]
        var order: [ItemKey] = []
        let items = try db.termFrequency(Schema.hit)
        for (credited, e, donation) in events {
            for k in credited where loaded[k] == nil {
                guard let id = try db.documentID(of: k) else { continue }  // not indexed (yet)
                let doc = try db.document(id)
                guard HitCard(encoded: try doc.value(Schema.cardSlot)) != nil else { continue }  // no hit (a store's owner app): no usage
                loaded[k] = try ModelItem(id: id, doc)
                order.append(k)
            }
            let f = ContextModel.Features(at: e.at, contexts: e.contexts)
            // A first use says nothing about habit (every estimate of the item
            // is its prior): the model learns from uses of things used before.
            if let first = credited.first, let item = loaded[first], !item.stats.isEmpty, try model.countDonation(db.shards) {
                try learn(from: e, used: first, try model.situation(db.shards, at: e.at, contexts: e.contexts), loaded: loaded, items: items)
            }
            for k in credited where loaded[k] != nil {
                loaded[k]!.stats.add(e)
                try model.record(db.shards, f, contexts: e.contexts)
            }
            if let first = credited.first { try model.recordUse(db.shards, of: first, by: donation, f, at: e.at) }
        }
        for key in order {
            guard let item = loaded.removeValue(forKey: key) else { continue }
            let (id, stats) = (item.id, item.stats)
            var built = try BuiltDocument(stored: try db.document(id))
            try built.setUsage(stats)
            try db.replace(id, with: try built.finished())
            try hot.offer(db, usage: stats, key: key)
            if let card = built.card { try hot.offerPrefixes(db, card: card) }
        }
    }

    /// What the context model reads of an item: its prior, the contexts it is
    /// registered for, and its usage with the cells.
    struct ModelItem {
        var id: UInt32
        var prior = 0.0
        var relevant: [String] = []
        var stats = UsageStats()
        /// The entity an App Shortcut is bound to: a suggestion shows the
        /// two as one thing (`Searcher.removeDuplicateThings`).
        var thing: ItemKey?

        init(id: UInt32, _ doc: Document) throws(XapianError) {
            self.id = id
            if let card = HitCard(encoded: try doc.value(Schema.cardSlot)) {
                prior = card.prior
                relevant = card.relevant
                stats = UsageStats(encoded: card.usage) ?? UsageStats()
                thing = card.binding.map { ItemKey.entity(app: card.app, type: $0.type, id: $0.id) }
            }
        }
    }

    /// One step of the context model's learning on a donation of `used`,
    /// before it is counted: the candidates a suggestion would rank at its
    /// moment (the firsts of the same hot lists as `Searcher.hotCandidates`,
    /// the items registered for its contexts, and the item used), each
    /// described by its features in the situation `s` (see
    /// `ContextModel.Weights.learn`). Candidates go in item order, so that a
    /// sharded index learns the same weights to the bit.
    mutating func learn(from e: UsageEvent, used: ItemKey, _ s: ContextModel.Situation,
                        loaded: [ItemKey: ModelItem], items: Int) throws {
        var keys: Set<ItemKey> = [used]
        for name in HotLists.suggestionLists(hour: Int(e.at.hourOfDay), contexts: e.contexts) {
            for entry in try hot.merged(db, name).prefix(RankingWeights.prefixCandidates) { keys.insert(entry.key) }
        }
        // The registered items, the very context's first, as a suggestion takes them.
        var registered: [ItemKey] = []
        var have = Set<ItemKey>()
        for c in Contexts.mostSpecificFirst(e.contexts) where registered.count < RankingWeights.suggestCandidates {
            if registeredItems[c] == nil {
                var found: [ItemKey] = []
                for id in try db.postings(Schema.term(Schema.relevantIn, c)) {
                    if let key = HitCard(encoded: try db.document(id).value(Schema.cardSlot))?.itemKey { found.append(key) }
                }
                registeredItems[c] = found.sorted()
            }
            for key in registeredItems[c]! where registered.count < RankingWeights.suggestCandidates && have.insert(key).inserted {
                registered.append(key)
            }
        }
        keys.formUnion(registered)
        // One candidate per thing (a bound App Shortcut is its entity, as a
        // suggestion shows it): the item used, else the most used member.
        // Two copies of the used thing would halve its probability for good.
        var members: [ItemKey: (key: ItemKey, item: ModelItem)] = [:]
        for key in keys.sorted() {
            let item: ModelItem
            if let l = loaded[key] { item = l } else if let c = modelItems[key] { item = c } else {
                guard let id = try db.documentID(of: key) else { continue }
                item = try ModelItem(id: id, try db.document(id))
                modelItems[key] = item
            }
            let thing = item.thing ?? key
            if let other = members[thing], other.key == used || (key != used && other.item.stats.count >= item.stats.count) { continue }
            members[thing] = (key, item)
        }
        var features: [[Double]] = []
        var usedAt = 0, usedEstimate: ContextModel.Estimate?
        let smoothing = try model.smoothing(db.shards)
        for thing in members.keys.sorted() {
            let (key, item) = members[thing]!
            let estimate = ContextModel.estimate(item.stats, base: ContextModelStore.base(prior: item.prior, items: items),
                                                 relevance: Scorer.relevanceStrength(registered: item.relevant, current: e.contexts), s)
            if key == used { usedAt = features.count; usedEstimate = estimate }
            features.append(ContextModel.features(estimate, s, smoothing: smoothing))
        }
        guard let usedEstimate else { return }  // no document for it: nothing to learn from
        try model.learn(db.shards, used: usedAt, features, estimate: usedEstimate, s)
    }
}
