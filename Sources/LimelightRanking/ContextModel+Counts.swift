#if canImport(Glibc)
import Glibc
#endif
import LimelightSupport

/// The counts the context model is made of: each item's decayed uses per
/// conjunction of situation features (`Cells`, kept in its card), and the
/// same summed over every item per weekday × half hour (`Table`, in the
/// index metadata: one for all of history, one per context set, one per
/// place), and how a cell adds to the backoff levels of a situation.
extension ContextModel {
    /// What a level keeps of a situation (`Level.scope`, `.day`, `.clock`).
    struct Shape {
        let scope: Scope
        let day: Int
        let clock: Int
    }

    /// How much one cell (a context set, place, weekday and half hour)
    /// counts in each level of the situation `f`, into `w` (`levels`
    /// values): 0 where it differs from the situation on a feature the level
    /// keeps, else its time weight there. `time`, `place`: the scopes it
    /// serves (an item's cell serves every one it matches; an index table
    /// serves its own); `contexts`: how alike its context set is to the
    /// situation's (`RelatedSets`: 1 serves the context levels, any other
    /// weight only the like-contexts level, at that weight). Once per cell,
    /// then each half-life's count is a multiply-add per level (`add`).
    @inline(__always) static func weights(weekday: Int, slot: Int, _ f: Features, kernel: [Double], shapes: UnsafeBufferPointer<Shape>,
                                          time: Bool, place: Bool, contexts: Double,
                                          into w: UnsafeMutablePointer<Double>) {
        let h = slot % slots
        let sameDayType = (weekday >= 5) == f.weekend, sameWeekday = weekday == f.weekday
        let hour = kernel[h], clock = kernel[slots + h], timeOfDay = kernel[2 * slots + h]
        for l in 0..<levels {
            let shape = shapes[l]
            let served: Bool
            switch shape.scope {
            case .time: served = time
            case .place: served = place
            case .contexts: served = contexts == 1
            case .likeContexts: served = contexts > 0
            }
            let day = shape.day == 0 || (shape.day == 1 ? sameDayType : sameWeekday)
            guard served, day else { w[l] = 0; continue }
            switch shape.clock {
            case 0: w[l] = 1
            case 1: w[l] = hour
            case 2: w[l] = clock
            default: w[l] = timeOfDay
            }
            if shape.scope == .likeContexts { w[l] *= contexts }
        }
    }

    /// Adds a cell's decayed count `x` at its level weights `w` to one
    /// half-life's n_L (pointers: this runs per cell per half-life).
    @inline(__always) static func add(_ n: UnsafeMutablePointer<Double>, _ x: Double, _ w: UnsafeMutablePointer<Double>) {
        for l in 0..<levels { n[l] += x * w[l] }
    }

    // MARK: Per-item cells

    /// One item's decayed uses per conjunction of features.
    public struct Cells: Sendable, Equatable {
        package var keys: [UInt64] = []
        /// Virtual times, `halfLivesDays.count` per key.
        package var v: [Double] = []
        /// A decoded copy's counts as plain numbers at each half-life's own
        /// reference day `linearRef[k]` (its latest virtual time),
        /// exp(λ(v − linearRef)), as `v`: reading them at a moment is then a
        /// multiplication per cell, not an `exp` (the exps were a third of a
        /// suggestion's time). Empty once the cells change (a writer's copy).
        /// Per half-life: the long count's virtual times run hundreds of
        /// thousands of days ahead of the short one's, and one reference for
        /// both made every short count underflow to 0.
        private var linear: [Double] = []
        private var linearRef: [Double] = []

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

        /// n_L at every level and half-life (index as `counts`) in situation `s`.
        func sums(_ s: Situation) -> [Double] {
            let f = s.features, kernel = s.kernel, related = s.relatedSets
            var n = [Double](repeating: 0, count: ContextModel.counts)
            let r = ContextModel.halfLivesDays.count, L = ContextModel.levels
            // Each half-life's factor from its `linearRef` to now. Not where a
            // use is dated so far after now that `count` caps it: the cap
            // must fall on that cell alone. Applied to the factor, it scaled
            // every other cell down by as much (a launch stamped 2030 sank
            // Calendar from 8th to 482nd in 2026: its other uses counted
            // 2^-111 at the week's half-life), so such cells are read one by one.
            let capped = linearRef.enumerated().contains { rate, ref in ref - f.day > ContextModel.countCapDays(rate) }
            let scale = linear.isEmpty || capped ? [] : (0..<r).map { ContextModel.count(linearRef[$0], $0, at: f.day) }
            n.withUnsafeMutableBufferPointer { buffer in
                let n = buffer.baseAddress!
                ContextModel.shapeTable.withUnsafeBufferPointer { shapes in
                    withUnsafeTemporaryAllocation(of: Double.self, capacity: L) { w in
                        let w = w.baseAddress!
                        for (i, key) in keys.enumerated() {
                            ContextModel.weights(weekday: Int((key >> 8) & 0xFF), slot: Int(key & 0xFF), f, kernel: kernel, shapes: shapes,
                                                 time: true, place: f.placeUnknown || UInt16(truncatingIfNeeded: key >> 16) == f.place,
                                                 contexts: related.weight(of: UInt32(truncatingIfNeeded: key >> 32)), into: w)
                            var longest = 0.0
                            for rate in 0..<r {
                                var x = scale.isEmpty ? ContextModel.count(v[i * r + rate], rate, at: f.day) : linear[i * r + rate] * scale[rate]
                                x = ContextModel.noMoreThanUses(x, rate, longest: &longest)
                                if x > 0 { ContextModel.add(n + rate * L, x, w) }
                            }
                        }
                    }
                }
            }
            return n
        }

        /// Each half-life's latest virtual time.
        static func references(_ v: [Double]) -> [Double] {
            let r = ContextModel.halfLivesDays.count
            return (0..<r).map { k in stride(from: k, to: v.count, by: r).map { v[$0] }.filter { $0 > -.infinity }.max() ?? 0 }
        }

        /// Virtual times as 32-bit offsets from their half-life's latest (a
        /// cell's offset is at most a few hundred days' worth: a 32-bit float
        /// keeps it to about a second), 16 bytes a cell instead of 24: the
        /// cells are most of a used item's document, and a batch holds every
        /// document it changes.
        package func encode(_ w: inout ByteWriter) {
            w.u32(UInt32(keys.count))
            guard !keys.isEmpty else { return }
            let r = ContextModel.halfLivesDays.count, refs = Self.references(v)
            for ref in refs { w.f64(ref) }
            for (i, k) in keys.enumerated() {
                w.u32(UInt32(truncatingIfNeeded: k >> 32))
                w.u32(UInt32(truncatingIfNeeded: k))
                for rate in 0..<r { w.u32(Float(v[i * r + rate] - refs[rate]).bitPattern) }
            }
        }

        package init?(_ r: inout ByteReader) {
            guard let n = r.u32(), n <= 1 << 16 else { return nil }
            guard n > 0 else { return }
            let rates = ContextModel.halfLivesDays.count
            var refs: [Double] = []
            for _ in 0..<rates { guard let ref = r.f64() else { return nil }; refs.append(ref) }
            keys.reserveCapacity(Int(n))
            v.reserveCapacity(Int(n) * rates)
            for _ in 0..<n {
                guard let hi = r.u32(), let lo = r.u32() else { return nil }
                keys.append(UInt64(hi) << 32 | UInt64(lo))
                for rate in 0..<rates {
                    guard let x = r.u32() else { return nil }
                    v.append(refs[rate] + Double(Float(bitPattern: x)))
                }
            }
            linearRef = refs
            linear = v.indices.map { i in v[i] > -.infinity ? exp(ContextModel.lambdas[i % rates] * (v[i] - refs[i % rates])) : 0 }
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

        /// The uses this table counts (one context set's) near the moment
        /// `f`'s hour, over all of history (the contexts + hour level's
        /// count): what `RelatedSets.reading` weighs.
        public mutating func usesNear(_ f: Features) -> Double {
            var n = [Double](repeating: 0, count: ContextModel.counts)
            addSums(.contexts, f, kernel: f.kernel, into: &n, scale: linearScale(at: f.day))
            return n[Level.contextsHour.rawValue]
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

        /// Adds this table's part of N_L: the levels of its `scope` (the
        /// table is already that slice of history: all of it, the current
        /// place, or one context set, which counts `alike` — see `RelatedSets`).
        func addSums(_ scope: Scope, _ f: Features, kernel: [Double], into n: inout [Double], scale: [Double]? = nil,
                     alike: Double = 1) {
            let r = ContextModel.halfLivesDays.count, L = ContextModel.levels
            // Bound once, outside the loops (an optional bound per cell costs a retain and a release).
            let useLinear = scale != nil && linear != nil, lin = linear ?? [], sc = scale ?? []
            n.withUnsafeMutableBufferPointer { buffer in
                let n = buffer.baseAddress!
                ContextModel.shapeTable.withUnsafeBufferPointer { shapes in
                    withUnsafeTemporaryAllocation(of: Double.self, capacity: L) { w in
                        let w = w.baseAddress!
                        for d in 0..<7 {
                            for h in 0..<ContextModel.slots {
                                ContextModel.weights(weekday: d, slot: h, f, kernel: kernel, shapes: shapes, time: scope == .time,
                                                     place: scope == .place, contexts: scope == .contexts ? alike : 0, into: w)
                                var longest = 0.0
                                for rate in 0..<r {
                                    let i = (d * ContextModel.slots + h) * r + rate
                                    var x: Double
                                    if useLinear {
                                        x = lin[i] * sc[rate]
                                        guard x > 0 else { continue }
                                    } else {
                                        guard v[i] > -.infinity else { continue }
                                        x = ContextModel.count(v[i], rate, at: f.day)
                                    }
                                    x = ContextModel.noMoreThanUses(x, rate, longest: &longest)
                                    ContextModel.add(n + rate * L, x, w)
                                }
                            }
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
}
