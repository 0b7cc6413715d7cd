#if canImport(Glibc)
import Glibc
#endif
import Xapian
import LimelightSupport
import LimelightModel
import LimelightText
import LimelightRanking
import LimelightStore

/// The one writer of an index. Holds Xapian's write lock from `open` to `close`;
/// a second writer waits up to `lockTimeout` seconds and then gets `.busy`.
///
/// A sharded index (see `ShardLayout`) has one writer too: it holds the lock
/// of every shard, taken in shard order (so two writers cannot deadlock: the
/// second waits at the first shard the other holds), and routes every record
/// and the usage credited to it to its shard (`ShardStore`); a batch commits
/// in every shard or, if it is rejected, in none.
///
/// Not thread safe: use it from one thread (it runs shard builders on threads
/// of its own while it works).
public final class IndexWriter {
    public let location: IndexLocation
    /// The shard layout, or nil for an ordinary index.
    public let layout: ShardLayout?
    let store: ShardStore
    /// Each shard's live generation (for an ordinary index, the one).
    let generations: [Int]
    /// Each shard's own index (for an ordinary index, `location`).
    let shardLocations: [IndexLocation]
    /// One per shard: a builder owns a TermGenerator, one thread each.
    let builders: [DocumentBuilder]
    var builder: DocumentBuilder { builders[0] }

    init(location: IndexLocation, layout: ShardLayout?, shards: [WritableDatabase], generations: [Int],
         shardLocations: [IndexLocation]) throws(XapianError) {
        self.location = location
        self.layout = layout
        store = ShardStore(shards)
        self.generations = generations
        self.shardLocations = shardLocations
        var builders: [DocumentBuilder] = []
        for _ in shards { builders.append(try DocumentBuilder()) }
        self.builders = builders
    }

    /// Opens (creating if needed) the index for writing: an ordinary index, or
    /// a sharded one if `location` holds a shard marker or `shards` is given.
    /// - Parameters:
    ///   - shards: write a sharded index of this many shards (a new one is
    ///     created; an existing one must have that many: to change the count,
    ///     `rebuild --shards`).
    ///   - lockTimeout: how long a writer waits for the lock:
    ///     `$LIMELIGHT_LOCK_TIMEOUT` seconds, else 10.
    ///   - onWait: called once if the lock is not free at once, with a
    ///     message naming the process that holds it.
    public static func open(_ location: IndexLocation, shards requested: Int? = nil, lockTimeout: Double? = nil,
                            allowOlderSchema: Bool = false,
                            onWait: (String) -> Void = { _ in }) throws(IndexError) -> IndexWriter {
        let lockTimeout = try lockTimeoutFromEnvironment(overriddenBy: lockTimeout)
        if let n = requested, !(1...ShardLayout.maxCount).contains(n) {
            throw IndexError.badSetting("--shards takes a number from 1 to \(ShardLayout.maxCount), got \(n)")
        }
        var layout = try fromStore { () throws(StoreError) in try ShardLayout.read(at: location.path) }
        let published = layout
        if let layout, let n = requested, n != layout.count {
            if try holdsNothing(layout.shards) { return try reshardedFirst(location, shards: n, lockTimeout: lockTimeout, onWait: onWait) }
            throw IndexError.badSetting("the index at \(location.path) has \(layout.count) shard\(layout.count == 1 ? "" : "s"), not \(n); to change that, run `limelight rebuild --shards \(n)`")
        }
        if layout == nil, let n = requested, n > 1 {
            if try fromStore({ () throws(StoreError) in try location.currentGeneration() }) != nil, try holdsNothing([location]) {
                return try reshardedFirst(location, shards: n, lockTimeout: lockTimeout, onWait: onWait)
            }
            try checkNewShardedIndex(location, shards: n)
            layout = ShardLayout(path: location.path, count: n)
        }
        guard let layout else {
            let (db, gen) = try openShard(location, lockTimeout: lockTimeout, allowOlderSchema: allowOlderSchema, onWait: onWait)
            try refuseOneShardOfASet(location, db)
            // An ordinary index being sharded when the rebuild was killed.
            if try finishInterruptedSwap(location, opened: [db], locations: [location]) {
                return try open(location, shards: requested, lockTimeout: lockTimeout, allowOlderSchema: allowOlderSchema, onWait: onWait)
            }
            let writer: IndexWriter
            do {
                writer = try IndexWriter(location: location, layout: nil, shards: [db], generations: [gen], shardLocations: [location])
            } catch { throw IndexError(error, path: location.path) }
            // What un-sharding left because a reader still held it.
            location.retireShards(from: 0)
            if !allowOlderSchema { try writer.foldJournal(onWarning: onWait) }
            return writer
        }
        // A shard lost is an error, never made anew (empty) by the write, which
        // a swap a killed rebuild left may still need to finish. (A new
        // sharded index has no marker yet: its shards are made below.)
        if let published, !ShardSwap.isPending(at: location.path),
           let missing = (0..<published.count).lazy.compactMap(published.missing).first {
            throw IndexError.store(.missing(missing))
        }
        var dbs: [WritableDatabase] = []
        var gens: [Int] = []
        func closeOpened() { for (k, db) in dbs.enumerated() { unlink(layout.shard(k).pidPath); try? db.close() } }
        do throws(IndexError) {
            for shard in layout.shards {
                let (db, gen) = try openShard(shard, lockTimeout: lockTimeout, allowOlderSchema: allowOlderSchema, onWait: onWait)
                dbs.append(db)
                gens.append(gen)
            }
        } catch {
            closeOpened()
            throw error
        }
        if try finishInterruptedSwap(location, opened: dbs, locations: layout.shards) {
            return try open(location, shards: requested, lockTimeout: lockTimeout, allowOlderSchema: allowOlderSchema, onWait: onWait)
        }
        // A re-shard (or un-shard) that finished while this writer waited for
        // the shards' locks: open the index as it is now. (A new sharded
        // index has no marker yet: it is published below.)
        if let published, try fromStore({ () throws(StoreError) in try ShardLayout.read(at: location.path) }) != published {
            closeOpened()
            return try open(location, shards: requested, lockTimeout: lockTimeout, allowOlderSchema: allowOlderSchema, onWait: onWait)
        }
        // Before the shards past the marker's count are retired below: with a
        // marker that says too few, they are live shards.
        if let problem = try fromStore({ () throws(StoreError) in try ShardIdentity.disagreement(dbs, layout: layout) }) {
            closeOpened()
            throw IndexError.store(.damaged(problem))
        }
        // Every shard is a complete index before the marker says they are one.
        try fromStore { () throws(StoreError) in if try ShardLayout.read(at: location.path) == nil { try layout.publish() } }
        try? Files.writeAtomically(location.pidPath, Array("\(getpid())\n".utf8))
        // What a re-shard left because a reader still held it.
        if location.hasRetiredLeftovers { location.retire() }
        location.retireShards(from: layout.count)
        let writer: IndexWriter
        do {
            writer = try IndexWriter(location: location, layout: layout, shards: dbs, generations: gens,
                                     shardLocations: layout.shards)
        } catch { throw IndexError(error, path: location.path) }
        if !allowOlderSchema { try writer.foldJournal(onWarning: onWait) }
        return writer
    }

    /// A shard of a sharded index is written through its directory: a record
    /// written to one shard alone can be in two (each directory write routes
    /// it by its key), and a delete through the directory then reaches one.
    private static func refuseOneShardOfASet(_ location: IndexLocation, _ db: WritableDatabase) throws(IndexError) {
        guard let refusal = refusalOfOneShard(location, db) else { return }
        unlink(location.pidPath)
        try? db.close()
        throw refusal
    }

    /// Why `location` is not to be written alone (nil: it may be): it is
    /// one shard of a sharded index (`ShardIdentity`).
    static func refusalOfOneShard(_ location: IndexLocation, _ db: Database) -> IndexError? {
        guard let identity = ShardIdentity((try? db.metadataString(Schema.shardIdentityKey)) ?? ""), identity.count > 1 else { return nil }
        let directory = location.path.lastIndex(of: "/").map { String(location.path[..<$0]) } ?? "."
        return .notWritable("\(location.path) is shard \(identity.shard) of the \(identity.count) shards of a sharded index: write to it through its directory (--index \(directory))")
    }

    /// Finishes a shard swap a killed rebuild left (`ShardSwap`), holding the
    /// write locks of the layout it replaced (`opened`, which are then
    /// closed); true if there was one, and the index is to be opened again.
    private static func finishInterruptedSwap(_ location: IndexLocation, opened: [WritableDatabase],
                                              locations: [IndexLocation]) throws(IndexError) -> Bool {
        guard let swap = try fromStore({ () throws(StoreError) in try ShardSwap.read(at: location.path) }) else { return false }
        defer {
            for (db, shard) in zip(opened, locations) { try? db.close(); unlink(shard.pidPath) }
        }
        try fromStore { () throws(StoreError) in try swap.finish() }
        return true
    }

    /// Whether no shard holds a document: the index's first batch was
    /// rejected (or nothing was ever written), so the number of shards it
    /// was made with binds nothing yet.
    private static func holdsNothing(_ shards: [IndexLocation]) throws(IndexError) -> Bool {
        for shard in shards {
            let opened = try fromStore { () throws(StoreError) in try shard.openTrackedReader() }
            defer { ReaderLocks.release(opened.lock) }
            if (try? opened.db.documentCount) != 0 { return false }
        }
        return true
    }

    /// An index that holds nothing, laid out again with `n` shards (as
    /// `rebuild --shards n` would), then opened: a retry of a rejected first
    /// batch with another `--shards` was refused for an empty index.
    private static func reshardedFirst(_ location: IndexLocation, shards n: Int, lockTimeout: Double,
                                       onWait: (String) -> Void) throws(IndexError) -> IndexWriter {
        _ = try Maintenance.rebuild(location, shards: n, onWait: onWait)
        return try open(location, shards: n, lockTimeout: lockTimeout, onWait: onWait)
    }

    /// `--shards N` creates a sharded index only where there is no index yet
    /// (or a creation of one was interrupted before its marker).
    private static func checkNewShardedIndex(_ location: IndexLocation, shards n: Int) throws(IndexError) {
        let entries = Files.list(location.path)
        if !entries.isEmpty, entries.allSatisfy({ $0.hasPrefix("shard-") }) { return }
        let existing = try fromStore { () throws(StoreError) in
            try location.checkUsable()
            return try location.currentGeneration()
        }
        if existing != nil {
            throw IndexError.badSetting("the index at \(location.path) is not sharded; to shard it, run `limelight rebuild --shards \(n)`")
        }
    }

    /// Opens one ordinary index (or shard) for writing, creating it if needed,
    /// waiting for its lock.
    static func openShard(_ location: IndexLocation, lockTimeout: Double, allowOlderSchema: Bool,
                          onWait: (String) -> Void) throws(IndexError) -> (WritableDatabase, Int) {
        try fromStore { () throws(StoreError) in try location.checkUsable() }
        try location.checkWritable()
        do { try Files.makeDirectories(location.path) } catch { throw IndexError.failed(error.description) }
        // A first creation, its generation through its stub, is one writer's
        // at a time, and others look again once it is whole: two `index`
        // runs on a new directory lost one's batch.
        var creating: Int32 = -1
        defer { location.endCreation(creating) }
        if try fromStore({ () throws(StoreError) in try location.currentGeneration() }) == nil {
            creating = location.lockForCreation()
            try fromStore { () throws(StoreError) in try location.checkUsable() }
            if try fromStore({ () throws(StoreError) in try location.currentGeneration() }) != nil {
                location.endCreation(creating)
                creating = -1
            } else {
                location.removeInterruptedCreations()
            }
        }
        let start = Timestamp.now().seconds
        var warned = false
        while true {
            let gen = try fromStore { () throws(StoreError) in try location.currentGeneration() } ?? 1
            do {
                let db = try WritableDatabase(path: location.generationPath(gen), mode: .createOrOpen)
                // A rebuild may have published a newer generation while we waited.
                if let now = try location.currentGeneration(), now != gen { continue }
                if try location.currentGeneration() == nil {
                    try db.setMetadata(Schema.versionKey, String(Schema.version))
                    try db.commit()
                    try location.publish(generation: gen)
                }
                location.endCreation(creating)
                creating = -1
                try IndexLocation.checkSchema(db, path: location.path, allowOlder: allowOlderSchema)
                let pid = Array("\(getpid())\n".utf8)
                try? Files.writeAtomically(location.pidPath, pid)
                location.removeUnusedGenerations(current: gen)
                location.removeStaleTempFiles()
                return (db, gen)
            } catch let e as XapianError where e.kind == .databaseLock {
                let holder = location.lockHolder()
                let waited = Timestamp.now().seconds - start
                if waited >= lockTimeout {
                    throw IndexError.busy("the index at \(location.path) is busy: \(holder) is writing to it (waited \(Int(lockTimeout)) s); try again when it has finished")
                }
                if !warned, waited >= 0.5 {
                    onWait("waiting for \(holder) to finish writing to \(location.path)…")
                    warned = true
                }
                usleep(50_000)
            } catch {
                throw IndexError(error, path: location.path)
            }
        }
    }

    /// Folds what was donated while this writer held the index (see
    /// `DonationJournal`), then releases the write lock.
    public func close() {
        // Only into the live generations: a rebuild's or compaction's old ones
        // are about to go, and its new ones are not published yet.
        let live = zip(shardLocations, generations).allSatisfy { (try? $0.currentGeneration()) == $1 }
        if live { try? foldJournal() }
        unlink(location.pidPath)
        for shard in shardLocations where shard.path != location.path { unlink(shard.pidPath) }
        store.close()
    }

    deinit { store.close() }

    public var documentCount: Int { (try? store.documentCount) ?? 0 }

    // MARK: - Batches

    public struct Summary: Sendable {
        public var counts: [RecordKind: Int] = [:]
        public var donationIDs: [String] = []
        /// Interactions left out by the history policy (paused, excluded app, past retention).
        public var notRecorded = 0
        /// Interactions whose id was recorded before with other content,
        /// each `place: message`: the recorded one is kept.
        public var conflicts: [String] = []
        /// Id-less interactions whose line was recorded before (its id
        /// derives from it): the same use, counted once.
        public var alreadyRecorded = 0
        /// Interactions naming an app, intent or App Shortcut not in the
        /// index, each `place: what`: kept, they count once it is indexed.
        public var namingUnknown: [String] = []
        /// What intents' and App Shortcuts' parameters hold that Limelight
        /// does not read (`BatchSession.unread`), each `place: what`: kept.
        public var unread: [String] = []

        static func conflictNote(_ id: String) -> String {
            "interaction id '\(id)' is already recorded with other content (an id names one use: give this one another id, or forget that one first)"
        }
        public var total: Int { counts.values.reduce(0, +) }
    }

    /// Writes every record, or none: the batch (and the client state, if given)
    /// commits atomically. A record that breaks a rule that needs the index to
    /// check (an unknown intent, an 11th shortcut …) rejects the whole batch.
    ///
    /// The one apply path, for arrays and files alike (a `RecordSource` must
    /// be validated): all other kinds first, each run of entities best first
    /// (see `EntityRun`: held as places, parsed again when written), then the
    /// interactions in chunks — still one transaction.
    @discardableResult
    public func apply<Records: RecordStream>(_ source: Records, clientState: String? = nil,
                                             shouldCancel: () -> Bool = { false }) throws(IndexError) -> Summary {
        try Self.check(clientState: clientState)
        return try inTransaction { session in
            var n = 0
            func step(_ item: LocatedRecord) throws { try Self.write(item, into: &session, count: &n, shouldCancel) }
            var run = EntityRun<Records.Place>()
            // A run is written in slices, each parsed again from its places and
            // then built (on a sharded index, every shard's part on its own thread).
            func writeRun() throws {
                let places = run.take()
                for from in stride(from: 0, to: places.count, by: Self.entitySlice) {
                    let slice = try places[from..<min(from + Self.entitySlice, places.count)].map { try source.record(at: $0) }
                    try session.upsertEntities(slice, builders: builders, count: &n, shouldCancel)
                }
            }
            try source.forEachWithPlace { item, place in
                switch item.record.kind {
                case .interaction: return
                case .entity: run.add(place, item.record)
                default:
                    try writeRun()
                    try step(item)
                }
            }
            try writeRun()
            try session.finishRecords()
            try source.forEach { item in
                guard item.record.kind == .interaction else { return }
                try step(item)
                if session.pendingInteractions >= Self.interactionChunk { try session.flushInteractions() }
            }
            try session.flushInteractions()
            try session.finishBatch()
            if let clientState { try store.setMetadataEverywhere(Schema.clientStateKey, clientState) }
            if shouldCancel() { throw IndexError.cancelled("cancelled; nothing was written") }
            return session.summary
        }
    }

    private static func check(clientState: String?) throws(IndexError) {
        if let s = clientState, s.utf8.count > RecordLimits.maxClientStateBytes {
            throw IndexError.badSetting("the client state is \(s.utf8.count) bytes; the limit is \(RecordLimits.maxClientStateBytes)")
        }
    }

    /// Applies one record of a batch, naming its file and line if it breaks a
    /// rule; every 1,024 records, asks whether to cancel.
    static func write(_ item: LocatedRecord, into session: inout BatchSession, count n: inout Int,
                              _ shouldCancel: () -> Bool) throws {
        n += 1
        if n % 1024 == 0, shouldCancel() { throw IndexError.cancelled("cancelled; nothing was written") }
        do { try session.apply(item.record, at: item.location) } catch let e as RecordError {
            throw IndexError.rejected(["\(item.location): \(e.message)"])
        }
    }

    /// Entities parsed and built at a time: bounds the parsed records held in
    /// memory while shards build in parallel.
    static let entitySlice = 10_000

    /// Interactions are stored and credited this many at a time: each chunk
    /// rewrites the documents of the entities it credits. 300,000 synthetic
    /// interactions on 200,000 entities: 10,000 a chunk took 35.4 s (peak
    /// 232 MiB), 50,000 31.1 s (294 MiB), all at once 28.4 s (668 MiB).
    static let interactionChunk = 50_000

    /// Runs `body` in one Xapian transaction: all of it commits, or none.
    func inTransaction<T>(_ body: (inout BatchSession) throws -> T) throws(IndexError) -> T {
        do {
            var session = try BatchSession(db: store, builder: builder)
            session.policy = try HistoryPolicy.load(location)
            try store.beginTransaction()
            do {
                let result = try body(&session)
                // The retention limit, on every write.
                var forgotten = 0
                if let cutoff = session.policy.retentionCutoff() { forgotten = try session.forget(.timeRange(from: nil, to: cutoff)) }
                if session.writesNothing, forgotten == 0 {
                    store.cancelTransaction()
                    return result
                }
                try store.commitTransaction()
                return result
            } catch {
                store.cancelTransaction()
                throw error
            }
        } catch let e as RecordError {
            throw IndexError.rejected([e.message])
        } catch {
            throw IndexError(error, path: location.path)
        }
    }

    /// The client state committed with the last batch that had one.
    public func clientState() -> String? {
        let s = (try? store.metadataString(Schema.clientStateKey)) ?? ""
        return s.isEmpty ? nil : s
    }
}

package extension IndexLocation {
    /// "process 1234" (from writer.pid), or "another process".
    func lockHolder() -> String {
        guard let bytes = try? Files.read(pidPath),
              let pid = Int(String(decoding: bytes, as: UTF8.self).split(separator: "\n").first ?? "") else {
            return "another process"
        }
        var name = ""
        if let comm = try? Files.read("/proc/\(pid)/comm") {
            name = " (" + String(decoding: comm, as: UTF8.self).split(separator: "\n").first.map(String.init)! + ")"
        }
        return "process \(pid)\(name)"
    }
}
