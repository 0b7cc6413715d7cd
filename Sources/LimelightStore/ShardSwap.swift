#if canImport(Glibc)
import Glibc
#endif
import LimelightSupport

/// A sharded rebuild's swap, written before the first shard's stub moves:
///
///     DIR/shards.next   "limelight shards M\ngen-5 gen-5\n": the layout and,
///                       shard by shard, the generation it is being pointed at
///
/// Every generation it names is complete when it is written. A rebuild killed
/// between the first stub's rename and the marker left shards of the old
/// layout beside shards of the new, which readers read as one index and the
/// next rebuild made permanent (records lost for good). While this file is
/// there, readers read the layout it names (`openShardReadersAndMarker`);
/// the next writer finds it and finishes the swap (`finish`), so the index
/// is the new layout, whole; until then its new generations are kept.
package struct ShardSwap: Sendable, Equatable {
    package let layout: ShardLayout
    package let generations: [Int]
    static let fileName = "shards.next"

    package init(layout: ShardLayout, generations: [Int]) {
        self.layout = layout
        self.generations = generations
    }

    static func path(_ directory: String) -> String { directory + "/" + fileName }

    /// Whether a swap is pending in `directory` (a sharded index, or an
    /// ordinary one being sharded) or, for a shard (`shard-K`), in the index
    /// holding it.
    package static func isPending(at directory: String) -> Bool {
        if Files.exists(path(directory)) { return true }
        guard let slash = directory.lastIndex(of: "/"), directory[directory.index(after: slash)...].hasPrefix("shard-") else { return false }
        return Files.exists(path(String(directory[..<slash])))
    }

    /// The pending swap of the index at `directory`, if any.
    package static func read(at directory: String) throws(StoreError) -> ShardSwap? {
        let file = path(directory)
        guard Files.exists(file) else { return nil }
        let text: String
        do { text = String(decoding: try Files.read(file), as: UTF8.self) } catch {
            throw StoreError.io("cannot read \(file): \(error.description)")
        }
        let lines = text.split(separator: "\n")
        let head = lines.first?.split(separator: " ") ?? []
        let gens = lines.count > 1 ? lines[1].split(separator: " ").map { IndexLocation.generationNumber(String($0)) } : []
        guard head.count == 3, head[0] == "limelight", head[1] == "shards", let n = Int(head[2]),
              (1...ShardLayout.maxCount).contains(n), gens.count == n, gens.allSatisfy({ $0 != nil }) else {
            throw StoreError.damaged("\(file) is not a Limelight shard swap (expected 'limelight shards N' and N generations); the rebuild that wrote it was interrupted: run `limelight rebuild` again")
        }
        return ShardSwap(layout: ShardLayout(path: directory, count: n), generations: gens.map { $0! })
    }

    /// Writes it (atomically, synced): from here the swap is decided.
    package func write() throws(StoreError) {
        let text = "limelight shards \(layout.count)\n" + generations.map { "gen-\($0)" }.joined(separator: " ") + "\n"
        do { try Files.writeAtomically(Self.path(layout.path), Array(text.utf8)) } catch {
            throw StoreError.io(error.description)
        }
    }

    /// Finishes an interrupted swap: each shard's stub names its generation,
    /// then the marker says how many shards there are, then what the old
    /// layout left is retired (an ordinary index sharded, shards past the
    /// new count); the file goes last. Call holding the write lock.
    package func finish() throws(StoreError) {
        for (shard, gen) in zip(layout.shards, generations) where try shard.currentGeneration() != gen {
            try shard.publish(generation: gen)
        }
        try layout.publish()
        let top = IndexLocation(path: layout.path)
        if top.hasRetiredLeftovers { top.retire() }
        top.retireShards(from: layout.count)
        Self.remove(at: layout.path)
    }

    package static func remove(at directory: String) {
        unlink(path(directory))
        Files.syncDirectory(of: path(directory))
    }
}
