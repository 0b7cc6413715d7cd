import Testing
@testable import LimelightRanking
@testable import LimelightStore
import LimelightSupport

/// A context set's last uses as the index metadata keeps them (`RecentUses`).
@Suite struct RecentUsesTests {
    static let most = ContextModel.HabitChange.mostUses

    /// `n` uses an hour apart, of three apps in turn.
    static func uses(_ n: Int) -> RecentUses {
        var u = RecentUses()
        for i in 0..<n { u.append(ItemKey.app("app\(i % 3)"), by: ItemKey.interaction(id: "d\(i)"), at: 3_600 * Double(i)) }
        return u
    }

    /// The newest `mostUses` are kept, oldest first, and read back as written, times too.
    @Test func keepsTheLastUses() {
        let u = Self.uses(Self.most + 7)
        #expect(u.uses.count == Self.most)
        #expect(u.uses.first?.donation == ItemKey.interaction(id: "d7"))
        #expect(u.uses.first?.at == Double(3_600 * 7))
        #expect(RecentUses(encoded: u.encoded) == u)
    }

    /// A use older than some kept goes in its place in time, after those
    /// of its time; the oldest leave first.
    @Test func usesAreKeptInTimeOrder() {
        var u = Self.uses(Self.most)
        u.append(ItemKey.app("late"), by: ItemKey.interaction(id: "late"), at: 3_600 * 10)
        #expect(u.uses.count == Self.most)
        #expect(u.uses.map(\.at) == u.uses.map(\.at).sorted())
        #expect(u.uses[9].donation == ItemKey.interaction(id: "d10") && u.uses[10].donation == ItemKey.interaction(id: "late"))
        #expect(u.uses.first?.donation == ItemKey.interaction(id: "d1"))
    }

    /// Uses kept before times were (a count, then donation and item of
    /// each) read with time 0; a list longer than `mostUses` reads as its
    /// newest `mostUses`.
    @Test func usesKeptBeforeTimesAndLongerListsRead() {
        func untimed(_ n: Int) -> [UInt8] {
            var w = ByteWriter()
            w.u32(UInt32(n))
            for i in 0..<n {
                w.string(ItemKey.interaction(id: "d\(i)").rawValue)
                w.string(ItemKey.app("app\(i % 3)").rawValue)
            }
            return w.bytes
        }
        let old = RecentUses(encoded: untimed(25))
        #expect(old.uses.count == 25 && old.uses.allSatisfy { $0.at == 0 })
        #expect(old.uses.last?.item == ItemKey.app("app0"))
        let long = RecentUses(encoded: untimed(Self.most + 5))
        #expect(long.uses.count == Self.most)
        #expect(long.uses.first?.donation == ItemKey.interaction(id: "d5"))
    }

    /// Damaged bytes read as no uses (the model then ranks as if nothing
    /// changed), never as a part of them.
    @Test func damagedBytesReadAsNone() {
        let bytes = Self.uses(5).encoded
        #expect(RecentUses(encoded: Array(bytes.dropLast())).uses.isEmpty)
        #expect(RecentUses(encoded: bytes + [0]).uses.isEmpty)
        #expect(RecentUses(encoded: []).uses.isEmpty)
        #expect(RecentUses(encoded: Array(bytes.prefix(6))).uses.isEmpty)
    }

    /// Forgetting keeps exactly the uses whose donation is still stored, in order.
    @Test func keepsTheUsesOfStoredDonations() {
        var u = Self.uses(6)
        let forgotten: Set = [ItemKey.interaction(id: "d1"), ItemKey.interaction(id: "d4")]
        u.keep { !forgotten.contains($0) }
        #expect(u.uses.map(\.donation) == ["d0", "d2", "d3", "d5"].map { ItemKey.interaction(id: $0) })
        #expect(u.uses.map(\.item) == [ItemKey.app("app0"), ItemKey.app("app2"), ItemKey.app("app0"), ItemKey.app("app2")])
    }
}
