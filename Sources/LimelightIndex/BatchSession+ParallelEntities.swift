import Xapian
import LimelightSupport
import LimelightModel
import LimelightRanking
import LimelightStore

extension BatchSession {
    // MARK: Entities built shard by shard, in parallel

    /// Off: every entity is written one by one on the calling thread, each to
    /// its shard — what tests compare the parallel build with.
    nonisolated(unsafe) package static var buildsShardsInParallel = true

    /// Upserts entities in the order given. On a sharded index each shard's
    /// entities are built on a thread of their own, into that shard only: an
    /// entity needs nothing from another shard while it is built, once the
    /// run's properties are registered (so every shard gives a property the
    /// same slot) and its apps' registrations are loaded. What does need every
    /// shard — the usage that stored interactions credit to a new entity — is
    /// added afterwards, here. Patches are applied one by one (a patch reads
    /// the entity it changes; the order of a run with patches is its meaning).
    mutating func upsertEntities(_ items: [LocatedRecord], builders: [DocumentBuilder], count n: inout Int,
                                 _ shouldCancel: () -> Bool) throws {
        guard Self.buildsShardsInParallel, db.count > 1, builders.count == db.count, items.count > 1,
              !items.contains(where: { $0.record.isPatch }) else {
            for item in items { try IndexWriter.write(item, into: &self, count: &n, shouldCancel) }
            return
        }
        if shouldCancel() { throw IndexError.cancelled("cancelled; nothing was written") }
        if let first = items.first(where: { $0.record.properties.count > 0 }) {
            try loadProperties(for: first.record)
            for item in items { properties.register(item.record) }
        }
        for app in Set(items.map(\.record.app)) { _ = try loadRegistrations(app) }
        var parts = [[LocatedRecord]](repeating: [], count: db.count)
        for item in items { parts[db.home(of: ItemKey(item.record))].append(item) }
        var workers: [BatchSession] = []
        for k in 0..<db.count {
            var w = try BatchSession(db: ShardStore([db.shards[k]]), builder: builders[k])
            w.properties = properties
            w.propertiesLoaded = true
            w.registrations = registrations
            // Moved, not copied: a shared copy would be copied whole on the first offer.
            swap(&w.hot.lists[0], &hot.lists[k])
            w.deferStoredUsage = true
            workers.append(w)
        }
        var failures = [(any Error)?](repeating: nil, count: db.count)
        workers.withUnsafeMutableBufferPointer { ws in
            failures.withUnsafeMutableBufferPointer { fs in
                Parallel.forEach(ws.count) { k in
                    for item in parts[k] {
                        do {
                            try ws[k].apply(item.record, at: item.location)
                        } catch let e as RecordError {
                            fs[k] = IndexError.rejected(["\(item.location): \(e.message)"])
                            return
                        } catch {
                            fs[k] = error
                            return
                        }
                    }
                }
            }
        }
        if let e = failures.compactMap({ $0 }).first { throw e }
        n += items.count
        for k in workers.indices {
            swap(&hot.lists[k], &workers[k].hot.lists[0])
            touchedApps.formUnion(workers[k].touchedApps)
            stableIDsToCheck += workers[k].stableIDsToCheck
            for (kind, c) in workers[k].summary.counts { summary.counts[kind, default: 0] += c }
        }
        try addStoredUsage(workers.flatMap(\.deferredUsage))
        if shouldCancel() { throw IndexError.cancelled("cancelled; nothing was written") }
    }

    /// New hits get the usage their stored interactions credit them (an
    /// interaction stored before its entity was indexed), from every shard.
    mutating func addStoredUsage(_ keys: [ItemKey]) throws {
        guard !keys.isEmpty, try db.termFrequency(Schema.kind + RecordKind.interaction.rawValue) > 0 else { return }
        for key in keys {
            let stats = try usageFromStoredInteractions(key)
            guard !stats.isEmpty, let id = try db.documentID(of: key) else { continue }
            var built = try BuiltDocument(stored: try db.document(id))
            try built.setUsage(stats)
            try db.replace(id, with: try built.finished())
            if let card = built.card { try hot.offerPrefixes(db, card: card) }
            try hot.offer(db, usage: stats, key: key)
        }
    }
}
