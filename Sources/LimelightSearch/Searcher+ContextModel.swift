import Xapian
import LimelightSupport
import LimelightRanking
import LimelightStore

/// Zero-query suggestions ranked by `ContextModel`: P(item | situation).
extension Searcher {
    func contextModelHits(_ candidates: [Match], _ request: SearchRequest) throws(XapianError) -> [SearchHit] {
        let f = ContextModel.Features(at: request.at, contexts: request.contexts)
        let s = try ContextModelStore.situation(db, f, contexts: request.contexts, pending: pending.values.flatMap { $0 })
        let weights = try snapshot.contextWeights(in: db)
        let items = try db.termFrequency(Schema.hit)
        var hits: [SearchHit] = [], features: [[Double]] = [], newRegistered: [Bool] = []
        hits.reserveCapacity(candidates.count)
        var habitual = false, estimates: [ContextModel.Estimate] = []
        // The set's last uses, and the ids they name: a candidate's key is
        // built only when its id is among them (building every candidate's
        // key took a fifth of a suggestion).
        let run = try recentUses(f, at: request.at)
        let runIDs = Set(run.map { $0.rawValue.split(separator: "/").last.map(String.init) ?? "" })
        var keys: [ItemKey?] = []
        for m in candidates {
            guard let entry = try card(of: m) else { continue }
            let card = entry.card
            var stats = entry.usage
            if !pending.isEmpty, let events = pending[card.itemKey] {
                var with = stats ?? UsageStats()
                for e in events { with.add(e) }
                stats = with
            }
            let relevance = Scorer.relevanceStrength(registered: card.relevant, current: request.contexts)
            let e = ContextModel.estimate(stats, base: ContextModelStore.base(prior: card.prior, items: items), relevance: relevance, s)
            let phi = ContextModel.features(e, s, smoothing: weights.smoothing)
            hits.append(SearchHit(rank: 0, section: .results, kind: card.kind, app: card.app, type: card.type, id: card.id,
                                  title: card.title, subtitle: card.subtitle, score: weights.score(phi),
                                  parameter: card.binding,
                                  url: card.launch.url, exec: card.launch.exec, icon: card.launch.icon,
                                  desktopFile: card.launch.desktopFile, components: []))
            features.append(phi)
            estimates.append(e)
            newRegistered.append(relevance > 0 && (stats?.count ?? 0) == 0)
            habitual = habitual || e.usesInContexts >= ContextModel.habitualUses
            // The thing a suggestion shows (a bound App Shortcut is its entity), as the run names it.
            let id = card.binding?.id ?? card.id
            keys.append(runIDs.contains(Schema.keyPart(id)) ? card.binding.map { ItemKey.entity(app: card.app, $0) } ?? card.itemKey : nil)
        }
        let change = habitChange(run: run, keys: keys, estimates, features, s, weights)
        let before = hits.map(\.score)
        for (i, score) in ContextModel.HabitChange.adapted(before, things: change.things, shift: change.shift,
                                                            noChange: change.noChange, rise: change.rise).enumerated() {
            hits[i].score = score
        }
        let order = ContextModel.promoteRegistered(hits.rankOrder(),
                                                   isNewRegistered: { newRegistered[$0] }, habitual: habitual)
        // Components for the hits shown only (see `ContextModel.Weights.score`):
        // the first `limit` things, as `removeDuplicateThings` will keep them.
        if request.explained {
            var things = Set<String>()
            for i in order {
                things.insert(Self.thing(hits[i]))
                if request.limit > 0, things.count > request.limit { break }
                var terms = weights.terms(features[i])
                if change.uses > 0 {
                    terms.append(("changed habit? (the last \(change.uses) uses here; unchanged: \(ContextModel.short(change.noChange[i])))",
                                  hits[i].score - before[i]))
                }
                if newRegistered[i] { terms.append(("registered, never used: gets its chance", 0)) }
                hits[i].components = terms
            }
        }
        return order.map { hits[$0] }
    }

    /// The last uses of the situation's context set that the change-point
    /// test weighs (`ContextModel.HabitChange.run`), oldest first: those the
    /// index keeps, then those still in the journal.
    func recentUses(_ f: ContextModel.Features, at now: Timestamp) throws(XapianError) -> [ItemKey] {
        let kept = try ContextModelStore.readRecent(db, f).uses.map { (use: $0.item, at: $0.at) }
        return ContextModel.HabitChange.run(kept + Self.pendingUses(pending, f), now: now.seconds)
    }

    /// How the set's last uses move each candidate's score
    /// (`ContextModel.HabitChange`), the posterior that its rate there did
    /// not change, how far it rose, each candidate's thing, and how many
    /// uses there were.
    /// - keys: each candidate's thing (a bound App Shortcut is its entity);
    ///   nil when it is not in the run.
    func habitChange(run: [ItemKey], keys: [ItemKey?], _ estimates: [ContextModel.Estimate], _ features: [[Double]],
                     _ s: ContextModel.Situation, _ weights: ContextModel.Weights)
        -> (shift: [Double], noChange: [Double], rise: [Double], things: [Int], uses: Int) {
        // One number per thing: the run's first, then each other candidate's own.
        var number: [ItemKey: Int] = [:], inRun: [ItemKey: Int] = [:]
        for k in run where number[k] == nil { number[k] = number.count }
        for k in run { inRun[k, default: 0] += 1 }
        var things: [Int] = [], next = number.count
        for k in keys {
            if let k, let n = number[k] { things.append(n) } else { things.append(next); next += 1 }
        }
        let whims = ContextModel.whimRates(features)
        let set = keys.indices.map { i in
            ContextModel.HabitChange.setProbability(estimates[i], s, features[i], smoothing: weights.smoothing,
                                                    excluding: keys[i].flatMap { inRun[$0] } ?? 0, of: run.count,
                                                    noise: weights.noise, whim: whims[i])
        }
        let (shift, noChange, rise) = ContextModel.HabitChange.shifts(run: run.map { number[$0]! }, things: things, set: set)
        return (shift, noChange, rise, things, run.count)
    }

    /// The uses waiting in the journal in the situation's context set, in
    /// time order, with their times, each named by the item a writer will
    /// note (the first it credits: an entity, else an App Shortcut, else the
    /// app; see `BatchSession.credits`). Donations in one set in the same second
    /// count once: the journal keeps each item's uses, not the donations.
    static func pendingUses(_ pending: [ItemKey: [UsageEvent]], _ f: ContextModel.Features) -> [(use: ItemKey, at: Double)] {
        var byEvent: [Double: ItemKey] = [:]
        func order(_ k: ItemKey) -> Int { k.rawValue.hasPrefix("entity") ? 0 : k.rawValue.hasPrefix("shortcut") ? 1 : 2 }
        for (key, events) in pending {
            for e in events {
                guard ContextModel.setHash(e.contexts) == f.contexts else { continue }
                let t = e.at.seconds
                if let other = byEvent[t], (order(other), other) <= (order(key), key) { continue }
                byEvent[t] = key
            }
        }
        return byEvent.keys.sorted().map { (byEvent[$0]!, $0) }
    }

    /// The context model's weights as this index has learned them (by
    /// backoff level and half-life, then the registration, η), then each
    /// level's μ.
    public func learnedWeights() throws(SearchError) -> [(String, Double)] {
        do {
            let w = try ContextModelStore.readWeights(db)
            return w.named + w.namedSmoothing
        } catch { throw SearchError(error, path: path) }
    }
}
