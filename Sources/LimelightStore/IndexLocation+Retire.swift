#if canImport(Glibc)
import Glibc
#endif
import LimelightSupport

extension IndexLocation {
    /// Takes an index out of service once a re-shard has replaced it (an
    /// ordinary index that became a sharded one, or a shard beyond the new
    /// count): its stub goes first, so no new reader opens it, then every
    /// generation no reader holds. One a reader still holds stays until a
    /// later writer of the sharded index calls this again (see
    /// `ShardLayout`): the reader keeps its complete old view until it closes.
    /// Call only while holding the write lock of the index that replaced it.
    package func retire() {
        unlink(stubPath)
        unlink(pidPath)
        removeOldGenerations(below: Int.max)
    }

    /// Whether `retire` left anything behind (a stub, or a generation).
    package var hasRetiredLeftovers: Bool {
        Files.list(path).contains { $0 == "current" || Self.generationNumber($0) != nil }
    }

    /// Retires the shard directories a re-shard to `count` shards dropped
    /// (`shard-K`, K ≥ count; 0: un-sharded, every one), and removes each
    /// directory once only Limelight's own lock files are left in it. One a
    /// reader still holds stays, retired, for a later writer (the next
    /// writer of the index calls this again). Call only holding the write
    /// lock of the index that replaced them.
    package func retireShards(from count: Int) {
        for name in Files.list(path) {
            guard name.hasPrefix("shard-"), let k = Int(name.dropFirst(6)), name == "shard-\(k)",
                  k >= count, k < ShardLayout.maxCount else { continue }
            let shard = ShardLayout(path: path, count: k + 1).shard(k)
            shard.retire()
            if Files.list(shard.path).allSatisfy(Self.isOwnFile) { Files.removeTree(shard.path) }
        }
    }
}
