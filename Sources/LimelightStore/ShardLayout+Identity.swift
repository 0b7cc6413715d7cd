#if canImport(Glibc)
import Glibc
#endif

extension ShardLayout {
    /// Which marker file is there (device, inode and modification time), nil
    /// if none. Every rebuild writes a new marker (by rename) after swapping
    /// the shards' stubs, so a reader that finds the same identity before and
    /// after it opened the shards opened one layout's shards, not a mix of two
    /// (see `Maintenance.swapIn`); if it changed, it opens them again. (The
    /// time tells a marker from a later one that reuses a freed inode.)
    package static func markerIdentity(at path: String) -> [UInt64]? {
        var st = stat()
        guard stat(ShardLayout(path: path, count: 0).markerPath, &st) == 0 else { return nil }
        return [UInt64(st.st_dev), UInt64(st.st_ino), UInt64(bitPattern: Int64(st.st_mtim.tv_sec)), UInt64(st.st_mtim.tv_nsec)]
    }
}

import Xapian

extension ShardLayout {
    /// The shard that has committed the fewest batches (the first of them):
    /// what it holds, every shard holds, so the client state to resume from
    /// is its. Ordinary indexes have one shard.
    package static func settledShard(_ shards: [Database]) -> Int {
        guard shards.count > 1 else { return 0 }
        let counts = shards.map { Int((try? $0.metadataString(Schema.batchCountKey)) ?? "") ?? 0 }
        return counts.indices.min { counts[$0] < counts[$1] } ?? 0
    }
}
