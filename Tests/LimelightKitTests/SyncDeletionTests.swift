import Testing
@testable import LimelightKit

/// A sync deletes the entities that vanished from its store in one pass
/// (`BatchSession.delete(_:recountingLater:)`, one recount of usage and hot lists where
/// deleting them one by one recounted per entity): the index it leaves is
/// the one that deleting them one by one leaves, donations and usage included.
@Suite struct SyncDeletionTests {
    static let app = #"{"kind":"app","app":"limelight.recent","name":"Recent Files","source":"recent"}"#

    static func file(_ i: Int) -> String {
        #"{"kind":"entity","app":"limelight.recent","type":"File","id":"f\#(i)","title":"Report \#(i).odt","source":"recent"}"#
    }

    /// A donation that used two files, i and i + 1.
    static func opened(_ i: Int) -> String {
        #"{"kind":"interaction","id":"open-\#(i)","app":"limelight.recent","entities":[{"type":"File","id":"f\#(i)"},{"type":"File","id":"f\#(i + 1)"}],"at":"2026-11-\#(10 + i % 18)T09:00:00Z"}"#
    }

    @Test func deletingWhatVanishedAtOnceIsDeletingItOneByOne() throws {
        let n = 40
        let all = try records([Self.app] + (0..<n).map(Self.file) + (0..<n - 1).map(Self.opened)).map(\.record)
        // Every other pair of files stays: a donation of two kept files stays, one that
        // used a deleted file goes, and the kept file it also used is recounted.
        let kept = try records([Self.app] + (0..<n).filter { $0 % 4 < 2 }.map(Self.file)).map(\.record)
        let batch = TempDir(), single = TempDir()
        for dir in [batch, single] {
            let w = try IndexWriter.open(dir.index)
            _ = try w.sync(source: "recent", records: all)
            w.close()
        }
        let w = try IndexWriter.open(batch.index)
        let changes = try w.sync(source: "recent", records: kept)
        w.close()
        #expect(changes.removed == n / 2)
        let one = try IndexWriter.open(single.index)
        for i in 0..<n where i % 4 >= 2 { try one.delete(.entity(app: "limelight.recent", type: "File", id: "f\(i)")) }
        one.close()

        let exported = try batch.index.exportRecords().map(\.json.serialized)
        #expect(exported == (try single.index.exportRecords().map(\.json.serialized)))
        #expect(exported.contains { $0.contains(#""id":"open-4""#) } && !exported.contains { $0.contains(#""id":"open-1""#) })
        let scores = { (dir: TempDir) in
            var r = SearchRequest(query: "report")
            r.limit = 0
            r.at = Timestamp(iso8601: "2026-12-01T12:00:00Z")!
            return try Searcher(location: dir.index).search(r).hits.map { "\($0.id) \($0.score)" }
        }
        #expect(try scores(batch) == scores(single))
        #expect(try scores(batch).count == n / 2)
    }
}
