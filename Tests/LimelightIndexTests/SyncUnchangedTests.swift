#if canImport(Glibc)
import Glibc
#endif
import Testing
import LimelightSupport
@testable import LimelightModel
@testable import LimelightStore
@testable import LimelightIndex

/// A re-sync of a store as the index holds it reads only the source's own
/// records and writes nothing: `sync firefox --watch` re-syncs at every page
/// load Firefox writes, and each re-sync of a big history read back, checked
/// and skipped every visit it had stored (31,000 of a 100k-page history).
@Suite struct SyncUnchangedTests {
    static let app = #"{"kind":"app","app":"limelight.firefox","name":"Firefox Bookmarks","source":"firefox"}"#

    static func page(_ i: Int, title: String? = nil) -> String {
        #"{"kind":"entity","app":"limelight.firefox","type":"Page","id":"p\#(i)","title":"\#(title ?? "Page \(i)")","source":"firefox"}"#
    }

    static func visit(_ i: Int) -> String {
        #"{"kind":"interaction","id":"v\#(i)","app":"limelight.firefox","entities":[{"type":"Page","id":"p\#(i % 5)"}],"at":"2026-11-\#(10 + i % 18)T09:00:00Z"}"#
    }

    static func records(_ lines: [String]) throws -> [Record] {
        var out: [LocatedRecord] = []
        var errors: [String] = []
        RecordReader.parse(Array(lines.joined(separator: "\n").utf8), name: "test.jsonl", into: &out, errors: &errors)
        #expect(errors.isEmpty)
        return out.map(\.record)
    }

    static func revision(_ location: IndexLocation) throws -> UInt64 { try location.openReader().revision }

    @Test func anUnchangedReSyncReadsTheSourcesRecordsOnlyAndCommitsNothing() throws {
        let dir = Scratch("syncunchanged")
        let lines = [Self.app] + (0..<5).map { Self.page($0) } + (0..<40).map(Self.visit)
        let w = try IndexWriter.open(dir.index())
        defer { w.close() }
        _ = try w.sync(source: "firefox", records: try Self.records(lines))
        let first = try Self.revision(dir.index())
        let exported = try dir.index().exportRecords().map(\.json.serialized)

        let read = w.store.recordsRead
        #expect(try w.sync(source: "firefox", records: try Self.records(lines)) == SyncChanges())
        // The app and its 5 pages, to compare; not the 40 visits.
        #expect(w.store.recordsRead - read == 6)
        #expect(try Self.revision(dir.index()) == first)
        #expect(try dir.index().exportRecords().map(\.json.serialized) == exported)

        // A change is committed, as before: a renamed page, a new visit.
        var changed = SyncChanges()
        changed.updated = 1
        changed.interactions = 1
        let renamed = lines.filter { $0 != Self.page(1) } + [Self.page(1, title: "Renamed"), Self.visit(40)]
        #expect(try w.sync(source: "firefox", records: try Self.records(renamed)) == changed)
        #expect(try Self.revision(dir.index()) > first)
        #expect(try dir.index().exportRecords().contains { $0.id == "v40" })
    }
}
