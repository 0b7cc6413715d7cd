#if canImport(Glibc)
import Glibc
#endif
import LimelightSupport
import LimelightModel

/// Zero-query suggestions as a probability: P(item | situation), learned from
/// the person's own history.
///
/// A situation is the moment's local hour (compared circularly, by a
/// Gaussian kernel), weekday, day type, place (its `location.*` contexts) and
/// whole context set. Each item keeps decayed counts of its uses per
/// *conjunction* of those (a cell: context set × place × weekday × hour); the
/// index keeps the same counts summed over every item. Summing cells that
/// agree with the situation on some features gives one estimate per backoff
/// level, from the most specific (contexts + day type + hour) to the item's
/// overall rate, each Dirichlet-smoothed toward the overall rate:
///
///     P_L(i) = (n_L(i) + μ · P_parent(L)(i)) / (N_L + μ)
///     P_all(i) = (n_all(i) + α · base(i)) / (N_all + α)
///
/// (the parent being the broader conjunctions L backs off to, see
/// `Level.parents`), so a level with little evidence in this situation
/// (small N_L) says little beyond the broader ones, exactly as much as its
/// counts deserve. The item's probability is the most specific level's
/// (`leaf`), which backs off through all the others. Every level is counted at
/// two half-lives (frequency and recency) and the two are mixed.
///
/// Learned online from the index's own donations, each scored before it is
/// learned from: how much each level weighs against its broader ones (its μ,
/// by stochastic gradient ascent on the donation's log-probability), recency
/// against frequency, and an app's relevant-entity registrations against the
/// person's habit (both by stepwise EM, a MAP estimate under a Dirichlet prior
/// made of today's defaults, old evidence slowly forgotten).
///
/// Counts are stored decay-free as virtual times (Firefox's frecency form
/// `t_ref + ln(score)/λ`, see `DecayedCount`), so reading a candidate is one
/// pass over at most `maxCellsPerItem` cells, whatever the history's length.
///
/// Pure Swift over numbers: the index layer stores cells, tables and weights.
public enum ContextModel {
    // MARK: Constants (one place; `--explain` shows them at work)

    /// Half-lives of the counts every cell keeps: frequency, a week, and
    /// recency; the mixture learns each person's share of them. A 7-day
    /// count alone ranked better on the tune logs (replay HR@1 +0.01…0.04)
    /// but let a six-week habit hold on for 14 days; the 2-day one lets a
    /// habit changed to a new item overtake the old one within a week of
    /// daily use (one use a day: its count crosses after 2 days).
    public static let halfLivesDays: [Double] = [60, 7, 2]
    /// The recency half-life (the last).
    static let recent = halfLivesDays.count - 1
    public static let rateNames = halfLivesDays.map { "\(Int($0))d" }
    static let lambdas: [Double] = halfLivesDays.map { log(2) / $0 }
    /// Width of the hour kernel: a 07:30 habit is strong evidence at 07:00,
    /// weak at 10:00 (as the old scorer's `timeOfDaySigmaHours`).
    public static let hourSigma = 1.0
    /// The narrow kernel of the `…clock` levels, for people whose routines
    /// keep the clock (the mixture learns which width predicts them).
    public static let clockSigma = 0.3
    /// How many events' worth a level borrows from the overall rate (μ).
    public static let levelSmoothing = 1.0
    /// How many events' worth the overall rate borrows from the static prior (α).
    public static let baseSmoothing = 1.0
    /// Time-of-day cells a day (half hours): fine enough for the narrow kernel.
    public static let slots = 48
    /// Cells kept per item (the weakest go first): bounds the work per candidate.
    public static let maxCellsPerItem = 128
    /// Step size of the online gradient on log μ, and its bounds (μ 0.05…55).
    static let learningRate = 0.05
    static let minLogMu = -3.0, maxLogMu = 4.0
    /// How many donations' worth the prior weights count for.
    public static let priorStrength = 20.0
    /// Per donation, older evidence about the weights counts this much less
    /// (a memory of about 500 donations, so the weights follow a change of life).
    public static let forgetting = 0.998
    /// An item is habitual in a situation with at least this many (decayed)
    /// uses in exactly its contexts. (Counted in the same contexts, day type
    /// and hour, nothing was habitual in most sparse situations, and an item
    /// registered for a busy context but never used sat first there for good.)
    public static let habitualUses = 2.0
    /// The rank a registered, never-used item gets when something is
    /// habitual in the situation (first otherwise).
    public static let registeredRankWhenHabitual = 3

    /// Backoff levels, each after the broader ones it backs off to (`parents`).
    public enum Level: Int, CaseIterable, Sendable {
        case overall, hour, dayTypeHour, weekdayHour, contexts, contextsHour, placeDayTypeHour, contextsDayTypeHour,
             contextsWeekdayHour, contextsDayTypeClock
        // The counting rules' conjunctions, on whole clock hours and
        // DESIGN.md's times of day, each chain in its rule's backoff order.
        case clockHour, dayTypeClockHour, ruleContexts, contextsDayType, contextsDayTypeClockHour
        case timeOfDay, place, placeTimeOfDay, placeWeekdayTimeOfDay

        public var name: String {
            switch self {
            case .overall: "overall"
            case .hour: "hour"
            case .dayTypeHour: "daytype+hour"
            case .weekdayHour: "weekday+hour"
            case .contexts: "contexts"
            case .contextsHour: "contexts+hour"
            case .placeDayTypeHour: "place+daytype+hour"
            case .contextsDayTypeHour: "contexts+daytype+hour"
            case .contextsWeekdayHour: "contexts+weekday+hour"
            case .contextsDayTypeClock: "contexts+daytype+clock"
            case .clockHour: "clock hour"
            case .dayTypeClockHour: "daytype+clock hour"
            case .ruleContexts: "contexts (rule)"
            case .contextsDayType: "contexts+daytype"
            case .contextsDayTypeClockHour: "contexts+daytype+clock hour"
            case .timeOfDay: "time of day"
            case .place: "place"
            case .placeTimeOfDay: "place+time of day"
            case .placeWeekdayTimeOfDay: "place+weekday+time of day"
            }
        }

        /// The broader conjunctions this one is smoothed toward (their mean):
        /// a tree over the lattice of feature subsets.
        var parents: [Level] {
            switch self {
            case .overall: []
            case .hour, .contexts: [.overall]
            case .dayTypeHour: [.hour]
            case .weekdayHour, .placeDayTypeHour: [.dayTypeHour]
            case .contextsHour: [.contexts, .hour]
            case .contextsDayTypeHour: [.contextsHour, .placeDayTypeHour]
            case .contextsWeekdayHour: [.contextsDayTypeHour, .weekdayHour]
            case .contextsDayTypeClock: [.contextsDayTypeHour]
            // contexts+daytype+hour → contexts+daytype → contexts → daytype+hour → hour
            case .clockHour: [.overall]
            case .dayTypeClockHour: [.clockHour]
            case .ruleContexts: [.dayTypeClockHour]
            case .contextsDayType: [.ruleContexts]
            case .contextsDayTypeClockHour: [.contextsDayType]
            // weekday+time of day+place → time of day+place → place → time of day
            case .timeOfDay: [.overall]
            case .place: [.timeOfDay]
            case .placeTimeOfDay: [.place]
            case .placeWeekdayTimeOfDay: [.placeTimeOfDay]
            }
        }

    }

    static let levels = Level.allCases.count

    /// The levels the leaf backs off through (their μ is learned).
    static let onPath: Set<Level> = {
        var seen: Set<Level> = [], todo = [leaf]
        while let l = todo.popLast() { if seen.insert(l).inserted { todo += l.parents } }
        return seen
    }()

    /// The experts the suggestion mixes, each a backoff chain's leaf at one
    /// half-life (nil: the smoothed model, its half-lives mixed by `rates`).
    /// The counting rules are experts too, smoothed only as much as keeps
    /// their order (`ruleSmoothing`): the mixture learns, per person, how
    /// far to trust each, so it tracks the best of them (stepwise EM on each
    /// donation's probability, scored before it is learned).
    public static let experts: [(name: String, leaf: Level, rate: Int?)] = [
        ("smoothed context model", leaf, nil),
        ("rule contexts+daytype+hour/60d", .contextsDayTypeClockHour, 0),
        ("rule contexts+daytype+hour/2d", .contextsDayTypeClockHour, recent),
        ("rule weekday+time of day+place/60d", .placeWeekdayTimeOfDay, 0),
        ("rule weekday+time of day+place/2d", .placeWeekdayTimeOfDay, recent),
    ]
    /// The prior share of the smoothed model (the rules share the rest).
    static let modelPrior = 0.5
    /// The rules' μ: under one use, so a use in the specific cell outweighs
    /// anything broader (the rule's order), yet nothing is impossible.
    public static let ruleSmoothing = 0.5
    /// Counts: every level at every half-life, index `rate * levels + level`.
    public static let counts = levels * halfLivesDays.count

    /// The prior share of the app's registrations (old `relevant` 3.5 against
    /// the usage weights' 4.8).
    static let relevantPrior = 3.5 / (3.5 + 4.8)

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
        var clockHour: Int { ContextModel.clockHour(ofSlot: hour) }

        public init(at: Timestamp, contexts: [String]) {
            let set = Array(Set(contexts)).sorted()
            self.contexts = ContextModel.hash(set)
            place = UInt16(truncatingIfNeeded: ContextModel.hash(set.filter { $0.hasPrefix("location.") }))
            weekday = at.weekday
            hourOfDay = at.hourOfDay
            hour = min(ContextModel.slots - 1, max(0, Int(at.hourOfDay * Double(ContextModel.slots) / 24)))
            day = at.days
        }

        var cellKey: UInt64 {
            UInt64(contexts) << 32 | UInt64(place) << 16 | UInt64(weekday) << 8 | UInt64(hour)
        }

        /// Gaussian weights of each hour cell (its centre h + 0.5) from now:
        /// the wide kernel's `slots`, then the narrow one's.
        var kernel: [Double] {
            [ContextModel.hourSigma, ContextModel.clockSigma].flatMap { sigma in
                (0..<ContextModel.slots).map { h in
                    var d = abs(hourOfDay - (Double(h) + 0.5) * 24 / Double(ContextModel.slots))
                    d = min(d, 24 - d)
                    return d > 4 * sigma ? 0 : exp(-d * d / (2 * sigma * sigma))
                }
            }
        }
    }

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
        exp(lambdas[rate] * min(v - day, 50 * halfLivesDays[rate]))
    }

    /// Adds one event at `day` to virtual time `v`.
    static func add(_ v: inout Double, _ rate: Int, day: Double) {
        let m = max(v, day), l = lambdas[rate]
        v = m + log(exp(l * (v - m)) + exp(l * (day - m))) / l
    }

    /// Adds one cell's decayed count `x` (at kernel weights `k`, `kc`) to the
    /// levels it agrees with the situation on; `time`, `contexts`, `place`:
    /// whether its time, context set and place levels are served (an item's
    /// cell serves all it matches; an index table serves one slice).
    @inline(__always) static func accumulate(_ n: inout [Double], at o: Int, _ x: Double, _ k: Double, _ kc: Double,
                                             sameDayType: Bool, sameWeekday: Bool, sameHour: Bool, sameTimeOfDay: Bool,
                                             time: Bool, contexts: Bool, place: Bool) {
        let kx = k * x
        if time {
            n[o + Level.overall.rawValue] += x
            n[o + Level.hour.rawValue] += kx
            if sameDayType { n[o + Level.dayTypeHour.rawValue] += kx }
            if sameWeekday { n[o + Level.weekdayHour.rawValue] += kx }
            if sameHour {
                n[o + Level.clockHour.rawValue] += x
                if sameDayType { n[o + Level.dayTypeClockHour.rawValue] += x }
            }
            if sameTimeOfDay { n[o + Level.timeOfDay.rawValue] += x }
        }
        if contexts {
            n[o + Level.contexts.rawValue] += x
            n[o + Level.ruleContexts.rawValue] += x
            n[o + Level.contextsHour.rawValue] += kx
            if sameDayType {
                n[o + Level.contextsDayType.rawValue] += x
                n[o + Level.contextsDayTypeHour.rawValue] += kx
                n[o + Level.contextsDayTypeClock.rawValue] += kc * x
                if sameHour { n[o + Level.contextsDayTypeClockHour.rawValue] += x }
            }
            if sameWeekday { n[o + Level.contextsWeekdayHour.rawValue] += kx }
        }
        if place {
            if sameDayType { n[o + Level.placeDayTypeHour.rawValue] += kx }
            n[o + Level.place.rawValue] += x
            if sameTimeOfDay {
                n[o + Level.placeTimeOfDay.rawValue] += x
                if sameWeekday { n[o + Level.placeWeekdayTimeOfDay.rawValue] += x }
            }
        }
    }

    /// DESIGN.md's times of day by clock hour: night 0–4, morning 5–11,
    /// afternoon 12–16, evening 17–21, night 22–23.
    static let timeOfDayOfHour: [Int] = (0..<24).map { h in
        switch h {
        case 5...11: 1
        case 12...16: 2
        case 17...21: 3
        default: 0
        }
    }
    /// The time-of-day slot's clock hour.
    @inline(__always) static func clockHour(ofSlot h: Int) -> Int { h * 24 / slots }

    // MARK: Per-item cells

    /// One item's decayed uses per conjunction of features.
    public struct Cells: Sendable, Equatable {
        package var keys: [UInt64] = []
        /// Virtual times, `halfLivesDays.count` per key.
        package var v: [Double] = []

        public init() {}
        public var count: Int { keys.count }

        public mutating func add(_ f: Features) {
            let key = f.cellKey, r = ContextModel.halfLivesDays.count
            if let i = keys.firstIndex(of: key) {
                for k in 0..<r { ContextModel.add(&v[i * r + k], k, day: f.day) }
                return
            }
            keys.append(key)
            v += Array(repeating: f.day, count: r)
            if keys.count > ContextModel.maxCellsPerItem {
                // Forget the weakest cell by its long count (never the new one: it is the latest).
                var worst = 0
                for i in 1..<keys.count where v[i * r] < v[worst * r] { worst = i }
                keys.remove(at: worst)
                v.removeSubrange(worst * r..<(worst + 1) * r)
            }
        }

        /// n_L at every level and half-life (index as `counts`).
        func sums(_ f: Features, kernel: [Double]) -> [Double] {
            var n = [Double](repeating: 0, count: ContextModel.counts)
            let r = ContextModel.halfLivesDays.count, L = ContextModel.levels
            for (i, key) in keys.enumerated() {
                let sameContexts = UInt32(truncatingIfNeeded: key >> 32) == f.contexts
                let samePlace = UInt16(truncatingIfNeeded: key >> 16) == f.place
                let weekday = Int((key >> 8) & 0xFF), h = Int(key & 0xFF) % ContextModel.slots, k = kernel[h], kc = kernel[ContextModel.slots + h]
                let sameDayType = (weekday >= 5) == f.weekend
                let hour = ContextModel.clockHour(ofSlot: h), sameHour = hour == f.clockHour
                let sameTimeOfDay = ContextModel.timeOfDayOfHour[hour] == ContextModel.timeOfDayOfHour[f.clockHour]
                for rate in 0..<r {
                    let x = ContextModel.count(v[i * r + rate], rate, at: f.day)
                    ContextModel.accumulate(&n, at: rate * L, x, k, kc, sameDayType: sameDayType, sameWeekday: weekday == f.weekday,
                                            sameHour: sameHour, sameTimeOfDay: sameTimeOfDay,
                                            time: true, contexts: sameContexts, place: samePlace)
                }
            }
            return n
        }

        /// Virtual times as 32-bit offsets from the latest (a cell's offset
        /// is at most a few hundred days: a 32-bit float keeps it to about a
        /// second), 20 bytes a cell instead of 32: the cells are most of a
        /// used item's document, and a batch holds every document it changes.
        package func encode(_ w: inout ByteWriter) {
            w.u32(UInt32(keys.count))
            guard !keys.isEmpty else { return }
            let ref = v.filter { $0 > -.infinity }.max() ?? 0
            w.f64(ref)
            for (i, k) in keys.enumerated() {
                w.u32(UInt32(truncatingIfNeeded: k >> 32))
                w.u32(UInt32(truncatingIfNeeded: k))
                for r in 0..<ContextModel.halfLivesDays.count { w.u32(Float(v[i * ContextModel.halfLivesDays.count + r] - ref).bitPattern) }
            }
        }

        package init?(_ r: inout ByteReader) {
            guard let n = r.u32(), n <= 1 << 16 else { return nil }
            guard n > 0 else { return }
            guard let ref = r.f64() else { return nil }
            keys.reserveCapacity(Int(n))
            v.reserveCapacity(Int(n) * ContextModel.halfLivesDays.count)
            for _ in 0..<n {
                guard let hi = r.u32(), let lo = r.u32() else { return nil }
                keys.append(UInt64(hi) << 32 | UInt64(lo))
                for _ in 0..<ContextModel.halfLivesDays.count {
                    guard let x = r.u32() else { return nil }
                    v.append(ref + Double(Float(bitPattern: x)))
                }
            }
        }
    }

    // MARK: Index-wide totals

    /// Decayed uses of every item by weekday × hour, for one slice of
    /// history: all of it, one context set, or one place.
    public struct Table: Sendable, Equatable {
        var v = [Double](repeating: -.infinity, count: 7 * ContextModel.slots * ContextModel.halfLivesDays.count)
        /// A writer's cache (`linearized(at:)`): each count as a plain
        /// number at day `ref`, exp(λ(v − ref)), so that reading the table at
        /// a donation's day is a multiplication per cell, not an `exp` (the
        /// writer reads three tables per donation: it was a fifth of ingest).
        var linear: [Double]? = nil
        var ref = 0.0

        public init() {}

        public static func == (a: Table, b: Table) -> Bool { a.v == b.v }

        /// Keeps the linear cache from here on, counted from `day`.
        public mutating func linearize(at day: Double) {
            ref = day
            let r = ContextModel.halfLivesDays.count
            linear = v.indices.map { i in v[i] > -.infinity ? exp(ContextModel.lambdas[i % r] * (v[i] - day)) : 0 }
        }

        /// The factor that moves a linear count from `ref` to `day`, per
        /// half-life; nil when the table keeps no cache or `day` is too far
        /// from `ref` for the products to stay finite (the cache is then
        /// rebuilt at `day`).
        mutating func linearScale(at day: Double) -> [Double]? {
            guard linear != nil else { return nil }
            // 2^±250 at the shortest half-life: far from overflow.
            if abs(day - ref) > 250 * ContextModel.halfLivesDays.min()! { linearize(at: day) }
            return ContextModel.lambdas.map { exp(-$0 * (day - ref)) }
        }

        public mutating func add(_ f: Features) {
            let r = ContextModel.halfLivesDays.count, i = (f.weekday * ContextModel.slots + f.hour) * r
            for k in 0..<r {
                ContextModel.add(&v[i + k], k, day: f.day)
                linear?[i + k] = exp(ContextModel.lambdas[k] * (v[i + k] - ref))
            }
        }

        public mutating func add(cellOf key: UInt64, _ cells: Cells, at i: Int) {
            let r = ContextModel.halfLivesDays.count
            let j = (Int((key >> 8) & 0xFF) % 7 * ContextModel.slots + Int(key & 0xFF) % ContextModel.slots) * r
            for k in 0..<r {
                let x = cells.v[i * r + k]
                guard x > -.infinity else { continue }
                let m = max(v[j + k], x), l = ContextModel.lambdas[k]
                v[j + k] = m + log(exp(l * (v[j + k] - m)) + exp(l * (x - m))) / l
            }
        }

        /// Adds this table's part of N_L (`part`: which levels it serves).
        enum Part { case time, contexts, place }

        func addSums(_ part: Part, _ f: Features, kernel: [Double], into n: inout [Double], scale: [Double]? = nil) {
            let r = ContextModel.halfLivesDays.count, L = ContextModel.levels
            // Bound once, outside the loops (an optional bound per cell costs a retain and a release).
            let useLinear = scale != nil && linear != nil, lin = linear ?? [], sc = scale ?? []
            for d in 0..<7 {
                let sameDayType = (d >= 5) == f.weekend
                for h in 0..<ContextModel.slots {
                    let k = kernel[h], kc = kernel[ContextModel.slots + h]
                    let hour = ContextModel.clockHour(ofSlot: h), sameHour = hour == f.clockHour
                    let sameTimeOfDay = ContextModel.timeOfDayOfHour[hour] == ContextModel.timeOfDayOfHour[f.clockHour]
                    for rate in 0..<r {
                        let i = (d * ContextModel.slots + h) * r + rate
                        let x: Double
                        if useLinear {
                            x = lin[i] * sc[rate]
                            guard x > 0 else { continue }
                        } else {
                            guard v[i] > -.infinity else { continue }
                            x = ContextModel.count(v[i], rate, at: f.day)
                        }
                        ContextModel.accumulate(&n, at: rate * L, x, k, kc, sameDayType: sameDayType, sameWeekday: d == f.weekday,
                                                sameHour: sameHour, sameTimeOfDay: sameTimeOfDay, time: part == .time, contexts: part == .contexts, place: part == .place)
                    }
                }
            }
        }

        public var encoded: [UInt8] {
            var w = ByteWriter()
            for x in v { w.f64(x) }
            return w.bytes
        }

        public init?(encoded bytes: [UInt8]) {
            guard bytes.count == v.count * 8 else { return nil }
            var r = ByteReader(bytes)
            for i in v.indices { v[i] = r.f64() ?? -.infinity }
        }
    }

    // MARK: Scoring

    /// Everything about the moment that is the same for every candidate.
    public struct Situation: Sendable {
        public let features: Features
        let kernel: [Double]
        /// N_L: every item's uses at each level and half-life.
        let totals: [Double]
        /// How many items are registered for the current contexts.
        let registered: Double

        /// (Tables with a linear cache are read through it: `Table.linearize`.)
        public init(_ f: Features, time: inout Table, contexts: inout Table, place: inout Table, registered: Int) {
            features = f
            kernel = f.kernel
            var n = [Double](repeating: 0, count: ContextModel.counts)
            time.addSums(.time, f, kernel: kernel, into: &n, scale: time.linearScale(at: f.day))
            contexts.addSums(.contexts, f, kernel: kernel, into: &n, scale: contexts.linearScale(at: f.day))
            place.addSums(.place, f, kernel: kernel, into: &n, scale: place.linearScale(at: f.day))
            totals = n
            self.registered = Double(registered)
        }
    }

    /// The most specific conjunction: its estimate backs off through every
    /// broader one (`Level.parents`).
    public static let leaf = Level.contextsDayTypeClock

    /// What the model knows of one candidate in a situation.
    public struct Estimate: Sendable {
        /// n_L(i) at every level and half-life.
        let n: [Double]
        let base: Double
        /// P_relevant(i): registered for the current contexts (by specificity), among all registered.
        public let pRelevant: Double
        /// Decayed uses (long half-life) in exactly these contexts, at any time.
        public var usesInContexts: Double { n[Level.contexts.rawValue] }
    }

    /// - base: the item's static prior, a probability over items (≥ 0).
    /// - relevance: 0…1, how specifically it is registered for the current contexts.
    public static func estimate(_ cells: Cells?, base: Double, relevance: Double, _ s: Situation) -> Estimate {
        Estimate(n: cells?.sums(s.features, kernel: s.kernel) ?? [Double](repeating: 0, count: counts), base: base,
                 pRelevant: s.registered > 0 ? relevance / s.registered : 0)
    }

    /// P_L(i) at every level for one half-life, with smoothing μ_L = exp(logMu[L]).
    static func chain(_ e: Estimate, _ s: Situation, rate: Int, logMu: [Double]) -> [Double] {
        let o = rate * levels
        var p = [Double](repeating: 0, count: levels)
        p[0] = (e.n[o] + baseSmoothing * e.base) / (s.totals[o] + baseSmoothing)
        for level in Level.allCases.dropFirst() {
            let parents = level.parents, l = level.rawValue, mu = exp(logMu[l])
            let back = parents.reduce(0) { $0 + p[$1.rawValue] } / Double(parents.count)
            p[l] = (e.n[o + l] + mu * back) / (s.totals[o + l] + mu)
        }
        return p
    }

    /// How much each level's own estimate n_L/N_L (and the static prior)
    /// weighs in `leaf`'s probability: they add up to it.
    static func contributions(_ e: Estimate, _ s: Situation, rate: Int, logMu: [Double], leaf: Level) -> [(level: Level?, weight: Double, estimate: Double)] {
        let o = rate * levels
        var weight = [Double](repeating: 0, count: levels)
        weight[leaf.rawValue] = 1
        var out: [(Level?, Double, Double)] = []
        for level in Level.allCases.reversed() where weight[level.rawValue] > 0 {
            let l = level.rawValue, N = s.totals[o + l]
            let mu = level == .overall ? baseSmoothing : exp(logMu[l])
            let own = N + mu > 0 ? N / (N + mu) : 0
            out.append((level, weight[l] * own, N > 0 ? e.n[o + l] / N : 0))
            let rest = weight[l] * (1 - own)
            if level == .overall { out.append((nil, rest, e.base)) }
            for parent in level.parents { weight[parent.rawValue] += rest / Double(level.parents.count) }
        }
        return out
    }

    // MARK: Learned weights

    /// What is learned per index, online, from its own donations: how much
    /// each backoff level of the smoothed model weighs (its smoothing μ_L, by
    /// stochastic gradient ascent on the log-probability of each donation
    /// before it is learned), recency against frequency in it (the mixture
    /// of the two half-lives), the experts' shares (the smoothed model
    /// against the counting rules) and the app's registrations against
    /// habit (all three by stepwise EM under a Dirichlet prior: today's
    /// defaults).
    public struct Weights: Sendable, Equatable {
        var logMu: [Double] = Level.allCases.map {
            ContextModel.onPath.contains($0) ? log(ContextModel.levelSmoothing) : log(ContextModel.ruleSmoothing)
        }
        var rateResponsibility = [Double](repeating: 0, count: ContextModel.halfLivesDays.count)
        var expertResponsibility = [Double](repeating: 0, count: ContextModel.experts.count)
        var relevantYes = 0.0, relevantNo = 0.0
        public private(set) var donations = 0

        public init() {}

        /// The share of each half-life (frequency, recency) in the smoothed model.
        public var rates: [Double] {
            let evidence = rateResponsibility.reduce(0, +), k = Double(rateResponsibility.count)
            return rateResponsibility.map { (ContextModel.priorStrength / k + $0) / (ContextModel.priorStrength + evidence) }
        }

        /// The share of each expert (`ContextModel.experts`).
        public var expertShares: [Double] {
            let evidence = expertResponsibility.reduce(0, +), rules = Double(ContextModel.experts.count - 1)
            return expertResponsibility.indices.map { i in
                let prior = i == 0 ? ContextModel.modelPrior : (1 - ContextModel.modelPrior) / rules
                return (ContextModel.priorStrength * prior + expertResponsibility[i]) / (ContextModel.priorStrength + evidence)
            }
        }

        /// The share of the app's registrations, where some item is registered.
        public var relevantShare: Double {
            return (ContextModel.priorStrength * ContextModel.relevantPrior + relevantYes)
                / (ContextModel.priorStrength + relevantYes + relevantNo)
        }

        public var smoothing: [Double] { logMu.map { exp($0) } }

        /// Named weights, for `--explain` and EVAL.md.
        public var named: [(String, Double)] {
            var out: [(String, Double)] = []
            for (i, w) in expertShares.enumerated() { out.append(("expert \(ContextModel.experts[i].name) (share)", w)) }
            for (r, w) in rates.enumerated() { out.append(("half-life \(ContextModel.rateNames[r]) (share)", w)) }
            out.append(("relevant registrations (share)", relevantShare))
            for level in Level.allCases.dropFirst() where ContextModel.onPath.contains(level) {
                out.append(("μ \(level.name) (pseudo-uses borrowed from broader levels)", exp(logMu[level.rawValue])))
            }
            return out
        }

        /// The smoothed model's probability (its half-lives mixed).
        func model(_ e: Estimate, _ s: Situation, logMu: [Double]) -> Double {
            var h = 0.0
            for (r, w) in rates.enumerated() { h += w * ContextModel.chain(e, s, rate: r, logMu: logMu)[ContextModel.leaf.rawValue] }
            return h
        }

        /// Every expert's probability of the item.
        func opinions(_ e: Estimate, _ s: Situation) -> [Double] {
            let chains = (0..<ContextModel.halfLivesDays.count).map { ContextModel.chain(e, s, rate: $0, logMu: logMu) }
            return ContextModel.experts.map { x in
                guard let r = x.rate else { return zip(rates, chains).reduce(0) { $0 + $1.0 * $1.1[x.leaf.rawValue] } }
                return chains[r][x.leaf.rawValue]
            }
        }

        public func probability(_ e: Estimate, _ s: Situation) -> Double {
            let share = s.registered > 0 ? relevantShare : 0
            let habit = zip(expertShares, opinions(e, s)).reduce(0) { $0 + $1.0 * $1.1 }
            return share * e.pRelevant + (1 - share) * habit
        }

        /// The terms of a candidate's probability, named by expert, level
        /// and half-life with their weight; they add up to it.
        public func terms(_ e: Estimate, _ s: Situation) -> [(name: String, value: Double)] {
            var out: [(String, Double)] = []
            forEachTerm(e, s) { name, value in out.append((name(), value)) }
            return out
        }

        /// The sum of the positive `terms`, added in the same order (so the
        /// same to the bit as what `--explain` shows), without naming them:
        /// suggestions name the terms of the hits they return only (naming
        /// every candidate's was most of a suggestion's time).
        public func score(_ e: Estimate, _ s: Situation) -> Double {
            var sum = 0.0
            forEachTerm(e, s) { _, value in if value > 0 { sum += value } }
            return sum
        }

        func forEachTerm(_ e: Estimate, _ s: Situation, _ body: (_ name: () -> String, _ value: Double) -> Void) {
            let share = s.registered > 0 ? relevantShare : 0
            let experts = expertShares
            for (i, x) in ContextModel.experts.enumerated() {
                let mix: [(rate: Int, weight: Double)] = x.rate.map { [($0, experts[i])] } ?? rates.enumerated().map { ($0, experts[i] * $1) }
                let tag = x.rate == nil ? "" : "rule \(x.leaf.name) | "
                for (r, w) in mix {
                    for c in ContextModel.contributions(e, s, rate: r, logMu: logMu, leaf: x.leaf) where c.weight * c.estimate > 0 {
                        body({
                            let name = tag + (c.level?.name ?? "static prior") + "/" + ContextModel.rateNames[r]
                            return "\(name) (w \(short(w * c.weight)) × \(short(c.estimate)))"
                        }, (1 - share) * w * c.weight * c.estimate)
                    }
                }
            }
            if e.pRelevant > 0 { body({ "relevant (w \(short(share)) × \(short(e.pRelevant)))" }, share * e.pRelevant) }
        }

        /// Learns from a donation of the item `e` describes, scored before
        /// it is learned from.
        public mutating func learn(_ e: Estimate, _ s: Situation) {
            donations += 1
            let shares = expertShares, p = opinions(e, s)
            let habit = zip(shares, p).reduce(0) { $0 + $1.0 * $1.1 }
            var habitShare = 1.0
            if s.registered > 0 {
                let share = relevantShare
                let rel = share * e.pRelevant, total = rel + (1 - share) * habit
                let r = total > 0 ? rel / total : 0
                relevantYes = ContextModel.forgetting * relevantYes + r
                relevantNo = ContextModel.forgetting * relevantNo + (1 - r)
                habitShare = 1 - r
            }
            for i in shares.indices {
                let resp = habit > 0 ? shares[i] * p[i] / habit : 1 / Double(shares.count)
                expertResponsibility[i] = ContextModel.forgetting * expertResponsibility[i] + habitShare * resp
            }
            // Within the smoothed model: its half-lives, and its levels' μ.
            let w = rates
            let leafs = (0..<w.count).map { ContextModel.chain(e, s, rate: $0, logMu: logMu)[ContextModel.leaf.rawValue] }
            let model = zip(w, leafs).reduce(0) { $0 + $1.0 * $1.1 }
            let modelShare = habit > 0 ? habitShare * shares[0] * p[0] / habit : habitShare / Double(shares.count)
            for r in w.indices {
                let resp = model > 0 ? w[r] * leafs[r] / model : 1 / Double(w.count)
                rateResponsibility[r] = ContextModel.forgetting * rateResponsibility[r] + modelShare * resp
            }
            // d log P / d log μ_L, numerically (the levels share the chain).
            guard model > 0 else { return }
            var gradient = [Double](repeating: 0, count: logMu.count)
            let h = 0.05
            for level in ContextModel.onPath where level != .overall {
                let l = level.rawValue
                var up = logMu, down = logMu
                up[l] += h
                down[l] -= h
                let a = self.model(e, s, logMu: up), b = self.model(e, s, logMu: down)
                if a > 0, b > 0 { gradient[l] = (log(a) - log(b)) / (2 * h) }
            }
            for l in logMu.indices where gradient[l] != 0 {
                logMu[l] = min(ContextModel.maxLogMu, max(ContextModel.minLogMu, logMu[l] + ContextModel.learningRate * modelShare * gradient[l]))
            }
        }

        private static let magic: UInt8 = 0x58  // "X": version 2, with the experts

        public var encoded: [UInt8] {
            var w = ByteWriter()
            w.u8(Self.magic)
            w.u32(UInt32(donations))
            w.u32(UInt32(logMu.count))
            for x in logMu { w.f64(x) }
            w.u32(UInt32(rateResponsibility.count))
            for x in rateResponsibility { w.f64(x) }
            w.u32(UInt32(expertResponsibility.count))
            for x in expertResponsibility { w.f64(x) }
            w.f64(relevantYes)
            w.f64(relevantNo)
            return w.bytes
        }

        public init?(encoded bytes: [UInt8]) {
            var r = ByteReader(bytes)
            guard r.u8() == Self.magic, let n = r.u32(), let c = r.u32(), Int(c) == ContextModel.levels else { return nil }
            donations = Int(n)
            for i in 0..<Int(c) { guard let x = r.f64() else { return nil }; logMu[i] = x }
            guard let k = r.u32(), Int(k) == ContextModel.halfLivesDays.count else { return nil }
            for i in 0..<Int(k) { guard let x = r.f64() else { return nil }; rateResponsibility[i] = x }
            guard let m = r.u32(), Int(m) == ContextModel.experts.count else { return nil }
            for i in 0..<Int(m) { guard let x = r.f64() else { return nil }; expertResponsibility[i] = x }
            guard let y = r.f64(), let no = r.f64() else { return nil }
            relevantYes = y
            relevantNo = no
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

    static func short(_ x: Double) -> String {
        let r = (x * 1000).rounded() / 1000
        return "\(r)"
    }
}
