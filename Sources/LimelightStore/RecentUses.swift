import LimelightSupport
import LimelightRanking

/// The last uses of one context set, oldest first: what
/// `ContextModel.HabitChange` weighs against the model. Each names the item
/// used and the donation that used it (`ItemKey`s, never document ids:
/// those differ per shard), so that forgetting a donation forgets its use
/// here too. Kept in the index metadata beside the set's table, at most
/// `window` of them.
package struct RecentUses: Equatable {
    package struct Use: Equatable {
        package let donation: ItemKey
        package let item: ItemKey
    }

    package private(set) var uses: [Use] = []

    package init() {}

    package var items: [ItemKey] { uses.map(\.item) }

    package mutating func append(_ item: ItemKey, by donation: ItemKey) {
        uses.append(Use(donation: donation, item: item))
        if uses.count > ContextModel.HabitChange.window { uses.removeFirst(uses.count - ContextModel.HabitChange.window) }
    }

    /// Keeps the uses whose donation `stored` says is still there.
    package mutating func keep<E: Error>(where stored: (ItemKey) throws(E) -> Bool) throws(E) {
        var kept: [Use] = []
        for u in uses where try stored(u.donation) { kept.append(u) }
        uses = kept
    }

    package var encoded: [UInt8] {
        var w = ByteWriter()
        w.u32(UInt32(uses.count))
        for u in uses {
            w.string(u.donation.rawValue)
            w.string(u.item.rawValue)
        }
        return w.bytes
    }

    /// Empty bytes (a set never used) or damaged ones read as no uses: the
    /// model then ranks as if nothing changed, as it did before it kept them.
    /// More uses than `window` (kept when the window was larger) read as the
    /// newest `window`: a smaller window costs no index its runs.
    package init(encoded bytes: [UInt8]) {
        var r = ByteReader(bytes)
        guard let n = r.u32() else { return }
        var uses: [Use] = []
        for _ in 0..<n {  // a damaged count runs out of bytes, not memory
            guard let donation = r.string(), let item = r.string() else { return }
            uses.append(Use(donation: ItemKey(rawValue: donation), item: ItemKey(rawValue: item)))
        }
        guard r.atEnd else { return }
        self.uses = Array(uses.suffix(ContextModel.HabitChange.window))
    }
}
