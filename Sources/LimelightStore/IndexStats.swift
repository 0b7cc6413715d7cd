import Xapian
import LimelightSupport
import LimelightModel
import LimelightText
import LimelightRanking

/// What `limelight stats` reports.
public struct IndexStats: Sendable {
    public var path: String
    public var generation: Int
    public var schemaVersion: Int
    public var documents: Int
    public var byKind: [(kind: String, count: Int)]
    public var byApp: [(app: String, count: Int)]
    public var bytesOnDisk: Int
    public var clientState: String?

    public static func read(_ location: IndexLocation) throws(StoreError) -> IndexStats {
        let (db, settled, generation) = try location.openEveryShard()
        do {
            var byKind: [(String, Int)] = []
            for kind in RecordKind.allCases {
                byKind.append((kind.rawValue, try db.termFrequency(Schema.kind + kind.rawValue)))
            }
            byKind.append(("derived shortcut", try db.termFrequency(Schema.derived)))
            let apps = try db.allTerms(prefix: Schema.app).map { (String($0.term.dropFirst(Schema.app.count)), $0.frequency) }
            // On a sharded index, the state of the shard that committed fewest batches.
            let state = try settled.metadataString(Schema.clientStateKey)
            return IndexStats(path: location.path, generation: generation,
                              schemaVersion: Int(try db.metadataString(Schema.versionKey)) ?? Schema.version,
                              documents: try db.documentCount, byKind: byKind, byApp: apps,
                              bytesOnDisk: Files.size(location.path), clientState: state.isEmpty ? nil : state)
        } catch {
            throw StoreError(error, path: location.path)
        }
    }

    public var json: JSON {
        .object(JSONObject([
            ("path", .string(path)), ("generation", .number(Double(generation))),
            ("schemaVersion", .number(Double(schemaVersion))), ("documents", .number(Double(documents))),
            ("byKind", .object(JSONObject(byKind.map { ($0.kind, .number(Double($0.count))) }))),
            ("byApp", .object(JSONObject(byApp.map { ($0.app, .number(Double($0.count))) }))),
            ("bytesOnDisk", .number(Double(bytesOnDisk))),
            ("clientState", clientState.map(JSON.string) ?? .null),
        ]))
    }
}

extension IndexLocation {
    /// Every stored record of the live generation, for `export`.
    public func exportRecords() throws(StoreError) -> [Record] {
        let db = try openEveryShard().all
        do { return try storedRecords(in: db) } catch { throw StoreError(error, path: path) }
    }
}

extension IndexLocation {
    /// The index read-only — for a sharded one (see `ShardLayout`), every
    /// shard as one database — with its settled shard (see
    /// `ShardLayout.settledShard`; an ordinary index is its own) and its newest generation.
    func openEveryShard() throws(StoreError) -> (all: Database, settled: Database, generation: Int) {
        let readers = try openShardReadersAndMarker().readers
        let shards = readers.map(\.db)
        // A replica's copy number is no generation of Limelight's.
        let generation = readers.map { $0.location.isReplica ? 0 : $0.generation }.max() ?? 0
        if shards.count == 1 { return (shards[0], shards[0], generation) }
        do { return (try Database.combined(shards), shards[ShardLayout.settledShard(shards)], generation) } catch {
            throw StoreError(error, path: path)
        }
    }
}

/// Every stored record (not derived documents), kind by kind in docid order,
/// for `export` and `rebuild`; App Shortcuts app by app, each app's in its
/// declared order (their docids' order), so that the order files were
/// indexed in does not show (it did: one app's block before another's).
package func storedRecords(in db: Database) throws(XapianError) -> [Record] {
    let derived = Set(try db.postings(Schema.derived))
    var out: [Record] = []
    let kinds: [RecordKind] = [.app, .intent, .entity, .shortcut, .relevance, .interaction]
    for kind in kinds {
        var records: [Record] = []
        for id in try db.postings(Schema.kind + kind.rawValue) where !derived.contains(id) {
            if let r = StoredRecord.decode(try db.document(id).data()) { records.append(r) }
        }
        if kind == .shortcut {
            // A stable sort: each app's keep their order.
            records = records.enumerated().sorted { ($0.element.app, $0.offset) < ($1.element.app, $1.offset) }.map(\.element)
        }
        out += records
    }
    return out
}
