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

    /// The shards an ordinary index was un-sharded from (`rebuild --shards 1`),
    /// retired; a shard's directory goes once only Limelight's own lock files
    /// are left in it (a generation a reader holds stays, for a later writer).
    /// Call only on an ordinary index (no marker), holding its write lock.
    package func removeRetiredShards() {
        for k in 0..<ShardLayout.maxCount {
            let shard = ShardLayout(path: path, count: k + 1).shard(k)
            guard Files.exists(shard.path) else { break }
            shard.retire()
            if Files.list(shard.path).allSatisfy(Self.isOwnFile) { Files.removeTree(shard.path) }
        }
    }
}
