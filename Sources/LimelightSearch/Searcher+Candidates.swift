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
        var keys: [ItemKey] = []
        var listed = Set<ItemKey>()
        for name in names {
            for e in try HotLists.merged(shards, name).prefix(RankingWeights.prefixCandidates) where listed.insert(e.key).inserted {
                keys.append(e.key)
            }
        }
        let found = try listedCards(keys, at: request.at)
        var out = keys.compactMap { found[$0] }
        var seen = Set(out.map(\.documentID))
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
        let folded = Tokenizer.fold(p)
        var keys: [ItemKey] = []
        var listed = Set<ItemKey>()
        for name in [HotLists.titlePrefixName(folded), HotLists.wordPrefixName(folded)] {
            for e in try HotLists.merged(shards, name).prefix(RankingWeights.prefixCandidates) where listed.insert(e.key).inserted {
                keys.append(e.key)
            }
        }
        let found = try listedCards(keys, at: request.at)
        return keys.compactMap { key in
            // Lists may hold a document whose title changed since: check it.
            guard let m = found[key], let card = m.values[Schema.cardSlot].flatMap({ cards.card(m.documentID, $0) }),
                  (card.names + card.aliases.map(TitleKey.init)).contains(where: { $0.words.contains { $0.hasPrefix(folded) } })
            else { return nil }
            return Match(documentID: m.documentID, weight: CandidateBoost.of(card), values: m.values)
        }
    }

    /// The cards of listed items (hot lists, the journal) that are still
    /// there and not expired, by item. Over remote shards: one match over
    /// their unique terms, which returns each card with its hit — one round
    /// trip per shard however many items, none per card. Locally, read one by
    /// one (`listedCardsRead`). (Lists name items by key: a document id is
    /// only good on the shard that wrote it.)
    func listedCards(_ keys: [ItemKey], at time: Timestamp) throws(XapianError) -> [ItemKey: Match] {
        guard !keys.isEmpty else { return [:] }
        if reconnect == nil { return try listedCardsRead(keys, at: time) }
        var byOrder: [[UInt8]: ItemKey] = [:]
        for k in keys { byOrder[StaticTier.orderSuffix(k)] = k }
        let enquire = try Enquire(db)
        enquire.setBooleanWeighting()
        enquire.query = try Query.or(keys.map { Query(term: $0.uniqueTerm) }).andNot(try Restriction.expired(at: time))
        var out: [ItemKey: Match] = [:]
        for m in try enquire.matches(count: keys.count, values: Self.values, data: false).matches {
            guard m.values[Schema.cardSlot]?.isEmpty == false, let key = m.values[Schema.orderSlot].flatMap({ byOrder[Array($0.suffix(8))] }) else { continue }
            out[key] = Match(documentID: m.documentID, weight: 0, values: m.values)
        }
        return out
    }

    /// `listedCards` on local databases (one index, or a directory of
    /// shards): each item's document read directly — its unique term's list,
    /// then its values — costs a third of the match over every item's list,
    /// which only pays off where each read is a network round trip.
    func listedCardsRead(_ keys: [ItemKey], at time: Timestamp) throws(XapianError) -> [ItemKey: Match] {
        let expiries = try db.termFrequency(Schema.expires) > 0
        let now = expiries ? sortableSerialise(time.seconds) : []
        var out: [ItemKey: Match] = [:]
        for key in keys {
            guard let id = try db.documentID(of: key) else { continue }
            let doc = try db.document(unchecked: id)
            let card = try doc.value(Schema.cardSlot)
            guard !card.isEmpty else { continue }
            if expiries {
                let expiry = try doc.value(Schema.expirySlot)
                if !expiry.isEmpty, !now.lexicographicallyPrecedes(expiry) { continue }  // expiry ≤ now
            }
            out[key] = Match(documentID: id, weight: 0, values: [Schema.cardSlot: card, Schema.orderSlot: try doc.value(Schema.orderSlot)])
        }
        return out
    }

    /// The best `count` matches, equal weights (or sort values) in item
    /// order (`Schema.orderSlot`), never in document-id order, which differs
    /// between one index and its shards.
    func match(_ query: Query, count: Int, sortBy slot: UInt32? = nil) throws(XapianError) -> [Match] {
        let enquire = try Enquire(db)
        try enquire.setBM25(k1: RankingWeights.bm25K1, b: RankingWeights.bm25B)
        enquire.setSort(slot.map { .value(slot: $0, descending: true) } ?? .relevanceThenValue(slot: Schema.orderSlot, descending: false))
        enquire.query = query
        return try enquire.matches(count: count, values: Self.values, data: false).matches
    }
}
