import LimelightSupport
import LimelightModel

/// The person's say over what is recorded, kept in `history.json` beside the
/// generations (read by `donate` without the write lock, and by every writer):
/// paused (nothing recorded), a retention limit in days (older donations are
/// forgotten on every write), and apps whose use is never recorded.
///
/// ```json
/// {"paused":false,"retainDays":90,"excluded":["org.example.private"]}
/// ```
package struct HistoryPolicy: Equatable, Sendable {
    package var paused = false
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
        o["retainDays"] = retainDays.map { .number(Double($0)) } ?? .null
        o["excluded"] = .array(excluded.map(JSON.string))
        return .object(o)
    }

    /// Whether an interaction of `app` is recorded now.
    package func records(app: String) -> Bool { !paused && !excluded.contains(app) }

    /// Donations before this moment are forgotten (nil: none are).
    package func retentionCutoff(now: Timestamp = .now()) -> Timestamp? {
        retainDays.map { Timestamp(seconds: now.seconds - Double($0) * 86_400) }
    }
}
