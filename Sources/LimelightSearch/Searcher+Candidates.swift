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
    func prefixCandidates(_ p: String, _ request: SearchRequest) throws(XapianError) -> [Match] {
        var seen = Set<UInt32>()
        var out: [Match] = []
        let folded = Tokenizer.fold(p)
        let expiries = try anyExpiries()
        for name in [HotLists.titlePrefixName(folded), HotLists.wordPrefixName(folded)] {
            for e in try HotLists.read(db, name).prefix(RankingWeights.prefixCandidates) where seen.insert(e.id).inserted {
                // Lists may hold a document whose title changed since: check it.
                guard let bytes = try listedCard(e.id, at: request.at, expiries: expiries),
                      let card = cards.card(e.id, bytes),
                      (card.names + card.aliases.map(TitleKey.init)).contains(where: { $0.words.contains { $0.hasPrefix(folded) } })
                else { continue }
                out.append(Match(documentID: e.id, weight: CandidateBoost.of(card), values: [Schema.cardSlot: bytes]))
            }
        }
        return out
    }

    /// Whether any document has an expiry (else reading it is skipped).
    func anyExpiries() throws(XapianError) -> Bool {
        try db.termFrequency(Schema.expires) > 0
    }

    /// The result card of a document a hot list names, or nil if it is gone
    /// or expired. Read without checking that the document exists (a
    /// deleted one has no card) and without its expiry when no document has
    /// one: a one-letter query's 80 listed documents in a quarter of the
    /// time (Debian catalog, raw program: p50 0.26 → 0.07 ms).
    func listedCard(_ id: UInt32, at time: Timestamp, expiries: Bool) throws(XapianError) -> [UInt8]? {
        let doc = try db.document(unchecked: id)
        if expiries {
            let expiry = try doc.value(Schema.expirySlot)
            if !expiry.isEmpty, sortableUnserialise(expiry) <= time.seconds { return nil }
        }
        let card = try doc.value(Schema.cardSlot)
        return card.isEmpty ? nil : card
    }

    func match(_ query: Query, count: Int, sortBy slot: UInt32? = nil) throws(XapianError) -> [Match] {
        let enquire = try Enquire(db)
        try enquire.setBM25(k1: RankingWeights.bm25K1, b: RankingWeights.bm25B)
        if let slot { enquire.setSort(.value(slot: slot, descending: true)) }
        enquire.query = query
        return try enquire.matches(count: count, values: Self.values, data: false).matches
    }
}
