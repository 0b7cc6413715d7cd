import Xapian
import LimelightSupport
import LimelightStore

/// A searcher for a process that stays open (`search --stdin`, a service):
/// before each answer it looks at the stub, which costs one small read, and
/// at the generation's directory, one stat (each per shard of a sharded
/// directory). A new generation (rebuild, compact, a delete's rewrite), or a
/// new directory under the same name (`rm -rf` of the index and a new one
/// made at the same generation and revision, which Xapian's `reopen()`
/// cannot tell from the old one, whose unlinked files the reader still
/// holds), means a new reader on it, and the lock on the old one is
/// released so it can be removed; otherwise Xapian's `reopen()` picks up new
/// commits (it only reads the version file when nothing changed). Remote
/// shards are reopened, and connected again when that fails (see `Searcher`).
///
/// Not thread safe, like `Searcher`.
public final class LiveSearcher {
    public let location: IndexLocation
    private var readers: [TrackedReader]
    public private(set) var searcher: Searcher
    /// Reads records by identity from the same database as `searcher`
    /// (up to date after `current()`).
    public private(set) var lookup: Lookup
    /// Counts the changes seen (a new generation, or new commits): what a
    /// caller derived from earlier answers holds while this stays the same.
    public private(set) var version = 0

    public init(location: IndexLocation) throws(SearchError) {
        self.location = location
        do { (readers, marker) = try location.openShardReadersAndMarker() } catch { throw .store(error) }
        do { searcher = try Searcher(shards: readers.map(\.db), path: location.path) } catch { throw SearchError(error, path: location.path) }
        searcher.journal = location  // donations not yet folded in count, as in Searcher(location:)
        lookup = try Lookup(shards: readers.map(\.db), location: location)
    }

    /// A live searcher over shards served by `xapian-tcpsrv`.
    public init(remote: RemoteShards) throws(SearchError) {
        location = IndexLocation(path: remote.description)
        readers = []
        searcher = try Searcher(remote: remote)
        lookup = try Lookup(shards: searcher.shards, location: location)
        connected = Timestamp.now()
    }

    /// The shard marker the readers were opened under: a re-shard (or
    /// un-shard) replaces it, and then every shard is opened again.
    private var marker: [UInt64]?

    /// When the remote shards were last connected to.
    private var connected = Timestamp(seconds: 0)

    /// The searcher, up to date with the index as it is now.
    public func current() throws(SearchError) -> Searcher {
        guard !readers.isEmpty else {
            // A connection reads the generation that was current when it was
            // made (the server opens the stub once): connect again now and
            // then, so a rebuild shows within `RemoteShards.maxConnectionAge`.
            if Timestamp.now().seconds - connected.seconds > RemoteShards.maxConnectionAge {
                searcher.reconnectNow()
                connected = Timestamp.now()
                version += 1
            } else if searcher.refresh() {
                version += 1
            }
            lookup = try Lookup(shards: searcher.shards, location: location)
            return searcher
        }
        if ShardLayout.layoutIdentity(at: location.path) != marker {
            let old = readers
            do { (readers, marker) = try location.openShardReadersAndMarker() } catch { throw .store(error) }
            for r in old { ReaderLocks.release(r.lock) }
            return try use(readers)
        }
        do {
            var moved = false
            // A pinned reader reads a pending swap's generation, which its
            // stub names only as the swap goes on: the layout's identity
            // above sees the swap end.
            for r in readers where !r.pinned {
                if try r.location.liveGeneration() != r.generation || r.directory.replaced { moved = true }
            }
            guard moved else {
                if searcher.refresh() { version += 1 }
                return searcher
            }
            var fresh: [TrackedReader] = []
            for r in readers {
                if r.pinned { fresh.append(r); continue }
                if try r.location.liveGeneration() == r.generation, !r.directory.replaced { fresh.append(r); continue }
                fresh.append(TrackedReader(location: r.location, try r.location.openTrackedReader()))
                ReaderLocks.release(r.lock)
            }
            readers = fresh
        } catch { throw .store(error) }
        return try use(readers)
    }

    /// Searches `readers` from now on (a new generation or layout).
    private func use(_ readers: [TrackedReader]) throws(SearchError) -> Searcher {
        // Kept readers see new commits too; before `use`, which forgets what
        // the searcher read from the old databases.
        for r in readers { _ = try? r.db.reopen() }
        do { try searcher.use(readers.map(\.db)) } catch { throw SearchError(error, path: location.path) }
        lookup = try Lookup(shards: readers.map(\.db), location: location)
        version += 1
        return searcher
    }
}
