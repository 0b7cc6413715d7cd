import LimelightSupport
import LimelightRanking

/// The context sets uses were counted in, by name: the model's tables and
/// cells know a set only by its hash, and telling how alike two sets are
/// (`ContextModel.RelatedSets`) needs their names. Kept in the index
/// metadata; a set is added at its first use and never removed (forgetting
/// a donation leaves at most an empty table behind).
package struct ContextSets: Equatable {
    /// The sets, in first-use order, as `RelatedSets` compares them.
    package private(set) var known = ContextModel.KnownSets()
    /// Each set's names, sorted and distinct; the sets in first-use order.
    package var all: [[String]] { known.all }

    package init() {}

    /// Adds the set of `contexts`; false if it was known.
    @discardableResult
    package mutating func insert(_ contexts: [String]) -> Bool { known.insert(contexts) }

    package var encoded: [UInt8] {
        var w = ByteWriter()
        w.u32(UInt32(all.count))
        for set in all {
            w.u32(UInt32(set.count))
            for name in set { w.string(name) }
        }
        return w.bytes
    }

    /// Empty bytes (an index with no uses yet) or damaged ones read as no
    /// sets: the context levels then count the situation's own set only.
    package init(encoded bytes: [UInt8]) {
        var r = ByteReader(bytes)
        guard let n = r.u32() else { return }
        var sets: [[String]] = []
        for _ in 0..<n {
            guard let k = r.u32(), k <= 1 << 12 else { return }
            var set: [String] = []
            for _ in 0..<k { guard let name = r.string() else { return }; set.append(name) }
            sets.append(set)
        }
        for set in sets { insert(set) }
    }
}
