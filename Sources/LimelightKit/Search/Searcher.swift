import Xapian

/// What to search for (an empty query asks for suggestions).
public struct SearchRequest: Sendable {
    public var query: String
    public var limit: Int = 10
    public var app: String?
    public var type: String?
    public var contexts: [String] = []
    public var at: Timestamp = .now()
    /// Extra filters (property predicates), already compiled.
    var predicates: [PropertyPredicate] = []

    public init(query: String) { self.query = query }
}

public enum HitKind: String, Sendable {
    case entity, shortcut, app
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
    /// Each part of `score`, by name (they add up to it).
    public var components: [(name: String, value: Double)]
}

public struct SearchResponse: Sendable {
    public var query: String
    /// What was searched instead, when a word had a typo ("montery" → "monterey").
    public var correctedQuery: String?
    /// Set when nothing matched every word and the results match some of them.
    public var relaxed: Bool = false
    public var hits: [SearchHit]
}

/// Answers `search` and `suggest` against one open index.
///
/// Not thread safe (Xapian objects are per thread): one Searcher per thread.
public final class Searcher {
    let db: Database
    private let parser: QueryParser
    private let stemmer = Stemmer(language: "english")
    /// `RankingWeights.broadQueryMatches` and `broadWindowMatches`; tests
    /// lower them to reach the broad plan on a small index.
    var broadQueryMatches = RankingWeights.broadQueryMatches
    var broadWindowMatches = RankingWeights.broadWindowMatches

    public init(database: Database) throws(XapianError) {
        db = database
        // Stemmed terms only, as indexed (see `DocumentBuilder`).
        parser = try QueryParser(language: "english", strategy: .allZ)
        parser.database = database
        parser.defaultOperator = .and
    }

    public convenience init(location: IndexLocation) throws(LimelightError) {
        let db = try location.openReader()
        do { try self.init(database: db) } catch { throw IndexLocation.describe(error, path: location.path) }
    }

    /// Sees the latest committed changes (a long-lived searcher calls this).
    public func refresh() { _ = try? db.reopen() }

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

    /// Everything a candidate needs is in its card: one value read per hit.
    private static let values = [Schema.cardSlot]

    private func run(_ request: SearchRequest) throws(XapianError) -> SearchResponse {
        let restriction = try Restriction(request)
        var text = QueryText(request.query)
        let situation = Scorer.Situation(at: request.at, contexts: request.contexts, hasQuery: !text.isEmpty)
        var relaxed = false
        var corrected: String? = nil
        var candidates: [Match]
        if text.isEmpty {
            let plain = request.app == nil && request.type == nil && request.predicates.isEmpty
            candidates = plain ? try hotCandidates(request)
                : try suggestionCandidates(filter: try restriction.apply(to: Query(term: Schema.hit)), request)
        } else {
            candidates = []
            if let p = text.partialWord, text.completeWords.isEmpty, p.count <= HotLists.maxListedPrefix,
               request.app == nil, request.type == nil, request.predicates.isEmpty {
                candidates = try prefixCandidates(p, request)
            }
            if candidates.isEmpty { candidates = try match(try textQuery(text, op: .and), restriction, request, broad: text.titleWords) }
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
        var hits: [SearchHit]
        if situation.hasQuery {
            hits = candidates.compactMap { hit(from: $0, text: text, situation) }
            hits.sort { $0.score > $1.score || ($0.score == $1.score && $0.title < $1.title) }
        } else {
            hits = try contextModelHits(candidates, request)  // Searcher+ContextModel.swift
        }
        hits = situation.hasQuery ? try arrangeLikeSpotlight(hits, request) : removeDuplicateThings(hits)
        hits = Array(hits.prefix(request.limit))
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

    // MARK: Text

    /// Complete words must all match (or any, when relaxed); the last word,
    /// still being typed, matches as a prefix through indexed edge prefixes.
    private func textQuery(_ text: QueryText, op: Query.Operator) throws(XapianError) -> Query {
        var parts: [Query] = []
        for word in text.completeWords {
            // The term generator gives CJK n-grams the stemmed-term prefix
            // too; the query parser does not, unless told.
            let q = try parser.parse(word, flags: [.cjkNgram], defaultPrefix: Tokenizer.containsCJK(word) ? "Z" : "")
            if !q.isEmpty { parts.append(q) }
        }
        if let last = text.partialWord {
            // A short fragment is only a prefix: "m" should not match the unit in "2,000 m".
            let whole = last.count >= 3 ? try parser.parse(last, flags: [.cjkNgram]) : Query.matchNothing
            // Past 10 letters, the indexed prefix of its first 10 (a title
            // or keyword word that starts so); the title match tells them apart.
            let prefix = Query(term: Schema.term(Schema.wordPrefix, String(last.prefix(Schema.maxIndexedPrefix))))
            parts.append(whole.isEmpty ? prefix : try .or([whole, prefix]))
        }
        if parts.isEmpty { return .matchNothing }
        return parts.count == 1 ? parts[0] : try .combine(op, parts)
    }

    /// The candidates for a text query: the best `depth` by BM25 + prior +
    /// usage — of every match, or, for a broad query of all words (`broad`
    /// holds them), see `broadCandidates`.
    private func match(_ text: Query, _ restriction: Restriction, _ request: SearchRequest,
                       broad titleWords: [String]?) throws(XapianError) -> [Match] {
        let depth = max(request.limit * 3, RankingWeights.rerankDepth)
        let matching = try restriction.apply(to: text)
        guard let titleWords else { return try scored(matching, count: depth) }
        return try broadCandidates(matching, titleWords: titleWords, depth: depth, request)
    }

    /// Candidates for a query of all words. Scoring visits every match, and
    /// Xapian cannot prune a list whose documents tie on everything but the
    /// prior: a word on a third of a million documents has almost no IDF.
    /// So a query Xapian could match on more than `broadQueryMatches`
    /// documents is scored within a window of the first documents instead,
    /// which `index` and `rebuild` write in static-rank order (best prior
    /// first, see `EntityRun`): the best text matches among the most
    /// important documents.
    /// With them come what a window could miss:
    /// - matches whose titles (or keywords) have every typed word — scored
    ///   whole if there are few enough, else in a window too;
    /// - every matching app and App Shortcut (a few per app);
    /// - the most used items whose titles match (the usage hot lists).
    /// Below the budget this is exactly the full ranking, and the budgets
    /// bound a keystroke's work at any index size.
    private func broadCandidates(_ matching: Query, titleWords: [String], depth: Int,
                                 _ request: SearchRequest) throws(XapianError) -> [Match] {
        let bound = try matchesUpperBound(matching)
        guard bound > broadQueryMatches else { return try scored(matching, count: depth) }
        var seen = Set<UInt32>()
        var out: [Match] = []
        func add(_ ms: [Match]) { for m in ms where seen.insert(m.documentID).inserted { out.append(m) } }
        // A window that holds every match scores them all: the title tier
        // could only repeat part of that work.
        let windowHoldsAll = bound <= broadWindowMatches
        if !titleWords.isEmpty, !windowHoldsAll {
            let inTitles = try matching.filter(try .and(titleWords.map {
                Query(term: Schema.term(Schema.wordPrefix, String($0.prefix(Schema.maxIndexedPrefix))))
            }))
            // Every match here also costs a skip in each long list: a quarter
            // of the budgets.
            let titled = try matchesUpperBound(inTitles)
            add(titled <= broadQueryMatches / 4 ? try scored(inTitles, count: depth)
                : try windowed(inTitles, count: depth, matches: titled, budget: broadWindowMatches / 4))
        }
        let small = try Query.or([RecordKind.app, .shortcut].map { Query(term: Schema.kind + $0.rawValue) })
        add(try scored(try matching.filter(small), count: RankingWeights.prefixCandidates))
        add(try windowed(matching, count: depth, matches: bound, budget: broadWindowMatches))
        add(try hotTitleMatches(titleWords, request))
        return out
    }

    /// The best `count` matches by BM25 + prior + usage.
    private func scored(_ query: Query, count: Int) throws(XapianError) -> [Match] {
        try match(try query.andMaybe(try staticBoosts()), count: count)
    }

    /// The best `count` by BM25 among the matches in a window of the first
    /// documents, sized so that about `budget` of the query's `matches` fall
    /// in it if they spread evenly. BM25 alone: in static-rank order the
    /// window's documents all have high static scores, and reading the
    /// prior and usage values would triple the cost of each match. Their
    /// static scores are added afterwards, as `scored` would have.
    private func windowed(_ query: Query, count: Int, matches: Int, budget: Int) throws(XapianError) -> [Match] {
        let last = try db.lastDocumentID
        let end = UInt32(max(1, min(Double(last), Double(last) * Double(budget) / Double(max(matches, 1)))))
        return try match(try query.filter(try .documentIDs(1...end)), count: count).map { m in
            let card = m.values[Schema.cardSlot].flatMap(HitCard.init(encoded:))
            return Match(documentID: m.documentID, weight: m.weight + (card.map(HotLists.staticScore) ?? 0), values: m.values)
        }
    }

    /// Prior and usage, added to BM25 while Xapian picks the candidates (and
    /// subtracted again in `hit(from:)`: the Scorer adds them its own way).
    private func staticBoosts() throws(XapianError) -> Query {
        let prior = try Query.valueWeight(slot: Schema.priorSlot).scaled(by: RankingWeights.prior)
        let used = try Query.valueWeight(slot: Schema.usageBoostSlot).scaled(by: RankingWeights.usageCandidateBoost)
        return try Query.or([prior, used])
    }

    /// How many documents the query can match at most, from the posting
    /// lists' sizes, without matching: the length of the list that drives an
    /// AND, the sum of an OR's — about how many matches scoring would visit.
    /// (Xapian's *estimate* of an AND of correlated words is far too low:
    /// 20,000 for "contains c", which matches 144,715 of a million.)
    private func matchesUpperBound(_ query: Query) throws(XapianError) -> Int {
        let enquire = try Enquire(db)
        enquire.query = query
        return try enquire.matches(count: 0).upperBound
    }

    /// The most used items (overall and around now) whose title has a word
    /// starting with each typed word.
    private func hotTitleMatches(_ words: [String], _ request: SearchRequest) throws(XapianError) -> [Match] {
        guard !words.isEmpty, request.predicates.isEmpty else { return [] }
        let hour = Int(request.at.hourOfDay)
        var out: [Match] = []
        var seen = Set<UInt32>()
        let expiries = try anyExpiries()
        for name in [HotLists.allName(), HotLists.hourName(hour)] {
            for e in try HotLists.read(db, name).prefix(RankingWeights.broadHotCandidates) where seen.insert(e.id).inserted {
                guard let bytes = try listedCard(e.id, at: request.at, expiries: expiries),
                      let card = HitCard(encoded: bytes),
                      request.app == nil || card.app == request.app,
                      request.type == nil || card.type == request.type,
                      words.allSatisfy({ w in card.names.contains { $0.words.contains { $0.hasPrefix(w) } } })
                else { continue }
                out.append(Match(documentID: e.id, weight: HotLists.staticScore(card), values: [Schema.cardSlot: bytes]))
            }
        }
        return out
    }

    private func match(_ query: Query, count: Int, sortBy slot: UInt32? = nil) throws(XapianError) -> [Match] {
        let enquire = try Enquire(db)
        try enquire.setBM25(k1: RankingWeights.bm25K1, b: RankingWeights.bm25B)
        if let slot { enquire.setSort(.value(slot: slot, descending: true)) }
        enquire.query = query
        return try enquire.matches(count: count, values: Self.values, data: false).matches
    }

    // MARK: Typos

    /// Words with no match get their most frequent one-edit neighbour
    /// (deletion, insertion, substitution or transposition) that does match.
    private func correctTypos(_ text: QueryText) throws(XapianError) -> QueryText? {
        var changed = false
        var complete: [String] = []
        for w in text.completeWords {
            let known = try frequency(w, partial: false) > 0
            if Tokenizer.containsCJK(w) || w.count < 3 || known { complete.append(w); continue }
            if let fix = try bestNeighbour(w, partial: false) { complete.append(fix); changed = true } else { complete.append(w) }
        }
        var partial = text.partialWord
        if let p = partial, p.count >= 3, !Tokenizer.containsCJK(p), try frequency(p, partial: true) == 0,
           let fix = try bestNeighbour(p, partial: true) {
            partial = fix
            changed = true
        }
        return changed ? text.replacingWords(complete: complete, partial: partial) : nil
    }

    private func frequency(_ word: String, partial: Bool) throws(XapianError) -> Int {
        if partial, word.count <= Schema.maxIndexedPrefix {
            return try db.termFrequency(Schema.term(Schema.wordPrefix, word))
        }
        let stem = (try? stemmer.stem(word)) ?? word
        return max(try db.termFrequency(word), try db.termFrequency("Z" + stem))
    }

    /// The most frequent neighbour that matches. For a word still being typed,
    /// a neighbour at least as long comes first: "montery" is "monterey"
    /// mistyped, not "monter" with an extra letter.
    private func bestNeighbour(_ word: String, partial: Bool) throws(XapianError) -> String? {
        var best: (word: String, rank: (Int, Int, Int))? = nil
        for candidate in Typos.neighbours(of: word) {
            let f = try frequency(candidate, partial: partial)
            guard f > 0 else { continue }
            let rank = (partial && candidate.count < word.count ? 0 : 1, f, candidate.count)
            if best == nil || rank > best!.rank { best = (candidate, rank) }
        }
        return best?.word
    }

    // MARK: Suggestions

    /// Zero-query candidates: the most used items, items used in or registered
    /// for the current contexts, and the best priors (for a cold start).
    private func suggestionCandidates(filter: Query, _ request: SearchRequest) throws(XapianError) -> [Match] {
        let n = max(RankingWeights.suggestCandidates, request.limit * 3)
        var seen = Set<UInt32>()
        var out: [Match] = []
        func add(_ ms: [Match]) { for m in ms where seen.insert(m.documentID).inserted { out.append(m) } }
        add(try match(try Query(term: Schema.used).filter(filter), count: n, sortBy: Schema.usageKeySlot))
        for c in Set(request.contexts.flatMap(Contexts.withAncestors)) {
            add(try match(try Query(term: Schema.term(Schema.relevantIn, c)).filter(filter), count: n))
            add(try match(try Query(term: Schema.term(Schema.used, c)).filter(filter), count: n, sortBy: Schema.usageKeySlot))
        }
        add(try match(try Query.valueWeight(slot: Schema.priorSlot).filter(filter), count: n / 2))
        return out
    }

    /// Zero-query candidates from the index's hot lists (see `HotLists`): the
    /// most used items overall, in the current contexts and around this hour,
    /// the best priors, and the entities registered for the current contexts.
    /// A few hundred documents, however many interactions the index holds.
    private func hotCandidates(_ request: SearchRequest) throws(XapianError) -> [Match] {
        let hour = Int(request.at.hourOfDay)
        let contexts = Set(request.contexts.flatMap(Contexts.withAncestors)).sorted()
        var names = [HotLists.allName(), HotLists.priorName] + (hour - 1...hour + 1).map(HotLists.hourName)
        names += contexts.map(HotLists.contextName)
        var ids: [UInt32] = []
        var seen = Set<UInt32>()
        for name in names {
            for e in try HotLists.read(db, name).prefix(RankingWeights.prefixCandidates) where seen.insert(e.id).inserted { ids.append(e.id) }
        }
        var out: [Match] = []
        let expiries = try anyExpiries()
        for id in ids {
            guard let bytes = try listedCard(id, at: request.at, expiries: expiries) else { continue }
            out.append(Match(documentID: id, weight: 0, values: [Schema.cardSlot: bytes]))
        }
        if !contexts.isEmpty {
            let registered = try Query.or(contexts.map { Query(term: Schema.term(Schema.relevantIn, $0)) })
            let hits = try Restriction(request).apply(to: try registered.filter(Query(term: Schema.hit)))
            for m in try match(hits, count: RankingWeights.suggestCandidates)
            where seen.insert(m.documentID).inserted {
                out.append(m)
            }
        }
        return out
    }

    /// A query of one short prefix: the best documents from its prefix lists
    /// (see `HotLists`), with the text weight they would have had (none: the
    /// prefix term is boolean) and the same static boosts Xapian would add.
    private func prefixCandidates(_ p: String, _ request: SearchRequest) throws(XapianError) -> [Match] {
        var seen = Set<UInt32>()
        var out: [Match] = []
        let folded = Tokenizer.fold(p)
        let expiries = try anyExpiries()
        for name in [HotLists.titlePrefixName(folded), HotLists.wordPrefixName(folded)] {
            for e in try HotLists.read(db, name).prefix(RankingWeights.prefixCandidates) where seen.insert(e.id).inserted {
                // Lists may hold a document whose title changed since: check it.
                guard let bytes = try listedCard(e.id, at: request.at, expiries: expiries),
                      let card = HitCard(encoded: bytes),
                      (card.names + card.aliases.map(TitleKey.init)).contains(where: { $0.words.contains { $0.hasPrefix(folded) } })
                else { continue }
                out.append(Match(documentID: e.id, weight: HotLists.staticScore(card), values: [Schema.cardSlot: bytes]))
            }
        }
        return out
    }

    /// Whether any document has an expiry (else reading it is skipped).
    private func anyExpiries() throws(XapianError) -> Bool {
        try db.termFrequency(Schema.expires) > 0
    }

    /// The result card of a document a hot list names, or nil if it is gone
    /// or expired. Read without checking that the document exists (a
    /// deleted one has no card) and without its expiry when no document has
    /// one: a one-letter query's 80 listed documents in a quarter of the
    /// time (Debian catalog, raw program: p50 0.26 → 0.07 ms).
    private func listedCard(_ id: UInt32, at time: Timestamp, expiries: Bool) throws(XapianError) -> [UInt8]? {
        let doc = try db.document(unchecked: id)
        if expiries {
            let expiry = try doc.value(Schema.expirySlot)
            if !expiry.isEmpty, sortableUnserialise(expiry) <= time.seconds { return nil }
        }
        let card = try doc.value(Schema.cardSlot)
        return card.isEmpty ? nil : card
    }

    /// One row per thing: an App Shortcut bound to an entity and the entity
    /// itself are the same suggestion; keep the better scored.
    private func removeDuplicateThings(_ hits: [SearchHit]) -> [SearchHit] {
        var seen = Set<String>()
        return hits.filter { h in
            let thing: String
            if let p = h.parameter {
                thing = "entity/\(h.app)/\(p.type)/\(p.id)"
            } else {
                thing = "\(h.kind.rawValue)/\(h.app)/\(h.type ?? "")/\(h.id)"
            }
            return seen.insert(thing).inserted
        }.map { var h = $0; h.section = .suggestions; return h }
    }

    /// Spotlight's shape: the Top Hit, then its app's App Shortcuts (when the
    /// Top Hit is an app, its shortcuts even if the query did not name them),
    /// then the rest.
    private func arrangeLikeSpotlight(_ hits: [SearchHit], _ request: SearchRequest) throws(XapianError) -> [SearchHit] {
        guard var top = hits.first else { return hits }
        top.section = .topHit
        var shortcuts = hits.dropFirst().filter { $0.kind == .shortcut && $0.app == top.app }.prefix(4).map { var h = $0; h.section = .shortcuts; return h }
        if top.kind == .app, shortcuts.count < 4 {
            let have = Set(shortcuts.map(\.id))
            let q = try Query.and([Query(term: Schema.kind + RecordKind.shortcut.rawValue), Query(term: Schema.term(Schema.app, top.app)), Query(term: Schema.hit)])
                .andNot(Query(term: Schema.derived))
            let situation = Scorer.Situation(at: request.at, contexts: request.contexts, hasQuery: false)
            let extra = try match(try q.andMaybe(try Query.valueWeight(slot: Schema.priorSlot)), count: 10)
                .compactMap { hit(from: $0, text: QueryText(""), situation) }
                .filter { !have.contains($0.id) }
                .sorted { $0.score > $1.score }
            for var h in extra.prefix(4 - shortcuts.count) {
                h.section = .shortcuts
                shortcuts.append(h)
            }
        }
        let placed = Set(shortcuts.map { "\($0.id)|\($0.parameter?.id ?? "")" })
        let rest = hits.dropFirst().filter { !($0.kind == .shortcut && placed.contains("\($0.id)|\($0.parameter?.id ?? "")") && $0.app == top.app) }
        return [top] + shortcuts + rest
    }

    // MARK: Scoring

    private func hit(from m: Match, text: QueryText, _ situation: Scorer.Situation) -> SearchHit? {
        guard let card = m.values[Schema.cardSlot].flatMap(HitCard.init(encoded:)) else { return nil }
        var c = Scorer.Candidate()
        c.prior = card.prior
        c.usage = UsageStats(encoded: card.usage)
        c.relevantContexts = card.relevant
        if situation.hasQuery {
            // Xapian's weight = BM25 + the candidate-selection boosts; keep BM25.
            c.textWeight = max(0, m.weight - HotLists.staticScore(card))
            // An app matches by its name or any synonym ("Trail Guide" is Trails).
            c.titleMatch = card.names.map { TitleMatch.bonus(title: $0, text: text) }.max() ?? 0
        }
        let components = Scorer.components(c, situation)
        return SearchHit(rank: 0, section: .results, kind: card.kind, app: card.app, type: card.type, id: card.id,
                         title: card.title, subtitle: card.subtitle,
                         score: components.reduce(0) { $0 + $1.value }, parameter: card.binding,
                         components: components)
    }
}

/// The query as typed, split into complete words and the word being typed.
struct QueryText {
    let raw: String
    /// Words followed by a separator (and CJK runs, matched by n-grams).
    let completeWords: [String]
    /// The trailing word still being typed (lower-cased), if any.
    let partialWord: String?
    /// All non-CJK words, lower-cased, for title-match checks.
    let words: [String]
    /// Runs of CJK characters.
    let cjkRuns: [String]
    /// The words a title must have (as word prefixes) to match by title; none
    /// for CJK text, which titles match by n-grams.
    var titleWords: [String] { cjkRuns.isEmpty ? words : [] }
    /// Letters and digits only, folded (for "the title starts with this").
    var compact: String { Tokenizer.normalizedForPrefix(Tokenizer.fold(raw)) }

    /// Longer queries keep their first words: nobody types more into a
    /// search box, and a pasted megabyte should not become a huge AND.
    static let maxWords = 32
    static let maxCharacters = 1_000

    init(_ typed: String) {
        let raw = typed.count > Self.maxCharacters ? String(typed.prefix(Self.maxCharacters)) : typed
        self.raw = raw
        var words = Array(Tokenizer.words(raw).prefix(Self.maxWords))
        // Titles are compared without diacritics (see TitleMatch).
        let foldedWords = Tokenizer.words(Tokenizer.fold(raw))
        let endsInWord: Bool = {
            guard let last = raw.unicodeScalars.last else { return false }
            return Tokenizer.isWordScalar(last) && !Tokenizer.isCJK(last)
        }()
        self.words = foldedWords.count == words.count ? foldedWords : words
        partialWord = endsInWord ? words.popLast() : nil
        // CJK text is not split into words by Tokenizer; keep its runs whole.
        cjkRuns = Array(Tokenizer.cjkRuns(raw).prefix(Self.maxWords))
        completeWords = words + cjkRuns
    }

    private init(raw: String, complete: [String], partial: String?, cjk: [String]) {
        self.raw = raw
        completeWords = complete
        partialWord = partial
        cjkRuns = cjk
        words = complete.filter { !Tokenizer.containsCJK($0) } + (partial.map { [$0] } ?? [])
    }

    func replacingWords(complete: [String], partial: String?) -> QueryText {
        let display = (complete + (partial.map { [$0] } ?? [])).joined(separator: " ")
        return QueryText(raw: display, complete: complete, partial: partial, cjk: cjkRuns)
    }

    var display: String { raw }
    var isEmpty: Bool { completeWords.isEmpty && partialWord == nil }
    var wordCount: Int { completeWords.count + (partialWord == nil ? 0 : 1) }
}

/// Exact and word-start matches beat mid-word or partial ones. CJK text has no
/// word boundaries, so there a run of the query counts where it starts the
/// title (a prefix) or appears in it (a word start).
enum TitleMatch {
    static func bonus(title: TitleKey, text: QueryText) -> Double {
        let titleWords = title.words
        let queryWords = text.words
        let titleCJK = title.cjk
        guard !queryWords.isEmpty || !text.cjkRuns.isEmpty else { return 0 }
        if titleWords == queryWords, titleCJK == text.cjkRuns { return RankingWeights.exactTitle }
        // "sagrada fam" completes to "Sagrada Família" exactly: better than
        // a longer title that merely starts that way.
        if text.partialWord != nil, titleWords.count == queryWords.count, titleCJK == text.cjkRuns,
           let last = queryWords.last, titleWords.last?.hasPrefix(last) == true,
           titleWords.dropLast() == queryWords.dropLast() {
            return RankingWeights.titleCompletion
        }
        if (titleWords + titleCJK).joined(separator: " ").hasPrefix((queryWords + text.cjkRuns).joined(separator: " "))
            || title.compact.hasPrefix(text.compact) {
            return RankingWeights.titlePrefix
        }
        let wordsOK = queryWords.allSatisfy { q in titleWords.contains { $0.hasPrefix(q) } }
        let cjkOK = text.cjkRuns.allSatisfy { run in titleCJK.contains { $0.contains(run) } }
        return wordsOK && cjkOK ? RankingWeights.allWordStarts : 0
    }
}

/// One-edit neighbours of a word, for typo tolerance.
enum Typos {
    static let alphabet: [Character] = Array("abcdefghijklmnopqrstuvwxyz0123456789")

    static func neighbours(of word: String) -> [String] {
        let w = Array(word)
        let letters = Array(Set(alphabet + w))
        var out: [String] = []
        for i in 0..<w.count {
            var d = w; d.remove(at: i); out.append(String(d))
            if i + 1 < w.count { var t = w; t.swapAt(i, i + 1); out.append(String(t)) }
            for ch in letters where ch != w[i] { var s = w; s[i] = ch; out.append(String(s)) }
        }
        for i in 0...w.count {
            for ch in letters { var s = w; s.insert(ch, at: i); out.append(String(s)) }
        }
        return out
    }
}
