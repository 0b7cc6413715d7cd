import Xapian
import LimelightSupport
import LimelightModel
import LimelightText
import LimelightRanking
import LimelightStore

/// Answers `search` and `suggest` against one open index.
///
/// Not thread safe (Xapian objects are per thread): one Searcher per thread.
public final class Searcher {
    let db: Database
    let parser: QueryParser
    let stemmer = Stemmer(language: "english")
    /// `RankingWeights.broadQueryMatches` and `broadWindowMatches`; tests
    /// lower them to reach the broad plan on a small index.
    package var broadQueryMatches = RankingWeights.broadQueryMatches
    package var broadWindowMatches = RankingWeights.broadWindowMatches

    /// Where the index is, for error messages (`SearchError(_:path:)`).
    let path: String

    package init(database: Database, path: String = "(an open database)") throws(XapianError) {
        db = database
        self.path = path
        // Stemmed terms only, as indexed (see `DocumentBuilder`).
        parser = try QueryParser(language: "english", strategy: .allZ)
        parser.database = database
        parser.defaultOperator = .and
    }

    public convenience init(location: IndexLocation) throws(SearchError) {
        let db: Database
        do { db = try location.openReader() } catch { throw .store(error) }
        do { try self.init(database: db, path: location.path) } catch { throw SearchError(error, path: location.path) }
        journal = location
    }

    /// Where donations wait for a writer (`DonationJournal`); searches count them.
    var journal: IndexLocation?
    /// The journal's donations by item, read once per search (a `stat` when empty).
    var pending: [ItemKey: [UsageEvent]] = [:]
    /// Cards decoded once per search and across keystrokes (see `CardCache`).
    let cards = CardCache()

    /// Sees the latest committed changes (a long-lived searcher calls this).
    /// True if there was something new to see.
    @discardableResult
    public func refresh() -> Bool { (try? db.reopen()) ?? false }

    public func search(_ request: SearchRequest) throws(SearchError) -> SearchResponse {
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
                throw .store(StoreError(searching: error))
            }
        }
    }

    /// Everything a candidate needs is in its card: one value read per hit.
    static let values = [Schema.cardSlot]

    func run(_ request: SearchRequest) throws(XapianError) -> SearchResponse {
        let restriction = try Restriction(request)
        var text = QueryText(request.query)
        let situation = Scorer.Situation(at: request.at, contexts: request.contexts, hasQuery: !text.isEmpty)
        var relaxed = false
        var corrected: String? = nil
        var candidates: [Match]
        if text.isEmpty {
            let plain = request.app == nil && request.type == nil && request.predicates.isEmpty && request.limit != 0
            candidates = plain ? try hotCandidates(request)
                : try suggestionCandidates(filter: try restriction.apply(to: Query(term: Schema.hit)), request)
        } else {
            candidates = []
            if let p = text.partialWord, text.completeWords.isEmpty, p.count <= HotLists.maxListedPrefix,
               request.app == nil, request.type == nil, request.predicates.isEmpty {
                candidates = try prefixCandidates(p, request)
            }
            if candidates.isEmpty { candidates = try match(try textQuery(text, op: .and), restriction, request, broad: text.titleWords) }
            // Apps by a word inside their name or by initials, below word
            // starts; a word that finds one is not a typo.
            let have = Set(candidates.map(\.documentID))
            candidates += try appNameCandidates(text, request).filter { !have.contains($0.documentID) }
            if candidates.isEmpty, let fixed = try correctTypos(text) {
                text = fixed
                corrected = fixed.display
                candidates = try match(try textQuery(text, op: .and), restriction, request, broad: text.titleWords)
            }
            if candidates.isEmpty, text.wordCount > 1 {
                // Ranked retrieval proper (any word may match): BM25 over
                // every match, however many there are.
                candidates = try match(try textQuery(text, op: .or), restriction, request, broad: nil)
                relaxed = !candidates.isEmpty
            }
        }
        pending = journal.map(DonationJournal.pendingUsage) ?? [:]
        if !pending.isEmpty, text.isEmpty { candidates += try journalCandidates(besides: candidates, request) }
        var hits: [SearchHit]
        if situation.hasQuery {
            hits = candidates.compactMap { hit(from: $0, text: text, situation) }
            hits.sort { $0.score > $1.score || ($0.score == $1.score && $0.title < $1.title) }
        } else {
            hits = try contextModelHits(candidates, request)  // Searcher+ContextModel.swift
        }
        hits = situation.hasQuery ? try arrangeLikeSpotlight(hits, request) : removeDuplicateThings(hits)
        if request.limit > 0 { hits = Array(hits.prefix(request.limit)) }
        for i in hits.indices { hits[i].rank = i + 1 }
        return SearchResponse(query: request.query, correctedQuery: corrected, relaxed: relaxed, hits: hits)
    }

    /// What a request keeps of a query's matches: its app, type and property
    /// predicates, and never an expired entity (maintenance purges them).
    /// Text queries need no `XH` (search hit) filter: text terms are only
    /// ever on hits (other documents carry boolean identity terms only), and
    /// the filter would cost a skip in a list as long as the index per match
    /// (15% of a broad query at a million entities).
    struct Restriction {
        var required: [Query] = []
        let expired: Query

        init(_ request: SearchRequest) throws(XapianError) {
            expired = try Query(term: Schema.expires).filter(
                try .valueRange(slot: Schema.expirySlot, from: nil, to: sortableSerialise(request.at.seconds)))
            if let app = request.app { required.append(Query(term: Schema.term(Schema.app, app))) }
            if let type = request.type {
                required.append(Query(term: Schema.kind + RecordKind.entity.rawValue))
                required.append(Query(term: Schema.term(Schema.type, type)))
            }
            for p in request.predicates { required.append(try p.query()) }
        }

        func apply(to query: Query) throws(XapianError) -> Query {
            let kept = required.isEmpty ? query : try query.filter(required.count == 1 ? required[0] : try .and(required))
            return try kept.andNot(expired)
        }
    }

    /// The candidates for a text query: the best `depth` by BM25 + prior +
    /// usage — of every match, or, for a broad query of all words (`broad`
    /// holds them), see `broadCandidates`.
    func match(_ text: Query, _ restriction: Restriction, _ request: SearchRequest,
                       broad titleWords: [String]?) throws(XapianError) -> [Match] {
        let depth = request.limit == 0 ? max(try db.documentCount, 1)
            : max(request.limit * RankingWeights.rerankDepthPerResult, RankingWeights.rerankDepth)
        let matching = try restriction.apply(to: text)
        guard let titleWords else { return try scored(matching, count: depth) }
        return try broadCandidates(matching, titleWords: titleWords, depth: depth, request)
    }
}
