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
    package static let size = 100
    package static let prefix = "limelight.hot."

    /// Entries are (item, score), best first. Keyed by item, not document
    /// id: ids differ per shard, and a sharded index merges each shard's lists
    /// (`merged`), which is exact since every item lives in one shard.
    private(set) var lists: [String: [Entry]] = [:]
    private var changed = Set<String>()
    package init() {}

    package struct Entry: Equatable {
        package var key: ItemKey
        package var score: Double
    }

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
    package mutating func offerPrefixes(_ db: Database, card: HitCard) throws(XapianError) {
        let score = CandidateBoost.of(card)
        let key = card.itemKey  // computed: once, not per list
        for (name, extra) in Self.prefixLists(of: card) { try offer(db, name, key: key, score: score + extra) }
    }

    /// The prefix lists a hit is offered to, by the words of its title (and synonyms).
    package static func prefixNames(of card: HitCard) -> Set<String> {
        Set(prefixLists(of: card).keys)
    }

    /// The prefix lists a hit is offered to, each with what its place there
    /// adds to the hit's boost (`CandidateBoost`): a title of one word is
    /// one a keystroke of its first letters completes, which the ranker puts
    /// above a longer title they start (`RankingWeights.titleCompletion`
    /// over `titlePrefix`), so its first-letter lists hold it above those
    /// too. Ordered by the boost alone, "Archive" (a mailbox) was left out
    /// of the list of "a" on the bundled corpus, and so of the answer to
    /// `a`, though it scored second of 599 (an audit). The title only, of
    /// an entity or an app: a synonym, a keyword or an App Shortcut's
    /// title (a desktop action's is a synonym) earns a share of the bonus,
    /// and a one-word keyword ("tar") put above every longer title would
    /// crowd those out of the firsts read.
    static func prefixLists(of card: HitCard) -> [String: Double] {
        var lists: [String: Double] = [:]
        let completion = RankingWeights.titleCompletion - RankingWeights.titlePrefix
        for (k, key) in (card.names + card.aliases.map(TitleKey.init)).enumerated() {
            let completes = k == 0 && card.kind != .shortcut && key.words.count == 1 ? completion : 0
            for (n, word) in key.words.enumerated() {
                for p in Tokenizer.edgePrefixes(word, maxLength: Self.maxListedPrefix) {
                    let word = Self.wordPrefixName(p)
                    lists[word] = lists[word] ?? 0
                    if n == 0 {
                        let title = Self.titlePrefixName(p)
                        lists[title] = max(lists[title] ?? 0, completes)
                    }
                }
            }
        }
        return lists
    }

    /// Takes a hit that is being deleted out of the static lists it was
    /// offered to (best priors, its prefix lists). Returns those of them that
    /// were full: each may have left out an item that now belongs in it
    /// (`refill`). A deleted hit left in them took a slot for good, so a short
    /// prefix found fewer items after a second batch than after an export
    /// and index of the same records.
    package mutating func withdraw(_ db: Database, card: HitCard) throws(XapianError) -> Set<String> {
        var full = Set<String>()
        let key = card.itemKey  // computed (escaped, in NFC): once, not per entry compared
        for name in Self.prefixNames(of: card).union([Self.priorName]) {
            try load(db, name)
            guard var list = lists[name], let i = list.firstIndex(where: { $0.key == key }) else { continue }
            if list.count >= Self.size { full.insert(name) }
            list.remove(at: i)
            lists[name] = list
            changed.insert(name)
        }
        return full
    }

    /// Static lists `names` (best priors, prefix lists) made again from every
    /// hit in `db`, as offering each hit in turn makes them.
    /// (Every hit's entry is gathered, then each list sorted once and cut to
    /// `size`: offering them one by one reordered a list per entry.)
    package mutating func refill(_ db: Database, _ names: Set<String>) throws(XapianError) {
        guard !names.isEmpty else { return }
        var gathered: [String: [Entry]] = [:]
        for id in try db.postings(Schema.hit) {
            guard let card = HitCard(encoded: try db.document(id).value(Schema.cardSlot)) else { continue }
            let key = card.itemKey
            if names.contains(Self.priorName) { gathered[Self.priorName, default: []].append(Entry(key: key, score: card.prior)) }
            let score = CandidateBoost.of(card)
            for (name, extra) in Self.prefixLists(of: card) where names.contains(name) {
                gathered[name, default: []].append(Entry(key: key, score: score + extra))
            }
        }
        for name in names {
            lists[name] = Array((gathered[name] ?? []).sorted(by: Self.better).prefix(Self.size))
            changed.insert(name)
        }
    }
    package static func contextName(_ c: String) -> String { "ctx:" + c }

    /// The lists a zero-query suggestion draws its candidates from, at
    /// `hour` (0–23) in `contexts` (with their ancestors): the most used
    /// overall, the best priors, the most used around this hour and in each
    /// context. (Readers and the learning writer take the same firsts.)
    package static func suggestionLists(hour: Int, contexts: [String]) -> [String] {
        [allName(), priorName] + (hour - 1...hour + 1).map(hourName)
            + Set(contexts.flatMap(Contexts.withAncestors)).sorted().map(contextName)
    }
    package static func hourName(_ h: Int) -> String { "hour:\((h + 24) % 24)" }
    package static let priorName = "prior"

    package static func read(_ db: Database, _ name: String) throws(XapianError) -> [Entry] {
        decode(try db.metadata(prefix + name))
    }

    /// List `name` of a sharded index: each shard's list, merged best first
    /// (equal scores by item key, so every view reads the same order).
    package static func merged(_ shards: [Database], _ name: String) throws(XapianError) -> [Entry] {
        if shards.count == 1 { return try read(shards[0], name) }
        var all: [Entry] = []
        for db in shards { all += try read(db, name) }
        return Array(all.sorted(by: Self.better).prefix(size))
    }

    package static func better(_ a: Entry, _ b: Entry) -> Bool { a.score != b.score ? a.score > b.score : a.key < b.key }

    package static func decode(_ bytes: [UInt8]) -> [Entry] {
        var r = ByteReader(bytes)
        var out: [Entry] = []
        while !r.atEnd {
            guard let key = r.string(), let score = r.f64() else { break }
            out.append(Entry(key: ItemKey(rawValue: key), score: score))
        }
        return out
    }

    package static func encode(_ list: [Entry]) -> [UInt8] {
        var w = ByteWriter()
        for e in list {
            w.string(e.key.rawValue)
            w.f64(e.score)
        }
        return w.bytes
    }

    mutating func load(_ db: Database, _ name: String) throws(XapianError) {
        if lists[name] == nil { lists[name] = try Self.read(db, name) }
    }

    /// List `name` as this batch has it.
    package mutating func entries(_ db: Database, _ name: String) throws(XapianError) -> [Entry] {
        try load(db, name)
        return lists[name]!
    }

    /// Puts the item in list `name` with `score` if it ranks among the best.
    package mutating func offer(_ db: Database, _ name: String, key: ItemKey, score: Double) throws(XapianError) {
        try load(db, name)
        var list = lists[name]!
        list.removeAll { $0.key == key }
        let entry = Entry(key: key, score: score)
        if list.count >= Self.size, let worst = list.last, !Self.better(entry, worst) { lists[name] = list; return }
        let at = list.firstIndex { Self.better(entry, $0) } ?? list.count
        list.insert(entry, at: at)
        if list.count > Self.size { list.removeLast() }
        lists[name] = list
        changed.insert(name)
    }

    /// Offers an item to every usage list its stats belong in.
    package mutating func offer(_ db: Database, usage stats: UsageStats, key: ItemKey) throws(XapianError) {
        guard let total = stats.total else { return }
        try offer(db, Self.allName(), key: key, score: total.v)
        for (c, v) in stats.contexts { try offer(db, Self.contextName(c), key: key, score: v.v) }
        for (h, v) in stats.hours { try offer(db, Self.hourName(h), key: key, score: v.v) }
    }

    package func save(_ db: WritableDatabase) throws(XapianError) {
        for name in changed.sorted() { try db.setMetadata(Self.prefix + name, Self.encode(lists[name] ?? [])) }
    }

    /// Drops documents that no longer exist (after deleting); a static list
    /// that was full is made again (`refill`), as what ranked below its last
    /// entry was left out of it.
    package static func prune(_ db: WritableDatabase) throws(XapianError) {
        var refilled = Set<String>()
        for name in try db.metadataKeys(prefix: prefix) {
            let list = decode(try db.metadata(name))
            var kept: [Entry] = []
            for e in list where try db.contains(e.key) { kept.append(e) }
            guard kept.count != list.count else { continue }
            try db.setMetadata(name, encode(kept))
            let short = String(name.dropFirst(prefix.count))
            if list.count >= size, isStatic(short) { refilled.insert(short) }
        }
        guard !refilled.isEmpty else { return }
        var lists = HotLists()
        try lists.refill(db, refilled)
        try lists.save(db)
    }

    /// A list of hits by what they are (best priors, prefix lists), not by their usage.
    static func isStatic(_ name: String) -> Bool {
        name == priorName || name.hasPrefix(wordPrefixName("")) || name.hasPrefix(titlePrefixName(""))
    }

    /// Recomputes the usage lists from every used document (after forgetting).
    package static func rebuildUsage(_ db: WritableDatabase) throws(XapianError) {
        var fresh = HotLists()
        let keep = [prefix + priorName, prefix + "pre:", prefix + "first:"]
        for name in try db.metadataKeys(prefix: prefix) where !keep.contains(where: { name.hasPrefix($0) }) {
            try db.setMetadata(name, [])
        }
        for id in try db.postings(Schema.used) {
            let doc = try db.document(id)
            if let stats = UsageStats(encoded: try doc.value(Schema.usageSlot)),
               let card = HitCard(encoded: try doc.value(Schema.cardSlot)) {
                // (Prefix lists keep the old, higher boost: candidates only.)
                try fresh.offer(db, usage: stats, key: card.itemKey)
            }
        }
        try fresh.save(db)
    }
}
