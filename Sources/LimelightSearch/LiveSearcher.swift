import Xapian
import LimelightSupport
import LimelightStore

/// A searcher for a process that stays open (`search --stdin`, a service):
/// before each answer it looks at the stub, which costs one small read. A new
/// generation (rebuild, compact, a delete's rewrite) means a new reader on it,
/// and the lock on the old one is released so it can be removed; otherwise
/// Xapian's `reopen()` picks up new commits (it only reads the version file
/// when nothing changed).
///
/// Not thread safe, like `Searcher`.
public final class LiveSearcher {
    public let location: IndexLocation
    private var generation: Int
    private var lock: Int32
    public private(set) var searcher: Searcher
    /// Reads records by identity from the same database as `searcher`
    /// (up to date after `current()`).
    public private(set) var lookup: Lookup
    /// Counts the changes seen (a new generation, or new commits): what a
    /// caller derived from earlier answers holds while this stays the same.
    public private(set) var version = 0

    public init(location: IndexLocation) throws(SearchError) {
        self.location = location
        let opened: (db: Database, generation: Int, lock: Int32)
        do { opened = try location.openTrackedReader() } catch { throw .store(error) }
        (generation, lock) = (opened.generation, opened.lock)
        do { searcher = try Searcher(database: opened.db, path: location.path) } catch { throw SearchError(error, path: location.path) }
        searcher.journal = location  // donations not yet folded in count, as in Searcher(location:)
        lookup = Lookup(database: opened.db, location: location)
    }

    /// The searcher, up to date with the index as it is now.
    public func current() throws(SearchError) -> Searcher {
        let now: Int?
        do { now = try location.currentGeneration() } catch { throw .store(error) }
        if let now, now != generation {
            let opened: (db: Database, generation: Int, lock: Int32)
            do { opened = try location.openTrackedReader() } catch { throw .store(error) }
            do { searcher = try Searcher(database: opened.db, path: location.path) } catch { throw SearchError(error, path: location.path) }
        searcher.journal = location  // donations not yet folded in count, as in Searcher(location:)
            lookup = Lookup(database: opened.db, location: location)
            ReaderLocks.release(lock)
            (generation, lock) = (opened.generation, opened.lock)
            version += 1
        } else if searcher.refresh() {
            version += 1
        }
        return searcher
    }
}
