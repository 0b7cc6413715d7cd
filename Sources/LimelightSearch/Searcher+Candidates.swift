import Xapian
import LimelightSupport
import LimelightModel
import LimelightText
import LimelightRanking
import LimelightStore

extension Searcher {
    // MARK: Suggestions

    /// Zero-query candidates: the most used items, items used in or registered
    /// for the current contexts, and the best priors (for a cold start).
    func suggestionCandidates(filter: Query, _ request: SearchRequest) throws(XapianError) -> [Match] {
        let n = request.limit == 0 ? max(try db.documentCount, 1)
            : max(RankingWeights.suggestCandidates, request.limit * RankingWeights.rerankDepthPerResult)
        var seen = Set<UInt32>()
        var out: [Match] = []
        func add(_ ms: [Match]) { for m in ms where seen.insert(m.documentID).inserted { out.append(m) } }
        add(try match(try Query(term: Schema.used).filter(filter), count: n, sortBy: Schema.usageKeySlot))
        for c in Set(request.contexts.flatMap(Contexts.withAncestors)) {
            add(try match(try Query(term: Schema.term(Schema.relevantIn, c)).filter(filter), count: n))
            add(try match(try Query(term: Schema.term(Schema.used, c)).filter(filter), count: n, sortBy: Schema.usageKeySlot))
        }
        add(try match(try Query.valueWeight(slot: Schema.priorSlot).filter(filter), count: request.limit == 0 ? n : n / 2))
        return out
    }


    /// Zero-query candidates from the index's hot lists (see `HotLists`): the
    /// most used items overall, in the current contexts and around this hour,
    /// the best priors, and the entities registered for the current contexts.
    /// A few hundred documents, however many interactions the index holds.
    func hotCandidates(_ request: SearchRequest) throws(XapianError) -> [Match] {
        let names = HotLists.suggestionLists(hour: Int(request.at.hourOfDay), contexts: request.contexts)
        var out = try listedCards(try listedKeys(names, first: RankingWeights.prefixCandidates), at: request.at).compactMap { $0 }
        var seen = Set(out.map(\.documentID))
        // The registered entities, the very context's first: taken in item
        // order from all of them at once, 100 registered for an ancestor
        // crowded out the one registered for the context itself.
        var registered = 0
        for c in Contexts.mostSpecificFirst(request.contexts) where registered < RankingWeights.suggestCandidates {
            let hits = try Restriction(request).apply(to: try Query(term: Schema.term(Schema.relevantIn, c)).filter(Query(term: Schema.hit)))
            for m in try match(hits, count: RankingWeights.suggestCandidates - registered) where seen.insert(m.documentID).inserted {
                out.append(m)
                registered += 1
            }
        }
        return out
    }

    /// A query of one short prefix: the best documents from its prefix lists
    /// (see `HotLists`), with the text weight they would have had (none: the
    /// prefix term is boolean) and the same static boosts Xapian would add.
    ///
    /// On local databases the lists' checked documents are kept for the
    /// snapshot (`SnapshotCache.prefixCandidates`): a keystroke of one to
    /// four letters then finds its ~80 candidates in one lookup instead of
    /// hashing every listed item's key twice, finding its document and
    /// checking its title again (a third of a short keystroke's
    /// instructions on the Debian catalog, Benchmarks/ANALYSIS.md §10).
    /// Only an expiry depends on the time of the search: checked each time.
    func prefixCandidates(_ p: String, _ request: SearchRequest) throws(XapianError) -> [Match] {
        let folded = Tokenizer.fold(p)
        let names = [HotLists.titlePrefixName(folded), HotLists.wordPrefixName(folded)]
        guard reconnect == nil else {
            var out: [Match] = []
            for found in try listedCards(try listedKeys(names, first: RankingWeights.prefixCandidates), at: request.at) {
                guard let m = found, let entry = try card(of: m), Self.titleWordStarts(entry.card, folded) else { continue }
                out.append(Match(documentID: m.documentID, weight: CandidateBoost.of(entry.card), values: m.values))
            }
            return out
        }
        let listed = try snapshot.prefixCandidates(folded) { () throws(XapianError) -> [SnapshotCache.Listed] in
            var out: [SnapshotCache.Listed] = []
            for key in try listedKeys(names, first: RankingWeights.prefixCandidates) {
                guard let id = try snapshot.documentID(of: key, in: db), let entry = try snapshot.card(id, bytes: nil, in: db),
                      Self.titleWordStarts(entry.card, folded) else { continue }
                out.append(SnapshotCache.Listed(documentID: id, weight: CandidateBoost.of(entry.card)))
            }
            return out
        }
        var out: [Match] = []
        out.reserveCapacity(listed.count)
        guard try snapshot.anyExpiries(in: db) else {
            for c in listed { out.append(Match(documentID: c.documentID, weight: c.weight, values: [:])) }
            return out
        }
        let now = sortableSerialise(request.at.seconds)
        for c in listed {
            let expiry = try db.document(unchecked: c.documentID).value(Schema.expirySlot)
            if !expiry.isEmpty, !now.lexicographicallyPrecedes(expiry) { continue }  // expiry ≤ now
            out.append(Match(documentID: c.documentID, weight: c.weight, values: [:]))
        }
        return out
    }

    /// What a prefix's lists can leave out: the title that is the word
    /// typed so far, whole. The lists hold the best-known titles with a word
    /// the prefix starts, and "Open", a song behind fifty better-known titles
    /// that start with "open", was found by no keystroke and at no `--limit`.
    /// A title of one word that starts with it and holds it as a word: a
    /// match of few documents (every one-word title a letter starts, scored,
    /// made one-letter keystrokes three times slower on the Debian catalog).
    func prefixTitleCandidates(_ p: String, _ request: SearchRequest, besides: [Match]) throws(XapianError) -> [Match] {
        let word = Tokenizer.fold(p), terms = lookupTerms(word, partial: false)
        // Most prefixes are no word ("gim"): no match to set up. A word
        // of many documents ("lib" on the Debian catalog, which starts
        // thousands of one-word titles) is left to the lists: its match cost
        // a millisecond a keystroke.
        let documents = try termFrequencies(terms).reduce(0, +)
        guard documents > 0, documents <= RankingWeights.maxWholeWordTitleMatches else { return [] }
        let whole = try Query.or(terms.map { Query(term: $0) })
        let title = try Query.and([whole, Query(term: Schema.titleStartTerm(word)),
                                   Query(term: Schema.titleLengthTerm(1)), Query(term: Schema.hit)])
        let have = Set(besides.map(\.documentID))
        var out: [Match] = []
        for m in try scored(try Restriction(request).apply(to: title), count: RankingWeights.prefixCandidates)
        where !have.contains(m.documentID) {
            // Weighed as the lists' candidates are (no text weight: a prefix
            // is boolean), not by the word's BM25 in their descriptions,
            // which put "tclx8.4" above the title "tcl" itself.
            guard let entry = try card(of: m) else { continue }
            out.append(Match(documentID: m.documentID, weight: CandidateBoost.of(entry.card), values: m.values))
        }
        return out
    }

    /// Whether a title word (or a word of an alias) of the card starts with
    /// `prefix`: lists may hold a document whose title changed since.
    static func titleWordStarts(_ card: borrowing HitCard, _ prefix: String) -> Bool {
        card.names.contains(where: { $0.words.contains { $0.hasPrefix(prefix) } })
            || card.aliases.contains(where: { TitleKey($0).words.contains { $0.hasPrefix(prefix) } })
    }

    /// The items of hot lists `names` (each list's first `count`), in list
    /// order, each once.
    func listedKeys(_ names: [String], first count: Int) throws(XapianError) -> [ItemKey] {
        var keys: [ItemKey] = []
        var listed = Set<ItemKey>()
        for name in names {
            for e in try snapshot.list(name, in: shards).prefix(count) where listed.insert(e.key).inserted { keys.append(e.key) }
        }
        return keys
    }

    /// The matches of listed items (hot lists, the journal) that are still
    /// there and not expired, one per key (nil for the others: a list
    /// answered by position needs no hashing of keys). Over remote shards: one match over
    /// their unique terms, which returns each card with its hit — one round
    /// trip per shard however many items, none per card. Locally, read one by
    /// one (`listedCardsRead`). (Lists name items by key: a document id is
    /// only good on the shard that wrote it.)
    func listedCards(_ keys: [ItemKey], at time: Timestamp) throws(XapianError) -> [Match?] {
        guard !keys.isEmpty else { return [] }
        if reconnect == nil { return try listedCardsRead(keys, at: time) }
        var byOrder: [[UInt8]: Int] = [:]
        for (i, k) in keys.enumerated() { byOrder[StaticTier.orderSuffix(k)] = i }
        let enquire = try Enquire(db)
        enquire.setBooleanWeighting()
        enquire.query = try Query.or(keys.map { Query(term: $0.uniqueTerm) }).andNot(try Restriction.expired(at: time))
        var out = [Match?](repeating: nil, count: keys.count)
        // The order value names the item (see `StaticTier.orderSuffix`).
        for m in try enquire.matches(count: keys.count, values: [Schema.cardSlot, Schema.orderSlot], data: false).matches {
            guard m.values[Schema.cardSlot]?.isEmpty == false, let i = m.values[Schema.orderSlot].flatMap({ byOrder[Array($0.suffix(8))] }) else { continue }
            out[i] = Match(documentID: m.documentID, weight: 0, values: m.values)
        }
        return out
    }

    /// `listedCards` on local databases (one index, or a directory of
    /// shards): each item's document found and its card read directly (both
    /// cached for the snapshot, see `SnapshotCache`), which costs a third of the
    /// match over every item's list; that only pays off where each read is a
    /// network round trip.
    func listedCardsRead(_ keys: [ItemKey], at time: Timestamp) throws(XapianError) -> [Match?] {
        let expiries = try snapshot.anyExpiries(in: db)
        let now = expiries ? sortableSerialise(time.seconds) : []
        var out = [Match?](repeating: nil, count: keys.count)
        for (i, key) in keys.enumerated() {
            guard let id = try snapshot.documentID(of: key, in: db), try snapshot.card(id, bytes: nil, in: db) != nil else { continue }
            if expiries {
                let expiry = try db.document(unchecked: id).value(Schema.expirySlot)
                if !expiry.isEmpty, !now.lexicographicallyPrecedes(expiry) { continue }  // expiry ≤ now
            }
            out[i] = Match(documentID: id, weight: 0, values: [:])
        }
        return out
    }

    /// The best `count` matches, equal weights (or sort values) in item
    /// order (`Schema.orderSlot`), never in document-id order, which differs
    /// between one index and its shards. Not `weighted`: every match weighs 0.
    func match(_ query: Query, count: Int, sortBy slot: UInt32? = nil, weighted: Bool = true) throws(XapianError) -> [Match] {
        let enquire = try Enquire(db)
        if weighted { try enquire.setBM25(k1: RankingWeights.bm25K1, b: RankingWeights.bm25B) } else { enquire.setBooleanWeighting() }
        if let slot { enquire.setSort(.value(slot: slot, descending: true)) }
        else if let order = snapshot.columns?.order { enquire.setSort(.relevanceThenColumn(order, descending: false)) }
        else { enquire.setSort(.relevanceThenValue(slot: Schema.orderSlot, descending: false)) }
        enquire.query = query
        return try enquire.matches(count: count, values: values, data: false).matches
    }
}
