import Xapian

/// What to search for.
public struct SearchRequest: Sendable {
    public var query: String
    public var limit: Int = 10
    public var app: String?
    public var type: String?
    public var contexts: [String] = []
    public var at: Timestamp = .now()

    public init(query: String) { self.query = query }
}

public enum HitKind: String, Sendable {
    case entity, shortcut, app
}

/// One result, copied out of the index.
public struct SearchHit: Sendable {
    public var rank: Int
    public var kind: HitKind
    public var app: String
    public var type: String?
    public var id: String
    public var title: String
    public var subtitle: String?
    public var score: Double
    /// For an App Shortcut bound to a parameter value.
    public var parameter: EntityRef?
    /// Each part of `score`, by name (they add up to it).
    public var components: [(name: String, value: Double)]
}

public struct SearchResponse: Sendable {
    public var query: String
    /// Set when nothing matched every word and the results match some of them.
    public var relaxed: Bool = false
    public var hits: [SearchHit]
}

/// Answers `search` against one open index.
///
/// Not thread safe (Xapian objects are per thread): one Searcher per thread.
public final class Searcher {
    let db: Database
    private let parser: QueryParser

    public init(database: Database) throws(XapianError) {
        db = database
        parser = try QueryParser(language: "english", strategy: .some)
        parser.database = database
        parser.defaultOperator = .and
    }

    public convenience init(location: IndexLocation) throws(LimelightError) {
        let db = try location.openReader()
        do { try self.init(database: db) } catch { throw IndexLocation.describe(error, path: location.path) }
    }

    public func search(_ request: SearchRequest) throws(LimelightError) -> SearchResponse {
        // Readers see a snapshot; if a writer moved on far enough that our
        // snapshot's blocks were reused, reopen and try again.
        var attempt = 0
        while true {
            do {
                return try run(request)
            } catch let e where e.kind == .databaseModified && attempt < 5 {
                attempt += 1
                _ = try? db.reopen()
            } catch {
                throw LimelightError(.failure, "search failed: \(error.description)")
            }
        }
    }

    private func run(_ request: SearchRequest) throws(XapianError) -> SearchResponse {
        let filter = try filterQuery(request)
        let text = QueryText(request.query)
        var relaxed = false
        var candidates: [Match] = []
        if text.isEmpty {
            candidates = try match(try Query.valueWeight(slot: Schema.priorSlot).filter(filter), request)
        } else {
            candidates = try match(try textQuery(text, op: .and), filter: filter, request)
            if candidates.isEmpty, text.wordCount > 1 {
                candidates = try match(try textQuery(text, op: .or), filter: filter, request)
                relaxed = !candidates.isEmpty
            }
        }
        var hits = candidates.compactMap { hit(from: $0, text: text) }
        hits.sort { $0.score > $1.score || ($0.score == $1.score && $0.title < $1.title) }
        hits = Array(hits.prefix(request.limit))
        for i in hits.indices { hits[i].rank = i + 1 }
        return SearchResponse(query: request.query, relaxed: relaxed, hits: hits)
    }

    private func filterQuery(_ request: SearchRequest) throws(XapianError) -> Query {
        var parts = [Query(term: Schema.hit)]
        if let app = request.app { parts.append(Query(term: Schema.term(Schema.app, app))) }
        if let type = request.type {
            parts.append(Query(term: Schema.kind + RecordKind.entity.rawValue))
            parts.append(Query(term: Schema.term(Schema.type, type)))
        }
        return parts.count == 1 ? parts[0] : try .and(parts)
    }

    /// Complete words must all match (or any, when relaxed); the last word,
    /// still being typed, matches as a prefix through indexed edge prefixes.
    private func textQuery(_ text: QueryText, op: Query.Operator) throws(XapianError) -> Query {
        var parts: [Query] = []
        for word in text.completeWords {
            let q = try parser.parse(word, flags: [.cjkNgram])
            if !q.isEmpty { parts.append(q) }
        }
        if let last = text.partialWord {
            let whole = try parser.parse(last, flags: [.cjkNgram])
            let prefix: Query
            if last.count <= Schema.maxIndexedPrefix {
                prefix = Query(term: Schema.term(Schema.wordPrefix, last))
            } else {
                prefix = try .wildcard(last, maxExpansion: RankingWeights.maxWildcardExpansion)
            }
            parts.append(whole.isEmpty ? prefix : try .or([whole, prefix]))
        }
        if parts.isEmpty { return .matchNothing }
        return parts.count == 1 ? parts[0] : try .combine(op, parts)
    }

    private func match(_ text: Query, filter: Query, _ request: SearchRequest) throws(XapianError) -> [Match] {
        let prior = try Query.valueWeight(slot: Schema.priorSlot).scaled(by: RankingWeights.prior)
        return try match(try text.filter(filter).andMaybe(prior), request)
    }

    private func match(_ query: Query, _ request: SearchRequest) throws(XapianError) -> [Match] {
        let enquire = try Enquire(db)
        try enquire.setBM25(k1: RankingWeights.bm25K1, b: RankingWeights.bm25B)
        enquire.query = query
        let depth = max(request.limit * 3, RankingWeights.rerankDepth)
        return try enquire.matches(count: depth, values: [Schema.priorSlot]).matches
    }

    private func hit(from m: Match, text: QueryText) -> SearchHit? {
        guard let json = try? JSON.parse(m.data), let o = json.object,
              let kindName = o["kind"]?.string else { return nil }
        let kind: HitKind
        switch kindName {
        case "entity": kind = .entity
        case "shortcut": kind = .shortcut
        case "app": kind = .app
        default: return nil
        }
        let title = o["displayTitle"]?.string ?? (kind == .app ? o["name"]?.string : o["title"]?.string) ?? ""
        let priorValue = m.values[Schema.priorSlot].map(sortableUnserialise) ?? 0
        let isQuery = !text.isEmpty
        let prior = priorValue * (isQuery ? RankingWeights.prior : 1)
        var components: [(String, Double)] = []
        if isQuery { components.append(("text", m.weight - prior)) }
        components.append(("prior", prior))
        // An app matches by its name or any synonym ("Trail Guide" is Trails).
        let names = kind == .app ? [title] + (o["synonyms"]?.array?.compactMap(\.string) ?? []) : [title]
        let bonus = isQuery ? names.map { TitleMatch.bonus(title: $0, text: text) }.max() ?? 0 : 0
        if bonus > 0 { components.append(("titleMatch", bonus)) }
        var parameter: EntityRef? = nil
        if let b = o["binding"]?.object, let t = b["type"]?.string, let i = b["id"]?.string {
            parameter = EntityRef(type: t, id: i)
        }
        return SearchHit(rank: 0, kind: kind, app: o["app"]?.string ?? "",
                         type: kind == .entity ? o["type"]?.string : nil,
                         id: kind == .app ? (o["app"]?.string ?? "") : (o["id"]?.string ?? ""),
                         title: title, subtitle: kind == .entity ? o["subtitle"]?.string : nil,
                         score: components.reduce(0) { $0 + $1.1 }, parameter: parameter,
                         components: components)
    }
}

/// The query as typed, split into complete words and the word being typed.
struct QueryText {
    let raw: String
    /// Words followed by a separator (or CJK runs, matched by n-grams).
    let completeWords: [String]
    /// The trailing word still being typed (lower-cased), if any.
    let partialWord: String?
    /// All words, lower-cased, for title-match checks.
    let words: [String]
    /// Runs of CJK characters.
    let cjkRuns: [String]

    init(_ raw: String) {
        self.raw = raw
        var words = Tokenizer.words(raw)
        let endsInWord: Bool = {
            guard let last = raw.unicodeScalars.last else { return false }
            return Tokenizer.isWordScalar(last) && !Tokenizer.isCJK(last)
        }()
        self.words = words
        partialWord = endsInWord ? words.popLast() : nil
        // CJK text is not split into words by Tokenizer; keep its runs whole.
        cjkRuns = Tokenizer.cjkRuns(raw)
        completeWords = words + cjkRuns
    }

    var isEmpty: Bool { completeWords.isEmpty && partialWord == nil }
    var wordCount: Int { completeWords.count + (partialWord == nil ? 0 : 1) }
}

/// Exact and word-start matches beat mid-word or partial ones. CJK text has no
/// word boundaries, so there a run of the query counts where it starts the
/// title (a prefix) or appears in it (a word start).
enum TitleMatch {
    static func bonus(title: String, text: QueryText) -> Double {
        let titleWords = Tokenizer.words(title)
        let queryWords = text.words
        let titleCJK = Tokenizer.cjkRuns(title)
        guard !queryWords.isEmpty || !text.cjkRuns.isEmpty else { return 0 }
        if titleWords == queryWords, titleCJK == text.cjkRuns { return RankingWeights.exactTitle }
        let flatTitle = (titleWords + titleCJK).joined(separator: " ")
        let flatQuery = (queryWords + text.cjkRuns).joined(separator: " ")
        let compactTitle = Tokenizer.normalizedForPrefix(title)
        if flatTitle.hasPrefix(flatQuery) || compactTitle.hasPrefix(Tokenizer.normalizedForPrefix(text.raw)) {
            return RankingWeights.titlePrefix
        }
        let wordsOK = queryWords.allSatisfy { q in titleWords.contains { $0.hasPrefix(q) } }
        let cjkOK = text.cjkRuns.allSatisfy { run in titleCJK.contains { $0.contains(run) } }
        return wordsOK && cjkOK ? RankingWeights.allWordStarts : 0
    }
}
