import Xapian
import LimelightSupport
import LimelightModel
import LimelightText
import LimelightRanking
import LimelightStore

extension Searcher {
    /// One row per thing: an App Shortcut bound to an entity and the entity
    /// itself are the same suggestion; keep the better scored.
    /// Stops at `limit` suggestions (0: goes through them all).
    func removeDuplicateThings(_ hits: [SearchHit], limit: Int) -> [SearchHit] {
        var seen = Set<Thing>(), out: [SearchHit] = []
        for h in hits where seen.insert(Self.thing(h)).inserted {
            out.append(h)
            out[out.count - 1].section = .suggestions
            if out.count == limit { break }
        }
        return out
    }

    /// What a hit is a suggestion of (a bound App Shortcut: its entity).
    /// Its parts, not a path of them: types and ids may hold "/", and the
    /// entities Thing/"a/b" and "Thing/a"/b were one, so one was never listed.
    struct Thing: Hashable {
        let kind: HitKind, app: String, type: String?, id: String
    }

    static func thing(_ h: SearchHit) -> Thing {
        if let p = h.parameter { return Thing(kind: .entity, app: h.app, type: p.type, id: p.id) }
        return Thing(kind: h.kind, app: h.app, type: h.type, id: h.id)
    }

    /// Spotlight's shape: the Top Hit, then its app's App Shortcuts (when the
    /// Top Hit is an app, its shortcuts even if the query did not name them),
    /// then the rest by score — but a shortcut sits next to the Top Hit only
    /// while it scores at least as well as every hit it would push down, so
    /// with `--limit 3` two weak shortcuts never hide a strong match.
    ///
    /// `order` holds positions in `scored` (scored in `situation`), in
    /// result order; hits are made only of the rows the layout shows within
    /// `request.limit` (a hit is a dozen strings, and making and copying one
    /// for every candidate cost more than choosing them).
    func arrangeLikeSpotlight(_ order: [Int], _ scored: [Scored], _ situation: Scorer.Situation,
                              _ request: SearchRequest) throws(XapianError) -> [SearchHit] {
        guard let first = order.first else { return [] }
        var top = hit(scored[first], situation)
        top.section = .topHit
        let limit = request.limit > 0 ? request.limit : Int.max
        func isTopAppShortcut(_ i: Int) -> Bool {
            let e = scored[i].entry
            return e.card.kind == .shortcut && e.card.app == top.app
        }
        var shortcuts: [SearchHit] = []
        for i in order.dropFirst() where isTopAppShortcut(i) {
            var h = hit(scored[i], situation)
            h.section = .shortcuts
            shortcuts.append(h)
            if shortcuts.count == RankingWeights.topHitShortcuts { break }
        }
        if top.kind == .app, shortcuts.count < RankingWeights.topHitShortcuts {
            let have = Set(shortcuts.map(\.id))
            let q = try Query.and([Query(term: Schema.kind + RecordKind.shortcut.rawValue), Query(term: Schema.term(Schema.app, top.app)), Query(term: Schema.hit)])
                .andNot(Query(term: Schema.derived))
            let own = Scorer.Situation(at: request.at, contexts: request.contexts, hasQuery: false)
            var extra: [SearchHit] = []
            for m in try match(try q.andMaybe(try Query.valueWeight(slot: Schema.priorSlot)), count: RankingWeights.topHitShortcutCandidates) {
                if let h = try hit(from: m, text: QueryText(""), own), !have.contains(h.id) { extra.append(h) }
            }
            for var h in extra.sortedByRank().prefix(RankingWeights.topHitShortcuts - shortcuts.count) {
                h.section = .shortcuts
                shortcuts.append(h)
            }
        }
        let placed = Set(shortcuts.map { "\($0.id)|\($0.parameter?.id ?? "")" })
        // The rest, in order, as far as the limit can show them.
        var rest: [SearchHit] = []
        for i in order.dropFirst()
        where !(isTopAppShortcut(i) && placed.contains("\(scored[i].entry.card.id)|\(scored[i].entry.card.binding?.id ?? "")")) {
            if rest.count >= limit - 1 { break }
            rest.append(hit(scored[i], situation))
        }
        // Shortcuts (best first) that outscore the best other hit stay with
        // the Top Hit; the others take their place among the rest by score.
        let best = rest.first?.score ?? -.infinity
        let withTop = shortcuts.prefix { $0.score >= best }
        var out = [top] + withTop.prefix(max(limit - 1, 0))
        let others = shortcuts.dropFirst(withTop.count).map { var h = $0; h.section = .results; return h }.sortedByRank()
        // Two lists in result order, merged.
        var r = rest.startIndex, o = others.startIndex
        while out.count < limit, r < rest.endIndex || o < others.endIndex {
            if o == others.endIndex || (r < rest.endIndex && rest[r].ranksBefore(others[o])) {
                out.append(rest[r])
                r += 1
            } else {
                out.append(others[o])
                o += 1
            }
        }
        return out
    }
}
