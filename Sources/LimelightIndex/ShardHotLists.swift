import Xapian
import LimelightSupport
import LimelightRanking
import LimelightStore

/// The hot lists of every shard of a store (`HotLists`, kept in each shard's
/// own metadata about its own documents): offered an item by its global id,
/// the list of the shard that holds it takes it by its local id.
struct ShardHotLists {
    var lists: [HotLists]

    init(count: Int) { lists = Array(repeating: HotLists(), count: count) }

    mutating func offer(_ store: ShardStore, _ name: String, id: UInt32, score: Double) throws(XapianError) {
        let (k, l) = store.local(id)
        try lists[k].offer(store.shards[k], name, id: l, score: score)
    }

    mutating func offer(_ store: ShardStore, usage stats: UsageStats, id: UInt32) throws(XapianError) {
        let (k, l) = store.local(id)
        try lists[k].offer(store.shards[k], usage: stats, id: l)
    }

    mutating func offerPrefixes(_ store: ShardStore, card: HitCard, id: UInt32) throws(XapianError) {
        let (k, l) = store.local(id)
        try lists[k].offerPrefixes(store.shards[k], card: card, id: l)
    }

    /// Each shard's lists into its own metadata, in parallel.
    func save(_ store: ShardStore) throws(XapianError) {
        var failures = [XapianError?](repeating: nil, count: lists.count)
        failures.withUnsafeMutableBufferPointer { out in
            Parallel.forEach(lists.count) { k in
                do throws(XapianError) { try lists[k].save(store.shards[k]) } catch { out[k] = error }
            }
        }
        if let e = failures.compactMap({ $0 }).first { throw e }
    }

    static func prune(_ store: ShardStore) throws(XapianError) {
        for db in store.shards { try HotLists.prune(db) }
    }

    static func rebuildUsage(_ store: ShardStore) throws(XapianError) {
        for db in store.shards { try HotLists.rebuildUsage(db) }
    }
}
