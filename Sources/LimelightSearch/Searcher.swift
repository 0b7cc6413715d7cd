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
    /// What queries run on: the index, or its shards searched as one.
    private(set) var db: Database
    /// Each shard alone (the index itself when it has none): metadata is per
    /// shard, and lists kept there are merged from all of them.
    private(set) var shards: [Database]
    let parser: QueryParser
    let stemmer = Stemmer(language: "english")
    /// `RankingWeights.broadQueryMatches`, `broadWindowMatches` and
    /// `columnQueryMatches`; tests lower them to reach the broad plan and
    /// the value columns on a small index.
    package var broadQueryMatches = RankingWeights.broadQueryMatches
    package var broadWindowMatches = RankingWeights.broadWindowMatches
    package var columnQueryMatches = RankingWeights.columnQueryMatches

    /// Where the index is, for error messages (`SearchError(_:path:)`).
    let path: String
    /// For shards served remotely: opens them again after a network error or
    /// once a rebuild has replaced the generation a server was reading.
    var reconnect: (() throws(StoreError) -> [Database])?

    package convenience init(database: Database, path: String = "(an open database)") throws(XapianError) {
        try self.init(shards: [database], path: path)
    }

    /// Searches several shards as one index (local or remote alike).
    package init(shards: [Database], path: String) throws(XapianError) {
        self.shards = shards
        db = shards.count == 1 ? shards[0] : try Database.combined(shards)
        self.path = path
        // Stemmed terms only, as indexed (see `DocumentBuilder`).
        parser = try QueryParser(language: "english", strategy: .allZ)
        parser.database = db
        parser.defaultOperator = .and
    }

    /// The index at `location`: one index, or a sharded directory read as one.
    public convenience init(location: IndexLocation) throws(SearchError) {
        let readers: [TrackedReader]
        do { readers = try location.openShardReaders() } catch { throw .store(error) }
        do { try self.init(shards: readers.map(\.db), path: location.path) } catch { throw SearchError(error, path: location.path) }
        journal = location
    }

    /// Shards served by `xapian-tcpsrv`.
    public convenience init(remote: RemoteShards) throws(SearchError) {
        let dbs: [Database]
        do { dbs = try remote.open() } catch { throw .store(error) }
        do { try self.init(shards: dbs, path: remote.description) } catch { throw SearchError(error, path: remote.description) }
        reconnect = { () throws(StoreError) in try remote.open() }
    }

    /// Swaps in newly opened shards (a new generation, a new connection).
    func use(_ newShards: [Database]) throws(XapianError) {
        let combined = newShards.count == 1 ? newShards[0] : try Database.combined(newShards)
        shards = newShards
        db = combined
        parser.database = combined
        snapshot.forget()
    }

    /// Reopens the databases (see `Database.reopen`); true if they may have changed.
    private func reopen() throws(XapianError) -> Bool {
        let changed = try db.reopen()
        if changed { snapshot.forget() }
        return changed
    }

    /// Where donations wait for a writer (`DonationJournal`); searches count them.
    var journal: IndexLocation?
    /// The journal's donations by item, read once per search (a `stat` when empty).
    var pending: [ItemKey: [UsageEvent]] = [:]
    /// Cards, items' documents and hot lists, read once per snapshot of the index (see `SnapshotCache`).
    let snapshot = SnapshotCache()

    /// The match's card: cached, from the match's values, or read.
    func card(of m: Match) throws(XapianError) -> SnapshotCache.Entry? {
        try snapshot.card(m.documentID, bytes: m.values.isEmpty ? nil : m.values[Schema.cardSlot], in: db)
    }

    /// Sees the latest committed changes (a long-lived searcher calls this).
    /// True if there was something new to see.
    @discardableResult
    public func refresh() -> Bool {
        do { return try reopen() } catch {
            reconnectNow()
            return reconnect != nil
        }
    }

    /// Opens remote shards again (keeping the old connections if that fails:
    /// the next search retries).
    func reconnectNow() {
        if let reconnect, let fresh = try? reconnect() { try? use(fresh) }
    }

    public func search(_ request: SearchRequest) throws(SearchError) -> SearchResponse {
        // Readers see a snapshot; if a writer moved on far enough that our
        // snapshot's blocks were reused, reopen and try again. Remote shards
        // are opened again after a network error, or when the generation a
        // server read was removed by a rebuild (the server holds no reader
        // lock): a search never fails because an index was rebuilt.
        var attempt = 0
        while true {
            do {
                defer { snapshot.searches += 1 }
                return try run(request)
            } catch let e where e.kind == .databaseModified && attempt < 5 && reconnect == nil {
                attempt += 1
                _ = try? reopen()
            } catch let e where reconnect != nil && attempt < 5 && Self.reconnectable.contains(e.kind) {
                attempt += 1
                reconnectNow()
            } catch {
                throw .store(StoreError(searching: error))
            }
        }
    }

    /// What a remote view recovers from by connecting again.
    static let reconnectable: Set<XapianError.Kind> = [.network, .networkTimeout, .databaseModified, .databaseOpening,
                                                       .databaseNotFound, .databaseCorrupt, .database, .docNotFound]

    /// Everything a candidate needs is in its card. Remote shards return it
    /// with each match (a read of its own would be a round trip); locally it
    /// is read only if not cached (`card(of:)`).
    var values: [UInt32] { reconnect == nil ? [] : [Schema.cardSlot] }

    func run(_ request: SearchRequest) throws(XapianError) -> SearchResponse {
        let restriction = try Restriction(request)
        var text = QueryText(request.query)
        // "c++" typed whole is the word when one is indexed so ("C++ Primer"),
        // not "c" (which put Calculus first); "bindgen+" stays "bindgen".
        if let whole = text.undecidedWhole, try startsAnIndexedWord(whole) {
            text = QueryText(request.query, keepingUndecidedSuffix: true)
        }
        let situation = Scorer.Situation(at: request.at, contexts: request.contexts, hasQuery: !text.isEmpty)
        var relaxed = false
        var corrected: String? = nil
        // Found by reading the words as abbreviations (below).
        var abbreviated = false
        var candidates: [Match]
        // Symbols alone ("*", "-", an emoji) have nothing to match: no hits,
        // rather than the suggestions of an empty box (every app, scored
        // by habit, which read as matches of "*").
        if text.isEmpty, request.query.contains(where: { !$0.isWhitespace }) {
            return SearchResponse(query: request.query, correctedQuery: nil, relaxed: false, hits: [])
        }
        if text.isEmpty {
            let plain = request.app == nil && request.type == nil && request.predicates.isEmpty && request.limit != 0
            candidates = plain ? try hotCandidates(request)
                : try suggestionCandidates(filter: try restriction.apply(to: Query(term: Schema.hit)), request)
        } else {
            candidates = []
            // (`--limit 0` asks for every match, and a limit of more than the
            // lists' firsts can rank for many: the lists hold the best few.
            // `a --limit 200` gave 69 of 599 matches.)
            if let p = text.partialWord, text.completeWords.isEmpty, p.count <= HotLists.maxListedPrefix,
               request.app == nil, request.type == nil, request.predicates.isEmpty, request.limit != 0,
               request.limit * RankingWeights.rerankDepthPerResult <= 2 * RankingWeights.prefixCandidates {
                candidates = try prefixCandidates(p, request)
                // (A title of one letter is left to the lists: the letter's
                // match cost a fifth of a millisecond a keystroke.)
                if !candidates.isEmpty, p.count > 1 { candidates += try prefixTitleCandidates(p, request, besides: candidates) }
            }
            // The lists hold titles only. Fewer than the results asked for
            // are every title the word starts: the rest of the page is what
            // has the word elsewhere, as when no title has it (or no lists
            // were read). "8765", a port in the addresses of 36 pages and the
            // titles of 3, gave those 3.
            if candidates.isEmpty || candidates.count < request.limit {
                let have = Set(candidates.map(\.documentID))
                candidates += try match(try textQuery(text), restriction, request, broad: text.titleWords,
                                        weightless: text.weighsNothing).filter { !have.contains($0.documentID) }
            }
            // Apps and entities by a word inside their name or by initials,
            // below word starts; a word that finds one is not a typo.
            let (apps, fewDescribed) = try appNameCandidates(text, request)
            text.fewAppsDescribed = fewDescribed
            if !apps.isEmpty {  // (rarely: no set of the candidates' ids for every keystroke)
                let have = Set(candidates.map(\.documentID))
                candidates += apps.filter { !have.contains($0.documentID) }
            }
            candidates += try innerWordCandidates(text, restriction, request, besides: candidates)
            candidates += try hangulInitialsCandidates(text, restriction, request, besides: candidates)
            // No item has every word: "sys set", "doc view", "pass man" are
            // words abbreviated as launchers read them, each the start of a
            // word (`QueryText.wordsAsPrefixes`), before any is a typo ("pass"
            // is no misspelt "paus"). A correction goes on reading them so.
            if candidates.isEmpty, text.hasAbbreviableWords {
                text.wordsAsPrefixes = true
                candidates = try match(try textQuery(text), restriction, request, broad: text.titleWords,
                                       weightless: text.weighsNothing)
                abbreviated = !candidates.isEmpty
            }
            // Korean typed with the input method off ("rPtksrl" for 계산기,
            // `KoreanKeyboard`), before any typo correction: a reading that
            // composes cleanly, shown as a correction where it finds something.
            if candidates.isEmpty, let hangul = KoreanKeyboard.hangul(typedAsLatin: request.query) {
                let reading = QueryText(hangul)
                let found = try match(try textQuery(reading), restriction, request, broad: reading.titleWords,
                                      weightless: reading.weighsNothing)
                if !found.isEmpty { (text, corrected, candidates) = (reading, hangul, found) }
            }
            let typed = text
            // A word with no match is read as its likeliest neighbour. When
            // that reading gives no item every word, the next likeliest
            // readings together may ("lnads end" read as "leads end", and
            // Lands End Trail was not first): a few, each one match, from
            // one lookup of each word's neighbours.
            if candidates.isEmpty {
                let readings = try corrections(text, keepingWordStarts: false, choices: RankingWeights.typoChoices,
                                               limit: RankingWeights.typoReadings)
                for (i, reading) in readings.enumerated() {
                    if i > 0, readings[0].wordCount < 2 { break }
                    let found = try match(try textQuery(reading), restriction, request, broad: reading.titleWords,
                                          weightless: reading.weighsNothing)
                    if i == 0 || !found.isEmpty { (text, corrected, candidates) = (reading, reading.display, found) }
                    if !found.isEmpty { break }
                }
            }
            // Corrected as whole words, an abbreviation found nothing ("pass
            // manger" as "paus manager"): corrected again, keeping each word
            // that starts an indexed word ("pass manager").
            if candidates.isEmpty, typed.wordsAsPrefixes, let fixed = try correctTypos(typed, keepingWordStarts: true),
               fixed.display != text.display {
                let found = try match(try textQuery(fixed), restriction, request, broad: fixed.titleWords,
                                      weightless: fixed.weighsNothing)
                if !found.isEmpty { (text, corrected, candidates, abbreviated) = (fixed, fixed.display, found, true) }
            }
            if candidates.isEmpty, text.wordCount > 1 {
                // A correction that gave no item every word was a guess, and
                // a word of the language was likelier meant as typed: an
                // index of desktop files has no "part", "usb" or "panel".
                // "part" was read as "gpart" (GParted's keyword), and GParted
                // topped "snip part of the screen". Other words stay
                // corrected: "libxenmisc" mistyped is no word.
                // (Corrected again only when a word it changed is one: each
                // correction is a pass of term lookups per unknown word.)
                func words(_ t: QueryText) -> [String] { t.completeWords + (t.partialWord.map { [$0] } ?? []) }
                if corrected != nil, Set(words(typed)).subtracting(words(text)).contains(where: WordList.contains) {
                    let spared = try correctTypos(typed, keepingWordStarts: false, sparingWords: true)
                    text = spared ?? typed
                    corrected = spared?.display
                }
                // Ranked retrieval proper (any word may match): BM25 over
                // every match, however many there are. Whole words only: a
                // prefix of each ("be", "of") would make the match most of a
                // big index.
                text.relaxed = true
                text.wordsAsPrefixes = false
                candidates = try match(try textQuery(text), restriction, request, broad: nil)
                relaxed = !candidates.isEmpty
            }
        }
        pending = journal.map(DonationJournal.pendingUsage) ?? [:]
        if !pending.isEmpty, text.isEmpty { candidates += try journalCandidates(besides: candidates, request) }
        var hits: [SearchHit] = []
        if situation.hasQuery {
            // Scored, sorted and laid out as positions; hits are made of the
            // rows shown only (see `Scored`).
            var scored: [Scored] = []
            scored.reserveCapacity(candidates.count)
            for m in candidates { if let s = try score(m, text: text, situation) { scored.append(s) } }
            scored.placeWaysIntoAppsBelowTheirApps()
            var order = scored.oneRowPerCommandLine(scored.rankOrder())
            // Never across a correction, nor onto hits that match only some words.
            if let kept = request.keepOnTop, corrected == nil, !relaxed {
                keep(kept, onTopOf: &order, &scored, text: text)  // Searcher+StableTopHit.swift
            }
            hits = try arrangeLikeSpotlight(order, scored, situation, request)
            // "libre calc": no indexed word is "libre", so the words were
            // matched one by one, yet the top hit's name starts every one of
            // them (LibreOffice Calc), as a launcher matches words: saying
            // that nothing matches every word would be wrong.
            if relaxed, let top = order.first, let name = scored[top].entry.card.names.first,
               TitleMatch.startsEveryWord(of: text, title: name) {
                relaxed = false
            }
            // Too few items have every word of a description ("automatic sql
            // injection tool": one): those with some of them follow, below,
            // as ranked retrieval finds them (Searcher+SomeWords.swift).
            // Not for `--limit 0`, which asks for every match; not after an
            // answer of any word (its list is that already), nor when reading
            // the words as abbreviations found the items ("mont bay coast"),
            // which the words read whole would contradict ("mont":
            // Mont-Saint-Michel). A typo corrected after that reading found
            // nothing does go on.
            if !text.relaxed, !abbreviated, request.limit > 0, hits.count < request.limit,
               text.wordsOfTwoLettersOrMore >= RankingWeights.someWordsFromWords {
                hits += try someWordsHits(text, restriction, situation, besides: candidates, shown: hits,
                                          count: request.limit - hits.count)
            }
        } else {
            hits = removeDuplicateThings(try contextModelHits(candidates, request), limit: request.limit)  // Searcher+ContextModel.swift
        }
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

        /// Entities expired at `time`.
        static func expired(at time: Timestamp) throws(XapianError) -> Query {
            try Query(term: Schema.expires).filter(
                try .valueRange(slot: Schema.expirySlot, from: nil, to: sortableSerialise(time.seconds)))
        }

        init(_ request: SearchRequest) throws(XapianError) {
            expired = try Self.expired(at: request.at)
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
               broad titleWords: [String]?, weightless: Bool = false) throws(XapianError) -> [Match] {
        let depth = request.limit == 0 ? max(try db.documentCount, 1)
            : max(request.limit * RankingWeights.rerankDepthPerResult, RankingWeights.rerankDepth)
        let matching = try restriction.apply(to: text)
        guard let titleWords else { return try scored(matching, count: depth) }
        return try broadCandidates(matching, titleWords: titleWords, depth: depth, request, weightless: weightless)
    }
}

extension Searcher {
    /// Whether some record names `app`: a filter by an app no record names
    /// answers nothing, more likely for a typo than as an answer.
    public func holds(app: String) throws(SearchError) -> Bool {
        try holds(term: Schema.term(Schema.app, app))
    }

    /// Whether some entity is of `type` (as `holds(app:)`).
    public func holds(entityType type: String) throws(SearchError) -> Bool {
        try holds(term: Schema.term(Schema.type, type))
    }

    private func holds(term: String) throws(SearchError) -> Bool {
        do { return try db.termFrequency(term) > 0 } catch { throw .store(StoreError(searching: error)) }
    }
}
