import Xapian
import LimelightSupport
import LimelightModel
import LimelightStore

/// The databases one writer holds — one for an ordinary index, N for a
/// sharded one — seen as one store, so a batch applies the same way to both.
///
/// Document ids are global, interleaved as Xapian's own multi-database
/// numbering is (global = (local − 1) · N + shard + 1), so the combined
/// database's search results and these ids agree; with one shard, global and
/// local ids are the same. A new item goes to its home shard
/// (`ShardLayout.home(of:)`); an id says which shard it is in.
///
/// Not thread safe: one thread, like the databases it holds.
package final class ShardStore {
    package let shards: [WritableDatabase]
    var count: Int { shards.count }
    /// The shards as one database, for searches (built on first use).
    private var combinedDatabase: Database?

    package init(_ shards: [WritableDatabase]) {
        precondition(!shards.isEmpty, "a store has at least one shard")
        self.shards = shards
    }

    func home(of key: ItemKey) -> Int {
        count == 1 ? 0 : ShardLayout.shard(for: key.shardKey.rawValue, count: count)
    }

    func global(_ local: UInt32, shard k: Int) -> UInt32 { (local - 1) * UInt32(count) + UInt32(k) + 1 }

    func local(_ id: UInt32) -> (shard: Int, id: UInt32) {
        (Int((id - 1) % UInt32(count)), (id - 1) / UInt32(count) + 1)
    }

    /// Every shard, as one database to search (an `Enquire`'s ids are global ids).
    var combined: Database {
        get throws(XapianError) {
            if count == 1 { return shards[0] }
            if let combinedDatabase { return combinedDatabase }
            let db = try Database.combined(shards)
            combinedDatabase = db
            return db
        }
    }

    // MARK: Reading

    /// Global ids of the documents with `term`, ascending.
    func postings(_ term: String) throws(XapianError) -> [UInt32] {
        if count == 1 { return try shards[0].postings(term) }
        var out: [UInt32] = []
        for (k, db) in shards.enumerated() { out += try db.postings(term).map { global($0, shard: k) } }
        return out.sorted()
    }

    func termFrequency(_ term: String) throws(XapianError) -> Int {
        var n = 0
        for db in shards { n += try db.termFrequency(term) }
        return n
    }

    func document(_ id: UInt32) throws(XapianError) -> Document {
        let (k, l) = local(id)
        return try shards[k].document(l)
    }

    var documentCount: Int {
        get throws(XapianError) {
            var n = 0
            for db in shards { n += try db.documentCount }
            return n
        }
    }

    func documentID(of key: ItemKey) throws(XapianError) -> UInt32? {
        let k = home(of: key)
        return try shards[k].documentID(of: key).map { global($0, shard: k) }
    }

    func contains(_ key: ItemKey) throws(XapianError) -> Bool { try documentID(of: key) != nil }

    /// How many stored records were read and decoded (what a write costs
    /// grows with it; tests check that a re-sync reads only what it must).
    private(set) var recordsRead = 0

    func storedRecord(_ key: ItemKey) throws(XapianError) -> Record? {
        let k = home(of: key)
        recordsRead += 1
        return try shards[k].storedRecord(key)
    }

    func storedRecord(at id: UInt32) throws(XapianError) -> Record? {
        let (k, l) = local(id)
        recordsRead += 1
        return try shards[k].storedRecord(at: l)
    }

    /// Stored records of one kind and app (not derived documents), in id
    /// order; an app's own records are all in its shard, so for them that is
    /// the order they were written in.
    func storedRecords(kind: RecordKind, app: String) throws(XapianError) -> [(UInt32, Record)] {
        var out: [(UInt32, Record)] = []
        for (k, db) in shards.enumerated() {
            out += try db.storedRecords(kind: kind, app: app).map { (global($0.0, shard: k), $0.1) }
        }
        return count == 1 ? out : out.sorted { $0.0 < $1.0 }
    }

    /// Metadata every shard holds alike (schema version, property schema,
    /// client state), read from the settled shard: what it says, every shard
    /// has (see `ShardLayout.settledShard`).
    func metadataString(_ key: String) throws(XapianError) -> String {
        try shards[ShardLayout.settledShard(shards)].metadataString(key)
    }

    // MARK: Writing

    /// Upserts the item's document in its home shard; returns its global id.
    @discardableResult
    func replace(key: ItemKey, with doc: Document) throws(XapianError) -> UInt32 {
        let k = home(of: key)
        return global(try shards[k].replace(uniqueTerm: key.uniqueTerm, with: doc), shard: k)
    }

    func replace(_ id: UInt32, with doc: Document) throws(XapianError) {
        let (k, l) = local(id)
        try shards[k].replace(l, with: doc)
    }

    func delete(_ id: UInt32) throws(XapianError) {
        let (k, l) = local(id)
        try shards[k].delete(l)
    }

    func delete(key: ItemKey) throws(XapianError) { try shards[home(of: key)].delete(term: key.uniqueTerm) }

    /// Sets metadata every shard holds alike.
    func setMetadataEverywhere(_ key: String, _ value: String) throws(XapianError) {
        for db in shards { try db.setMetadata(key, value) }
    }

    // MARK: Transactions

    /// Begins a transaction in every shard; on a sharded index, counts the
    /// batch in each (see `Schema.batchCountKey`).
    func beginTransaction() throws(XapianError) {
        for db in shards { try db.beginTransaction(flushed: true) }
        guard count > 1 else { return }
        var done = 0
        for db in shards { done = max(done, Int(try db.metadataString(Schema.batchCountKey)) ?? 0) }
        try setMetadataEverywhere(Schema.batchCountKey, String(done + 1))
        try markShards()
    }

    /// Writes each shard's place in the set (`ShardIdentity`), for servers
    /// that serve them one by one: the set's id as shard 0 has it, or a new
    /// one for new shards (a rebuild's).
    func markShards() throws(XapianError) {
        guard count > 1 else { return }
        let set = ShardIdentity(try shards[0].metadataString(Schema.shardIdentityKey))?.set ?? ShardIdentity.newSet()
        for (k, db) in shards.enumerated() {
            let identity = ShardIdentity(shard: k, of: count, set: set).text
            if try db.metadataString(Schema.shardIdentityKey) != identity { try db.setMetadata(Schema.shardIdentityKey, identity) }
        }
    }

    /// Commits every shard's transaction: all but the last in parallel, then
    /// the last, so that what the last shard holds (the client state, a
    /// batch's count) is in every shard (they all committed in parallel: a
    /// kill in the commit left the last shard's batch without the others').
    func commitTransaction() throws(XapianError) {
        try eachInParallel(shards.dropLast()) { db throws(XapianError) in try db.commitTransaction() }
        try shards[shards.count - 1].commitTransaction()
    }

    func cancelTransaction() {
        for db in shards { try? db.cancelTransaction() }
    }

    /// Commits outside a transaction (a generation no reader sees yet), in parallel.
    func commit() throws(XapianError) {
        try eachInParallel(shards[...]) { db throws(XapianError) in try db.commit() }
    }

    private func eachInParallel(_ dbs: ArraySlice<WritableDatabase>,
                                _ body: (WritableDatabase) throws(XapianError) -> Void) throws(XapianError) {
        let list = Array(dbs)
        var errors = [XapianError?](repeating: nil, count: list.count)
        errors.withUnsafeMutableBufferPointer { out in
            Parallel.forEach(list.count) { k in
                do throws(XapianError) { try body(list[k]) } catch { out[k] = error }
            }
        }
        if let e = errors.compactMap({ $0 }).first { throw e }
    }

    func close() {
        for db in shards { try? db.close() }
    }
}
