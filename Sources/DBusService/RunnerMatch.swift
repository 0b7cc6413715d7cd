/// One KRunner match: the `(sssida{sv})` of `org.kde.krunner1.Match`.
///
/// On the bus: `(id, text, iconName, kind, relevance, {'subtext': <…>,
/// 'urls': <[…]>, 'category': <…>, 'actions': <[…]>})`.
public struct RunnerMatch: Sendable, Equatable {
    public var id: String
    public var text: String
    public var iconName: String
    public var kind: MatchKind
    /// 0…1; clamped on the way out.
    public var relevance: Double
    public var subtext: String?
    public var urls: [String]
    public var category: String?
    /// Ids of ``RunnerAction``s this match offers; `nil` offers all of them,
    /// `[]` none (KRunner reads a missing key as "all").
    public var actions: [String]?

    public init(id: String, text: String, iconName: String = "", kind: MatchKind = .possible,
                relevance: Double, subtext: String? = nil, urls: [String] = [],
                category: String? = nil, actions: [String]? = nil) {
        self.id = id
        self.text = text
        self.iconName = iconName
        self.kind = kind
        self.relevance = relevance
        self.subtext = subtext
        self.urls = urls
        self.category = category
        self.actions = actions
    }
}

/// The match's 4th field. KF5 reads it as `QueryMatch::Type`, KF6 as
/// `CategoryRelevance`; the values below mean the same rank in both, so 100
/// for exact hits and 30 for the rest sorts well in either.
public struct MatchKind: RawRepresentable, Sendable, Equatable, Hashable {
    public var rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// KF5 `ExactMatch`, KF6 `Highest`.
    public static let exact = MatchKind(rawValue: 100)
    /// KF5 `HelperMatch`, KF6 `High`.
    public static let helper = MatchKind(rawValue: 70)
    /// KF5 `InformationalMatch`, KF6 `Moderate`.
    public static let informational = MatchKind(rawValue: 50)
    /// KF5 `PossibleMatch`, KF6 `Low`.
    public static let possible = MatchKind(rawValue: 30)
    /// KF5 `CompletionMatch` (KF6 has no 10; it sorts between Lowest and Low).
    public static let completion = MatchKind(rawValue: 10)
}

/// An action a KRunner match can offer: the `(sss)` of `org.kde.krunner1.Actions`.
public struct RunnerAction: Sendable, Equatable {
    public var id: String
    public var text: String
    public var iconName: String

    public init(id: String, text: String, iconName: String = "") {
        self.id = id
        self.text = text
        self.iconName = iconName
    }
}

/// What `org.kde.krunner1.Config` returns (only read with `X-Plasma-API=DBus2`).
/// A `nil` field is left out, and KRunner keeps its default.
public struct RunnerConfig: Sendable, Equatable {
    /// `MatchRegex`: KRunner calls `Match` only for queries matching it.
    public var matchRegex: String?
    /// `MinLetterCount`: KRunner calls `Match` only for queries at least this long.
    public var minLetterCount: Int32?
    /// `TriggerWords`: words that make KRunner call `Match`.
    public var triggerWords: [String]?

    public init(matchRegex: String? = nil, minLetterCount: Int32? = nil, triggerWords: [String]? = nil) {
        self.matchRegex = matchRegex
        self.minLetterCount = minLetterCount
        self.triggerWords = triggerWords
    }
}
