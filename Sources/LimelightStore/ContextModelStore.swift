import Xapian
import LimelightSupport
import LimelightModel
import LimelightRanking

/// Where the context model's index-wide state lives: its totals per weekday ×
/// hour (all history, per context set, per place) and its learned weights, in
/// the index metadata, keyed by situation, never by document. The state is
/// global: a sharded index's writer sees every shard's donations, so it
/// writes the same totals and weights into every shard (as the property
/// schema), and a reader reads them from any one — a sharded directory
/// answers as one index does. Items' own cells travel in their `UsageStats`.
package struct ContextModelStore {
    static let prefix = "limelight.model."
    static let weightsKey = prefix + "weights"
    /// Every context set uses were counted in, by name (the tables and
    /// cells know a set by its hash only): what `RelatedSets` compares.
    static let setsKey = prefix + "sets"

    static func timeName() -> String { "time" }
    static func placeName(_ f: ContextModel.Features) -> String { "place:" + hex(UInt64(f.place), digits: 4) }

    static func hex(_ x: UInt64, digits: Int) -> String {
        let d = Array("0123456789abcdef")
        return String((0..<digits).reversed().map { d[Int((x >> (4 * UInt64($0))) & 0xF)] })
    }

    private var tables: [String: ContextModel.Table] = [:]
    private var changed = Set<String>()
    /// Context sets' last uses, loaded once per batch (all of them change).
    private var recent: [String: RecentUses] = [:]
    private var weights: ContextModel.Weights?
    /// The known context sets (`setsKey`), loaded once per batch.
    private var sets: ContextSets?
    private var setsChanged = false

    package init() {}

    static func readTable(_ db: Database, _ name: String) throws(XapianError) -> ContextModel.Table {
        ContextModel.Table(encoded: try db.metadata(prefix + name)) ?? ContextModel.Table()
    }

    package static func readWeights(_ db: Database) throws(XapianError) -> ContextModel.Weights {
        ContextModel.Weights(encoded: try db.metadata(weightsKey)) ?? ContextModel.Weights()
    }

    /// An item's static prior as a probability over all items (for items
    /// with little or no use).
    package static func base(prior: Double, items: Int) -> Double { (0.5 + prior) / (1.5 * Double(max(items, 1))) }

    static func contextsName(hash: UInt32) -> String { "ctx:" + hex(UInt64(hash), digits: 8) }
    /// A context set's last uses (`RecentUses`).
    static func recentName(_ f: ContextModel.Features) -> String { recentName(hash: f.contexts) }
    static func recentName(hash: UInt32) -> String { recentPrefix + hex(UInt64(hash), digits: 8) }
    static let recentPrefix = "run:"

    /// The last uses of a context set, by its hash (`ContextModel.setHash`).
    package static func readRecent(_ db: Database, hash: UInt32) throws(XapianError) -> RecentUses {
        RecentUses(encoded: try db.metadata(prefix + recentName(hash: hash)))
    }

    package static func readSets(_ db: Database) throws(XapianError) -> ContextSets {
        ContextSets(encoded: try db.metadata(setsKey))
    }

    /// The situation as a reader sees it at `at` with `contexts`, and the
    /// context set it was read as (`RelatedSets.reading`): a few small
    /// metadata reads (the time and place tables, the known sets and the
    /// like sets' tables), plus the uses still waiting in the journal
    /// (`pending`, one per credited item, as a writer will count them).
    /// - known: the index's known sets (`readSets`), read by the caller,
    ///   which may keep them for the snapshot.
    package static func situation(_ db: Database, known sets: ContextSets, at: Timestamp, contexts asked: [String],
                                  pending: [UsageEvent] = []) throws(XapianError) -> (ContextModel.Situation, readAs: [String]) {
        var known = sets
        for e in pending { known.insert(e.contexts) }
        // Context sets' tables, each read once: the reading weighs some, and
        // the like sets read after it are mostly the same ones.
        var setTables: [UInt32: ContextModel.Table] = [:]
        func setTable(_ hash: UInt32) throws(XapianError) -> ContextModel.Table {
            if let t = setTables[hash] { return t }
            let t = try readTable(db, contextsName(hash: hash))
            setTables[hash] = t
            return t
        }
        let moment = ContextModel.Features(at: at, contexts: asked)
        let contexts = try ContextModel.RelatedSets.reading(asked, known: known.known) { (set) throws(XapianError) -> Double in
            let hash = ContextModel.setHash(set)
            var table = try setTable(hash)
            for e in pending where ContextModel.setHash(e.contexts) == hash { table.add(ContextModel.Features(at: e.at, contexts: e.contexts)) }
            return table.usesNear(moment)
        }
        var f = ContextModel.Features(at: at, contexts: contexts)
        f.placeUnknown = ContextModel.RelatedSets.placeUnknown(contexts, known: known.known)
        let related = ContextModel.RelatedSets(known: known.known, current: contexts)
        var time = try readTable(db, timeName()), place = try readTable(db, placeName(f))
        var ctx: [ContextModel.Table] = []
        for h in related.hashes { ctx.append(try setTable(h)) }
        for e in pending {
            let g = ContextModel.Features(at: e.at, contexts: e.contexts)
            time.add(g)
            if let i = related.hashes.firstIndex(of: g.contexts) { ctx[i].add(g) }
            if g.place == f.place { place.add(g) }
        }
        return (ContextModel.Situation(f, related: related, time: &time, contexts: &ctx, place: &place), contexts)
    }

    // MARK: Writing (one per batch)

    /// The shard the writer reads the global state from: the settled one,
    /// whose batches every shard has (see `ShardLayout.settledShard`).
    private var source: Int?

    private mutating func source(_ shards: [WritableDatabase]) -> Database {
        if source == nil { source = ShardLayout.settledShard(shards) }
        return shards[source!]
    }

    /// Loads a table once per batch, with its linear cache at `day`.
    private mutating func load(_ shards: [WritableDatabase], _ name: String, day: Double) throws(XapianError) {
        guard tables[name] == nil else { return }
        var t = try Self.readTable(source(shards), name)
        t.linearize(at: day)
        tables[name] = t
    }

    /// The known context sets, read once per batch.
    private mutating func knownSets(_ shards: [WritableDatabase]) throws(XapianError) -> ContextSets {
        if sets == nil { sets = try Self.readSets(source(shards)) }
        return sets!
    }

    /// The situation of a donation, before it is learned, read as a
    /// suggestion at its moment reads it (`RelatedSets.reading`).
    package mutating func situation(_ shards: [WritableDatabase], at: Timestamp,
                                    contexts asked: [String]) throws(XapianError) -> ContextModel.Situation {
        let known = try knownSets(shards).known
        let moment = ContextModel.Features(at: at, contexts: asked)
        let contexts = try ContextModel.RelatedSets.reading(asked, known: known) { (set) throws(XapianError) -> Double in
            let name = Self.contextsName(hash: ContextModel.setHash(set))
            try load(shards, name, day: moment.day)
            return tables[name]!.usesNear(moment)
        }
        var f = ContextModel.Features(at: at, contexts: contexts)
        f.placeUnknown = ContextModel.RelatedSets.placeUnknown(contexts, known: known)
        let related = ContextModel.RelatedSets(known: known, current: contexts)
        let setNames = related.hashes.map(Self.contextsName(hash:))
        let names = [Self.timeName(), Self.placeName(f)] + setNames
        for name in names { try load(shards, name, day: f.day) }
        // Read in place (moved out and back: a copy would copy the tables whole).
        var time = tables.removeValue(forKey: names[0])!, place = tables.removeValue(forKey: names[1])!
        var ctx = setNames.map { tables.removeValue(forKey: $0)! }
        defer {
            tables[names[0]] = time
            tables[names[1]] = place
            for (name, t) in zip(setNames, ctx) { tables[name] = t }
        }
        return ContextModel.Situation(f, related: related, time: &time, contexts: &ctx, place: &place)
    }

    /// Counts a donation; true if the model learns from it (see
    /// `ContextModel.Weights.countDonation`).
    package mutating func countDonation(_ shards: [WritableDatabase]) throws(XapianError) -> Bool {
        if weights == nil { weights = try Self.readWeights(source(shards)) }
        return weights!.countDonation()
    }

    /// Each level's μ as this index has learned it (`ContextModel.features`).
    package mutating func smoothing(_ shards: [WritableDatabase]) throws(XapianError) -> [Double] {
        if weights == nil { weights = try Self.readWeights(source(shards)) }
        return weights!.smoothing
    }

    /// One step of learning on a donation: the candidates' features before
    /// it is counted, and which one was used, whose estimate scores each μ
    /// (see `ContextModel.Weights.learn` and `learnSmoothing`).
    package mutating func learn(_ shards: [WritableDatabase], used: Int, _ candidates: [[Double]],
                                estimate: ContextModel.Estimate, _ s: ContextModel.Situation) throws(XapianError) {
        if weights == nil { weights = try Self.readWeights(source(shards)) }
        let rho = weights!.learn(used: used, candidates)
        weights!.learnSmoothing(used: estimate, candidates[used], s, habitShare: rho)
    }

    /// Counts one use of one item in the totals.
    package mutating func record(_ shards: [WritableDatabase], _ f: ContextModel.Features, contexts: [String]) throws(XapianError) {
        _ = try knownSets(shards)
        if sets!.insert(contexts) { setsChanged = true }  // in place: no copy of the sets per use
        for name in [Self.timeName(), Self.contextsName(hash: f.contexts), Self.placeName(f)] {
            try load(shards, name, day: f.day)
            tables[name]!.add(f)
            changed.insert(name)
        }
    }

    /// Notes `donation`'s use of `item` (the first it credits, as the
    /// learning takes it) at `at` among its context set's last uses.
    package mutating func recordUse(_ shards: [WritableDatabase], of item: ItemKey, by donation: ItemKey,
                                    _ f: ContextModel.Features, at: Timestamp) throws(XapianError) {
        let name = Self.recentName(f)
        if recent[name] == nil { recent[name] = RecentUses(encoded: try source(shards).metadata(Self.prefix + name)) }
        recent[name]!.append(item, by: donation, at: at.seconds)
    }

    /// Writes what changed into every shard alike.
    package func save(_ shards: [WritableDatabase]) throws(XapianError) {
        for db in shards {
            for name in changed.sorted() { try db.setMetadata(Self.prefix + name, tables[name]!.encoded) }
            for name in recent.keys.sorted() { try db.setMetadata(Self.prefix + name, recent[name]!.encoded) }
            if let weights { try db.setMetadata(Self.weightsKey, weights.encoded) }
            if setsChanged, let sets { try db.setMetadata(Self.setsKey, sets.encoded) }
        }
    }

    /// Recomputes the totals from every used item's cells in every shard
    /// (after forgetting donations), into every shard, and drops forgotten
    /// donations from the sets' last uses. The learned weights stay: they
    /// hold no item.
    package static func rebuildTotals(_ shards: [WritableDatabase]) throws(XapianError) {
        // Items in key order, whatever shard holds them: the sums (of
        // virtual times, not associative in floating point) come out
        // bit-identical on any layout.
        var used: [(key: String, stats: UsageStats)] = []
        for db in shards {
            for id in try db.postings(Schema.used) {
                let doc = try db.document(id)
                guard let card = HitCard(encoded: try doc.value(Schema.cardSlot)),
                      let stats = UsageStats(encoded: card.usage) else { continue }
                used.append((card.itemKey.uniqueTerm, stats))
            }
        }
        used.sort { $0.key < $1.key }
        var tables: [String: ContextModel.Table] = [:]
        for (_, stats) in used {
            for (i, key) in stats.cells.keys.enumerated() {
                let contexts = "ctx:" + hex(key >> 32, digits: 8), place = "place:" + hex((key >> 16) & 0xFFFF, digits: 4)
                for name in [timeName(), contexts, place] { tables[name, default: ContextModel.Table()].add(cellOf: key, stats.cells, at: i) }
            }
        }
        // The sets' last uses keep those whose donation is still stored.
        var recent: [(String, RecentUses)] = []
        let settled = shards[ShardLayout.settledShard(shards)]
        for key in try settled.metadataKeys(prefix: prefix + recentPrefix) {
            var uses = RecentUses(encoded: try settled.metadata(key))
            try uses.keep { (donation: ItemKey) throws(XapianError) -> Bool in
                for db in shards where try !db.postings(donation.uniqueTerm).isEmpty { return true }
                return false
            }
            recent.append((key, uses))
        }
        for db in shards {
            // The weights and the known sets stay (the sets' names are not in the cells).
            for key in try db.metadataKeys(prefix: prefix) where key != weightsKey && key != setsKey { try db.setMetadata(key, []) }
            for name in tables.keys.sorted() { try db.setMetadata(prefix + name, tables[name]!.encoded) }
            for (key, uses) in recent { try db.setMetadata(key, uses.encoded) }
        }
    }
}
