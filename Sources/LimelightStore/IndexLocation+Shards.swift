import Xapian
import LimelightSupport

/// One open reader of an index directory: the database, the generation it
/// opened and the reader lock held on it (see `openTrackedReader`).
package struct TrackedReader {
    package let location: IndexLocation
    package let db: Database
    package let generation: Int
    package let lock: Int32
    /// The directory it reads, as it was just before it was opened.
    package let directory: ReaderDirectory
    /// Opened at the generation a pending shard swap names, not the one its
    /// stub names (see `ShardSwap`): it stays until the layout changes.
    package let pinned: Bool

    package init(location: IndexLocation, _ opened: OpenedReader, pinned: Bool = false) {
        self.location = location
        db = opened.db
        generation = opened.generation
        lock = opened.lock
        directory = opened.directory
        self.pinned = pinned
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

    /// `openShardReaders`, and the identity of the layout they were opened
    /// under (`ShardLayout.layoutIdentity`, nil for an ordinary index). A
    /// re-shard writes its swap down, swaps the shards' stubs and then
    /// renames a new marker in (or removes it, un-sharding): if the identity
    /// is not the same after the shards were opened as before, they may be of
    /// two layouts, so they are opened again. A long-lived reader compares
    /// the identity before each answer to see a new layout.
    package func openShardReadersAndMarker() throws(StoreError) -> (readers: [TrackedReader], marker: [UInt64]?) {
        for _ in 0..<10 {
            let before = ShardLayout.layoutIdentity(at: path)
            let readers: [TrackedReader]
            do { readers = try openReadersOfLayout() } catch {
                // A generation removed under us: a swap finished, and maybe a rebuild after it.
                if ShardLayout.layoutIdentity(at: path) != before { continue }
                throw error
            }
            if ShardLayout.layoutIdentity(at: path) == before { return (readers, before) }
            for r in readers { ReaderLocks.release(r.lock) }
        }
        throw StoreError.unstable("the shards at \(path) kept changing layout while opening; try again")
    }

    /// The readers of the layout as it is now. While a shard swap is pending
    /// (a rebuild in its swap, or one killed there that no writer has
    /// finished yet), the stubs are of two layouts; the swap names the new
    /// one whole, every generation of it complete, so it is read.
    private func openReadersOfLayout() throws(StoreError) -> [TrackedReader] {
        if let swap = try ShardSwap.read(at: path) {
            return try openEach(swap.layout.shards, pinned: true) { (shard, k) throws(StoreError) in
                try shard.openTrackedReader(generation: swap.generations[k])
            }
        }
        guard let layout = try shardLayout() else {
            return [TrackedReader(location: self, try openTrackedReader())]
        }
        let readers = try openEach(layout.shards, pinned: false) { (shard, _) throws(StoreError) in try shard.openTrackedReader() }
        // Not a read replica's: xapian-replicate copies the shards one by one,
        // so after a rebuild on the master they are of two sets for a while,
        // the skew between shards a replica has (README, "Read replicas").
        if !readers.contains(where: { $0.location.isReplica }),
           let problem = try ShardIdentity.disagreement(readers.map(\.db), layout: layout) {
            for r in readers { ReaderLocks.release(r.lock) }
            throw StoreError.damaged(problem)
        }
        return readers
    }

    /// Opens every shard, or none: what was opened is released on a failure.
    private func openEach(_ shards: [IndexLocation], pinned: Bool,
                          _ open: (IndexLocation, Int) throws(StoreError) -> OpenedReader) throws(StoreError) -> [TrackedReader] {
        var out: [TrackedReader] = []
        for (k, shard) in shards.enumerated() {
            do {
                out.append(TrackedReader(location: shard, try open(shard, k), pinned: pinned))
            } catch {
                for r in out { ReaderLocks.release(r.lock) }
                throw error
            }
        }
        return out
    }
}
