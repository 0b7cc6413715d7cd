#if canImport(Glibc)
import Glibc
#endif
import LimelightSupport

/// A sharded index: one directory holding N ordinary Limelight indexes,
///
///     DIR/shards      "limelight shards N\n", written last (atomically), so a
///                     half-built set is never read as an index
///     DIR/shard-0/    an ordinary index directory (its own `current`, `gen-K`)
///     …
///     DIR/shard-(N-1)/
///
/// Every record, and the usage credited to it, lives in exactly one shard,
/// chosen by `shard(for:)` from its item key: a stable hash (FNV-1a, 64 bits),
/// so every writer and every machine routes an item to the same shard, and the
/// shard count alone decides the layout.
public struct ShardLayout: Sendable, Equatable {
    /// The directory holding the shards.
    public let path: String
    public let count: Int

    /// The largest shard count accepted (a guard against a typo, not a limit of the design).
    public static let maxCount = 256
    static let markerName = "shards"

    public init(path: String, count: Int) {
        var p = path
        while p.count > 1, p.hasSuffix("/") { p.removeLast() }
        self.path = p
        self.count = count
    }

    /// The layout at `path` if it is a sharded index (its marker is there and
    /// valid), nil if there is no marker. A marker that cannot be read or
    /// parsed is an error naming it: guessing would route records wrongly.
    public static func read(at path: String) throws(StoreError) -> ShardLayout? {
        let layout = ShardLayout(path: path, count: 0)
        let marker = layout.markerPath
        guard Files.exists(marker) else { return nil }
        let text: String
        do { text = String(decoding: try Files.read(marker), as: UTF8.self) } catch {
            throw StoreError.io("cannot read \(marker): \(error.description)")
        }
        let parts = text.split(separator: "\n").first?.split(separator: " ") ?? []
        guard parts.count == 3, parts[0] == "limelight", parts[1] == "shards",
              let n = Int(parts[2]), (1...maxCount).contains(n), String(n) == parts[2]
        else {
            throw StoreError.notAnIndex("\(marker) is not a Limelight shard marker (expected 'limelight shards N' with N from 1 to \(maxCount))")
        }
        return ShardLayout(path: layout.path, count: n)
    }

    var markerPath: String { path + "/" + Self.markerName }

    /// Writes the marker (atomically): call once every shard is complete.
    package func publish() throws(StoreError) {
        do { try Files.writeAtomically(markerPath, Array("limelight shards \(count)\n".utf8)) } catch {
            throw StoreError.io(error.description)
        }
    }

    /// Removes the marker (un-sharding): from then on the directory reads as
    /// the ordinary index its `current` names. Call once that stub is there.
    package func unpublish() throws(StoreError) {
        guard unlink(markerPath) == 0 || errno == ENOENT else {
            throw StoreError.io("cannot remove \(markerPath): \(String(cString: strerror(errno)))")
        }
        Files.syncDirectory(of: markerPath)
    }

    /// Shard k's own index.
    /// What to say when shard `k` holds no index (nil: it does, or it is a
    /// read replica's, which has no `current` either): a shard lost, which
    /// a write must not make anew, empty (`IndexLocation.missingShard`).
    package func missing(_ k: Int) -> String? {
        let shard = shard(k)
        guard !shard.isReplica, (try? shard.currentGeneration()) == nil else { return nil }
        return "shard \(k) of the \(count) shards of the index at \(path) is missing (no index at \(shard.path)): " + Self.remedy(self)
    }

    /// The way out when the shards are not the marker's whole set: the
    /// index cannot be opened (to export or rebuild it), but each shard
    /// that is there reads alone.
    static func remedy(_ layout: ShardLayout) -> String {
        "restore the index's shards and marker from one backup; or save the records of each shard that is there "
            + "(limelight --index \(layout.path)/shard-K export > shard-K.jsonl) and index them into a new index"
    }

    public func shard(_ k: Int) -> IndexLocation { IndexLocation(path: path + "/shard-\(k)") }

    public var shards: [IndexLocation] { (0..<count).map(shard) }

    /// The shard that holds the item with this key.
    package func shard(for key: ItemKey) -> Int { Self.shard(for: key.rawValue, count: count) }

    /// The shard that holds the item: by its `shardKey` (an app's intents,
    /// App Shortcuts and registrations live in the app's shard).
    package func home(of key: ItemKey) -> Int { shard(for: key.shardKey) }

    /// FNV-1a over the key's UTF-8 bytes, modulo the shard count.
    package static func shard(for key: String, count: Int) -> Int {
        precondition(count > 0, "a shard layout has at least one shard")
        return Int(fnv1a64(key) % UInt64(count))
    }
}
