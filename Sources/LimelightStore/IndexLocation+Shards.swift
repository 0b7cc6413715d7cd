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
    package func openShardReaders() throws(StoreError) -> [TrackedReader] {
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
