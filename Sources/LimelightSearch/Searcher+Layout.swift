import Xapian
import LimelightSupport
import LimelightModel
import LimelightText
import LimelightRanking
import LimelightStore

extension Searcher {
    /// One row per thing: an App Shortcut bound to an entity and the entity
    /// itself are the same suggestion; keep the better scored.
    func removeDuplicateThings(_ hits: [SearchHit]) -> [SearchHit] {
        var seen = Set<String>()
        return hits.filter { seen.insert(Self.thing($0)).inserted }.map { var h = $0; h.section = .suggestions; return h }
    }

    /// What a hit is a suggestion of (a bound App Shortcut: its entity).
    static func thing(_ h: SearchHit) -> String {
        if let p = h.parameter { return "entity/\(h.app)/\(p.type)/\(p.id)" }
        return "\(h.kind.rawValue)/\(h.app)/\(h.type ?? "")/\(h.id)"
    }

    /// Spotlight's shape: the Top Hit, then its app's App Shortcuts (when the
    /// Top Hit is an app, its shortcuts even if the query did not name them),
    /// then the rest by score — but a shortcut sits next to the Top Hit only
    /// while it scores at least as well as every hit it would push down, so
    /// with `--limit 3` two weak shortcuts never hide a strong match.
    func arrangeLikeSpotlight(_ hits: [SearchHit], _ request: SearchRequest) throws(XapianError) -> [SearchHit] {
        guard var top = hits.first else { return hits }
        top.section = .topHit
        var shortcuts = hits.dropFirst().filter { $0.kind == .shortcut && $0.app == top.app }.prefix(RankingWeights.topHitShortcuts).map { var h = $0; h.section = .shortcuts; return h }
        if top.kind == .app, shortcuts.count < RankingWeights.topHitShortcuts {
            let have = Set(shortcuts.map(\.id))
            let q = try Query.and([Query(term: Schema.kind + RecordKind.shortcut.rawValue), Query(term: Schema.term(Schema.app, top.app)), Query(term: Schema.hit)])
                .andNot(Query(term: Schema.derived))
            let situation = Scorer.Situation(at: request.at, contexts: request.contexts, hasQuery: false)
            let extra = try match(try q.andMaybe(try Query.valueWeight(slot: Schema.priorSlot)), count: RankingWeights.topHitShortcutCandidates)
                .compactMap { hit(from: $0, text: QueryText(""), situation) }
                .filter { !have.contains($0.id) }
                .sorted { $0.ranksBefore($1) }
            for var h in extra.prefix(RankingWeights.topHitShortcuts - shortcuts.count) {
                h.section = .shortcuts
                shortcuts.append(h)
            }
        }
        let placed = Set(shortcuts.map { "\($0.id)|\($0.parameter?.id ?? "")" })
        let rest = hits.dropFirst().filter { !($0.kind == .shortcut && placed.contains("\($0.id)|\($0.parameter?.id ?? "")") && $0.app == top.app) }
        // Shortcuts (best first) that outscore the best other hit stay with
        // the Top Hit; the others take their place among the rest by score.
        let best = rest.first?.score ?? -.infinity
        let withTop = shortcuts.prefix { $0.score >= best }
        let merged = (rest + shortcuts.dropFirst(withTop.count).map { var h = $0; h.section = .results; return h })
            .sorted { $0.ranksBefore($1) }
        return [top] + withTop + merged
    }
}
