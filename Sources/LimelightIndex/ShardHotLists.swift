import Xapian
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

    func save(_ store: ShardStore) throws(XapianError) {
        for (k, list) in lists.enumerated() { try list.save(store.shards[k]) }
    }

    static func prune(_ store: ShardStore) throws(XapianError) {
        for db in store.shards { try HotLists.prune(db) }
    }

    static func rebuildUsage(_ store: ShardStore) throws(XapianError) {
        for db in store.shards { try HotLists.rebuildUsage(db) }
    }
}
