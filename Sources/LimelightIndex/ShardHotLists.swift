import Xapian
import LimelightSupport
import LimelightRanking
import LimelightStore

/// The hot lists of every shard of a store (`HotLists`, kept in each shard's
/// own metadata about its own items, by item key): an item offered goes to
/// the lists of the shard that holds it, and readers merge every shard's.
struct ShardHotLists {
    var lists: [HotLists]
    /// Per shard, the static lists a deleted hit was withdrawn from while
    /// they were full: made again from the shard's hits before saving.
    private var toRefill: [Int: Set<String>] = [:]

    init(count: Int) { lists = Array(repeating: HotLists(), count: count) }

    mutating func offer(_ store: ShardStore, _ name: String, key: ItemKey, score: Double) throws(XapianError) {
        let k = store.home(of: key)
        try lists[k].offer(store.shards[k], name, key: key, score: score)
    }

    mutating func offer(_ store: ShardStore, usage stats: UsageStats, key: ItemKey) throws(XapianError) {
        let k = store.home(of: key)
        try lists[k].offer(store.shards[k], usage: stats, key: key)
    }

    mutating func offerPrefixes(_ store: ShardStore, card: HitCard) throws(XapianError) {
        let k = store.home(of: card.itemKey)
        try lists[k].offerPrefixes(store.shards[k], card: card)
    }

    /// Takes a hit about to be deleted out of the static lists it is in.
    mutating func withdraw(_ store: ShardStore, card: HitCard) throws(XapianError) {
        let k = store.home(of: card.itemKey)
        let full = try lists[k].withdraw(store.shards[k], card: card)
        if !full.isEmpty { toRefill[k, default: []].formUnion(full) }
    }

    /// Fills the slots withdrawn hits left in full lists (once the batch's
    /// hits are all written: the next best may be one of them).
    mutating func refillWithdrawn(_ store: ShardStore) throws(XapianError) {
        for (k, names) in toRefill.sorted(by: { $0.key < $1.key }) { try lists[k].refill(store.shards[k], names) }
        toRefill = [:]
    }

    /// List `name` of every shard as this batch has it, merged best first
    /// (as `HotLists.merged` reads them).
    mutating func merged(_ store: ShardStore, _ name: String) throws(XapianError) -> [HotLists.Entry] {
        if lists.count == 1 { return try lists[0].entries(store.shards[0], name) }
        var all: [HotLists.Entry] = []
        for k in lists.indices { all += try lists[k].entries(store.shards[k], name) }
        return Array(all.sorted(by: HotLists.better).prefix(HotLists.size))
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
        try ContextModelStore.rebuildTotals(store.shards)
    }
}
