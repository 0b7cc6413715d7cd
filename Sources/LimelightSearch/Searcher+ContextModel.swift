import Xapian
import LimelightSupport
import LimelightRanking
import LimelightStore

/// Zero-query suggestions ranked by `ContextModel`: P(item | situation).
extension Searcher {
    /// A use the change-point test weighs, whether it was in the
    /// situation's own context set (else in one nearly like it), and its
    /// local day (in the situation's UTC offset).
    typealias RunUse = (item: ItemKey, own: Bool, day: Int)

    func contextModelHits(_ candidates: [Match], _ request: SearchRequest) throws(XapianError) -> [SearchHit] {
        let (s, readAs) = try ContextModelStore.situation(db, known: try snapshot.contextSets(in: db), at: request.at, contexts: request.contexts,
                                                          pending: pending.values.flatMap { $0 })
        let f = s.features
        let weights = try snapshot.contextWeights(in: db)
        let items = try db.termFrequency(Schema.hit)
        var hits: [SearchHit] = [], features: [[Double]] = [], newRegistered: [Bool] = [], used: [Bool] = []
        hits.reserveCapacity(candidates.count)
        var habitual = false, estimates: [ContextModel.Estimate] = []
        // The set's last uses, and the ids they name: a candidate's key is
        // built only when its id is among them (building every candidate's
        // key took a fifth of a suggestion).
        let run = try recentUses(f, s.relatedSets, at: request.at)
        let runIDs = Set(run.map { $0.item.rawValue.split(separator: "/").last.map(String.init) ?? "" })
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
            used.append((stats?.count ?? 0) > 0)
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
        // One row per thing, as `removeDuplicateThings` keeps them, before the
        // registered item is given its place: given it among rows a bound
        // App Shortcut and its entity shared, it was shown one place higher
        // than --explain said (an audit). A thing is new when its entity is
        // registered and none of its rows was used (a bound App Shortcut
        // played it), whichever row is kept.
        // (Each row's thing made once: a string per candidate, every suggestion.)
        let thingOf = hits.map(Self.thing)
        var things = Set<Thing>()
        let ranked = hits.rankOrder().filter { things.insert(thingOf[$0]).inserted }
        let usedThings = Set(hits.indices.filter { used[$0] }.map { thingOf[$0] })
        let newThings = Set(hits.indices.filter { newRegistered[$0] }.map { thingOf[$0] }).subtracting(usedThings)
        let isNew = { (i: Int) in newThings.contains(thingOf[i]) }
        let order = ContextModel.promoteRegistered(ranked, isNewRegistered: isNew, habitual: habitual)
        // The chance goes to one: the best of the registered items never used.
        let given = ranked.first(where: isNew)
        // Components for the hits shown only (see `ContextModel.Weights.score`):
        // the first `limit` things, as `removeDuplicateThings` will keep them.
        if request.explained {
            let readAsNote = f.contexts == ContextModel.setHash(request.contexts) ? nil
                : "contexts read as \(readAs.joined(separator: " + ")) (the likeliest donated set like those asked)"
            for (shown, i) in order.enumerated() {
                if request.limit > 0, shown >= request.limit { break }
                var terms = weights.terms(features[i])
                if change.uses > 0 {
                    let whereUsed = change.ownUses == change.uses ? "here" : "here or in like contexts"
                    terms.append(("changed habit? (the last \(change.uses) uses \(whereUsed); unchanged: \(ContextModel.short(change.noChange[i])))",
                                  hits[i].score - before[i]))
                }
                // Its place is given, not scored: say so, or the order reads
                // as contradicting the scores shown (-24.9 above -4.8).
                if i == given, let at = order.firstIndex(of: i) {
                    terms.append(("registered for these contexts, never used: given rank \(at + 1) whatever its score "
                                  + "(first where nothing is habitual, else third at the lowest)", 0))
                }
                if let readAsNote { terms.append((readAsNote, 0)) }
                hits[i].components = terms
            }
        }
        return order.map { hits[$0] }
    }

    /// The last uses that the change-point test weighs
    /// (`ContextModel.HabitChange.run`), oldest first, each marked whether it
    /// was in the situation's own context set: the uses of that set and of
    /// the sets nearly like it (`HabitChange.setsSharingRun`), those the
    /// index keeps and those still in the journal, in time order.
    func recentUses(_ f: ContextModel.Features, _ related: ContextModel.RelatedSets,
                    at now: Timestamp) throws(XapianError) -> [RunUse] {
        let sets = ContextModel.HabitChange.setsSharingRun(own: f.contexts, related)
        let journal = Self.pendingUses(pending, in: Set(sets))
        var uses: [(use: RunUse, at: Double)] = []
        func day(_ at: Double) -> Int { Timestamp(seconds: at, offset: now.offset).localDay }
        for set in sets {
            let own = set == f.contexts
            uses += try ContextModelStore.readRecent(db, hash: set).uses.map { ((item: $0.item, own: own, day: day($0.at)), $0.at) }
            uses += (journal[set] ?? []).map { ((item: $0.use, own: own, day: day($0.at)), $0.at) }
        }
        // Equal times keep the order above: the own set's first, a set's
        // kept uses before its journal's.
        let ordered = uses.enumerated().sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }.map(\.element)
        return ContextModel.HabitChange.run(ordered, now: now.seconds)
    }

    /// How the run moves each candidate's score
    /// (`ContextModel.HabitChange`), the posterior that its rate there did
    /// not change, how far it rose, each candidate's thing, and how many
    /// uses there were (in all, and in the situation's own set).
    /// - keys: each candidate's thing (a bound App Shortcut is its entity);
    ///   nil when it is not in the run.
    func habitChange(run: [RunUse], keys: [ItemKey?], _ estimates: [ContextModel.Estimate],
                     _ features: [[Double]], _ s: ContextModel.Situation, _ weights: ContextModel.Weights)
        -> (shift: [Double], noChange: [Double], rise: [Double], things: [Int], uses: Int, ownUses: Int) {
        // One number per thing: the run's first, then each other candidate's own.
        var number: [ItemKey: Int] = [:], inOwnSet: [ItemKey: Int] = [:]
        for u in run where number[u.item] == nil { number[u.item] = number.count }
        // The set's counts hold its own uses, so only those are taken out of them.
        for u in run where u.own { inOwnSet[u.item, default: 0] += 1 }
        let ownUses = run.filter(\.own).count
        var things: [Int] = [], next = number.count
        for k in keys {
            if let k, let n = number[k] { things.append(n) } else { things.append(next); next += 1 }
        }
        let whims = ContextModel.whimRates(features)
        let set = keys.indices.map { i in
            ContextModel.HabitChange.setProbability(estimates[i], s, features[i], smoothing: weights.smoothing,
                                                    excluding: keys[i].flatMap { inOwnSet[$0] } ?? 0, of: ownUses,
                                                    noise: weights.noise, whim: whims[i])
        }
        // An entity's test counts the days it was used on (content is
        // reopened while one works on it: `HabitChange.firstUseADay`); an
        // app's and an App Shortcut's count every use: an app launched five
        // times the day it comes is a habit there. (Counted by day too, the
        // app-launch logs lost: launch1's HR@1 fell behind the rule's at
        // p 0.035.)
        var byDay = [Bool](repeating: false, count: next)
        for (key, n) in number { byDay[n] = key.isEntity }
        let (shift, noChange, rise) = ContextModel.HabitChange.shifts(run: run.map { number[$0.item]! }, days: run.map(\.day),
                                                                      things: things, set: set, byDay: byDay)
        return (shift, noChange, rise, things, run.count, ownUses)
    }

    /// The uses waiting in the journal in each of the context sets `sets`
    /// (by hash), in time order, with their times, each named by the item a
    /// writer will note (the first it credits: an entity, else an App
    /// Shortcut, else the app; see `BatchSession.credits`). Donations in one
    /// set in the same second count once: the journal keeps each item's
    /// uses, not the donations. One pass over the journal for all the sets.
    static func pendingUses(_ pending: [ItemKey: [UsageEvent]], in sets: Set<UInt32>) -> [UInt32: [(use: ItemKey, at: Double)]] {
        var byEvent: [UInt32: [Double: ItemKey]] = [:]
        func order(_ k: ItemKey) -> Int { k.isEntity ? 0 : k.rawValue.hasPrefix("shortcut") ? 1 : 2 }
        for (key, events) in pending {
            for e in events {
                let set = ContextModel.setHash(e.contexts)
                guard sets.contains(set) else { continue }
                let t = e.at.seconds
                if let other = byEvent[set]?[t], (order(other), other) <= (order(key), key) { continue }
                byEvent[set, default: [:]][t] = key
            }
        }
        return byEvent.mapValues { uses in uses.keys.sorted().map { (uses[$0]!, $0) } }
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
