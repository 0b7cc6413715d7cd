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
/// Not thread safe: use it from one thread.
public final class IndexWriter {
    public let location: IndexLocation
    let db: WritableDatabase
    let generation: Int
    let builder: DocumentBuilder

    init(location: IndexLocation, db: WritableDatabase, generation: Int) throws(XapianError) {
        self.location = location
        self.db = db
        self.generation = generation
        builder = try DocumentBuilder()
    }

    /// Opens (creating if needed) the index for writing.
    /// - Parameter onWait: called once if the lock is not free at once, with a
    ///   message naming the process that holds it.
    /// How long a writer waits for the lock: `$LIMELIGHT_LOCK_TIMEOUT` seconds, else 10.
    public static func open(_ location: IndexLocation, lockTimeout: Double? = nil,
                            allowOlderSchema: Bool = false,
                            onWait: (String) -> Void = { _ in }) throws(IndexError) -> IndexWriter {
        let lockTimeout = try lockTimeoutFromEnvironment(overriddenBy: lockTimeout)
        do throws(StoreError) { try location.checkUsable() } catch { throw .store(error) }
        try location.checkWritable()
        do { try Files.makeDirectories(location.path) } catch { throw IndexError.notWritable(error.description) }
        let start = Timestamp.now().seconds
        var warned = false
        while true {
            let gen: Int
            do throws(StoreError) { gen = try location.currentGeneration() ?? 1 } catch { throw .store(error) }
            do {
                let db = try WritableDatabase(path: location.generationPath(gen), mode: .createOrOpen)
                // A rebuild may have published a newer generation while we waited.
                if let now = try location.currentGeneration(), now != gen { continue }
                if try location.currentGeneration() == nil {
                    try db.setMetadata(Schema.versionKey, String(Schema.version))
                    try db.commit()
                    try location.publish(generation: gen)
                }
                if !allowOlderSchema { try IndexLocation.checkSchema(db, path: location.path) }
                let pid = Array("\(getpid())\n".utf8)
                try? Files.writeAtomically(location.pidPath, pid)
                location.removeUnusedGenerations(current: gen)
                location.removeStaleTempFiles()
                let writer = try IndexWriter(location: location, db: db, generation: gen)
                if !allowOlderSchema { try writer.foldJournal(onWarning: onWait) }
                return writer
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
        // Only into the live generation: a rebuild's or compaction's old one
        // is about to go, and its new one is not published yet.
        if (try? location.currentGeneration()) == generation { try? foldJournal() }
        unlink(location.pidPath)
        try? db.close()
    }

    deinit { try? db.close() }

    public var documentCount: Int { (try? db.documentCount) ?? 0 }

    // MARK: - Batches

    public struct Summary: Sendable {
        public var counts: [RecordKind: Int] = [:]
        public var donationIDs: [String] = []
        /// Interactions left out by the history policy (paused, excluded app, past retention).
        public var notRecorded = 0
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
            func writeRun() throws { for place in run.take() { try step(try source.record(at: place)) } }
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
            if let clientState { try db.setMetadata(Schema.clientStateKey, clientState) }
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
    private static func write(_ item: LocatedRecord, into session: inout BatchSession, count n: inout Int,
                              _ shouldCancel: () -> Bool) throws {
        n += 1
        if n % 1024 == 0, shouldCancel() { throw IndexError.cancelled("cancelled; nothing was written") }
        do { try session.apply(item.record, at: item.location) } catch let e as RecordError {
            throw IndexError.rejected(["\(item.location): \(e.message)"])
        }
    }

    /// Interactions are stored and credited this many at a time: each chunk
    /// rewrites the documents of the entities it credits. 300,000 synthetic
    /// interactions on 200,000 entities: 10,000 a chunk took 35.4 s (peak
    /// 232 MiB), 50,000 31.1 s (294 MiB), all at once 28.4 s (668 MiB).
    static let interactionChunk = 50_000

    /// Runs `body` in one Xapian transaction: all of it commits, or none.
    func inTransaction<T>(_ body: (inout BatchSession) throws -> T) throws(IndexError) -> T {
        do {
            var session = try BatchSession(db: db, builder: builder)
            session.policy = HistoryPolicy.load(location)
            try db.beginTransaction(flushed: true)
            do {
                let result = try body(&session)
                // The retention limit, on every write.
                if let cutoff = session.policy.retentionCutoff() { _ = try session.forget(.timeRange(from: nil, to: cutoff)) }
                try db.commitTransaction()
                return result
            } catch {
                try? db.cancelTransaction()
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
        let s = (try? db.metadataString(Schema.clientStateKey)) ?? ""
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
