#if canImport(Glibc)
import Glibc
#endif
import Xapian
import LimelightSupport
import LimelightModel
import LimelightText
import LimelightRanking
import LimelightStore

/// `rebuild` and `compact`: write a new generation beside the live one, then
/// swap it in with one rename(2) of the stub file. Searches never see a
/// partial index: until the rename they read the old generation, after it the
/// new one. The write lock is held throughout, so no ingest interleaves.
public enum Maintenance {
    public struct Summary: Sendable {
        public var records: Int
        public var documents: Int
        public var generation: Int
        public var seconds: Double
        public var purgedExpired: Int = 0
        /// Size of the live generation before and after (compact).
        public var bytesBefore = 0
        public var bytesAfter = 0
    }

    /// Stored records are re-applied in this order, so that everything a record
    /// refers to is already there.
    static let kindOrder: [RecordKind] = [.app, .intent, .entity, .shortcut, .relevance, .interaction]
    /// Records per committed chunk: bounds memory on large indexes.
    static let chunkSize = 20_000

    /// Regenerates the index from its own stored records, or from `files`.
    /// - Parameters:
    ///   - progress: called with (records done, total) after each chunk.
    ///   - shouldCancel: polled between chunks; cancelling removes the partial
    ///     generation and leaves the index as it was.
    public static func rebuild(_ location: IndexLocation, from files: [String]? = nil, allowEmpty: Bool = false,
                               onWait: (String) -> Void = { _ in },
                               progress: (Int, Int) -> Void = { _, _ in },
                               shouldCancel: () -> Bool = { false }) throws(IndexError) -> Summary {
        let start = Timestamp.now().seconds
        // Files are read and checked before anything is written.
        let fromFiles: [LocatedRecord]?
        do throws(ModelError) { fromFiles = try files.map { (f) throws(ModelError) in try RecordReader.read(f) } } catch { throw .model(error) }
        try refuseEmptyInput(fromFiles, files: files, allowEmpty: allowEmpty)
        let old = try IndexWriter.open(location, allowOlderSchema: true, onWait: onWait)
        defer { old.close() }
        let (next, writer) = try newGeneration(location, after: old)
        var done = 0
        do {
            try writer.db.setMetadata(Schema.versionKey, String(Schema.version))
            if let state = old.clientState() { try writer.db.setMetadata(Schema.clientStateKey, state) }
            let total: Int
            var chunks: [[LocatedRecord]] = []
            var storedIDs: [[UInt32]] = []
            if let fromFiles {
                total = fromFiles.count
                for kind in kindOrder {
                    var ofKind = fromFiles.filter { $0.record.kind == kind }
                    if kind == .entity { ofKind = inStaticRankOrder(ofKind) }
                    stride(from: 0, to: ofKind.count, by: chunkSize).forEach { chunks.append(Array(ofKind[$0..<min($0 + chunkSize, ofKind.count)])) }
                }
            } else {
                let derived = Set(try old.db.postings(Schema.derived))
                var count = 0
                for kind in kindOrder {
                    var ids = try old.db.postings(Schema.kind + kind.rawValue).filter { !derived.contains($0) }
                    if kind == .entity { ids = try inStaticRankOrder(ids, in: old.db) }
                    count += ids.count
                    stride(from: 0, to: ids.count, by: chunkSize).forEach { storedIDs.append(Array(ids[$0..<min($0 + chunkSize, ids.count)])) }
                }
                total = count
            }
            progress(0, total)
            for n in 0..<max(chunks.count, storedIDs.count) {
                if shouldCancel() { throw IndexError.cancelled("rebuild cancelled; the index is as it was") }
                let chunk: [LocatedRecord]
                if fromFiles != nil {
                    chunk = chunks[n]
                } else {
                    chunk = try storedIDs[n].compactMap { id in
                        StoredRecord.decode(try old.db.document(id).data()).map { LocatedRecord($0, at: "stored record \(id)") }
                    }
                }
                try writer.applyAndCommit(chunk)
                done += chunk.count
                progress(done, total)
            }
            if shouldCancel() { throw IndexError.cancelled("rebuild cancelled; the index is as it was") }
        } catch {
            writer.close()
            Files.removeTree(location.generationPath(next))
            throw IndexError(error, path: location.path)
        }
        let documents = writer.documentCount
        writer.close()
        try swapIn(location, generation: next)
        return Summary(records: done, documents: documents, generation: next, seconds: Timestamp.now().seconds - start)
    }

    /// Entities are written best first (see `EntityRun`), by prior as stored.
    /// (Not by usage, which changes daily: the hot lists serve it. So `export`
    /// then `index` gives the same order.)
    static func inStaticRankOrder(_ ids: [UInt32], in db: Database) throws(XapianError) -> [UInt32] {
        var scored: [(item: UInt32, prior: Double)] = []
        scored.reserveCapacity(ids.count)
        for id in ids {
            scored.append((id, HitCard(encoded: try db.document(id).value(Schema.cardSlot))?.prior ?? 0))
        }
        return bestFirst(scored)
    }

    /// Records from files: by prior, unless the order says which version wins.
    static func inStaticRankOrder(_ records: [LocatedRecord]) -> [LocatedRecord] {
        var run = EntityRun<LocatedRecord>()
        for r in records { run.add(r, r.record) }
        return run.take()
    }

    /// Purges expired entities, then writes a compacted copy as a new generation.
    public static func compact(_ location: IndexLocation, onWait: (String) -> Void = { _ in }) throws(IndexError) -> Summary {
        let start = Timestamp.now().seconds
        let old = try IndexWriter.open(location, onWait: onWait)
        defer { old.close() }
        let purged = try old.purgeExpired()
        let bytesBefore = Files.size(location.generationPath(old.generation))
        let next = try scrub(old)
        var s = Summary(records: 0, documents: old.documentCount, generation: next, seconds: Timestamp.now().seconds - start)
        s.purgedExpired = purged
        s.bytesBefore = bytesBefore
        s.bytesAfter = Files.size(location.generationPath(next))
        return s
    }

    static func nextGenerationNumber(_ location: IndexLocation) throws(IndexError) -> Int {
        let existing = Files.list(location.path).compactMap { $0.hasPrefix("gen-") ? Int($0.dropFirst(4)) : nil }
        let current: Int?
        do throws(StoreError) { current = try location.currentGeneration() } catch { throw .store(error) }
        return max(existing.max() ?? 0, current ?? 0) + 1
    }

    static func newGeneration(_ location: IndexLocation, after old: IndexWriter) throws(IndexError) -> (Int, IndexWriter) {
        let next = try nextGenerationNumber(location)
        do {
            let db = try WritableDatabase(path: location.generationPath(next), mode: .createOrOverwrite)
            return (next, try IndexWriter(location: location, db: db, generation: next))
        } catch {
            Files.removeTree(location.generationPath(next))
            throw IndexError(error, path: location.path)
        }
    }

    /// The atomic step: the stub names the new generation. Old generations go
    /// once no reader holds them (now, or at a later writer's start).
    static func swapIn(_ location: IndexLocation, generation: Int) throws(IndexError) {
        do throws(StoreError) { try location.publish(generation: generation) } catch { throw .store(error) }
        location.removeUnusedGenerations(current: generation)
    }
}

package extension IndexWriter {
    /// Applies records and commits, outside a transaction: for a generation no
    /// reader sees yet (rebuild), where bounded memory matters more.
    func applyAndCommit(_ records: [LocatedRecord]) throws {
        var session = try BatchSession(db: db, builder: builder)
        for item in records {
            do { try session.apply(item.record, at: item.location) } catch let e as RecordError {
                throw IndexError.rejected(["\(item.location): \(e.message)"])
            }
        }
        try session.finish()
        try db.commit()
    }

    /// Deletes entities whose expiry has passed (and what depends on them).
    func purgeExpired(now: Timestamp = .now()) throws(IndexError) -> Int {
        let expired: [Record]
        do {
            let enquire = try Enquire(db)
            enquire.setBooleanWeighting()
            enquire.query = try Query(term: Schema.expires).filter(Query(term: Schema.kind + RecordKind.entity.rawValue))
                .filter(try .valueRange(slot: Schema.expirySlot, from: nil, to: sortableSerialise(now.seconds)))
            expired = try enquire.matches(count: max(try db.documentCount, 1)).matches.compactMap { StoredRecord.decode($0.data) }
        } catch {
            throw IndexError(error, path: location.path)
        }
        for r in expired { try delete(.entity(app: r.app, type: r.type, id: r.id)) }
        return expired.count
    }
}
