import Xapian

/// A shard's place in a sharded index, kept in each shard's metadata
/// (`Schema.shardIdentityKey`) as "K N SET": shard K of N, of the set SET,
/// an id the writer draws when it makes a set's shards (each `rebuild
/// --shards` makes a new set). Shards served one by one (`RemoteShards`)
/// are told apart by it: a `--remote` list that leaves a shard out, or
/// names shards of two sets (after a rebuild, one server still on the old
/// set), answered without a word, and wrongly.
package struct ShardIdentity: Equatable, Sendable {
    package let shard: Int
    package let count: Int
    package let set: String

    package init(shard: Int, of count: Int, set: String) {
        self.shard = shard
        self.count = count
        self.set = set
    }

    /// Nil for no identity (an ordinary index, or shards written before it
    /// was kept) or one that does not read as "K N SET".
    package init?(_ text: String) {
        let parts = text.split(separator: " ")
        guard parts.count == 3, let k = Int(parts[0]), let n = Int(parts[1]), (0..<n).contains(k) else { return nil }
        self.init(shard: k, of: n, set: String(parts[2]))
    }

    package var text: String { "\(shard) \(count) \(set)" }

    package static func newSet() -> String { String(UInt64.random(in: 1...UInt64.max), radix: 16) }

    /// Why shards served one by one are not every shard of one set, each
    /// once, with the message that says so.
    package enum Mismatch: Equatable {
        /// Shards of two sets: part of a rebuild's swap, or servers of two indexes.
        case twoSets(String)
        /// A shard left out, or one named twice.
        case other(String)
    }

    /// Why the shards of the sharded directory `layout` (opened in order as
    /// `shards`) are not its marker's whole set, each in its place (nil:
    /// they are; shards with no identity are not checked). A marker that
    /// named fewer shards than the set's was read without a word, and the
    /// next write retired the shards past it, records and all; a shard
    /// copied in from another index was read with the others (a shard audit).
    package static func disagreement(_ shards: [Database], layout: ShardLayout) throws(StoreError) -> String? {
        var first: ShardIdentity?
        for (k, db) in shards.enumerated() {
            let name = layout.shard(k).path
            let text: String
            do { text = try db.metadataString(Schema.shardIdentityKey) } catch { throw StoreError(error, path: name) }
            guard let identity = ShardIdentity(text) else { continue }
            let remedy = ShardLayout.remedy(layout)
            if identity.count != layout.count {
                return "\(layout.path)/\(ShardLayout.markerName) says \(layout.count) shard\(layout.count == 1 ? "" : "s"), but \(name) is shard \(identity.shard) of \(identity.count): \(remedy)"
            }
            if identity.shard != k {
                return "\(name) holds shard \(identity.shard) of the index, not shard \(k): \(remedy)"
            }
            if let first, first.set != identity.set {
                return "\(name) is a shard of another sharded index than the shards before it (a copy from another index, or from before a rebuild --shards): \(remedy)"
            }
            first = first ?? identity
        }
        return nil
    }

    /// What keeps the shards at `names` from being every shard of one set,
    /// each once (nil: nothing). One database with no identity is an
    /// ordinary index, served alone; beside others it is refused (every
    /// shard of the current schema has one: shards have kept it since
    /// schema 15). Two of them answered every hit twice, with exit 0 (a
    /// shard audit).
    package static func mismatch(_ shards: [Database], names: [String]) throws(StoreError) -> Mismatch? {
        var found: [(name: String, identity: ShardIdentity)] = []
        for (db, name) in zip(shards, names) {
            let text: String
            do { text = try db.metadataString(Schema.shardIdentityKey) } catch { throw StoreError(error, path: name) }
            if let identity = ShardIdentity(text) {
                found.append((name, identity))
            } else if shards.count > 1 {
                return .other("the index at \(name) is an ordinary index, not a shard of a sharded one: serve it alone, with one --remote")
            }
        }
        guard let first = found.first else { return nil }
        if let other = found.first(where: { $0.identity.set != first.identity.set }) {
            return .twoSets("the shards at \(first.name) and \(other.name) are of two different sharded indexes (or of one before and after a rebuild): serve every DIR/shard-K/current of one index, and pass a --remote for each")
        }
        for (i, a) in found.enumerated() {
            if let b = found[(i + 1)...].first(where: { $0.identity.shard == a.identity.shard }) {
                return .other("the shards at \(a.name) and \(b.name) are both shard \(a.identity.shard) of \(a.identity.count): pass a --remote for each shard once")
            }
        }
        guard shards.count == first.identity.count else {
            let have = Set(found.map(\.identity.shard))
            let missing = (0..<first.identity.count).filter { !have.contains($0) }.map(String.init).joined(separator: ", ")
            return .other("the index is \(first.identity.count) shards and \(shards.count) --remote \(shards.count == 1 ? "was" : "were") given"
                          + (missing.isEmpty ? "" : " (none serves shard \(missing))") + ": pass a --remote for each DIR/shard-K/current")
        }
        return nil
    }
}
