import Xapian
import LimelightSupport
import LimelightRanking
import LimelightStore

/// Zero-query suggestions ranked by `ContextModel`: P(item | situation).
extension Searcher {
    func contextModelHits(_ candidates: [Match], _ request: SearchRequest) throws(XapianError) -> [SearchHit] {
        let f = ContextModel.Features(at: request.at, contexts: request.contexts)
        let s = try ContextModelStore.situation(db, f, contexts: request.contexts, pending: pending.values.flatMap { $0 })
        let weights = try snapshot.contextWeights(in: db)
        let items = try db.termFrequency(Schema.hit)
        var hits: [SearchHit] = [], features: [[Double]] = [], newRegistered: [Bool] = []
        hits.reserveCapacity(candidates.count)
        var habitual = false
        for m in candidates {
            guard let entry = try card(of: m) else { continue }
            let card = entry.card
            var stats = entry.usage
            if !pending.isEmpty, let events = pending[card.itemKey] {
                var with = stats ?? UsageStats()
                for e in events { with.add(e) }
                stats = with
            }
            let relevance = Scorer.relevanceStrength(registered: card.relevant, current: request.contexts)
            let e = ContextModel.estimate(stats, base: ContextModelStore.base(prior: card.prior, items: items), relevance: relevance, s)
            let phi = ContextModel.features(e, s, smoothing: weights.smoothing)
            hits.append(SearchHit(rank: 0, section: .results, kind: card.kind, app: card.app, type: card.type, id: card.id,
                                  title: card.title, subtitle: card.subtitle, score: weights.score(phi),
                                  parameter: card.binding,
                                  url: card.launch.url, exec: card.launch.exec, icon: card.launch.icon,
                                  desktopFile: card.launch.desktopFile, components: []))
            features.append(phi)
            newRegistered.append(relevance > 0 && (stats?.count ?? 0) == 0)
            habitual = habitual || e.usesInContexts >= ContextModel.habitualUses
        }
        let order = ContextModel.promoteRegistered(hits.rankOrder(),
                                                   isNewRegistered: { newRegistered[$0] }, habitual: habitual)
        // Components for the hits shown only (see `ContextModel.Weights.score`):
        // the first `limit` things, as `removeDuplicateThings` will keep them.
        if request.explained {
            var things = Set<String>()
            for i in order {
                things.insert(Self.thing(hits[i]))
                if request.limit > 0, things.count > request.limit { break }
                var terms = weights.terms(features[i])
                if newRegistered[i] { terms.append(("registered, never used: gets its chance", 0)) }
                hits[i].components = terms
            }
        }
        return order.map { hits[$0] }
    }

    /// The context model's weights as this index has learned them (by
    /// backoff level and half-life, then the registration, η), then each
    /// level's μ.
    public func learnedWeights() throws(SearchError) -> [(String, Double)] {
        do {
            let w = try ContextModelStore.readWeights(db)
            return w.named + w.namedSmoothing
        } catch { throw SearchError(error, path: path) }
    }
}
