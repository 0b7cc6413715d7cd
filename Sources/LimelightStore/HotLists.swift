import Xapian
import LimelightSupport
import LimelightModel
import LimelightText
import LimelightRanking

/// Short lists of the documents most worth suggesting — the most used overall,
/// in each context, at each hour of the day, and the best priors — kept in the
/// index metadata. A zero-query suggestion reads a few hundred documents from
/// them instead of ranking every used item, so its cost does not grow with the
/// number of interactions.
///
/// The usage lists are exact: usage is stored as virtual times that only grow
/// as events arrive, so the top N after a batch is among the old top N and the
/// items the batch used. Forgetting donations rebuilds them.
package struct HotLists {
    static let size = 100
    static let prefix = "limelight.hot."

    /// Entries are (docid, score), best first. Docids are stable: upserts
    /// replace in place and `compact` keeps them.
    private(set) var lists: [String: [(id: UInt32, score: Double)]] = [:]
    private var changed = Set<String>()
    package init() {}

    /// Word prefixes up to this length get lists of their best documents, so a
    /// query of one short prefix ("m", "mo", "mon") — whose term matches a large
    /// share of a big index — ranks a hundred candidates instead of scanning them.
    package static let maxListedPrefix = 4

    package static func allName() -> String { "all" }
    /// Best documents with a title word starting with `p`.
    package static func wordPrefixName(_ p: String) -> String { "pre:" + p }
    /// Best documents whose title starts with `p` (they get the larger bonus).
    package static func titlePrefixName(_ p: String) -> String { "first:" + p }

    /// Offers a search hit to the prefix lists of its title (and synonyms).
    package mutating func offerPrefixes(_ db: Database, card: HitCard, id: UInt32) throws(XapianError) {
        let score = CandidateBoost.of(card)
        var names = Set<String>()
        for key in card.names + card.aliases.map(TitleKey.init) {
            for (n, word) in key.words.enumerated() {
                for p in Tokenizer.edgePrefixes(word, maxLength: Self.maxListedPrefix) {
                    names.insert(Self.wordPrefixName(p))
                    if n == 0 { names.insert(Self.titlePrefixName(p)) }
                }
            }
        }
        for name in names { try offer(db, name, id: id, score: score) }
    }
    package static func contextName(_ c: String) -> String { "ctx:" + c }
    package static func hourName(_ h: Int) -> String { "hour:\((h + 24) % 24)" }
    package static let priorName = "prior"

    package static func read(_ db: Database, _ name: String) throws(XapianError) -> [(id: UInt32, score: Double)] {
        var r = ByteReader(try db.metadata(prefix + name))
        var out: [(UInt32, Double)] = []
        while !r.atEnd {
            guard let id = r.u32(), let score = r.f64() else { break }
            out.append((id, score))
        }
        return out
    }

    mutating func load(_ db: Database, _ name: String) throws(XapianError) {
        if lists[name] == nil { lists[name] = try Self.read(db, name) }
    }

    /// Puts `id` in list `name` with `score` if it ranks among the best.
    package mutating func offer(_ db: Database, _ name: String, id: UInt32, score: Double) throws(XapianError) {
        try load(db, name)
        var list = lists[name]!
        list.removeAll { $0.id == id }
        if list.count >= Self.size, let worst = list.last, score <= worst.score { lists[name] = list; return }
        let at = list.firstIndex { $0.score < score } ?? list.count
        list.insert((id, score), at: at)
        if list.count > Self.size { list.removeLast() }
        lists[name] = list
        changed.insert(name)
    }

    /// Offers an item to every usage list its stats belong in.
    package mutating func offer(_ db: Database, usage stats: UsageStats, id: UInt32) throws(XapianError) {
        guard let total = stats.total else { return }
        try offer(db, Self.allName(), id: id, score: total.v)
        for (c, v) in stats.contexts { try offer(db, Self.contextName(c), id: id, score: v.v) }
        for (h, v) in stats.hours { try offer(db, Self.hourName(h), id: id, score: v.v) }
    }

    package func save(_ db: WritableDatabase) throws(XapianError) {
        for name in changed.sorted() {
            var w = ByteWriter()
            for e in lists[name] ?? [] {
                w.u32(e.id)
                w.f64(e.score)
            }
            try db.setMetadata(Self.prefix + name, w.bytes)
        }
    }

    /// Drops documents that no longer exist (after deleting).
    package static func prune(_ db: WritableDatabase) throws(XapianError) {
        for key in try db.metadataKeys(prefix: prefix) {
            var r = ByteReader(try db.metadata(key))
            var w = ByteWriter()
            var dropped = false
            while !r.atEnd {
                guard let id = r.u32(), let score = r.f64() else { break }
                if (try? db.document(id)) == nil { dropped = true; continue }
                w.u32(id)
                w.f64(score)
            }
            if dropped { try db.setMetadata(key, w.bytes) }
        }
    }

    /// Recomputes the usage lists from every used document (after forgetting).
    package static func rebuildUsage(_ db: WritableDatabase) throws(XapianError) {
        var fresh = HotLists()
        let keep = [prefix + priorName, prefix + "pre:", prefix + "first:"]
        for name in try db.metadataKeys(prefix: prefix) where !keep.contains(where: { name.hasPrefix($0) }) {
            try db.setMetadata(name, [])
        }
        for id in try db.postings(Schema.used) {
            if let stats = UsageStats(encoded: try db.document(id).value(Schema.usageSlot)) {
                // (Prefix lists keep the old, higher boost: candidates only.)
                try fresh.offer(db, usage: stats, id: id)
            }
        }
        try fresh.save(db)
        try ContextModelStore.rebuildTotals(db)
    }
}
