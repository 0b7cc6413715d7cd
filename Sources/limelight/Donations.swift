import LimelightKit

/// How `donate` and `open` record a use: checked against the index by a
/// reader (which never waits for a writer), appended to the donation journal
/// (fsync'd), and folded in at once if no other process is writing — else
/// by the next writer. Returns the donation ids, or nil where history is
/// paused or the app is excluded (nothing recorded).
enum Donations {
    static func record(_ records: [Record], location: IndexLocation, locations where: [String]? = nil) throws -> [String?] {
        let lookup = try Lookup(location: location)
        for (n, r) in records.enumerated() {
            let at = `where`?[n] ?? "donate"
            guard try lookup.record(kind: .app, app: r.app, id: nil) != nil else {
                throw CLIError.rejected(["\(at): interaction for app '\(r.app)', which is not in the index (add its app record)"])
            }
            if let i = r.intent, try lookup.record(kind: .intent, app: r.app, id: i) == nil {
                throw CLIError.rejected(["\(at): interaction names intent '\(i)', which \(r.app) does not declare"])
            }
            if let s = r.shortcut, try lookup.record(kind: .shortcut, app: r.app, id: s) == nil {
                throw CLIError.rejected(["\(at): interaction names App Shortcut '\(s)', which \(r.app) does not declare"])
            }
        }
        // Paused, or an excluded app: nothing is written anywhere.
        let policy = HistoryPolicy.load(location)
        let recorded = records.filter { policy.records(app: $0.app) }
        let ids = try IndexWriter.donate(recorded, to: location)
        var next = ids.makeIterator()
        return records.map { policy.records(app: $0.app) ? next.next() : nil }
    }

    static func record(_ r: Record, location: IndexLocation) throws -> String? {
        try record([r], location: location)[0]
    }
}
