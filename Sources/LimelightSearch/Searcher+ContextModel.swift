import Xapian
import LimelightSupport
import LimelightRanking
import LimelightStore

/// Zero-query suggestions ranked by `ContextModel`: P(item | situation).
extension Searcher {
    func contextModelHits(_ candidates: [Match], _ request: SearchRequest) throws(XapianError) -> [SearchHit] {
        let f = ContextModel.Features(at: request.at, contexts: request.contexts)
        let s = try ContextModelStore.situation(db, f, contexts: request.contexts, pending: pending.values.flatMap { $0 })
        let weights = try ContextModelStore.readWeights(db)
        let items = try db.termFrequency(Schema.hit)
        var scored: [(hit: SearchHit, newRegistered: Bool, usesInContexts: Double)] = []
        scored.reserveCapacity(candidates.count)
        for m in candidates {
            guard let card = m.values[Schema.cardSlot].flatMap({ cards.card(m.documentID, $0) }) else { continue }
            var stats = UsageStats(encoded: card.usage)
            if !pending.isEmpty, let events = pending[card.itemKey] {
                var with = stats ?? UsageStats()
                for e in events { with.add(e) }
                stats = with
            }
            let relevance = Scorer.relevanceStrength(registered: card.relevant, current: request.contexts)
            let e = ContextModel.estimate(stats?.cells, base: ContextModelStore.base(prior: card.prior, items: items), relevance: relevance, s)
            var terms = weights.terms(e, s).filter { $0.value > 0 }
            let newRegistered = relevance > 0 && (stats?.count ?? 0) == 0
            if newRegistered { terms.append(("registered, never used: gets its chance", 0)) }
            let hit = SearchHit(rank: 0, section: .results, kind: card.kind, app: card.app, type: card.type, id: card.id,
                                title: card.title, subtitle: card.subtitle, score: terms.reduce(0) { $0 + $1.value },
                                parameter: card.binding,
                                url: card.launch.url, exec: card.launch.exec, icon: card.launch.icon,
                                desktopFile: card.launch.desktopFile, components: terms)
            scored.append((hit, newRegistered, e.usesInContexts))
        }
        scored.sort { $0.hit.score > $1.hit.score || ($0.hit.score == $1.hit.score && $0.hit.title < $1.hit.title) }
        let habitual = scored.contains { $0.usesInContexts >= ContextModel.habitualUses }
        return ContextModel.promoteRegistered(scored, isNewRegistered: { $0.newRegistered }, habitual: habitual).map(\.hit)
    }

    /// The context model's mixture weights as this index has learned them
    /// (components by backoff level and half-life, then `relevant`).
    public func learnedWeights() throws(SearchError) -> [(String, Double)] {
        do { return try ContextModelStore.readWeights(db).named } catch { throw SearchError(error, path: path) }
    }
}
