import Xapian
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
        init(_ card: HitCard) { self.card = card }
    }

    /// About 4 MiB of cards at most; when full, one old entry makes room for
    /// each new one (see `ClockCache`).
    static let capacity = 4096

    private var cards = ClockCache<UInt32, Entry>(capacity: capacity)
    /// Listed items' document ids (nil: no such item in this snapshot).
    private var documents = ClockCache<ItemKey, UInt32?>(capacity: capacity)
    /// Hot lists by name, merged across shards.
    private var lists = ClockCache<String, [HotLists.Entry]>(capacity: capacity)

    /// Whether any document has an expiry (nil: not asked yet).
    private var expiries: Bool?

    /// Searches answered from this snapshot: a reader that answers more
    /// than one is long-lived (a service, a `--stdin` coprocess).
    var searches = 0
    /// The per-match values in memory, once read (`SearchColumns`).
    var columns: SearchColumns?
    /// Whether reading them was tried (they are not read again if it failed).
    var columnsTried = false

    func forget() {
        expiries = nil
        searches = 0
        columns = nil
        columnsTried = false
        cards.removeAll()
        documents.removeAll()
        lists.removeAll()
    }

    /// Whether any document has an expiry (else listed items' expiries are not read).
    func anyExpiries(in db: Database) throws(XapianError) -> Bool {
        if let expiries { return expiries }
        let any = try db.termFrequency(Schema.expires) > 0
        expiries = any
        return any
    }

    /// Hot list `name` (see `HotLists.merged`).
    func list(_ name: String, in shards: [Database]) throws(XapianError) -> [HotLists.Entry] {
        if let list = lists.value(for: name) { return list }
        let list = try HotLists.merged(shards, name)
        lists.insert(list, for: name)
        return list
    }

    /// The card of document `id`: cached, else decoded from `bytes` (the
    /// value a match set returned), else read from `db`. Nil for a document
    /// that is not a search hit.
    func card(_ id: UInt32, bytes: [UInt8]?, in db: Database) throws(XapianError) -> Entry? {
        if let entry = cards.value(for: id) { return entry }
        let encoded: [UInt8]
        if let bytes { encoded = bytes } else { encoded = try db.document(unchecked: id).value(Schema.cardSlot) }
        guard let card = HitCard(encoded: encoded) else { return nil }
        let entry = Entry(card)
        cards.insert(entry, for: id)
        return entry
    }

    /// The document that holds item `key`, if any.
    func documentID(of key: ItemKey, in db: Database) throws(XapianError) -> UInt32? {
        if let known = documents.value(for: key) { return known }
        let id = try db.documentID(of: key)
        documents.insert(id, for: key)
        return id
    }
}
