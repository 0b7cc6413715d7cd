import Xapian
import LimelightRanking

/// The boost a candidate gets while Xapian picks candidates — its prior and
/// its usage, in Xapian weight — and loses again before the Scorer adds them
/// its own way. One type, so the query that adds it, the hot lists that rank
/// by it and the re-rank that takes it off cannot disagree.
package enum CandidateBoost {
    /// A document's boost, from its card.
    package static func of(_ card: HitCard) -> Double {
        card.prior * RankingWeights.prior + card.usageBoost * RankingWeights.usageCandidateBoost
    }

    /// `text` with the boost added to every match, written as
    /// (text / s) AND_MAYBE (prior · p/s OR usage · u/s), s the largest of the
    /// two factors: built-in posting sources only, so that it runs on remote
    /// shards too, and none scaled above 1 — Xapian 1.4.22 (unchanged in
    /// 1.4.28) gives a posting source under OP_SCALE_WEIGHT > 1 the scaled
    /// minimum weight unscaled, so matching stops early and the top k misses
    /// documents (8 of the true top 50 for "point" at 30,000 entities).
    /// A match's weight is the boosted weight divided by s: see `weight(ofMatch:)`.
    /// `columns`: the two slots read into memory (the same weights, cheaper
    /// per match; local databases only). `lengths`: the documents' lengths
    /// read into memory, and the database they were read from (`bm25`).
    package static func boosted(_ text: Query, columns: (prior: ValueColumn, usage: ValueColumn)? = nil,
                                lengths: (DocumentLengths, Database)? = nil) throws(XapianError) -> Query {
        let s = scale
        let priorSource, usageSource: Query
        if let columns {
            priorSource = try Query.valueWeight(columns.prior)
            usageSource = try Query.valueWeight(columns.usage)
        } else {
            priorSource = try Query.valueWeight(slot: Schema.priorSlot)
            usageSource = try Query.valueWeight(slot: Schema.usageBoostSlot)
        }
        let prior = try priorSource.scaled(by: RankingWeights.prior / s)
        let used = try usageSource.scaled(by: RankingWeights.usageCandidateBoost / s)
        let scaledText: Query
        if let (l, db) = lengths, let weighed = try bm25(text, lengths: l, in: db, factor: 1 / s) {
            scaledText = weighed
        } else {
            scaledText = try text.scaled(by: 1 / s)
        }
        return try scaledText.andMaybe(try Query.or([prior, used]))
    }

    /// `text` scaled by `factor` under the ranker's BM25 (`RankingWeights.bm25K1`,
    /// `bm25B`, as `Enquire.setBM25` weighs it), its terms weighed with the
    /// documents' lengths in memory: the same weights, bit for bit, without
    /// Xapian reading each match's length from its lengths list (two thirds
    /// of a narrow word's match set on the Debian catalog). Nil where the
    /// query cannot be rewritten exactly (see `Query.bm25`).
    package static func bm25(_ text: Query, lengths: DocumentLengths, in db: Database,
                             factor: Double = 1) throws(XapianError) -> Query? {
        try text.bm25(lengths: lengths, in: db, factor: factor, k1: RankingWeights.bm25K1, b: RankingWeights.bm25B)
    }

    /// What `boosted` divides every weight by.
    static var scale: Double { max(1, RankingWeights.prior, RankingWeights.usageCandidateBoost) }

    /// The weight of a match of `boosted` in Xapian's units (BM25 + boost).
    package static func weight(ofMatch w: Double) -> Double { w * scale }

    /// Xapian's weight of a match with the boost: BM25 plus `of(card)`.
    package static func adding(to weight: Double, _ card: HitCard?) -> Double {
        weight + (card.map(of) ?? 0)
    }

    /// Xapian's weight with the boost taken off again: the BM25 part.
    package static func removing(from weight: Double, _ card: HitCard) -> Double {
        max(0, weight - of(card))
    }
}
