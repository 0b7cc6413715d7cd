import Xapian
import LimelightSupport
import LimelightModel
import LimelightText
import LimelightRanking
import LimelightStore

extension Searcher {
    /// Candidates for a query of all words. Scoring visits every match, and
    /// Xapian cannot prune a list whose documents tie on everything but the
    /// prior: a word on a third of a million documents has almost no IDF.
    /// So a query Xapian could match on more than `broadQueryMatches`
    /// documents is scored within a window of the best static tiers instead
    /// (best prior first, see `StaticTier`): the best text matches among
    /// the most important documents. The decision and the window come from
    /// global term frequencies, so one index and its shards agree.
    /// With them come what a window could miss:
    /// - matches whose titles (or keywords) have every typed word — scored
    ///   whole if there are few enough, else in a window too;
    /// - every matching app and App Shortcut (a few per app);
    /// - the most used items whose titles match (the usage hot lists).
    /// Below the budget this is exactly the full ranking, and the budgets
    /// bound a keystroke's work at any index size.
    /// `weightless`: the text weighs nothing (`QueryText.weighsNothing`).
    func broadCandidates(_ matching: Query, titleWords: [String], depth: Int,
                         _ request: SearchRequest, weightless: Bool = false) throws(XapianError) -> [Match] {
        let bound = try matchesUpperBound(matching, unlessUnder: broadQueryMatches)
        if bound > columnQueryMatches { try readColumnsIfWorthIt() }
        var seen = Set<UInt32>()
        var out: [Match] = []
        func add(_ ms: [Match]) { for m in ms where seen.insert(m.documentID).inserted { out.append(m) } }
        func inTitles() throws(XapianError) -> Query {
            try matching.filter(try .and(titleWords.map { Query(term: Schema.wordPrefixTerm($0)) }))
        }
        // Titles of as many words as the query, each started by its word:
        // an exact title, or the one the word being typed completes. Among
        // many title matches the best by prior and usage can leave them out
        // (the mailbox Travel was not among the best 50 of 375 for "travel",
        // and came first only from `--limit 48`), and so the answer would
        // depend on the page size.
        func ofTheQuerysLength() throws(XapianError) -> Query {
            try inTitles().filter(Query(term: Schema.titleLengthTerm(titleWords.count)))
        }
        // Titles whose first word the query's first word starts: those the
        // query starts ("trail cond": Trail conditions: Soberanes) are among them.
        func startedByTheQuery() throws(XapianError) -> Query {
            try inTitles().filter(Query(term: Schema.titleStartTerm(titleWords[0])))
        }
        guard bound > broadQueryMatches else {
            let best = try scored(matching, count: depth)
            add(best)
            // The best `depth` by BM25 + prior + usage can leave out a title
            // match that weighs little there — the word being typed weighs
            // nothing — behind better-known items that have the word in
            // their descriptions: "zebras" lost the title Zebras behind 50
            // notes seen near zebras. Its title bonus comes later, in `score`.
            // (Fewer than `depth` are every match: the bound, from term
            // frequencies, is often far above what words match together.)
            // Each title tier is a part of the pass before it, scored alike:
            // where that pass's best all belong to it, they are its best too,
            // and scoring it would repeat them ("libgh": 3,223 matches, every
            // one a title the word starts, were scored three times over).
            if best.count >= depth, !titleWords.isEmpty {
                let titled = try allShown(best, .inTitles, titleWords) ? best : try scored(try inTitles(), count: depth)
                add(titled)
                if titled.count >= depth {
                    if try !allShown(titled, .ofTheQuerysLength, titleWords) { add(try scored(try ofTheQuerysLength(), count: depth)) }
                    if try !allShown(titled, .startedByTheQuery, titleWords) { add(try scored(try startedByTheQuery(), count: depth)) }
                }
            }
            return out
        }
        // Every match of a title tier also costs a skip in each long list:
        // a fraction of the budgets. Its size is counted, not bounded by its
        // words' lists: the one-word titles that "libde" starts are about
        // 20, and the bound of the list of words it starts, 5,681, sent them
        // to a window matched slice by slice (16 match sets of 0–4 each:
        // p99 of 3,000 Debian keystrokes 0.85 -> 1.42 ms in process).
        func titleTier(_ query: Query) throws(XapianError) -> [Match] {
            let few = broadQueryMatches / RankingWeights.broadTitleBudgetDivisor
            let titled = try matchCount(query, exactUpTo: few)
            return titled <= few ? try scored(query, count: depth)
                : try windowed(query, count: depth, matches: titled, budget: broadWindowMatches / RankingWeights.broadTitleBudgetDivisor,
                               weightless: weightless)
        }
        // A window that holds every match scores them all by BM25, and the
        // title tier could only repeat part of that work; but the word being
        // typed weighs nothing there, and the best `depth` of the window are
        // its best by static rank, which can leave out an exact title.
        let windowHoldsAll = bound <= broadWindowMatches
        if !titleWords.isEmpty, !windowHoldsAll { add(try titleTier(try inTitles())) }
        if !titleWords.isEmpty {
            add(try titleTier(try ofTheQuerysLength()))
            add(try titleTier(try startedByTheQuery()))
        }
        let small = try Query.or([RecordKind.app, .shortcut].map { Query(term: Schema.kind + $0.rawValue) })
        add(try scored(try matching.filter(small), count: RankingWeights.prefixCandidates))
        add(try windowed(matching, count: depth, matches: bound, budget: broadWindowMatches, weightless: weightless))
        add(try hotTitleMatches(titleWords, request))
        return out
    }

    /// The title tiers of `broadCandidates`, each a part of the one before.
    enum TitleTier { case inTitles, ofTheQuerysLength, startedByTheQuery }

    /// Whether each of `matches` is in `tier`, as its card's names show: a
    /// name has a word each typed word starts (the tier's terms come from
    /// those names and from keywords: a match only its keywords put there
    /// is not shown, and the tier is scored); as many words; a first word
    /// the first typed word starts. Read from memory, where asking the
    /// index opened one posting list per match (1.3 ms for 50). The names
    /// only, not `titleWordStarts`: a shortcut's spoken phrases, which it
    /// also reads, are filled otherwise than the ones indexed.
    func allShown(_ matches: [Match], _ tier: TitleTier, _ words: [String]) throws(XapianError) -> Bool {
        for m in matches {
            guard let card = try card(of: m)?.card, Self.namesHaveWordsStarting(card, words) else { return false }
            let names = card.names
            switch tier {
            case .inTitles: continue
            case .ofTheQuerysLength: guard names.contains(where: { $0.words.count == words.count }) else { return false }
            case .startedByTheQuery: guard names.contains(where: { $0.words.first?.hasPrefix(words[0]) == true }) else { return false }
            }
        }
        return true
    }

    /// Whether the card's names have a word each of `words` starts.
    static func namesHaveWordsStarting(_ card: borrowing HitCard, _ words: [String]) -> Bool {
        words.allSatisfy { w in card.names.contains { $0.words.contains { $0.hasPrefix(w) } } }
    }

    /// The best `count` matches by BM25 + prior + usage.
    func scored(_ query: Query, count: Int) throws(XapianError) -> [Match] {
        let columns = snapshot.columns.map { (prior: $0.prior, usage: $0.usage) }
        let lengths = snapshot.columns.map { ($0.lengths, db) }
        return try match(try CandidateBoost.boosted(query, columns: columns, lengths: lengths), count: count).map { m in
            Match(documentID: m.documentID, weight: CandidateBoost.weight(ofMatch: m.weight), values: m.values)
        }
    }

    /// The best `count` by BM25 among the matches in the best static tiers,
    /// sized so that about `budget` of the query's `matches` fall in them if
    /// they spread evenly. BM25 alone: the window's documents all have high
    /// static scores, and reading the prior and usage values would triple
    /// the cost of each match. Their static scores are added afterwards, as
    /// `scored` would have. A `weightless` query (every BM25 weight 0: a word
    /// being typed alone) is matched with boolean weighting, which gives the
    /// same weights, hence the same matches in the same order, without
    /// reading each match's document length: a fifth of the instructions of
    /// "python" on the Debian catalog, the commonest of its slowest
    /// keystrokes (7,000 matches, all scored).
    func windowed(_ query: Query, count: Int, matches: Int, budget: Int,
                  weightless: Bool = false) throws(XapianError) -> [Match] {
        let share = min(1, Double(budget) / Double(max(matches, 1)))
        let sizes = try snapshot.tierSizes(in: db)
        var out: [Match] = []
        let found: [Match]
        if weightless {
            found = try firstInOrder(query, count: count, matches: matches, sizes, share: share)
        } else {
            let window = try StaticTier.window(sizes, share: share, ranks: snapshot.columns?.tiers)
            let inWindow = try window.map { (w) throws(XapianError) in try query.filter(w) } ?? query
            if let c = snapshot.columns, let weighed = try CandidateBoost.bm25(inWindow, lengths: c.lengths, in: db) {
                found = try match(weighed, count: count)
            } else {
                found = try match(inWindow, count: count)
            }
        }
        for m in found {
            out.append(Match(documentID: m.documentID, weight: CandidateBoost.adding(to: m.weight, try card(of: m)?.card), values: m.values))
        }
        return out
    }

    /// A weightless query's first `count` matches in the window: they all
    /// weigh the same, so they are the first by order value, and the window
    /// is matched slice by slice in that order (`StaticTier.orderedSlices`),
    /// stopping once `count` are found. Matching the whole window at once
    /// would read the sort key of every match in it: for "library" on the
    /// Debian catalog, 32,000 in 4 ms where the first part of the level
    /// most packages share already holds 50. A call takes slices until
    /// they should hold twice the matches still wanted if the query's
    /// matches spread evenly (its bound is an upper one: more calls, not
    /// other matches, when they do not).
    func firstInOrder(_ query: Query, count: Int, matches: Int, _ sizes: StaticTier.Sizes,
                      share: Double) throws(XapianError) -> [Match] {
        // Where the slices might leave a match out, the query whole.
        guard let slices = StaticTier.orderedSlices(sizes, share: share) else {
            return try match(query, count: count, weighted: false)
        }
        let density = Double(matches) / Double(max(sizes.total, 1))
        var out: [Match] = []
        var next = 0
        while next < slices.count, out.count < count {
            let wanted = count - out.count
            var terms: [String] = [], expected = 0.0
            while next < slices.count, terms.isEmpty || expected < 2 * Double(wanted) {
                terms += slices[next].terms
                expected += Double(slices[next].size) * density
                next += 1
            }
            let slice = try Query.or(terms.map { Query(term: $0) })
            out += try match(try query.filter(slice), count: wanted, weighted: false)
        }
        return out
    }

    /// Reads the values every match costs into memory (`SearchColumns`)
    /// when that pays: on local databases (over the network the server
    /// matches) and for a snapshot that has answered a search before, so a
    /// fresh `limelight search` never pays for the read (on the Debian
    /// catalog as much as five to ten broad keystrokes) and a service or a
    /// `--stdin` reader pays it once per snapshot.
    func readColumnsIfWorthIt() throws(XapianError) {
        guard reconnect == nil, snapshot.searches > 0, !snapshot.columnsTried else { return }
        snapshot.columnsTried = true
        do {
            snapshot.columns = try SearchColumns(shards)
        } catch let e where e.kind == .invalidOperation {
            // Shards that share a uuid (copied by hand): read values as before.
        }
    }

    /// How many documents the query can match at most, from the posting
    /// lists' sizes, without matching: the length of the list that drives an
    /// AND, the sum of an OR's — about how many matches scoring would visit.
    /// (Xapian's *estimate* of an AND of correlated words is far too low:
    /// 20,000 for "contains c", which matches 144,715 of a million.)
    ///
    /// `unlessUnder`: on a local index, a query whose terms' frequencies
    /// already bound it to `limit` needs no match set when the exact bound
    /// decides nothing more: it is scored whole either way, and the columns
    /// are read at most once a snapshot (`readColumnsIfWorthIt`). The
    /// terms' bound is then returned: the caller's decisions come out the
    /// same. (Over the network each term is a round trip: one match set is one.)
    func matchesUpperBound(_ query: Query, unlessUnder limit: Int? = nil) throws(XapianError) -> Int {
        if let limit, reconnect == nil {
            let terms = try db.matchBound(query)
            let decidesColumns = snapshot.searches > 0 && !snapshot.columnsTried
            if terms <= limit, terms <= columnQueryMatches || !decidesColumns { return terms }
        }
        let enquire = try Enquire(db)
        enquire.query = query
        return try enquire.matches(count: 0).upperBound
    }

    /// How many documents `query` matches: exactly when `limit` or fewer,
    /// else its upper bound (above `limit`). The bound alone is free when it
    /// is small enough; past it, the matches are counted, without weights,
    /// up to one more than `limit`.
    func matchCount(_ query: Query, exactUpTo limit: Int) throws(XapianError) -> Int {
        let bound = try matchesUpperBound(query)
        guard bound > limit else { return bound }
        let enquire = try Enquire(db)
        enquire.query = query
        enquire.setBooleanWeighting()
        let counted = try enquire.matches(count: 0, checkAtLeast: limit + 1)
        return counted.upperBound
    }

    /// The most used items (overall and around now) whose title has a word
    /// starting with each typed word.
    func hotTitleMatches(_ words: [String], _ request: SearchRequest) throws(XapianError) -> [Match] {
        guard !words.isEmpty, request.predicates.isEmpty else { return [] }
        let hour = Int(request.at.hourOfDay)
        let keys = try listedKeys([HotLists.allName(), HotLists.hourName(hour)], first: RankingWeights.broadHotCandidates)
        var out: [Match] = []
        for found in try listedCards(keys, at: request.at) {
            guard let m = found, let entry = try card(of: m),
                  request.app == nil || entry.card.app == request.app,
                  request.type == nil || entry.card.type == request.type,
                  Self.namesHaveWordsStarting(entry.card, words)
            else { continue }
            out.append(Match(documentID: m.documentID, weight: CandidateBoost.of(entry.card), values: m.values))
        }
        return out
    }
}
