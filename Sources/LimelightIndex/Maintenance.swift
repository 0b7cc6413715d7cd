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
        /// Interactions of `--from` files the history settings left out
        /// (paused, an excluded app, past the retention limit, forgotten), as `index`
        /// counts them.
        public var notRecorded = 0
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
    ///   - shards: the shard count to write (re-sharding an ordinary or a
    ///     sharded index); nil keeps the index as it is.
    ///   - progress: called with (records done, total) after each chunk.
    ///   - shouldCancel: polled between chunks; cancelling removes the partial
    ///     generation and leaves the index as it was.
    public static func rebuild(_ location: IndexLocation, shards requested: Int? = nil, from files: [String]? = nil,
                               allowEmpty: Bool = false,
                               onWait: (String) -> Void = { _ in },
                               progress: (Int, Int) -> Void = { _, _ in },
                               shouldCancel: () -> Bool = { false }) throws(IndexError) -> Summary {
        let start = Timestamp.now().seconds
        if let n = requested, !(1...ShardLayout.maxCount).contains(n) {
            throw IndexError.badSetting("--shards takes a number from 1 to \(ShardLayout.maxCount), got \(n)")
        }
        // Files are read and checked before anything is written.
        let fromFiles: [LocatedRecord]?
        do throws(ModelError) { fromFiles = try files.map { (f) throws(ModelError) in try RecordReader.read(f) } } catch { throw .model(error) }
        try refuseEmptyInput(fromFiles, files: files, allowEmpty: allowEmpty)
        let old = try IndexWriter.open(location, allowOlderSchema: true, onWait: onWait)
        defer { old.close() }
        // One shard is an ordinary index: `--shards 1` un-shards a sharded one.
        let target = requested.map { $0 == 1 ? nil : ShardLayout(path: location.path, count: $0) } ?? old.layout
        let (next, writer) = try newGenerations(location, layout: target, after: old)
        var done = 0
        var hoisted = 0
        var notRecorded = 0
        do {
            try writer.store.setMetadataEverywhere(Schema.versionKey, String(Schema.version))
            try writer.store.markShards()
            if let state = old.clientState() { try writer.store.setMetadataEverywhere(Schema.clientStateKey, state) }
            let total: Int
            var chunks: [[LocatedRecord]] = []
            var storedIDs: [[UInt32]] = []
            if let fromFiles {
                let records = hoistingEmbeddedEntities(fromFiles)
                hoisted = records.count - fromFiles.count
                total = records.count
                for kind in kindOrder {
                    var ofKind = records.filter { $0.record.kind == kind }
                    if kind == .entity { ofKind = inStaticRankOrder(ofKind) }
                    stride(from: 0, to: ofKind.count, by: chunkSize).forEach { chunks.append(Array(ofKind[$0..<min($0 + chunkSize, ofKind.count)])) }
                }
            } else {
                let derived = Set(try old.store.postings(Schema.derived))
                var count = 0
                for kind in kindOrder {
                    var ids = try old.store.postings(Schema.kind + kind.rawValue).filter { !derived.contains($0) }
                    if kind == .entity { ids = try inStaticRankOrder(ids, in: old.store) }
                    if kind == .interaction { ids = try inTimeOrder(ids, in: old.store) }
                    count += ids.count
                    stride(from: 0, to: ids.count, by: chunkSize).forEach { storedIDs.append(Array(ids[$0..<min($0 + chunkSize, ids.count)])) }
                }
                total = count
            }
            progress(0, total)
            // Interactions from files obey the history settings as `index`
            // does: paused, an excluded app, past the retention limit — not recorded.
            let filePolicy = fromFiles == nil ? HistoryPolicy() : try HistoryPolicy.load(location)
            for n in 0..<max(chunks.count, storedIDs.count) {
                if shouldCancel() { throw IndexError.cancelled("rebuild cancelled; the index is as it was") }
                let chunk: [LocatedRecord]
                if fromFiles != nil {
                    chunk = chunks[n]
                } else {
                    chunk = try storedIDs[n].compactMap { id in
                        StoredRecord.decode(try old.store.document(id).data()).map { LocatedRecord($0, at: "stored record \(id)") }
                    }
                }
                notRecorded += try writer.applyAndCommit(chunk, restoring: fromFiles == nil, policy: filePolicy)
                done += chunk.count
                progress(done, total)
            }
            if shouldCancel() { throw IndexError.cancelled("rebuild cancelled; the index is as it was") }
        } catch {
            writer.close()
            for (shard, gen) in zip(writer.shardLocations, next) { Files.removeTree(shard.generationPath(gen)) }
            throw IndexError(error, path: location.path)
        }
        let documents = writer.documentCount
        writer.close()
        if let target {
            try swapIn(target, generations: next, replacing: old)
        } else if let before = old.layout {
            try swapIn(location, generation: next[0], replacing: before)
        } else {
            try swapIn(location, generation: next[0])
        }
        location.scrubDone()  // (what a forget or delete left in the files is gone now)
        return Summary(records: done - hoisted, documents: documents, generation: next.max() ?? 0, seconds: Timestamp.now().seconds - start,
                       notRecorded: notRecorded)
    }

    /// Entities are written best first (see `EntityRun`), by prior as stored.
    /// (Not by usage, which changes daily: the hot lists serve it. So `export`
    /// then `index` gives the same order.)
    static func inStaticRankOrder(_ ids: [UInt32], in db: ShardStore) throws(XapianError) -> [UInt32] {
        var scored: [(item: UInt32, prior: Double)] = []
        scored.reserveCapacity(ids.count)
        for id in ids {
            scored.append((id, HitCard(encoded: try db.document(id).value(Schema.cardSlot))?.prior ?? 0))
        }
        return bestFirst(scored)
    }

    /// Interactions by time, then id: the order their usage is added up in
    /// (floating point), the same whatever the shards and document ids.
    static func inTimeOrder(_ ids: [UInt32], in db: ShardStore) throws(XapianError) -> [UInt32] {
        var keyed: [(time: [UInt8], id: String, doc: UInt32)] = []
        keyed.reserveCapacity(ids.count)
        for id in ids {
            let doc = try db.document(id)
            keyed.append((try doc.value(Schema.timeSlot), StoredRecord.decode(try doc.data())?.id ?? "", id))
        }
        return keyed.sorted { a, b in
            a.time != b.time ? a.time.lexicographicallyPrecedes(b.time) : a.id != b.id ? a.id < b.id : a.doc < b.doc
        }.map(\.doc)
    }

    /// `index` applies a file line by line; `rebuild --from` kind by kind. So
    /// that an entity written in a relevance update and again by a later line
    /// (or patched by it) ends as `index` leaves it, the update's entities are
    /// entity records at its place in the file, and it keeps references.
    static func hoistingEmbeddedEntities(_ records: [LocatedRecord]) -> [LocatedRecord] {
        records.flatMap { r -> [LocatedRecord] in
            guard r.record.kind == .relevance, r.record.op == "update" else { return [r] }
            let embedded = r.record.embeddedEntities
            guard !embedded.isEmpty else { return [r] }
            var fields = r.record.fields
            fields["entities"] = .array(r.record.entityRefs.map { .object(["type": .string($0.type), "id": .string($0.id)]) })
            return embedded.map { LocatedRecord($0, at: r.location) }
                + [LocatedRecord(Record(kind: .relevance, fields: fields), at: r.location)]
        }
    }

    /// Records from files: by prior, unless the order says which version wins.
    static func inStaticRankOrder(_ records: [LocatedRecord]) -> [LocatedRecord] {
        var run = EntityRun<LocatedRecord>()
        for r in records { run.add(r, r.record) }
        return run.take()
    }

    /// Purges expired entities, then writes a compacted copy as a new generation
    /// (of every shard, on a sharded index).
    public static func compact(_ location: IndexLocation, onWait: (String) -> Void = { _ in }) throws(IndexError) -> Summary {
        let start = Timestamp.now().seconds
        let old = try IndexWriter.open(location, onWait: onWait)
        defer { old.close() }
        let purged = try old.purgeExpired()
        let bytesBefore = zip(old.shardLocations, old.generations).reduce(0) { $0 + Files.size($1.0.generationPath($1.1)) }
        let next = try scrub(old)
        location.scrubDone()
        var s = Summary(records: 0, documents: old.documentCount, generation: next.max() ?? 0, seconds: Timestamp.now().seconds - start)
        s.purgedExpired = purged
        s.bytesBefore = bytesBefore
        s.bytesAfter = zip(old.shardLocations, next).reduce(0) { $0 + Files.size($1.0.generationPath($1.1)) }
        return s
    }

    static func nextGenerationNumber(_ location: IndexLocation) throws(IndexError) -> Int {
        let existing = Files.list(location.path).compactMap { $0.hasPrefix("gen-") ? Int($0.dropFirst(4)) : nil }
        return max(existing.max() ?? 0, try fromStore { () throws(StoreError) in try location.currentGeneration() } ?? 0) + 1
    }

    /// A new, empty generation of every shard of `layout` (of `location`
    /// itself for an ordinary index), written by one writer that no reader
    /// sees until `swapIn`. A shard the layout adds gets its directory now.
    static func newGenerations(_ location: IndexLocation, layout: ShardLayout?,
                               after old: IndexWriter) throws(IndexError) -> ([Int], IndexWriter) {
        let shards = layout?.shards ?? [location]
        var gens: [Int] = []
        var dbs: [WritableDatabase] = []
        do {
            for shard in shards {
                try Files.makeDirectories(shard.path)
                let next = try nextGenerationNumber(shard)
                gens.append(next)
                dbs.append(try WritableDatabase(path: shard.generationPath(next), mode: .createOrOverwrite))
            }
            return (gens, try IndexWriter(location: location, layout: layout, shards: dbs, generations: gens, shardLocations: shards))
        } catch {
            for db in dbs { try? db.close() }
            for (shard, gen) in zip(shards, gens) { Files.removeTree(shard.generationPath(gen)) }
            throw IndexError(error, path: location.path)
        }
    }

    /// The atomic step: the stub names the new generation. Old generations go
    /// once no reader holds them (now, or at a later writer's start).
    static func swapIn(_ location: IndexLocation, generation: Int) throws(IndexError) {
        try fromStore { () throws(StoreError) in try location.publish(generation: generation) }
        location.removeUnusedGenerations(current: generation)
    }

    /// The atomic steps of un-sharding (N → 1): the ordinary index's stub
    /// names its new generation while the marker still sends readers to the
    /// shards; then the marker goes, and a reader finds the ordinary index,
    /// whole. A reader that opened the shards keeps them (its reader locks);
    /// each shard is retired, and its directory goes once nothing holds it
    /// (or at a later writer's start). A crash before the marker goes leaves
    /// the sharded index as it was: its next writer retires the new stub.
    static func swapIn(_ location: IndexLocation, generation: Int, replacing before: ShardLayout) throws(IndexError) {
        try fromStore { () throws(StoreError) in
            try location.publish(generation: generation)
            try before.unpublish()
        }
        location.removeUnusedGenerations(current: generation)
        location.retireShards(from: 0)
    }

    /// The atomic steps of a sharded rebuild. Every shard's new generation is
    /// complete before the first stub moves; then each shard's stub names its
    /// new generation, and last the marker says how many shards there are.
    /// What a reader sees:
    /// - re-sharding an ordinary index (1 → N): until the marker is written it
    ///   finds no marker and reads the ordinary index, whole; after it, the N
    ///   shards, whole. The ordinary index's stub then goes (its generation
    ///   once no reader holds it), so a reader that opened it keeps its view.
    /// - a sharded index (N → M, or N again): a reader that opened its shards
    ///   keeps their old generations (its reader locks hold them); one that
    ///   opens between the swap file and the marker reads the layout the
    ///   swap names (`openShardReadersAndMarker`); shards beyond M go once
    ///   the marker says M.
    ///
    /// The swap is written down first (`ShardSwap`): a rebuild killed between
    /// the first stub and the marker left the two layouts mixed, which the
    /// next reader's clean-up and the next rebuild made permanent; now
    /// readers read the swap's layout, and the next writer finishes it.
    static func swapIn(_ layout: ShardLayout, generations: [Int], replacing old: IndexWriter) throws(IndexError) {
        try fromStore { () throws(StoreError) in
            try ShardSwap(layout: layout, generations: generations).write()
            for (shard, gen) in zip(layout.shards, generations) { try shard.publish(generation: gen) }
            try layout.publish()
        }
        for (shard, gen) in zip(layout.shards, generations) { shard.removeUnusedGenerations(current: gen) }
        if old.layout == nil { old.location.retire() }
        if let before = old.layout, before.count > layout.count { old.location.retireShards(from: layout.count) }
        ShardSwap.remove(at: layout.path)
    }
}

package extension IndexWriter {
    /// Applies records and commits, outside a transaction: for a generation no
    /// reader sees yet (rebuild), where bounded memory matters more.
    /// - restoring: the records are the index's own (see `BatchSession.restoring`).
    /// - policy: what the person allows to be recorded, for records from
    ///   files (the index's own were allowed when they came in).
    /// Returns how many interactions `policy` left out.
    func applyAndCommit(_ records: [LocatedRecord], restoring: Bool, policy: HistoryPolicy = HistoryPolicy()) throws -> Int {
        var session = try BatchSession(db: store, builder: builder)
        session.restoring = restoring
        session.policy = policy
        var n = 0
        var run: [LocatedRecord] = []
        func writeRun() throws {
            try session.upsertEntities(run, builders: builders, count: &n, { false })
            run = []
        }
        for item in records {
            if item.record.kind == .entity { run.append(item); continue }
            try writeRun()
            try Self.write(item, into: &session, count: &n, { false })
        }
        try writeRun()
        try session.finish()
        try store.commit()
        return session.summary.notRecorded
    }

    /// Deletes entities whose expiry has passed (and what depends on them).
    func purgeExpired(now: Timestamp = .now()) throws(IndexError) -> Int {
        let expired: [Record]
        do {
            let enquire = try Enquire(try store.combined)
            enquire.setBooleanWeighting()
            enquire.query = try Query(term: Schema.expires).filter(Query(term: Schema.kind + RecordKind.entity.rawValue))
                .filter(try .valueRange(slot: Schema.expirySlot, from: nil, to: sortableSerialise(now.seconds)))
            expired = try enquire.matches(count: max(try store.documentCount, 1)).matches.compactMap { StoredRecord.decode($0.data) }
        } catch {
            throw IndexError(error, path: location.path)
        }
        for r in expired { try delete(.entity(app: r.app, type: r.type, id: r.id)) }
        return expired.count
    }
}
