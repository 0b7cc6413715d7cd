import Xapian
import LimelightStore

/// The values Xapian reads for every match of a broad query, held in memory
/// for one snapshot (see `ValueColumn`): the prior and usage boosts that
/// `CandidateBoost.boosted` adds to each match, the order value that
/// breaks ties, the documents' lengths that BM25 reads, the static tiers
/// that window a broad query, and (where they fit) the cards. A word being
/// typed alone that starts thousands of titles weighs nothing, so every
/// match ties and each one's order value is read;
/// a scored one reads its prior and usage too. On the Debian catalog those
/// reads were 45% of such keystrokes' instructions, and such keystrokes
/// are the search's slowest 2% (BENCHMARKS.md, §9); a weighed word's
/// lengths were two thirds of its match set (Benchmarks/ANALYSIS.md §10).
///
/// Exact: the same documents, weights, order and cards as the index's own.
/// Read for long-lived readers only (`Searcher.readColumnsIfWorthIt`).
struct SearchColumns {
    let prior: ValueColumn
    let usage: ValueColumn
    /// Nil over shards (see `ValueColumn.Kind.keys`): read as values there.
    let order: ValueColumn?
    /// The documents' lengths, which BM25 reads for every match
    /// (`CandidateBoost.bm25`).
    let lengths: DocumentLengths
    /// Every document's card, where they come to at most `cardBytes` and
    /// the index is one database (nil otherwise: read from it as before).
    /// A card missed by the decoded cards' cache was a B-tree lookup in the
    /// index, an 8 KiB block copied (`pread`) for 200-odd bytes.
    let cards: ValueColumn?
    /// Each hit's static tier part (its rank in `StaticTier.rankedTerms`),
    /// so that a broad query's window is checked in memory for each match
    /// (`StaticTier.window`). Nil if a document had two parts.
    let tiers: TermRanks?

    /// The most the cards are kept in: the Debian catalog's 63,694 take 15 MB
    /// (read in ~12 ms once a snapshot); a million entities' ~220 MB would not fit.
    static let cardBytes = 32 << 20

    init(_ shards: [Database]) throws(XapianError) {
        prior = try ValueColumn(shards, slot: Schema.priorSlot, kind: .weights)
        usage = try ValueColumn(shards, slot: Schema.usageBoostSlot, kind: .weights)
        order = shards.count == 1 ? try ValueColumn(shards, slot: Schema.orderSlot, kind: .keys) : nil
        lengths = try DocumentLengths(shards)
        cards = shards.count == 1 ? try ValueColumn.keys(shards[0], slot: Schema.cardSlot, atMost: Self.cardBytes) : nil
        tiers = try TermRanks(shards, terms: StaticTier.rankedTerms)
    }
}
