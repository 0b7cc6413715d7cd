import Xapian
import LimelightSupport

/// One open reader of an index directory: the database, the generation it
/// opened and the reader lock held on it (see `openTrackedReader`).
package struct TrackedReader {
    package let location: IndexLocation
    package let db: Database
    package let generation: Int
    package let lock: Int32

    package init(location: IndexLocation, db: Database, generation: Int, lock: Int32) {
        self.location = location
        self.db = db
        self.generation = generation
        self.lock = lock
    }
}

extension IndexLocation {
    /// The shards this directory holds (`ShardLayout`), or nil for an
    /// ordinary index.
    package func shardLayout() throws(StoreError) -> ShardLayout? { try ShardLayout.read(at: path) }

    /// Readers of every shard of a sharded directory, each on its current
    /// generation with its reader lock as an ordinary index has; for an
    /// ordinary index, its one reader.
    package func openShardReaders() throws(StoreError) -> [TrackedReader] { try openShardReadersAndMarker().readers }

    /// `openShardReaders`, and the identity of the marker they were opened
    /// under (`ShardLayout.markerIdentity`, nil for an ordinary index). A
    /// re-shard swaps the shards' stubs and then renames a new marker in (or
    /// removes it, un-sharding): if the marker is not the same one after the
    /// shards were opened as before, they may be of two layouts, so they are
    /// opened again. A long-lived reader compares the identity before each
    /// answer to see a new layout.
    package func openShardReadersAndMarker() throws(StoreError) -> (readers: [TrackedReader], marker: [UInt64]?) {
        for _ in 0..<10 {
            let before = ShardLayout.markerIdentity(at: path)
            let readers = try openReadersOfLayout()
            if ShardLayout.markerIdentity(at: path) == before { return (readers, before) }
            for r in readers { ReaderLocks.release(r.lock) }
        }
        throw StoreError.unstable("the shards at \(path) kept changing layout while opening; try again")
    }

    private func openReadersOfLayout() throws(StoreError) -> [TrackedReader] {
        guard let layout = try shardLayout() else {
            let r = try openTrackedReader()
            return [TrackedReader(location: self, db: r.db, generation: r.generation, lock: r.lock)]
        }
        var out: [TrackedReader] = []
        for shard in layout.shards {
            do {
                let r = try shard.openTrackedReader()
                out.append(TrackedReader(location: shard, db: r.db, generation: r.generation, lock: r.lock))
            } catch {
                for r in out { ReaderLocks.release(r.lock) }
                throw error
            }
        }
        return out
    }
}
