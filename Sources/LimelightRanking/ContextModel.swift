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
/// three half-lives (all of history, a month, two days) and they are mixed.
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

    /// Half-lives of the counts every cell keeps: frequency over all of
    /// history (100,000 days: no decay a person could notice), a month, and
    /// recency; the mixture learns each person's share of them. On the tune
    /// logs, counting all of history instead of 60 days raised HR@1 on two
    /// (commuter 0.478 → 0.487, runner 0.477 → 0.498) and cost one
    /// (irregular 0.417 → 0.385): stable routines are best counted whole, as
    /// the counting rules do. The 2-day count lets a habit changed to a new
    /// item overtake the old one within a week of daily use.
    public static let halfLivesDays: [Double] = [100_000, 30, 2]
    public static let rateNames = halfLivesDays.map { $0 >= 100_000 ? "all" : "\(Int($0))d" }
    static let lambdas: [Double] = halfLivesDays.map { log(2) / $0 }
    /// Width of the hour kernel: a 07:30 habit is strong evidence at 07:00,
    /// weak at 10:00 (as the old scorer's `timeOfDaySigmaHours`).
    public static let hourSigma = 1.0
    /// The narrow kernel of the leaf level, for people whose routines keep
    /// the clock (its μ says how far to trust it).
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
        case overall, hour, dayTypeHour, contexts, contextsHour, placeDayTypeHour, contextsDayTypeHour, contextsDayTypeClock

        public var name: String {
            switch self {
            case .overall: "overall"
            case .hour: "hour"
            case .dayTypeHour: "daytype+hour"
            case .contexts: "contexts"
            case .contextsHour: "contexts+hour"
            case .placeDayTypeHour: "place+daytype+hour"
            case .contextsDayTypeHour: "contexts+daytype+hour"
            case .contextsDayTypeClock: "contexts+daytype+clock"
            }
        }

        /// The broader conjunctions this one is smoothed toward (their mean):
        /// a tree over the lattice of feature subsets.
        var parents: [Level] {
            switch self {
            case .overall: []
            case .hour, .contexts: [.overall]
            case .dayTypeHour: [.hour]
            case .placeDayTypeHour: [.dayTypeHour]
            case .contextsHour: [.contexts, .hour]
            case .contextsDayTypeHour: [.contextsHour, .placeDayTypeHour]
            case .contextsDayTypeClock: [.contextsDayTypeHour]
            }
        }
    }

    static let levels = Level.allCases.count
    /// Each level's `parents` by raw value (read per level per candidate: not rebuilt each time).
    static let parentTable: [[Int]] = Level.allCases.map { $0.parents.map(\.rawValue) }

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
    /// levels it agrees with the situation on (`n`: one half-life's counts;
    /// a pointer, as this runs per cell per half-life: no bounds checks); `time`, `contexts`, `place`:
    /// whether its time, context set and place levels are served (an item's
    /// cell serves all it matches; an index table serves one slice).
    @inline(__always) static func accumulate(_ n: UnsafeMutablePointer<Double>, _ x: Double, _ k: Double, _ kc: Double,
                                             sameDayType: Bool, time: Bool, contexts: Bool, place: Bool) {
        let kx = k * x
        if time {
            n[Level.overall.rawValue] += x
            n[Level.hour.rawValue] += kx
            if sameDayType { n[Level.dayTypeHour.rawValue] += kx }
        }
        if contexts {
            n[Level.contexts.rawValue] += x
            n[Level.contextsHour.rawValue] += kx
            if sameDayType {
                n[Level.contextsDayTypeHour.rawValue] += kx
                n[Level.contextsDayTypeClock.rawValue] += kc * x
            }
        }
        if place, sameDayType { n[Level.placeDayTypeHour.rawValue] += kx }
    }

    // MARK: Per-item cells

    /// One item's decayed uses per conjunction of features.
    public struct Cells: Sendable, Equatable {
        package var keys: [UInt64] = []
        /// Virtual times, `halfLivesDays.count` per key.
        package var v: [Double] = []
        /// A decoded copy's counts as plain numbers at day `linearRef`,
        /// exp(λ(v − linearRef)), as `v`: reading them at a moment is then a
        /// multiplication per cell, not an `exp` (the exps were a third of a
        /// suggestion's time). Empty once the cells change (a writer's copy).
        private var linear: [Double] = []
        private var linearRef = 0.0

        public static func == (a: Cells, b: Cells) -> Bool { a.keys == b.keys && a.v == b.v }

        public init() {}
        public var count: Int { keys.count }

        public mutating func add(_ f: Features) {
            linear = []
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
            // Each half-life's factor from `linearRef` to now (capped as `count`).
            let scale = linear.isEmpty ? [] : (0..<r).map { ContextModel.count(linearRef, $0, at: f.day) }
            n.withUnsafeMutableBufferPointer { buffer in
                let n = buffer.baseAddress!
                for (i, key) in keys.enumerated() {
                    let sameContexts = UInt32(truncatingIfNeeded: key >> 32) == f.contexts
                    let samePlace = UInt16(truncatingIfNeeded: key >> 16) == f.place
                    let weekday = Int((key >> 8) & 0xFF), h = Int(key & 0xFF) % ContextModel.slots, k = kernel[h], kc = kernel[ContextModel.slots + h]
                    let sameDayType = (weekday >= 5) == f.weekend
                    for rate in 0..<r {
                        let x = scale.isEmpty ? ContextModel.count(v[i * r + rate], rate, at: f.day) : linear[i * r + rate] * scale[rate]
                        ContextModel.accumulate(n + rate * L, x, k, kc, sameDayType: sameDayType,
                                                time: true, contexts: sameContexts, place: samePlace)
                    }
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
            linearRef = ref
            let rates = ContextModel.halfLivesDays.count
            linear = v.indices.map { i in v[i] > -.infinity ? exp(ContextModel.lambdas[i % rates] * (v[i] - ref)) : 0 }
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
                        n.withUnsafeMutableBufferPointer { n in
                            ContextModel.accumulate(n.baseAddress! + rate * L, x, k, kc, sameDayType: sameDayType,
                                                    time: part == .time, contexts: part == .contexts, place: part == .place)
                        }
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
        /// Uses (counted over all of history) in exactly these contexts, at any time.
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
            let l = level.rawValue, parents = parentTable[l], mu = exp(logMu[l])
            let back = parents.reduce(0) { $0 + p[$1] } / Double(parents.count)
            p[l] = (e.n[o + l] + mu * back) / (s.totals[o + l] + mu)
        }
        return p
    }

    /// How much each level's own estimate n_L/N_L (and the static prior)
    /// weighs in `leaf`'s probability, in turn from the leaf down (the
    /// weights add up to 1). Calls `body` rather than returning an array:
    /// every candidate takes this path seven times.
    @inline(__always)
    static func forEachContribution(_ e: Estimate, _ s: Situation, rate: Int, logMu: [Double], leaf: Level,
                                    _ body: (_ level: Level?, _ weight: Double, _ estimate: Double) -> Void) {
        let o = rate * levels
        withUnsafeTemporaryAllocation(of: Double.self, capacity: levels) { weight in
            weight.initialize(repeating: 0)
            weight[leaf.rawValue] = 1
            for level in Level.allCases.reversed() where weight[level.rawValue] > 0 {
                let l = level.rawValue, N = s.totals[o + l]
                let mu = level == .overall ? baseSmoothing : exp(logMu[l])
                let own = N + mu > 0 ? N / (N + mu) : 0
                body(level, weight[l] * own, N > 0 ? e.n[o + l] / N : 0)
                let rest = weight[l] * (1 - own)
                if level == .overall { body(nil, rest, e.base) }
                let parents = parentTable[l]
                for parent in parents { weight[parent] += rest / Double(parents.count) }
            }
        }
    }

    // MARK: Learned weights

    /// What is learned per index, online, from its own donations: how much
    /// each backoff level weighs (its smoothing μ_L, by stochastic gradient
    /// ascent on the log-probability of each donation before it is learned),
    /// the mixture of the half-lives, and the app's registrations against
    /// habit (both by stepwise EM under a Dirichlet prior: today's defaults).
    public struct Weights: Sendable, Equatable {
        var logMu = [Double](repeating: log(ContextModel.levelSmoothing), count: ContextModel.levels)
        var rateResponsibility = [Double](repeating: 0, count: ContextModel.halfLivesDays.count)
        var relevantYes = 0.0, relevantNo = 0.0
        public private(set) var donations = 0

        public init() {}

        /// The share of each half-life (frequency, recency).
        public var rates: [Double] {
            let evidence = rateResponsibility.reduce(0, +), k = Double(rateResponsibility.count)
            return rateResponsibility.map { (ContextModel.priorStrength / k + $0) / (ContextModel.priorStrength + evidence) }
        }

        /// The share of the app's registrations, where some item is registered.
        public var relevantShare: Double {
            return (ContextModel.priorStrength * ContextModel.relevantPrior + relevantYes)
                / (ContextModel.priorStrength + relevantYes + relevantNo)
        }

        /// Named weights, for `--explain` and EVAL.md.
        public var named: [(String, Double)] {
            var out: [(String, Double)] = []
            for (r, w) in rates.enumerated() { out.append(("half-life \(ContextModel.rateNames[r]) (share)", w)) }
            out.append(("relevant registrations (share)", relevantShare))
            for level in Level.allCases.dropFirst() {
                out.append(("μ \(level.name) (pseudo-uses borrowed from broader levels)", exp(logMu[level.rawValue])))
            }
            return out
        }

        /// The probability of the item from habit (its half-lives mixed).
        func habit(_ e: Estimate, _ s: Situation, logMu: [Double]) -> Double {
            var h = 0.0
            for (r, w) in rates.enumerated() { h += w * ContextModel.chain(e, s, rate: r, logMu: logMu)[ContextModel.leaf.rawValue] }
            return h
        }

        /// The terms of a candidate's probability, named by level and
        /// half-life with their weight; they add up to it.
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
            for (r, w) in rates.enumerated() {
                ContextModel.forEachContribution(e, s, rate: r, logMu: logMu, leaf: ContextModel.leaf) { level, weight, estimate in
                    guard weight * estimate > 0 else { return }
                    // (Named only when asked: `score` names nothing.)
                    body({ "\(level?.name ?? "static prior")/\(ContextModel.rateNames[r]) (w \(short(w * weight)) × \(short(estimate)))" },
                         (1 - share) * w * weight * estimate)
                }
            }
            if e.pRelevant > 0 { body({ "relevant (w \(short(share)) × \(short(e.pRelevant)))" }, share * e.pRelevant) }
        }

        /// Learns from a donation of the item `e` describes, scored before
        /// it is learned from.
        public mutating func learn(_ e: Estimate, _ s: Situation) {
            donations += 1
            let w = rates
            let leafs = (0..<w.count).map { ContextModel.chain(e, s, rate: $0, logMu: logMu)[ContextModel.leaf.rawValue] }
            let habit = zip(w, leafs).reduce(0) { $0 + $1.0 * $1.1 }
            var habitShare = 1.0
            if s.registered > 0 {
                let share = relevantShare
                let rel = share * e.pRelevant, total = rel + (1 - share) * habit
                let r = total > 0 ? rel / total : 0
                relevantYes = ContextModel.forgetting * relevantYes + r
                relevantNo = ContextModel.forgetting * relevantNo + (1 - r)
                habitShare = 1 - r
            }
            // Within habit: its half-lives, and its levels' μ.
            for r in w.indices {
                let resp = habit > 0 ? w[r] * leafs[r] / habit : 1 / Double(w.count)
                rateResponsibility[r] = ContextModel.forgetting * rateResponsibility[r] + habitShare * resp
            }
            // d log P / d log μ_L, numerically (the levels share the chain).
            guard habit > 0 else { return }
            var gradient = [Double](repeating: 0, count: logMu.count)
            let h = 0.05
            for level in Level.allCases where level != .overall {
                let l = level.rawValue
                var up = logMu, down = logMu
                up[l] += h
                down[l] -= h
                let a = self.habit(e, s, logMu: up), b = self.habit(e, s, logMu: down)
                if a > 0, b > 0 { gradient[l] = (log(a) - log(b)) / (2 * h) }
            }
            for l in logMu.indices where gradient[l] != 0 {
                logMu[l] = min(ContextModel.maxLogMu, max(ContextModel.minLogMu, logMu[l] + ContextModel.learningRate * habitShare * gradient[l]))
            }
        }

        private static let magic: UInt8 = 0x59  // "Y": version 3, one smoothed model (no counting-rule experts)

        public var encoded: [UInt8] {
            var w = ByteWriter()
            w.u8(Self.magic)
            w.u32(UInt32(donations))
            w.u32(UInt32(logMu.count))
            for x in logMu { w.f64(x) }
            w.u32(UInt32(rateResponsibility.count))
            for x in rateResponsibility { w.f64(x) }
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
        return r.description  // not "\(r)": interpolating a Double casts it dynamically
    }
}

