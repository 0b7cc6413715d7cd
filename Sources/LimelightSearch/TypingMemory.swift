/// What a long-lived reader showed on top last, so that the next keystroke
/// keeps it there (`SearchRequest.keepOnTop`; the rule is `Searcher.keep`)
/// when its query extends the last one: the same app, type, contexts and
/// `--where` filters, and the last query, not blank, a prefix of it byte for
/// byte (or the same query asked again). A deletion, an edit inside the
/// query, another filter, a corrected or relaxed answer, or a query with no
/// hits is a fresh start.
///
/// One per person typing: `search --stdin` keeps one for its input,
/// `limelight serve` one for KRunner's Match calls (GNOME Shell passes the
/// previous results itself). A one-shot `limelight search` has none, so it
/// answers each query on its own.
///
/// ```swift
/// var typing = TypingMemory()
/// for q in ["T", "Tr", "Tra"] {
///     let response = try typing.search(SearchRequest(query: q), on: searcher)
/// }
/// ```
public struct TypingMemory: Sendable {
    private var last: Shown?

    private struct Shown: Sendable {
        var query: String
        var scope: Scope
        var top: SearchHit.Identity
    }

    /// What a request keeps of the index besides its text.
    private struct Scope: Equatable, Sendable {
        var app: String?
        var type: String?
        var contexts: [String]
        var predicates: [String]

        init(_ r: SearchRequest) {
            (app, type, contexts, predicates) = (r.app, r.type, r.contexts, r.predicates.map(\.signature))
        }
    }

    public init() {}

    /// Searches with `searcher`, keeping the top hit shown last if `request`
    /// extends what was asked then, and remembers what this answer shows.
    public mutating func search(_ request: SearchRequest, on searcher: Searcher) throws(SearchError) -> SearchResponse {
        var request = request
        let scope = Scope(request)
        if let last, last.scope == scope, request.query.utf8.starts(with: last.query.utf8) { request.keepOnTop = last.top }
        let response = try searcher.search(request)
        // A blank query's answer is suggestions; a corrected or relaxed one
        // answered another query than the one typed.
        if let top = response.hits.first, top.section != .suggestions, response.correctedQuery == nil, !response.relaxed {
            last = Shown(query: request.query, scope: scope, top: top.identity)
        } else {
            last = nil
        }
        return response
    }
}
