#if canImport(Glibc)
import Glibc
#endif

/// A decayed count of events stored so that it never needs re-decaying: the
/// "virtual time" `v` (in days) with score(t) = exp(λ·(v − t)), Firefox's
/// frecency trick. Adding an event at time e is v ← log-add(v, e); comparing two
/// items' `v` compares their current scores at any moment.
public struct DecayedCount: Sendable, Equatable {
    public private(set) var v: Double

    init(v: Double) { self.v = v }

    /// One event at `day` (days since the epoch).
    init(eventAt day: Double) { v = day }

    static var lambda: Double { log(2) / RankingWeights.usageHalfLifeDays }

    mutating func add(eventAt day: Double, weight: Double = 1) {
        let e = day + log(weight) / Self.lambda
        let m = max(v, e)
        v = m + log(exp(Self.lambda * (v - m)) + exp(Self.lambda * (e - m))) / Self.lambda
    }

    mutating func add(_ other: DecayedCount) { add(eventAt: other.v) }

    /// The decayed number of events at `day`.
    func score(at day: Double) -> Double { exp(Self.lambda * min(v - day, 50)) }
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

    public init() {}

    public var isEmpty: Bool { count == 0 }

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
    }

    // MARK: Storage (a compact JSON object in a value slot)

    var encoded: [UInt8] {
        var o = JSONObject()
        o["n"] = .number(Double(count))
        o["last"] = .number(last)
        if let total { o["v"] = .number(total.v) }
        if !hours.isEmpty {
            o["h"] = .object(JSONObject(hours.keys.sorted().map { (String($0), .number(hours[$0]!.v)) }))
        }
        if let weekday { o["wd"] = .number(weekday.v) }
        if let weekend { o["we"] = .number(weekend.v) }
        if !contexts.isEmpty {
            o["c"] = .object(JSONObject(contexts.keys.sorted().map { ($0, .number(contexts[$0]!.v)) }))
        }
        return Array(JSON.object(o).serialized.utf8)
    }

    init?(encoded bytes: [UInt8]) {
        guard !bytes.isEmpty, let o = (try? JSON.parse(bytes))?.object else { return nil }
        count = Int(o["n"]?.number ?? 0)
        last = o["last"]?.number ?? 0
        total = o["v"]?.number.map(DecayedCount.init(v:))
        for (k, v) in o["h"]?.object?.pairs ?? [] {
            if let h = Int(k), let n = v.number { hours[h] = DecayedCount(v: n) }
        }
        weekday = o["wd"]?.number.map(DecayedCount.init(v:))
        weekend = o["we"]?.number.map(DecayedCount.init(v:))
        for (k, v) in o["c"]?.object?.pairs ?? [] {
            if let n = v.number { contexts[k] = DecayedCount(v: n) }
        }
    }
}

/// One interaction as the usage model sees it.
public struct UsageEvent: Sendable {
    public var at: Timestamp
    public var contexts: [String]
}
