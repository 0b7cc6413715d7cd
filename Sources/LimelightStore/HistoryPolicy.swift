import LimelightSupport
import LimelightModel

/// The person's say over what is recorded, kept in `history.json` beside the
/// generations (read by `donate` without the write lock, and by every writer):
/// paused (nothing recorded), a retention limit in days (older donations are
/// forgotten on every write), and apps whose use is never recorded.
///
/// ```json
/// {"paused":false,"retainDays":90,"excluded":["org.example.private"],
///  "pauses":[["2026-12-01T09:00:00Z","2026-12-01T17:00:00Z"]]}
/// ```
///
/// A pause covers the uses *made* while it lasted, not only those written
/// then: `sync` reads a store's past (recently-used.xbel, a browser's
/// history) after `resume`, and would otherwise import what was done in the
/// pause. So each pause is kept as a span of time (`pauses`, the last
/// `maxKept`), and a use dated inside one is never recorded.
package struct HistoryPolicy: Equatable, Sendable {
    package private(set) var paused = false
    /// When the current pause began (nil: not paused, or paused by an older
    /// limelight that did not say when: from the beginning of time).
    package private(set) var pausedSince: Timestamp?
    /// Pauses that have ended: [from, to).
    package private(set) var pauses: [(from: Timestamp, to: Timestamp)] = []
    /// Pauses and forgets kept: the last this many of each.
    static let maxKept = 1_000
    /// What `forget` forgot, so that `sync` does not bring it back from a
    /// store's past (the last `maxKept`; `HistoryPolicy+Forgotten.swift`).
    package internal(set) var forgotten: [ForgetRule] = []

    /// nil: kept until forgotten.
    package var retainDays: Int?
    package var excluded: [String] = []

    package init() {}

    static let fileName = "history.json"
    package static func path(_ location: IndexLocation) -> String { location.path + "/" + fileName }

    /// The policy in force: the defaults when there is no file.
    package static func load(_ location: IndexLocation) -> HistoryPolicy {
        var p = HistoryPolicy()
        guard Files.exists(path(location)), let bytes = try? Files.read(path(location)),
              let o = (try? JSON.parse(bytes))?.object else { return p }
        p.paused = o["paused"]?.bool ?? false
        p.pausedSince = o["pausedSince"]?.string.flatMap { Timestamp(iso8601: $0) }
        p.forgotten = (o["forgotten"]?.array ?? []).compactMap(ForgetRule.init)
        p.pauses = (o["pauses"]?.array ?? []).compactMap { span in
            guard let a = span.array, a.count == 2, let from = a[0].string.flatMap({ Timestamp(iso8601: $0) }),
                  let to = a[1].string.flatMap({ Timestamp(iso8601: $0) }) else { return nil }
            return (from, to)
        }
        p.retainDays = o["retainDays"]?.number.map { Int($0) }
        p.excluded = o["excluded"]?.array?.compactMap(\.string) ?? []
        return p
    }

    package func save(_ location: IndexLocation) throws(StoreError) {
        // A replica's history is the master's: its policy is set there.
        try location.checkWritable()
        do {
            try Files.makeDirectories(location.path)
            try Files.writeAtomically(Self.path(location), Array(json.serialized.utf8))
        } catch { throw StoreError.io(error.description) }
    }

    package var json: JSON {
        var o: JSONObject = ["paused": .bool(paused)]
        // A pause's ends keep their fraction of a second: a use made in the
        // pause's last moment is kept out, and one made just after resume is not.
        if let pausedSince { o["pausedSince"] = .string(pausedSince.preciseDescription) }
        if !forgotten.isEmpty { o["forgotten"] = .array(forgotten.map(\.json)) }
        if !pauses.isEmpty { o["pauses"] = .array(pauses.map { .array([.string($0.from.preciseDescription), .string($0.to.preciseDescription)]) }) }
        o["retainDays"] = retainDays.map { .number(Double($0)) } ?? .null
        o["excluded"] = .array(excluded.map(JSON.string))
        return .object(o)
    }

    /// Whether an interaction of `app`, made at `at`, is recorded now.
    package func records(app: String, at: Timestamp? = nil) -> Bool {
        guard !paused, !excluded.contains(app) else { return false }
        guard let t = at?.seconds else { return true }
        return !pauses.contains { $0.from.seconds <= t && t < $0.to.seconds }
    }

    package mutating func pause(now: Timestamp = .now()) {
        guard !paused else { return }
        paused = true
        pausedSince = now
    }

    package mutating func resume(now: Timestamp = .now()) {
        guard paused else { return }
        if let since = pausedSince { pauses.append((since, now)) }
        pauses = Array(pauses.suffix(Self.maxKept))
        paused = false
        pausedSince = nil
    }

    package static func == (a: HistoryPolicy, b: HistoryPolicy) -> Bool { a.json == b.json }

    /// Donations before this moment are forgotten (nil: none are).
    package func retentionCutoff(now: Timestamp = .now()) -> Timestamp? {
        retainDays.map { Timestamp(seconds: now.seconds - Double($0) * 86_400) }
    }
}
