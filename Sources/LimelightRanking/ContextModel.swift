#if canImport(Glibc)
import Glibc
#endif
import LimelightSupport
import LimelightModel

/// Zero-query suggestions from the person's own history: how likely each
/// item is in this situation.
///
/// A situation is the moment's local hour (compared circularly, by a
/// Gaussian kernel), its time of day, weekday and day type, its place (the
/// `location.*` contexts) and its whole context set. Each item keeps decayed
/// counts of its uses per *conjunction* of those (a cell: context set ×
/// place × weekday × half hour, see `Cells`); the index keeps the same
/// counts summed over every item (`Table`). Summing the cells that agree
/// with the situation on some features gives one estimate per backoff level
/// (`Level`: 14 conjunctions, from the item's overall rate to contexts + day
/// type + clock; context sets like the current one count at their weight in
/// one of them, `RelatedSets`), each Dirichlet-smoothed toward the broader levels it backs
/// off to, as language models back off:
///
///     P_L(i) = (n_L(i) + μ · P_parents(L)(i)) / (N_L + μ)
///     P_overall(i) = (n(i) + α · base(i)) / (N + α)
///
/// so sparse evidence for a specific situation counts exactly as much as it
/// deserves. Every level is counted at two half-lives (all of history and a
/// week); a level's week is smoothed toward the same level over all of
/// history too, and its overall rate toward the overall rate over all of
/// history (`backoff`): a week without uses leaves the habits.
///
/// No one level is right for everyone: a shift worker's weekday matters, a
/// commuter's clock, a student's place. So the estimates are pooled
/// log-linearly — score(i) = Σ w_f · log P_f(i), plus a weight on their
/// interpolation log Σ λ_f P_f(i) and one on the app's relevant-entity
/// registration — and the weights are a conditional logit
/// model fitted to each index's own history, online: every donation is
/// scored against the other candidates before it is learned from, and moves
/// the weights by one natural-gradient step on its log-likelihood
/// (`Weights.learn`). A new index starts where the average person of the
/// tune logs ended (`Weights.prior`).
///
/// Counts are stored decay-free as virtual times (Firefox's frecency form
/// `t_ref + ln(score)/λ`, see `DecayedCount`), so reading a candidate is one
/// pass over at most `maxCellsPerItem` cells, whatever the history's length.
///
/// Pure Swift over numbers: the index layer stores cells, tables and weights.
public enum ContextModel {
    // MARK: Constants (one place; `--explain` shows them at work)

    /// Half-lives of the counts every cell keeps: frequency over all of
    /// history (100,000 days: no decay a person could notice) and a week of
    /// recency; the learned weights say how much each counts. On the tune
    /// logs two half-lives did as well as three (all, 30 and 2 days), and a
    /// week lets a changed daily habit overtake the old one within a week.
    /// The longest first (`noMoreThanUses` reads it first).
    public static let halfLivesDays: [Double] = [100_000, 7]
    public static let rateNames = halfLivesDays.map { $0 >= 100_000 ? "all" : "\(Int($0))d" }
    static let lambdas: [Double] = halfLivesDays.map { log(2) / $0 }
    /// Width of the hour kernel: a 07:30 habit is strong evidence at 07:00,
    /// weak at 10:00.
    public static let hourSigma = 1.0
    /// The narrow kernel of the clock level, for people whose routines keep
    /// the clock (its weight says how far to trust it).
    public static let clockSigma = 0.3
    /// How many events' worth a level borrows from its broader ones (μ) in
    /// a new index; each index then learns its own μ per level
    /// (`Weights.smoothing`). On the tune logs 5 did as well as 3 and 8, and
    /// better than 1: a level of a few uses says little.
    public static let levelSmoothing = 5.0
    /// How many events' worth the overall rate borrows from the static prior (α).
    public static let baseSmoothing = 1.0
    /// Time-of-day cells a day (half hours): fine enough for the narrow kernel.
    public static let slots = 48
    /// The time scale of a session (τ): an item used minutes ago is often
    /// wanted again (`recency` feature, exp(−time since last use / τ); 0 for
    /// a use at the very moment asked, see `features`).
    /// On the tune logs it raised commuter's HR@1 by 0.017 and changed no
    /// other log.
    public static let sessionDays = 1.0 / 24
    /// Cells kept per item (the weakest go first): bounds the work per candidate.
    public static let maxCellsPerItem = 128
    /// An item is habitual in a situation with at least this many (decayed)
    /// uses in its contexts, or like ones at their weight (a run started with
    /// `audio.workout.running` alone is habitual when runs were had with
    /// headphones on). (Counted in the same contexts, day type
    /// and hour, nothing was habitual in most sparse situations, and an item
    /// registered for a busy context but never used sat first there for good.)
    public static let habitualUses = 2.0
    /// The rank a registered, never-used item gets when something is
    /// habitual in the situation (first otherwise).
    public static let registeredRankWhenHabitual = 3

    // MARK: Backoff levels

    /// The conjunctions of situation features the model counts in, each
    /// after the broader ones it backs off to (`parents`).
    public enum Level: Int, CaseIterable, Sendable {
        case overall, hour, timeOfDay, place, dayTypeHour, weekdayTimeOfDay, placeDayTypeHour,
             placeWeekdayTimeOfDay, placeTimeOfDay, likeContexts, contexts, contextsHour, contextsDayTypeHour, contextsDayTypeClock

        public var name: String {
            switch self {
            case .overall: "overall"
            case .hour: "hour"
            case .timeOfDay: "time of day"
            case .place: "place"
            case .dayTypeHour: "daytype+hour"
            case .weekdayTimeOfDay: "weekday+time of day"
            case .placeDayTypeHour: "place+daytype+hour"
            case .placeWeekdayTimeOfDay: "place+weekday+time of day"
            case .placeTimeOfDay: "place+time of day"
            case .likeContexts: "like contexts"
            case .contexts: "contexts"
            case .contextsHour: "contexts+hour"
            case .contextsDayTypeHour: "contexts+daytype+hour"
            case .contextsDayTypeClock: "contexts+daytype+clock"
            }
        }

        /// The broader conjunctions this one is smoothed toward (their mean):
        /// each drops a feature or coarsens one. (Place + weekday + time of
        /// day backs off to place + time of day, dropping the weekday, as the
        /// counting rules do; it backed off to the place alone, dropping two,
        /// until that level existed.)
        var parents: [Level] {
            switch self {
            case .overall: []
            case .hour, .timeOfDay, .place: [.overall]
            case .dayTypeHour: [.hour]
            case .weekdayTimeOfDay: [.timeOfDay]
            case .placeDayTypeHour: [.dayTypeHour, .place]
            case .placeWeekdayTimeOfDay: [.weekdayTimeOfDay, .placeTimeOfDay]
            case .placeTimeOfDay: [.timeOfDay, .place]
            case .likeContexts: [.place]
            case .contexts: [.likeContexts]
            case .contextsHour: [.contexts, .hour]
            case .contextsDayTypeHour: [.contextsHour, .placeDayTypeHour]
            case .contextsDayTypeClock: [.contextsDayTypeHour]
            }
        }

        /// Which index table counts it: all of history, the current place,
        /// the current context set (which names the place too), or the sets
        /// like it (`RelatedSets`).
        var scope: Scope {
            switch self {
            case .place, .placeDayTypeHour, .placeWeekdayTimeOfDay, .placeTimeOfDay: .place
            case .likeContexts: .likeContexts
            case .contexts, .contextsHour, .contextsDayTypeHour, .contextsDayTypeClock: .contexts
            default: .time
            }
        }

        /// Which days count: any, the same day type, the same weekday.
        var day: Int {
            switch self {
            case .dayTypeHour, .placeDayTypeHour, .contextsDayTypeHour, .contextsDayTypeClock: 1
            case .weekdayTimeOfDay, .placeWeekdayTimeOfDay: 2
            default: 0
            }
        }

        /// Which times count: any, near this hour (σ `hourSigma`), near this
        /// clock time (σ `clockSigma`), the same time of day (DESIGN's buckets).
        var clock: Int {
            switch self {
            case .hour, .dayTypeHour, .placeDayTypeHour, .contextsHour, .contextsDayTypeHour: 1
            case .contextsDayTypeClock: 2
            case .timeOfDay, .weekdayTimeOfDay, .placeWeekdayTimeOfDay, .placeTimeOfDay: 3
            default: 0
            }
        }
    }

    enum Scope { case time, place, contexts, likeContexts }

    static let levels = Level.allCases.count
    // Per level by raw value (read per cell per candidate: not rebuilt each time).
    static let parentTable: [[Int]] = Level.allCases.map { $0.parents.map(\.rawValue) }
    /// The order `features` computes the levels in: each after its parents.
    /// Not raw value order, which is the stored one (weights are kept by
    /// it): place + time of day came last, and place + weekday + time of
    /// day, before it, backs off to it.
    static let evaluationOrder: [Int] = {
        var order: [Int] = []
        while order.count < levels {
            for l in 0..<levels where !order.contains(l) && parentTable[l].allSatisfy(order.contains) { order.append(l) }
        }
        return order
    }()
    static let shapeTable: [Shape] = Level.allCases.map { Shape(scope: $0.scope, day: $0.day, clock: $0.clock) }

    /// Counts: every level at every half-life, index `rate * levels + level`.
    public static let counts = levels * halfLivesDays.count
    /// What the weights weigh: the log-estimate of every level at every
    /// half-life (as `counts`), then how recently the item was used, then
    /// its registration.
    public static let featureCount = counts + 2
    static let recencyFeature = counts
    static let registrationFeature = counts + 1

    // MARK: Situations

    /// What the model sees of a moment.
    public struct Features: Sendable, Equatable {
        public let contexts: UInt32
        public let place: UInt16
        public let weekday: Int
        /// The time-of-day slot (`slots` a day).
        public let hour: Int
        public let hourOfDay: Double
        public let day: Double
        public var weekend: Bool { weekday >= 5 }
        /// The place is unknown (`RelatedSets.placeUnknown`): every place
        /// level then counts the uses at every place, as the level without
        /// the place does — the places marginalised, not a place "none".
        public var placeUnknown = false

        public init(at: Timestamp, contexts: [String]) {
            self.contexts = ContextModel.setHash(contexts)
            place = UInt16(truncatingIfNeeded: ContextModel.setHash(contexts.filter { $0.hasPrefix("location.") }))
            weekday = at.weekday
            hourOfDay = at.hourOfDay
            hour = min(ContextModel.slots - 1, max(0, Int(at.hourOfDay * Double(ContextModel.slots) / 24)))
            day = at.days
        }

        var cellKey: UInt64 {
            UInt64(contexts) << 32 | UInt64(place) << 16 | UInt64(weekday) << 8 | UInt64(hour)
        }

        /// Each half-hour cell's weight from now (its centre h + 0.5): the
        /// hour kernel's `slots`, the clock kernel's, then 1 where the cell
        /// is in the same time of day.
        var kernel: [Double] {
            let sameTime = (0..<ContextModel.slots).map { h in
                ContextModel.timeOfDay(Double(h) * 24 / Double(ContextModel.slots)) == ContextModel.timeOfDay(hourOfDay) ? 1.0 : 0
            }
            return [ContextModel.hourSigma, ContextModel.clockSigma].flatMap { sigma in
                (0..<ContextModel.slots).map { h in
                    var d = abs(hourOfDay - (Double(h) + 0.5) * 24 / Double(ContextModel.slots))
                    d = min(d, 24 - d)
                    return d > 4 * sigma ? 0 : exp(-d * d / (2 * sigma * sigma))
                }
            } + sameTime
        }
    }

    /// DESIGN.md's times of day: night 0–4 and 22–23, morning 5–11,
    /// afternoon 12–16, evening 17–21.
    static func timeOfDay(_ hour: Double) -> Int {
        switch Int(hour) {
        case 5...11: 1
        case 12...16: 2
        case 17...21: 3
        default: 0
        }
    }

    /// A context set's hash, whatever the order and repeats of its names.
    public static func setHash(_ contexts: [String]) -> UInt32 { hash(Array(Set(contexts)).sorted()) }

    /// FNV-1a over the names (stable across processes, unlike `Hasher`).
    static func hash(_ names: [String]) -> UInt32 {
        var h: UInt32 = 2_166_136_261
        for n in names {
            for b in n.utf8 { h = (h ^ UInt32(b)) &* 16_777_619 }
            h = (h ^ 0x1F) &* 16_777_619
        }
        return h
    }

    /// The decayed count at `day` of virtual time `v` (−∞: none).
    @inline(__always) static func count(_ v: Double, _ rate: Int, at day: Double) -> Double {
        exp(lambdas[rate] * min(v - day, countCapDays(rate)))
    }

    /// How far ahead of the moment asked a count can be dated before `count`
    /// caps it: 50 half-lives (2^50, finite; `noMoreThanUses` then holds it
    /// to the uses it counts).
    @inline(__always) static func countCapDays(_ rate: Int) -> Double { 50 * halfLivesDays[rate] }

    /// A cell's count at a shorter half-life, held to its count at the
    /// longest (`rate` 0, read first into `longest`): a use dated after the
    /// moment asked about grows as exp(λ · its lead) instead of decaying —
    /// one launch stamped four years ahead by a wrong clock counted 2^50 at
    /// the week's half-life, and every suggestion read it. At the longest
    /// half-life a use counts about 1 however dated, and a use in the past
    /// counts less at a shorter half-life than at the longest, so the
    /// bound changes nothing else: a use not yet made counts as one made now.
    @inline(__always) static func noMoreThanUses(_ x: Double, _ rate: Int, longest: inout Double) -> Double {
        if rate == 0 { longest = x; return x }
        return min(x, longest)
    }

    /// Adds one event at `day` to virtual time `v`.
    static func add(_ v: inout Double, _ rate: Int, day: Double) {
        let m = max(v, day), l = lambdas[rate]
        v = m + log(exp(l * (v - m)) + exp(l * (day - m))) / l
    }

    // MARK: Scoring

    /// Everything about the moment that is the same for every candidate.
    public struct Situation: Sendable {
        public let features: Features
        let kernel: [Double]
        /// The context sets whose uses count in the context levels, and how much.
        public let relatedSets: RelatedSets
        /// N_L: every item's uses at each level and half-life.
        let totals: [Double]

        /// `contexts`: the table of each set in `related`, in its order.
        /// (Tables with a linear cache are read through it: `Table.linearize`.)
        public init(_ f: Features, related: RelatedSets, time: inout Table, contexts: inout [Table], place: inout Table) {
            features = f
            kernel = f.kernel
            relatedSets = related
            var n = [Double](repeating: 0, count: ContextModel.counts)
            time.addSums(.time, f, kernel: kernel, into: &n, scale: time.linearScale(at: f.day))
            for i in contexts.indices {
                contexts[i].addSums(.contexts, f, kernel: kernel, into: &n, scale: contexts[i].linearScale(at: f.day),
                                    alike: related.weights[i])
            }
            if f.placeUnknown {
                time.addSums(.place, f, kernel: kernel, into: &n, scale: time.linearScale(at: f.day))
            } else {
                place.addSums(.place, f, kernel: kernel, into: &n, scale: place.linearScale(at: f.day))
            }
            totals = n
        }
    }

    /// The context sets uses were counted in, each with what comparing it
    /// to a situation needs, worked out once as it is added (`RelatedSets`
    /// compares every known set at every suggestion and every donation:
    /// working out each one's contexts and ancestors then took 83% of an
    /// `index` of 2,000 uses each in a new set, 7.3 s).
    public struct KnownSets: Sendable, Equatable, ExpressibleByArrayLiteral {
        /// Each set's names, sorted and distinct; the sets in first-use order.
        public private(set) var all: [[String]] = []
        /// Each set's contexts with their ancestors (`RelatedSets.expanded`),
        /// hash, and place (its `location.*` contexts).
        private(set) var expanded: [Set<String>] = []
        private(set) var hashes: [UInt32] = []
        private(set) var places: [[String]] = []
        /// Every context some set names, and each one's ancestors.
        private(set) var named: Set<String> = []
        private var seen = Set<[String]>()

        public init() {}

        public init(_ sets: [[String]]) { for set in sets { insert(set) } }

        /// Adds the set of `contexts`; false if it was known.
        @discardableResult
        public mutating func insert(_ contexts: [String]) -> Bool {
            let set = Array(Set(contexts)).sorted()
            guard seen.insert(set).inserted else { return false }
            all.append(set)
            expanded.append(RelatedSets.expanded(set))
            hashes.append(ContextModel.hash(set))
            places.append(Array(RelatedSets.place(of: set)))
            for c in set { named.formUnion(Contexts.withAncestors(c)) }
            return true
        }

        /// Whether `set` (sorted and distinct) is known.
        public func contains(_ set: [String]) -> Bool { seen.contains(set) }

        public init(arrayLiteral sets: [String]...) { self.init(sets) }

        public static func == (a: KnownSets, b: KnownSets) -> Bool { a.all == b.all }
    }

    /// The context sets uses were counted in that are like the situation's,
    /// each with how alike (0…1, 1 for the same set): the like-contexts
    /// level counts a use in a like set at that weight, as the hour levels
    /// count a use at a nearby hour. Alike is the Jaccard similarity of the
    /// two sets with their ancestors (`audio.workout.running` brings
    /// `audio.workout`; one-word roots such as `audio` are left out, they say
    /// too little). Only sets at the same place are like (the same
    /// `location.*` contexts, or none in both): the like-contexts level backs
    /// off to the place level, so it must count a part of the place's uses.
    /// Counting a gym's sets in a run's level too, a playlist used at the
    /// gym was far likelier in the run's like contexts than at its place
    /// (no place), and the learned weights, which read that contrast as a
    /// lift, put it first on a run it was never used on.
    public struct RelatedSets: Sendable {
        /// Hashes (`ContextModel.hash`), ascending, and their weights.
        public let hashes: [UInt32]
        public let weights: [Double]

        /// The most like sets kept (the work per suggestion grows with them).
        public static let limit = 16
        /// How alike a known set must be to stand for a situation never
        /// seen (`reading`): at least as many contexts shared as not.
        public static let readingAlike = 0.5

        /// `known`: every context set uses were counted in (names, each
        /// sorted and distinct, as the index keeps them); `current`: the situation's.
        public init(known: KnownSets, current: [String]) {
            let current = Array(Set(current)).sorted()
            let now = RelatedSets.expanded(current), own = ContextModel.setHash(current), here = Array(RelatedSets.place(of: current))
            var found: [UInt32: Double] = [own: 1]
            for i in known.all.indices where known.places[i] == here {
                let h = known.hashes[i]
                guard found[h] == nil else { continue }
                let alike = RelatedSets.alike(now, known.expanded[i])
                if alike > 0 { found[h] = alike }
            }
            // The most alike first, ties by hash; then in hash order (sums in one order on every shard).
            let kept = found.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.prefix(Self.limit)
            let ordered = kept.sorted { $0.key < $1.key }
            hashes = ordered.map(\.key)
            weights = ordered.map(\.value)
        }

        /// The context set a situation is read as — a launcher often knows
        /// fewer contexts than the apps donated with, so the set it names
        /// may never have been donated. Its own when uses were counted in
        /// it, or when it names a context no use was ever counted in (a new
        /// situation: the first bedtime is not just another evening at
        /// home). Else the likeliest of the known sets at least
        /// `readingAlike` like it (as `RelatedSets` measures it): the one
        /// with the most uses near this hour, each counted at how alike it
        /// is (alike × uses, as P(set | what was named, the hour)); its own
        /// when none was used near this hour. Ties: the set that keeps more
        /// of the contexts named, then the smaller, then by name. A place
        /// the situation does not name can be filled in; one it names stays.
        /// A run started with `audio.workout.running` alone, when the runs
        /// were donated with headphones and a workout too, is read as such a
        /// run (2 of 4 alike), and every level then reads the counts the
        /// weights were learned on. (Counting the like sets' uses in every
        /// context level instead, each at its weight, gave the levels a mix
        /// no donation had shown the weights, and a playlist used at the gym
        /// came first on a run it was never used on. Read by alikeness
        /// alone, home with headphones at 2 pm was read as bedtime. Reading
        /// a set donated only once as its likeliest neighbour too, until it
        /// had two uses, cost student's changed habit its week: 2 days to 9.)
        /// - known: as `init` takes it.
        /// - usesNearNow: a known set's uses near this hour (`Table.usesNear`).
        public static func reading<E: Error>(_ current: [String], known: KnownSets,
                                             usesNearNow uses: ([String]) throws(E) -> Double) throws(E) -> [String] {
            let own = Array(Set(current)).sorted()
            guard !own.isEmpty, !known.contains(own) else { return current }
            // Every context it names was counted in some set (itself or a descendant).
            guard own.allSatisfy(known.named.contains) else { return current }
            let now = expanded(own), here = Array(place(of: own))
            var best: Reading?
            for i in known.all.indices where here.isEmpty || known.places[i] == here {
                let set = known.all[i], other = known.expanded[i], alike = alike(now, other)
                guard alike >= readingAlike else { continue }
                let near = try uses(set)
                guard near > 0 else { continue }
                let candidate = Reading(weight: alike * near, kept: now.intersection(other).count, set: set)
                if best.map(candidate.goesBefore) ?? true { best = candidate }
            }
            return best?.set ?? current
        }

        /// Whether a situation read as `set` (`reading`) has no known place:
        /// it names none, and no use was ever counted in that very set. A
        /// launcher that does not know where the person is (GNOME's, KRunner,
        /// plain `suggest`) asks with no place, and its moment was read as
        /// the place "none" — where only what apps donated without a place
        /// was ever used: a run playlist donated with `audio.workout.running`
        /// alone came first at every hour of a commuter's Wednesday. Unknown,
        /// every place level counts every place (`Features.placeUnknown`).
        /// A set donated without a place stays what its uses made it: where
        /// a log's moments with no place are a place of their own (the
        /// app-launch logs' "elsewhere", a fifth of their launches), reading
        /// every moment with no place as unknown cost HR@1 and HR@5 there.
        /// The counts are unchanged: a use donated with no place is counted
        /// at the place "none", as before.
        public static func placeUnknown(_ set: [String], known: KnownSets) -> Bool {
            guard !set.contains(where: { $0.hasPrefix("location.") }) else { return false }
            return !known.contains(Array(Set(set)).sorted())
        }

        /// A known set that could stand for the situation: how likely
        /// (alike × uses near the hour), and how many named contexts it keeps.
        struct Reading {
            let weight: Double
            let kept: Int
            let set: [String]

            func goesBefore(_ other: Reading) -> Bool {
                if weight != other.weight { return weight > other.weight }
                if kept != other.kept { return kept > other.kept }
                if set.count != other.set.count { return set.count < other.set.count }
                return set.lexicographicallyPrecedes(other.set)
            }
        }

        static func alike(_ a: Set<String>, _ b: Set<String>) -> Double {
            // Counted, not built: the union and intersection sets were most
            // of an `index` of uses in many sets.
            let (small, large) = a.count <= b.count ? (a, b) : (b, a)
            var shared = 0
            for x in small where large.contains(x) { shared += 1 }
            let union = a.count + b.count - shared
            return union == 0 ? 1 : Double(shared) / Double(union)
        }

        /// A set's place: its `location.*` contexts, in its order (known
        /// sets are sorted, so two places compare by `elementsEqual`).
        static func place(of set: [String]) -> LazyFilterSequence<[String]> { set.lazy.filter { $0.hasPrefix("location.") } }

        static func expanded(_ set: [String]) -> Set<String> {
            // A byte test: `contains(".")` took the package's substring search, and with it
            // 44% of a suggestion's time among 168 known sets.
            Set(set.flatMap(Contexts.withAncestors).filter { $0.utf8.contains(UInt8(ascii: ".")) || set.contains($0) })
        }

        /// How much a use in the set `hash` counts (0: not at all).
        @inline(__always) func weight(of hash: UInt32) -> Double {
            for (i, h) in hashes.enumerated() where h == hash { return weights[i] }
            return 0
        }
    }

    /// What the model knows of one candidate in a situation.
    public struct Estimate: Sendable {
        /// n_L(i) at every level and half-life.
        let n: [Double]
        let base: Double
        /// 0…1: how specifically the item is registered for the current contexts.
        public let relevance: Double
        /// Days since the item was last used (nil: never).
        let sinceLastUse: Double?
        /// Uses (counted over all of history) in these contexts or like ones
        /// (at their weight, `RelatedSets`), at any time.
        public var usesInContexts: Double { n[Level.likeContexts.rawValue] }
    }

    /// - usage: the item's uses (nil or empty: never used).
    /// - base: the item's static prior, a probability over items (≥ 0).
    /// - relevance: 0…1, how specifically it is registered for the current contexts.
    public static func estimate(_ usage: UsageStats?, base: Double, relevance: Double, _ s: Situation) -> Estimate {
        let used = usage.flatMap { $0.isEmpty ? nil : $0 }
        return Estimate(n: used?.cells.sums(s) ?? [Double](repeating: 0, count: counts), base: base,
                        relevance: relevance, sinceLastUse: used.map { max(0, s.features.day - $0.last / 86_400) })
    }

    /// What the weights weigh (`featureCount`): log P_L(i) at every level
    /// and half-life, each smoothed toward its parents (`backoff`) by its μ (`smoothing`,
    /// one per level and half-life as `counts`: the index's, see
    /// `Weights.smoothing`), then how recently it was used and its
    /// registration (weighed against its uses here).
    public static func features(_ e: Estimate, _ s: Situation, smoothing mu: [Double] = newSmoothing) -> [Double] {
        var phi = [Double](repeating: 0, count: featureCount)
        // P_L(i) at every level and half-life, as `counts`.
        withUnsafeTemporaryAllocation(of: Double.self, capacity: counts) { p in
            for rate in 0..<halfLivesDays.count {
                let o = rate * levels
                for l in evaluationOrder {
                    if rate == 0 && parentTable[l].isEmpty {
                        p[l] = (e.n[l] + baseSmoothing * e.base) / (s.totals[l] + baseSmoothing)
                    } else {
                        let back = backoff(l, rate: rate) { p[$0] }
                        p[o + l] = (e.n[o + l] + mu[o + l] * back) / (s.totals[o + l] + mu[o + l])
                    }
                    phi[o + l] = log(p[o + l])
                }
            }
        }
        // A use at this very instant (or after it) is no sign of a session:
        // the log's clock is coarser than one. App-usage studies record a
        // time of day, and where every launch of a morning was stamped with
        // its first minute, every app used that morning was "just used".
        // A launch repeated at that instant, fed one at a time, is the same
        // record (an id from its content), counted and learned from once
        // (a repeat within one batch is numbered: `BatchSession`), so the weights saw
        // only apps not yet used that morning chosen: they learned −1.5 on
        // it, and HR@1 fell to 0.196, behind the time of day + place
        // rule's 0.210, on 24 launch logs so stamped (gen_launches.py
        // --harder --coarse-clock); 0.217 with this (0.223 where each
        // launch has its own minute, or second, with or without it).
        phi[recencyFeature] = e.sinceLastUse.map { $0 > 0 ? exp(-$0 / sessionDays) : 0 } ?? 0
        // The app's registration says what matters here before the person
        // has shown it: a prior worth one use, α/(α + n) with α = 1, which
        // the person's own uses here outweigh as they come. At full weight
        // whatever the uses, an old favourite the app kept registering held
        // off the habit that replaced it (commuter's podcast, to the end of
        // its log; 24 days with this).
        phi[registrationFeature] = e.relevance / (1 + e.usesInContexts)
        return phi
    }

    /// exp(x_i) / Σ exp(x_j), from the largest down so that nothing overflows
    /// (`x` not empty).
    static func softmax(_ x: [Double]) -> [Double] {
        let top = x.max()!
        let e = x.map { exp($0 - top) }, total = e.reduce(0, +)
        return e.map { $0 / total }
    }

    /// Each candidate's overall rate among the candidates (q / Σ q), from
    /// their `features`: what a whim draws from (`Weights.habitShare`,
    /// `HabitChange.setProbability`).
    public static func whimRates(_ features: [[Double]]) -> [Double] {
        let q = features.map { exp($0[Level.overall.rawValue]) }, total = q.reduce(0, +)
        return q.map { total > 0 ? $0 / total : 0 }
    }

    /// What level `l` at half-life `rate` is smoothed toward: the mean of
    /// its parents' estimates at that half-life (`estimate`, by feature index
    /// as `counts`), and at a shorter half-life than all of history, of the
    /// same level's over all of history too. A week without uses says
    /// nothing, so the week's estimates are then the habits' own: backed
    /// off to the week's broader levels alone, every one fell to the static
    /// prior alike, and what was left was the contrast the weights had
    /// learned between the week and all of history (on the corpus, all of
    /// history weighed −0.78 in all, the week +1.39: what is used now, not
    /// what was). Three months without a use put the items least used first.
    @inline(__always) static func backoff(_ l: Int, rate: Int, _ estimate: (Int) -> Double) -> Double {
        let o = rate * levels, parents = parentTable[l]
        var back = 0.0
        for q in parents { back += estimate(o + q) }
        if rate > 0 { back += estimate(l) }
        return back / Double(parents.count + (rate > 0 ? 1 : 0))
    }

    /// A new index's μ at every level and half-life (`features`).
    public static let newSmoothing = [Double](repeating: levelSmoothing, count: counts)

    /// log P_L(i) of one item at every level and half-life (as `counts`)
    /// under each μ of `Weights.smoothingGrid` for that level, from its
    /// counts `n` (`Estimate.n`), the level's `totals` (`Situation.totals`)
    /// and its parents as `phi` (its `features`) has them (`backoff`); NaN
    /// for the overall rate over all of history (it backs off to the static
    /// prior by α, not μ).
    static func smoothingLikelihoods(n: [Double], _ phi: [Double], totals: [Double]) -> [Double] {
        let grid = Weights.smoothingGrid
        var out = [Double](repeating: .nan, count: counts * grid.count)
        for rate in 0..<halfLivesDays.count {
            let o = rate * levels
            for l in 0..<levels where rate > 0 || !parentTable[l].isEmpty {
                let back = backoff(l, rate: rate) { exp(phi[$0]) }
                for (g, mu) in grid.enumerated() {
                    out[(o + l) * grid.count + g] = log((n[o + l] + mu * back) / (totals[o + l] + mu))
                }
            }
        }
        return out
    }

    /// A feature's name, as `--explain` and EVAL.md show it.
    static func featureName(_ f: Int) -> String {
        switch f {
        case registrationFeature: "registered"
        case recencyFeature: "used this session"
        default: "\(Level(rawValue: f % levels)!.name)/\(rateNames[f / levels])"
        }
    }

    // MARK: New registrations

    /// A registered item nobody has used yet gets its chance: first when
    /// nothing is habitual in this situation, else no lower than
    /// `registeredRankWhenHabitual`. `ranked` is best first; returns the new order.
    public static func promoteRegistered<T>(_ ranked: [T], isNewRegistered: (T) -> Bool, habitual: Bool) -> [T] {
        guard let i = ranked.firstIndex(where: isNewRegistered) else { return ranked }
        let target = habitual ? registeredRankWhenHabitual - 1 : 0
        guard i > target else { return ranked }
        var out = ranked
        let item = out.remove(at: i)
        out.insert(item, at: target)
        return out
    }

    public static func short(_ x: Double) -> String {
        let r = (x * 1000).rounded() / 1000
        return r.description  // not "\(r)": interpolating a Double casts it dynamically
    }
}
