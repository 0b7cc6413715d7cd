import Xapian
import LimelightText
import LimelightRanking
import LimelightStore

/// What a searcher read from the snapshot of the index it reads: decoded
/// result cards by document id, the documents of listed items by item,
/// decoded hot lists by name, and for a long-lived reader the values every
/// broad match costs (`SearchColumns`). A card read twice in one
/// search (a prefix list's title check, then scoring), or again at the next
/// keystroke, is neither read nor decoded again. On the Debian catalog
/// decoding was a fifth of a keystroke's instructions, and reading a card
/// (3 µs) or finding an item's document (2–4 µs) most of the rest of a
/// short prefix's cost (callgrind); a hot list is read and decoded once
/// rather than at every keystroke.
///
/// A Xapian database shows one snapshot until it is reopened, so an entry is
/// good until then: the searcher calls `forget()` whenever its databases are
/// reopened or replaced (a new commit, a new generation, a new connection),
/// and a changed card is never served stale.
final class SnapshotCache {
    /// A decoded card, shared rather than copied: a card is a score of
    /// strings and arrays, and copying one out of the cache for each use
    /// retained and released each of them.
    final class Entry {
        let card: HitCard
        /// The card's usage, decoded when first scored.
        private(set) lazy var usage: UsageStats? = UsageStats(encoded: card.usage)
        /// The title with ASCII capitals lowered (itself when it has none),
        /// for ties in alphabetical order whatever the case: made once per
        /// card here, since ties are many among a short prefix's candidates
        /// (`rankOrder`).
        private(set) lazy var caseFoldedTitle: String = Self.lowercasedASCII(card.title)
        /// An App Shortcut shown with more than its own title ("Home —
        /// Thunar", see `TitleMatch.Role.startOfShownTitle`).
        private(set) lazy var shownTitleGoesOn: Bool =
            card.kind == .shortcut
                && card.names.first.map { Tokenizer.normalizedForPrefix(Tokenizer.fold(card.title)) != $0.compact } == true
        init(_ card: HitCard) { self.card = card }

        static func lowercasedASCII(_ s: String) -> String {
            s.utf8.contains { $0 &- 0x41 < 26 } ? String(decoding: s.utf8.map { $0 &- 0x41 < 26 ? $0 | 0x20 : $0 }, as: UTF8.self) : s
        }
    }

    /// Items' documents, lists and prefixes kept at most; when a cache is
    /// full, one old entry makes room for each new one (see `ClockCache`).
    static let capacity = 4096
    /// Cards kept at most: about 16 MiB (a Debian package's card holds
    /// ~1 KiB). A card missed costs a keystroke ~4 µs (its value read, the
    /// decoding, an old card freed). On the Debian catalog's 22,326
    /// keystrokes (2,000 titles typed one after another) 4,096 cards missed
    /// 216,143 times in the measured pass and 16,384 cards 102,109, for
    /// 12 MiB more (peak RSS 36 → 48 MiB); every card of the catalog,
    /// 75 MiB (Benchmarks/ANALYSIS.md §10). A person types fewer titles
    /// than that benchmark between two commits.
    static let cardCapacity = 16_384

    private var cards = ClockCache<UInt32, Entry>(capacity: cardCapacity)
    /// Listed items' document ids (nil: no such item in this snapshot).
    private var documents = ClockCache<ItemKey, UInt32?>(capacity: capacity)
    /// Hot lists by name, merged across shards.
    private var lists = ClockCache<String, [HotLists.Entry]>(capacity: capacity)
    /// A short prefix's checked list documents, by folded prefix
    /// (`Searcher.prefixCandidates`; local databases only).
    private var prefixes = ClockCache<String, [Listed]>(capacity: capacity)
    /// The apps' document ids, by the app a request is scoped to ("" for
    /// none): `Searcher.appNameCandidates` scans them at every keystroke
    /// (local databases only).
    private var appDocuments: [String: [UInt32]] = [:]

    /// A listed document that passed its title check, with its candidate boost.
    struct Listed {
        let documentID: UInt32
        let weight: Double
    }

    /// Whether any document has an expiry (nil: not asked yet).
    private var expiries: Bool?
    /// How many hits each static tier holds (nil: not read yet).
    private var tiers: StaticTier.Sizes?
    /// The context model's learned weights (nil: not read yet).
    private var weights: ContextModel.Weights?
    /// The known context sets (`ContextModelStore.readSets`).
    private var contextSets: ContextSets?

    /// Searches answered from this snapshot: a reader that answers more
    /// than one is long-lived (a service, a `--stdin` coprocess).
    var searches = 0
    /// The per-match values in memory, once read (`SearchColumns`).
    var columns: SearchColumns?
    /// Whether reading them was tried (they are not read again if it failed).
    var columnsTried = false

    func forget() {
        expiries = nil
        tiers = nil
        weights = nil
        contextSets = nil
        searches = 0
        columns = nil
        columnsTried = false
        cards.removeAll()
        documents.removeAll()
        lists.removeAll()
        prefixes.removeAll()
        appDocuments.removeAll()
    }

    /// Whether any document has an expiry (else listed items' expiries are not read).
    func anyExpiries(in db: Database) throws(XapianError) -> Bool {
        if let expiries { return expiries }
        let any = try db.termFrequency(Schema.expires) > 0
        expiries = any
        return any
    }

    /// How many hits each static tier holds (`StaticTier.sizes`), for the
    /// windows of broad queries.
    func tierSizes(in db: Database) throws(XapianError) -> StaticTier.Sizes {
        if let tiers { return tiers }
        let read = try StaticTier.sizes(db)
        tiers = read
        return read
    }

    /// The context sets uses were counted in, each with its ancestors,
    /// hash and place worked out (`ContextModel.KnownSets`): once a
    /// snapshot, not per suggestion (168 sets cost a suggestion 0.3 ms).
    func contextSets(in db: Database) throws(XapianError) -> ContextSets {
        if let contextSets { return contextSets }
        let read = try ContextModelStore.readSets(db)
        contextSets = read
        return read
    }

    /// The context model's weights (`ContextModelStore.readWeights`): only a
    /// writer changes them, so a snapshot decodes them once, not per
    /// suggestion (they and each level's μ are about 800 numbers).
    func contextWeights(in db: Database) throws(XapianError) -> ContextModel.Weights {
        if let weights { return weights }
        let read = try ContextModelStore.readWeights(db)
        weights = read
        return read
    }

    /// Hot list `name` (see `HotLists.merged`).
    func list(_ name: String, in shards: [Database]) throws(XapianError) -> [HotLists.Entry] {
        if let list = lists.value(for: name) { return list }
        let list = try HotLists.merged(shards, name)
        lists.insert(list, for: name)
        return list
    }

    /// The card of document `id`: cached, else decoded from `bytes` (the
    /// value a match set returned), from the cards in memory
    /// (`SearchColumns.cards`), else read from `db`. Nil for a document that
    /// is not a search hit.
    func card(_ id: UInt32, bytes: [UInt8]?, in db: Database) throws(XapianError) -> Entry? {
        if let entry = cards.value(for: id) { return entry }
        let encoded: [UInt8]
        if let bytes { encoded = bytes }
        else if let inMemory = columns?.cards?.value(of: id) { encoded = inMemory }
        else { encoded = try db.document(unchecked: id).value(Schema.cardSlot) }
        guard let card = HitCard(encoded: encoded) else { return nil }
        let entry = Entry(card)
        cards.insert(entry, for: id)
        return entry
    }

    /// The candidates of short prefix `p`: cached, else made by `make`.
    func prefixCandidates(_ p: String, make: () throws(XapianError) -> [Listed]) throws(XapianError) -> [Listed] {
        if let known = prefixes.value(for: p) { return known }
        let made = try make()
        prefixes.insert(made, for: p)
        return made
    }

    /// The apps' document ids for a request scoped to `app` ("" for none):
    /// cached, else found by `find`.
    func apps(_ app: String, find: () throws(XapianError) -> [UInt32]) throws(XapianError) -> [UInt32] {
        if let known = appDocuments[app] { return known }
        let found = try find()
        appDocuments[app] = found
        return found
    }

    /// The document that holds item `key`, if any.
    func documentID(of key: ItemKey, in db: Database) throws(XapianError) -> UInt32? {
        if let known = documents.value(for: key) { return known }
        let id = try db.documentID(of: key)
        documents.insert(id, for: key)
        return id
    }
}
