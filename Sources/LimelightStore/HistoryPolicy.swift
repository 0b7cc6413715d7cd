#if canImport(Glibc)
import Glibc
#endif
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
    /// What the rules' digests are salted with: random per history file, so
    /// that a digest cannot be looked up in a table of common paths' hashes;
    /// made with the first rule.
    var forgetSalt: [UInt8]?

    /// nil: kept until forgotten.
    package var retainDays: Int?
    package var excluded: [String] = []

    package init() {}

    static let fileName = "history.json"
    package static func path(_ location: IndexLocation) -> String { location.path + "/" + fileName }

    /// history.json of this size or more is not Limelight's (it writes a
    /// few kilobytes: a thousand pauses and forgets at most).
    static let maxBytes = 4 << 20

    /// The policy in force: the defaults when there is no file. A file that
    /// cannot be read as Limelight wrote it is an error, never the defaults:
    /// read as them, a paused history recorded again and the next write
    /// dropped what `forget` remembers, with no word.
    package static func load(_ location: IndexLocation) throws(StoreError) -> HistoryPolicy {
        let file = path(location)
        var st = stat()
        guard lstat(file, &st) == 0 else { return HistoryPolicy() }
        func damaged(_ why: String, _ detail: String? = nil) -> StoreError {
            .damaged("\(file) \(why): fix it, or remove it to go back to the defaults (recording everything, nothing excluded, nothing forgotten remembered)"
                     + (detail.map { "; \($0)" } ?? ""))
        }
        guard (st.st_mode & S_IFMT) == S_IFREG else { throw damaged("is not a regular file (a symbolic link?)") }
        guard Int(st.st_size) < maxBytes else { throw damaged("is \(st.st_size) bytes, not Limelight's history settings") }
        let bytes: [UInt8]
        do { bytes = try Files.read(file) } catch { throw StoreError.io("cannot read \(file): \(error.description)") }
        let parsed: JSON
        do { parsed = try JSON.parse(bytes) } catch { throw damaged("is not a JSON object", error.description) }
        guard let o = parsed.object else { throw damaged("is not a JSON object") }
        var p = HistoryPolicy()
        func time(_ v: JSON?) -> Timestamp? { v?.string.flatMap { Timestamp(iso8601: $0) } }
        if let v = o["paused"] { guard let b = v.bool else { throw damaged("says paused: \(v.serialized), not true or false") }; p.paused = b }
        if let v = o["pausedSince"], !v.isNull { guard let t = time(v) else { throw damaged("has a pausedSince that is no time") }; p.pausedSince = t }
        if let v = o["forgetSalt"] {
            guard let hex = v.string, let salt = Hex.decode(hex), salt.count >= 16 else { throw damaged("has a forgetSalt that is no hexadecimal salt") }
            p.forgetSalt = salt
        }
        let rules = o["forgotten"]?.array ?? []
        // Rules written before digests (the values themselves) get a salt to be hashed with.
        let salt = rules.isEmpty ? nil : p.forgetSalt ?? Self.newSalt()
        p.forgetSalt = salt
        for rule in rules {
            guard let salt, let r = ForgetRule(rule, salt: salt) else { throw damaged("holds a forget rule it cannot read: \(rule.serialized)") }
            p.forgotten.append(r)
        }
        for span in o["pauses"]?.array ?? [] {
            guard let a = span.array, a.count == 2, let from = time(a[0]), let to = time(a[1]) else {
                throw damaged("holds a pause it cannot read: \(span.serialized)")
            }
            p.pauses.append((from, to))
        }
        if let v = o["retainDays"], !v.isNull {
            guard let n = v.number, n >= 0, n == n.rounded(), n <= 100_000 else { throw damaged("says retainDays: \(v.serialized), not a number of days") }
            p.retainDays = Int(n)
        }
        for app in o["excluded"]?.array ?? [] {
            guard let a = app.string else { throw damaged("excludes \(app.serialized), not an app id") }
            p.excluded.append(a)
        }
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
        if !forgotten.isEmpty, let forgetSalt {
            o["forgetSalt"] = .string(Hex.encode(forgetSalt))
            o["forgotten"] = .array(forgotten.map(\.json))
        }
        if !pauses.isEmpty { o["pauses"] = .array(pauses.map { .array([.string($0.from.preciseDescription), .string($0.to.preciseDescription)]) }) }
        o["retainDays"] = retainDays.map { .number(Double($0)) } ?? .null
        o["excluded"] = .array(excluded.map(JSON.string))
        return .object(o)
    }

    /// Whether an interaction of `app`, made at `at`, is recorded now: not
    /// while history is paused, nor of an excluded app, nor one made during
    /// a past pause or before the retention limit (`retentionCutoff`).
    package func records(app: String, at: Timestamp? = nil, now: Timestamp = .now()) -> Bool {
        guard !paused, !excluded.contains(app) else { return false }
        guard let t = at?.seconds else { return true }
        if let cutoff = retentionCutoff(now: now), t < cutoff.seconds { return false }
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
