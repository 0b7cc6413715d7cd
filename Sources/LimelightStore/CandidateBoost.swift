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

    /// The query that adds the boost to every match (OR'd values, for the
    /// caller to AND_MAYBE with the text): built-in posting sources only, so
    /// that it runs on remote shards too.
    package static func query() throws(XapianError) -> Query {
        let prior = try Query.valueWeight(slot: Schema.priorSlot).scaled(by: RankingWeights.prior)
        let used = try Query.valueWeight(slot: Schema.usageBoostSlot).scaled(by: RankingWeights.usageCandidateBoost)
        return try Query.or([prior, used])
    }

    /// Xapian's weight of a match with the boost: BM25 plus `of(card)`.
    package static func adding(to weight: Double, _ card: HitCard?) -> Double {
        weight + (card.map(of) ?? 0)
    }

    /// Xapian's weight with the boost taken off again: the BM25 part.
    package static func removing(from weight: Double, _ card: HitCard) -> Double {
        max(0, weight - of(card))
    }
}
