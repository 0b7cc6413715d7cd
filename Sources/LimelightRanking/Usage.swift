#if canImport(Glibc)
import Glibc
#endif
import LimelightSupport
import LimelightModel
import LimelightText

/// A decayed count of events stored so that it never needs re-decaying: the
/// "virtual time" `v` (in days) with score(t) = exp(λ·(v − t)), Firefox's
/// frecency trick. Adding an event at time e is v ← log-add(v, e); comparing two
/// items' `v` compares their current scores at any moment.
public struct DecayedCount: Sendable, Equatable {
    public private(set) var v: Double

    init(v: Double) { self.v = v }

    /// One event at `day` (days since the epoch).
    package init(eventAt day: Double) { v = day }

    static var lambda: Double { log(2) / RankingWeights.usageHalfLifeDays }

    package mutating func add(eventAt day: Double, weight: Double = 1) {
        let e = day + log(weight) / Self.lambda
        let m = max(v, e)
        v = m + log(exp(Self.lambda * (v - m)) + exp(Self.lambda * (e - m))) / Self.lambda
    }

    mutating func add(_ other: DecayedCount) { add(eventAt: other.v) }

    /// The decayed number of events at `day`.
    package func score(at day: Double) -> Double { exp(Self.lambda * min(v - day, 50)) }
}

/// Everything Limelight learns about how one item (entity, App Shortcut, app)
/// is used: overall, by hour of day, by weekday/weekend, and by context.
public struct UsageStats: Sendable, Equatable {
    public var total: DecayedCount?
    public var count = 0
    /// Seconds since the epoch of the latest event.
    public var last: Double = 0
    /// By local hour of day (0–23).
    public var hours: [Int: DecayedCount] = [:]
    public var weekday: DecayedCount?
    public var weekend: DecayedCount?
    /// By context; an event in `audio.workout.running` also counts for
    /// `audio.workout` and `audio` (the specific implies the broad).
    public var contexts: [String: DecayedCount] = [:]
    /// Uses per conjunction of situation features, for `ContextModel`.
    public var cells = ContextModel.Cells()

    public init() {}

    public var isEmpty: Bool { count == 0 }

    /// One of these counts at `day`, never more than the item's uses: a use
    /// dated after `day` (a wrong clock, or a moment asked about in the
    /// past) grows as it is decayed backwards, and counts as one made now.
    package func decayed(_ c: DecayedCount, at day: Double) -> Double { min(c.score(at: day), Double(count)) }

    public mutating func add(_ e: UsageEvent) {
        let day = e.at.days
        func bump(_ c: inout DecayedCount?) {
            if c == nil { c = DecayedCount(eventAt: day) } else { c!.add(eventAt: day) }
        }
        bump(&total)
        count += 1
        last = max(last, e.at.seconds)
        var h = hours[Int(e.at.hourOfDay)]
        bump(&h)
        hours[Int(e.at.hourOfDay)] = h
        if e.at.isWeekend { bump(&weekend) } else { bump(&weekday) }
        for c in Set(e.contexts.flatMap(Contexts.withAncestors)) {
            var x = contexts[c]
            bump(&x)
            contexts[c] = x
        }
        cells.add(ContextModel.Features(at: e.at, contexts: e.contexts))
    }

    // MARK: Storage (binary, in a value slot: decoded for every candidate)

    private static let magic: UInt8 = 0x57  // version 3: with `cells`, offsets in 32 bits

    /// Everything (the card's copy, which the model reads).
    package var encoded: [UInt8] { encoded(cells: true) }

    /// Without the cells: the value slot's copy, for what needs only the
    /// counts (the cells are kept once per document, in its card).
    package var encodedWithoutCells: [UInt8] { encoded(cells: false) }

    private func encoded(cells withCells: Bool) -> [UInt8] {
        var w = ByteWriter()
        w.u8(Self.magic)
        w.u32(UInt32(count))
        w.f64(last)
        w.f64(total?.v ?? .nan)
        w.f64(weekday?.v ?? .nan)
        w.f64(weekend?.v ?? .nan)
        w.u8(UInt8(hours.count))
        for h in hours.keys.sorted() {
            w.u8(UInt8(h))
            w.f64(hours[h]!.v)
        }
        w.u32(UInt32(contexts.count))
        for c in contexts.keys.sorted() {
            w.string(c)
            w.f64(contexts[c]!.v)
        }
        (withCells ? cells : ContextModel.Cells()).encode(&w)
        return w.bytes
    }

    package init?(encoded bytes: [UInt8]) {
        var r = ByteReader(bytes)
        guard r.u8() == Self.magic, let n = r.u32(), let last = r.f64(), let v = r.f64(),
              let wd = r.f64(), let we = r.f64(), let nh = r.u8() else { return nil }
        func decayed(_ x: Double) -> DecayedCount? { x.isNaN ? nil : DecayedCount(v: x) }
        count = Int(n)
        self.last = last
        total = decayed(v)
        weekday = decayed(wd)
        weekend = decayed(we)
        for _ in 0..<nh {
            guard let h = r.u8(), let x = r.f64() else { return nil }
            hours[Int(h)] = DecayedCount(v: x)
        }
        guard let nc = r.u32() else { return nil }
        for _ in 0..<nc {
            guard let c = r.string(), let x = r.f64() else { return nil }
            contexts[c] = DecayedCount(v: x)
        }
        guard let cells = ContextModel.Cells(&r) else { return nil }
        self.cells = cells
    }
}

/// One interaction as the usage model sees it.
public struct UsageEvent: Sendable {
    public var at: Timestamp
    public var contexts: [String]
    package init(at: Timestamp, contexts: [String]) { self.at = at; self.contexts = contexts }
}
