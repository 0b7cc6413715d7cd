#if canImport(Glibc)
import Glibc
#endif

extension ShardLayout {
    /// Which layout files are there: the marker and a pending swap's
    /// `shards.next` (each by device, inode and modification time), nil if
    /// neither. Every rebuild writes the swap down before it moves the first
    /// shard's stub, and a new marker (by rename) after the last, so a reader
    /// that finds the same identity before and after it opened the shards
    /// opened one layout's shards, not a mix of two (see `Maintenance.swapIn`);
    /// if it changed, it opens them again. (The time tells a file from a later
    /// one that reuses a freed inode.)
    package static func layoutIdentity(at path: String) -> [UInt64]? {
        let files = [ShardLayout(path: path, count: 0).markerPath, ShardSwap.path(path)]
        var identity: [UInt64] = []
        for file in files {
            var st = stat()
            guard stat(file, &st) == 0 else { identity += [0, 0, 0, 0]; continue }
            identity += [UInt64(st.st_dev), UInt64(st.st_ino), UInt64(bitPattern: Int64(st.st_mtim.tv_sec)), UInt64(st.st_mtim.tv_nsec)]
        }
        return identity.allSatisfy { $0 == 0 } ? nil : identity
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
