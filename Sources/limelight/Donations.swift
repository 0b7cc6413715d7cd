import LimelightKit

/// How `donate` and `open` record a use: checked against the index by a
/// reader (which never waits for a writer), appended to the donation journal
/// (fsync'd), and folded in at once if no other process is writing — else
/// by the next writer. Returns the donation ids, or nil where history does
/// not record the use (`HistoryPolicy.records`: paused, an excluded app,
/// older than the retention limit, forgotten; nothing recorded).
enum Donations {
    static func record(_ records: [Record], location: IndexLocation, locations where: [String]? = nil) throws -> [String?] {
        try IndexWriter.checkDonations(records, in: location, places: records.indices.map { `where`?[$0] ?? "donate" })
        // What history does not record is written nowhere.
        let policy = try HistoryPolicy.load(location)
        let kept = records.map { policy.records($0) }
        let ids = try IndexWriter.donate(zip(records, kept).filter(\.1).map(\.0), to: location)
        var next = ids.makeIterator()
        return kept.map { $0 ? next.next() : nil }
    }

    static func record(_ r: Record, location: IndexLocation) throws -> String? {
        try record([r], location: location)[0]
    }
}
