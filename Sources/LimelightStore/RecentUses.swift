import LimelightSupport
import LimelightRanking

/// The last uses of one context set, oldest first: what
/// `ContextModel.HabitChange` weighs against the model. Each names the item
/// used and the donation that used it (`ItemKey`s, never document ids:
/// those differ per shard), so that forgetting a donation forgets its use
/// here too, and when it was (the run is the set's last week of uses).
/// Kept in the index metadata beside the set's table, at most
/// `HabitChange.mostUses` of them.
package struct RecentUses: Equatable {
    package struct Use: Equatable {
        package let donation: ItemKey
        package let item: ItemKey
        /// Seconds since the epoch; 0 for a use kept before times were.
        package let at: Double
    }

    package private(set) var uses: [Use] = []

    package init() {}

    /// Adds a use in time order (a batch may bring uses older than those
    /// kept), after those of the same time.
    package mutating func append(_ item: ItemKey, by donation: ItemKey, at: Double) {
        let after = uses.lastIndex { $0.at <= at }.map { $0 + 1 } ?? 0
        uses.insert(Use(donation: donation, item: item, at: at), at: after)
        let most = ContextModel.HabitChange.mostUses
        if uses.count > most { uses.removeFirst(uses.count - most) }
    }

    /// Keeps the uses whose donation `stored` says is still there.
    package mutating func keep<E: Error>(where stored: (ItemKey) throws(E) -> Bool) throws(E) {
        var kept: [Use] = []
        for u in uses where try stored(u.donation) { kept.append(u) }
        uses = kept
    }

    /// Marks the layout with times; the one before began with the count
    /// (at most 25), never this.
    static let timed: UInt32 = 0xFFFF_FFFF

    package var encoded: [UInt8] {
        var w = ByteWriter()
        w.u32(Self.timed)
        w.u32(UInt32(uses.count))
        for u in uses {
            w.string(u.donation.rawValue)
            w.string(u.item.rawValue)
            w.f64(u.at)
        }
        return w.bytes
    }

    /// Empty bytes (a set never used) or damaged ones read as no uses: the
    /// model then ranks as if nothing changed, as it did before it kept them.
    /// Uses kept before times were read with time 0 (outside any week: the
    /// run takes them as the set's last uses only). More uses than
    /// `mostUses` (kept when it was larger) read as the newest `mostUses`:
    /// a smaller bound costs no index its runs.
    package init(encoded bytes: [UInt8]) {
        var r = ByteReader(bytes)
        guard var n = r.u32() else { return }
        let timed = n == Self.timed
        if timed { guard let count = r.u32() else { return }; n = count }
        var uses: [Use] = []
        for _ in 0..<n {  // a damaged count runs out of bytes, not memory
            guard let donation = r.string(), let item = r.string() else { return }
            var at = 0.0
            if timed { guard let t = r.f64() else { return }; at = t }
            uses.append(Use(donation: ItemKey(rawValue: donation), item: ItemKey(rawValue: item), at: at))
        }
        guard r.atEnd else { return }
        self.uses = Array(uses.suffix(ContextModel.HabitChange.mostUses))
    }
}
