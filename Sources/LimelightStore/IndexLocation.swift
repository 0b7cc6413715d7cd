#if canImport(Glibc)
import Glibc
#endif
import Xapian
import LimelightSupport
import LimelightModel
import LimelightText
import LimelightRanking

/// Where an index lives, and its on-disk layout:
///
///     DIR/current     a Xapian stub file naming the live generation ("glass gen-3")
///     DIR/gen-N/      one glass database per generation
///     DIR/writer.pid  the process that holds the write lock (for error messages)
///
/// Readers open `current`; `rebuild` writes a new generation and renames a new
/// stub over `current`, so a reader sees the old index or the new, never a mix.
public struct IndexLocation: Sendable {
    public let path: String

    public init(path: String) {
        var p = path
        while p.count > 1, p.hasSuffix("/") { p.removeLast() }
        self.path = p
    }

    var stubPath: String { path + "/current" }
    package var pidPath: String { path + "/writer.pid" }
    /// Written before a removal that a rebuild must scrub from the files
    /// (`forget`, `delete`), removed once one has (`Maintenance.rebuild`,
    /// `compact`): a removal whose rebuild was interrupted is scrubbed by
    /// the next, though it removes nothing.
    var scrubPendingPath: String { path + "/scrub.pending" }
    package var scrubIsPending: Bool { Files.exists(scrubPendingPath) }
    package func markScrubPending() throws(StoreError) {
        do { try Files.writeAtomically(scrubPendingPath, Array("forget or delete\n".utf8)) } catch {
            throw StoreError.io(error.description)
        }
    }
    package func scrubDone() { unlink(scrubPendingPath) }

    /// What reading or maintaining an index that is not here says.
    package var noIndex: StoreError { .missing("no index at \(path): index some records first (limelight index FILE…)") }

    /// Whether an index is here: a stub naming a generation, or a sharded
    /// index's marker.
    package func holdsAnIndex() throws(StoreError) -> Bool {
        if try currentGeneration() != nil { return true }
        return try ShardLayout.read(at: path) != nil
    }

    package func generationPath(_ n: Int) -> String { path + "/gen-\(n)" }

    /// The generation number the stub names, or nil if there is no index yet.
    package func currentGeneration() throws(StoreError) -> Int? {
        guard Files.exists(stubPath) else { return nil }
        let text: String
        do { text = String(decoding: try Files.read(stubPath), as: UTF8.self) } catch {
            throw StoreError.io(error.description)
        }
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: " ")
            if parts.count == 2, parts[0] == "glass", let n = Self.generationNumber(String(parts[1])) {
                return n
            }
        }
        throw StoreError.notAnIndex("\(stubPath) is not a Limelight index stub; move it away or pass another --index")
    }

    /// Points `current` at generation n, atomically.
    package func publish(generation n: Int) throws(StoreError) {
        do { try Files.writeAtomically(stubPath, Array("glass gen-\(n)\n".utf8)) } catch {
            throw StoreError.io(error.description)
        }
    }

    /// Checks that the path can hold an index before anything is created there
    /// (see `inspect`).
    package func checkUsable() throws(StoreError) { _ = try inspect() }

    /// What to say when this is a shard its sharded index's marker names
    /// (`DIR/shard-K`, `DIR/shards` present) and it holds no index: a
    /// shard lost (a restore that left it out, a mount missing). Nil
    /// otherwise. "Index some records first" was no advice for it, and a
    /// write made it anew, empty: the index answered from the others' items
    /// alone from then on. (Worked out from the path, reading the marker,
    /// only once opening failed: not for every reader.)
    var missingShard: String? {
        guard let slash = path.lastIndex(of: "/"), case let name = path[path.index(after: slash)...],
              name.hasPrefix("shard-"), let k = Int(name.dropFirst(6)), name == "shard-\(k)",
              let layout = try? ShardLayout.read(at: String(path[..<slash])), k < layout.count else { return nil }
        return layout.missing(k)
    }

    func readersLockPath(_ n: Int) -> String { path + "/gen-\(n).readers" }

    /// Opens the live generation read-only. The reader holds a shared lock on
    /// its generation for the life of the process, so that `rebuild` and
    /// `compact` remove an old generation only once no reader has it open.
    package func openReader() throws(StoreError) -> Database { try openTrackedReader().db }

    /// `openReader`, saying which generation it opened and the descriptor of
    /// the reader lock held on it (for a reader that follows the index).
    package func openTrackedReader() throws(StoreError) -> OpenedReader {
        if let replica = try openReplicaReader() { return replica }
        try checkUsable()
        for _ in 0..<10 {
            guard let gen = try currentGeneration() else {
                if let shard = missingShard { throw StoreError.missing(shard) }
                throw noIndex
            }
            let fd = open(readersLockPath(gen), O_RDONLY | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
            if fd >= 0 { flock(fd, LOCK_SH) }
            // The generation may have been replaced before we locked it.
            if try currentGeneration() != gen {
                if fd >= 0 { close(fd) }
                continue
            }
            ReaderLocks.keep(fd)
            let directory = ReaderDirectory(generationPath(gen))
            let db = try openGeneration(gen)
            removeOldGenerations(below: gen)
            return (db, gen, fd, directory)
        }
        throw StoreError.unstable("the index at \(path) kept changing generation while opening; try again")
    }

    /// Opens generation `gen` read-only, as `openTrackedReader` opens the
    /// live one, whatever `current` names: a shard that a pending swap
    /// (`ShardSwap`) points at a generation its stub does not name yet.
    package func openTrackedReader(generation gen: Int) throws(StoreError) -> OpenedReader {
        let fd = open(readersLockPath(gen), O_RDONLY | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        if fd >= 0 { flock(fd, LOCK_SH) }
        guard Files.exists(generationPath(gen)) else {
            if fd >= 0 { close(fd) }
            throw StoreError.unstable("generation \(gen) of \(path) was removed while opening; try again")
        }
        ReaderLocks.keep(fd)
        let directory = ReaderDirectory(generationPath(gen))
        return (try openGeneration(gen), gen, fd, directory)
    }

    private func openGeneration(_ gen: Int) throws(StoreError) -> Database {
        let db = try withXapian(at: path) { () throws(XapianError) in try Database(path: generationPath(gen)) }
        try Self.checkSchema(db, path: path)
        return db
    }

    /// Removes generations other than `current`: newer ones (left by a rebuild
    /// that was killed) at once, older ones once no reader holds them.
    /// Call only while holding the write lock.
    /// (Not the newer ones while a shard swap is pending: they are the layout
    /// the next writer finishes it with, see `ShardSwap`.)
    package func removeUnusedGenerations(current: Int) {
        let keepNewer = ShardSwap.isPending(at: path)
        for name in Files.list(path) {
            guard let n = Self.generationNumber(name), n != current, isOwnGeneration(n) else { continue }
            if n > current, !keepNewer { Files.removeTree(generationPath(n)) }
        }
        removeOldGenerations(below: current)
    }

    /// - Parameter allowOlder: an older schema is no error (`rebuild`
    ///   upgrades it); a newer one always is, or an old limelight would
    ///   rewrite what a newer one stored without knowing it.
    package static func checkSchema(_ db: Database, path: String, allowOlder: Bool = false) throws(StoreError) {
        let found = try withXapian(at: path) { () throws(XapianError) in try db.metadataString(Schema.versionKey) }
        if found.isEmpty, (try? db.documentCount) == 0 { return }
        guard let v = Int(found) else {
            throw StoreError.notAnIndex("\(path) is a Xapian database but not a Limelight index (no schema version)")
        }
        if v < Schema.version, !allowOlder {
            throw StoreError.schemaMismatch("the index at \(path) uses schema \(v); this limelight uses schema \(Schema.version). Run `limelight rebuild` to upgrade it")
        }
        if v > Schema.version {
            throw StoreError.schemaMismatch("the index at \(path) uses schema \(v), newer than this limelight (\(Schema.version)); upgrade limelight")
        }
    }
}

/// Shared locks readers hold on their generation until the process exits.
package enum ReaderLocks {
    nonisolated(unsafe) private static var fds: [Int32] = []
    private static let lock = PthreadMutex()

    static func keep(_ fd: Int32) {
        guard fd >= 0 else { return }
        lock.withLock { fds.append(fd) }
    }

    /// Drops the lock on a generation a reader has moved off.
    package static func release(_ fd: Int32) {
        guard fd >= 0 else { return }
        lock.withLock { fds.removeAll { $0 == fd } }
        close(fd)
    }
}

/// A tiny mutex (pthread) so ReaderLocks is safe from any thread.
package final class PthreadMutex: @unchecked Sendable {
    // @unchecked: the pthread mutex serialises every access to `m`'s state.
    private var m = pthread_mutex_t()
    init() { pthread_mutex_init(&m, nil) }
    func withLock<T>(_ body: () -> T) -> T {
        pthread_mutex_lock(&m)
        defer { pthread_mutex_unlock(&m) }
        return body()
    }
}
