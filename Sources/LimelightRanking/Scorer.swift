#if canImport(Glibc)
import Glibc
#endif
import LimelightSupport
import LimelightModel
import LimelightText

/// The one scoring function: what Limelight knows about a candidate, at a
/// moment, in some contexts → named components that add up to its score.
public enum Scorer {
    /// The moment and situation of a search or suggestion.
    public struct Situation: Sendable {
        public var at: Timestamp
        public var contexts: [String]
        public var hasQuery: Bool
        package init(at: Timestamp, contexts: [String], hasQuery: Bool) {
            self.at = at; self.contexts = contexts; self.hasQuery = hasQuery
        }
    }

    /// A candidate as the scorer sees it.
    package struct Candidate {
        package var textWeight: Double = 0
        package var titleMatch: Double = 0
        package var prior: Double = 0
        package var usage: UsageStats?
        package var relevantContexts: [String] = []
        package init() {}
    }

    package static func saturate(_ x: Double) -> Double { x / (x + RankingWeights.saturationK) }

    package static func components(_ c: Candidate, _ s: Situation) -> [(name: String, value: Double)] {
        // Labelled as returned (an unlabelled array is converted element by
        // element on return), with room for every part (growing reallocates).
        var out: [(name: String, value: Double)] = []
        out.reserveCapacity(8)
        forEachPart(c, s) { out.append(($0, $1)) }
        return out
    }

    /// The score `components(c, s)` adds up to — the same parts added in
    /// the same order, so the same bits — and its `titleMatch` part (0 when
    /// there is none), without a list of parts: a search scores every
    /// candidate and names the parts of the rows it shows only (allocating
    /// and freeing a list per candidate was a tenth of a short keystroke,
    /// Benchmarks/ANALYSIS.md §10).
    package static func total(_ c: Candidate, _ s: Situation) -> (score: Double, titleMatch: Double) {
        var score = 0.0, titleMatch = 0.0
        forEachPart(c, s) { name, value in
            score += value
            if name == "titleMatch" { titleMatch = value }
        }
        return (score, titleMatch)
    }

    /// Each part of the score, by name, in order.
    private static func forEachPart(_ c: Candidate, _ s: Situation, _ add: (String, Double) -> Void) {
        typealias W = RankingWeights
        if s.hasQuery {
            add("text", c.textWeight)
            if c.titleMatch > 0 { add("titleMatch", c.titleMatch) }
        }
        add("prior", c.prior * (s.hasQuery ? W.prior : W.priorWithoutQuery))
        let scale = s.hasQuery ? W.usageScaleWithQuery : 1
        if let u = c.usage, let total = u.total {
            let day = s.at.days
            add("usage", scale * W.usage * saturate(u.decayed(total, at: day)))
            let h = s.at.hourOfDay
            var near = 0.0
            // In hour order: a dictionary's order differs per instance, and a
            // sum in another order can differ in the last bit (one index and
            // its shards must give the same scores).
            for (hour, count) in u.hours.sorted(by: { $0.key < $1.key }) {
                var d = abs(h - (Double(hour) + 0.5))
                d = min(d, 24 - d)
                near += u.decayed(count, at: day) * exp(-d * d / (2 * W.timeOfDaySigmaHours * W.timeOfDaySigmaHours))
            }
            if near > 0 { add("timeOfDay", scale * W.timeOfDay * saturate(near)) }
            if let same = s.at.isWeekend ? u.weekend : u.weekday {
                add("dayType", scale * W.dayType * saturate(u.decayed(same, at: day)))
            }
            var inContext = 0.0
            for current in s.contexts {
                let chain = Contexts.withAncestors(current)
                for (n, c) in chain.enumerated() {
                    guard let count = u.contexts[c] else { continue }
                    let specificity = Double(chain.count - n) / Double(chain.count)
                    inContext = max(inContext, specificity * saturate(u.decayed(count, at: day)))
                }
            }
            if inContext > 0 { add("contextUsage", scale * W.contextUsage * inContext) }
        }
        // Scaled with the usage parts: a hint about the situation as they
        // are, below the person's own habit in that context with a query
        // too (unscaled, 3.5 beat every habit's at most 2.4).
        let relevance = relevanceStrength(registered: c.relevantContexts, current: s.contexts)
        if relevance > 0 { add("relevant", scale * W.relevant * relevance) }
    }

    /// 1 for a registration in a current context; depth(r)/depth(c) for one in
    /// an ancestor r of a current context c (`audio.workout` while
    /// `audio.workout.running`); 0 for a more specific or unrelated one.
    package static func relevanceStrength(registered: [String], current: [String]) -> Double {
        if registered.isEmpty { return 0 }  // most items: no ancestors to list
        var best = 0.0
        for c in current {
            let chain = Contexts.withAncestors(c)
            for r in registered {
                if let n = chain.firstIndex(of: r) {
                    best = max(best, Double(chain.count - n) / Double(chain.count))
                }
            }
        }
        return best
    }
}
