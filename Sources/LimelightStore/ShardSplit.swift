import Xapian
import LimelightSupport

/// A sharded directory made from one index (for tests and benchmarks, until
/// `rebuild --shards N` writes one from the stored records), as the sharded
/// writer lays it out: every document kept in the shard `ShardLayout` routes its item to
/// (an app's intents, App Shortcuts and registrations with the app), the
/// others deleted, and each shard's hot lists keeping the items it holds —
/// whose merge is then exactly the one index's lists.
package enum ShardSplit {
    static func shardKey(_ key: ItemKey) -> ItemKey {
        let parts = key.rawValue.split(separator: "/", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count >= 2, ["intent", "shortcut", "relevance"].contains(parts[0]) else { return key }
        return .app(String(parts[1]))
    }

    package static func split(_ single: IndexLocation, into path: String, count: Int) throws {
        // (Errors of every layer below: a tool's, not a user's, so untyped.)
        let layout = ShardLayout(path: path, count: count)
        guard let gen = try single.currentGeneration() else { throw StoreError.missing("no index at \(single.path) to split") }
        let set = ShardIdentity.newSet()
        for k in 0..<count {
            let shard = layout.shard(k)
            try Files.makeDirectories(shard.path)
            // A copy of the one index (document ids kept), then thinned.
            try Database(path: single.generationPath(gen)).compact(to: shard.generationPath(1), renumber: false)
            let db = try WritableDatabase(path: shard.generationPath(1), mode: .open)
            var owned = Set<ItemKey>()
            for id in try db.postings("") {
                let terms = try db.document(id).terms().map(\.term)
                guard let q = terms.first(where: { $0.hasPrefix(Schema.unique) }) else { continue }
                let key = ItemKey(rawValue: String(q.dropFirst(Schema.unique.count)))
                if ShardLayout.shard(for: shardKey(key).rawValue, count: count) == k { owned.insert(key) } else { try db.delete(id) }
            }
            for name in try db.metadataKeys(prefix: HotLists.prefix) {
                let kept = HotLists.decode(try db.metadata(name)).filter { owned.contains($0.key) }
                try db.setMetadata(name, HotLists.encode(kept))
            }
            try db.setMetadata(Schema.shardIdentityKey, ShardIdentity(shard: k, of: count, set: set).text)
            try db.commit()
            try db.close()
            try shard.publish(generation: 1)
        }
        try layout.publish()
    }
}

