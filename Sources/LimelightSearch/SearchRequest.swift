import Xapian
import LimelightSupport
import LimelightModel
import LimelightText
import LimelightRanking
import LimelightStore

/// What to search for (an empty query asks for suggestions).
public struct SearchRequest: Sendable {
    public var query: String
    /// At most this many hits; 0 = every item that matches (an empty query:
    /// every item, ranked), for launchers that list everything.
    public var limit: Int = 10
    public var app: String?
    public var type: String?
    public var contexts: [String] = []
    public var at: Timestamp = .now()
    /// Whether each suggestion's score is explained term by term (its
    /// `components`). Naming the context model's terms was a third of a
    /// suggestion's instructions, so what shows no explanation (a launcher,
    /// the service, `suggest` without `--explain`) asks for none.
    public var explained = true
    /// Extra filters (property predicates), already compiled.
    var predicates: [PropertyPredicate] = []
    /// Limited to an app, a type or property values: an empty answer says
    /// nothing matched them, not that the index is empty.
    public var isFiltered: Bool { app != nil || type != nil || !predicates.isEmpty }
    /// The hit a front end showed on top for the query this one extends (the
    /// person typed on): it stays first while the query still starts its
    /// title, or its title from one of its words, unless a hit above it is
    /// a strictly better match: an exact title, or a title the query starts
    /// when it goes on in this one only from a later word (see
    /// `Searcher+StableTopHit.swift`). A long-lived
    /// reader sets it through `TypingMemory`; nil for a query on its own.
    public var keepOnTop: SearchHit.Identity?

    public init(query: String) { self.query = query }
}

/// One result, copied out of the index.
public struct SearchHit: Sendable {
    public enum Section: String, Sendable {
        /// The best result, shown large (Spotlight's Top Hit).
        case topHit
        /// The Top Hit app's App Shortcuts, shown next to it.
        case shortcuts
        case results
        case suggestions
        /// Below the rest: items that match only some of the query's words,
        /// when too few match them all.
        case someWords
    }

    public var rank: Int
    public var section: Section
    public var kind: HitKind
    public var app: String
    public var type: String?
    public var id: String
    public var title: String
    public var subtitle: String?
    public var score: Double
    /// For an App Shortcut bound to a parameter value.
    public var parameter: EntityRef?
    /// How the hit is opened: the record's `url`, `exec`, `icon`, and an app's `desktopFile`.
    public var url: String? = nil
    public var exec: String? = nil
    public var icon: String? = nil
    public var desktopFile: String? = nil
    /// Each part of `score`, by name (they add up to it).
    public var components: [(name: String, value: Double)]
    /// Set on a hit put first by `SearchRequest.keepOnTop` above hits that
    /// score more: it was on top for the query before, which this extends.
    public var keptOnTop = false

    /// Which item a hit shows (a bound App Shortcut with its value).
    public struct Identity: Hashable, Sendable {
        public var kind: HitKind
        public var app: String
        public var type: String?
        /// The entity's or App Shortcut's id; an app's is its app id.
        public var id: String
        public var parameter: EntityRef?

        public init(kind: HitKind, app: String, type: String? = nil, id: String, parameter: EntityRef? = nil) {
            (self.kind, self.app, self.type, self.id, self.parameter) = (kind, app, type, id, parameter)
        }
    }

    public var identity: Identity { Identity(kind: kind, app: app, type: type, id: id, parameter: parameter) }
}

extension SearchHit {
    /// Result order: best score first; equal scores by title, then by item,
    /// so one index and its shards list ties alike.
    func ranksBefore(_ other: SearchHit) -> Bool {
        if score != other.score { return score > other.score }
        if title != other.title { return title < other.title }
        return (kind.rawValue, app, type ?? "", id, parameter?.type ?? "", parameter?.id ?? "")
            < (other.kind.rawValue, other.app, other.type ?? "", other.id, other.parameter?.type ?? "", other.parameter?.id ?? "")
    }
}

extension Array where Element == SearchHit {
    /// In result order (`ranksBefore`). Sorts positions, then moves each hit
    /// once: a hit is a dozen strings and arrays, and sorting the hits
    /// themselves copied them at every step (a sixth of a keystroke's
    /// instructions on the Debian catalog, callgrind).
    func sortedByRank() -> [SearchHit] { rankOrder().map { self[$0] } }

    /// The hits' positions in result order (`ranksBefore`).
    func rankOrder() -> [Int] {
        // Scores, then titles, decide all but the rarest ties (and equal
        // scores are common: list candidates share boosts).
        let scores = map(\.score), titles = map(\.title)
        return indices.sorted { a, b in
            if scores[a] != scores[b] { return scores[a] > scores[b] }
            if titles[a] != titles[b] { return titles[a] < titles[b] }
            return self[a].ranksBefore(self[b])
        }
    }
}

public struct SearchResponse: Sendable {
    public var query: String
    /// What was searched instead, when a word had a typo ("montery" → "monterey").
    public var correctedQuery: String?
    /// Set when nothing matched every word and the results match some of them.
    public var relaxed: Bool = false
    public var hits: [SearchHit]
}
