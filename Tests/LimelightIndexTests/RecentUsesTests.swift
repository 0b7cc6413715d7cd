import Testing
@testable import LimelightRanking
@testable import LimelightStore
import LimelightSupport

/// A context set's last uses as the index metadata keeps them (`RecentUses`).
@Suite struct RecentUsesTests {
    static func uses(_ n: Int) -> RecentUses {
        var u = RecentUses()
        for i in 0..<n { u.append(ItemKey.app("app\(i % 3)"), by: ItemKey.interaction(id: "d\(i)")) }
        return u
    }

    /// The newest `window` are kept, oldest first, and read back as written.
    @Test func keepsTheLastWindowOfUses() {
        let u = Self.uses(ContextModel.HabitChange.window + 7)
        #expect(u.uses.count == ContextModel.HabitChange.window)
        #expect(u.uses.first?.donation == ItemKey.interaction(id: "d7"))
        #expect(RecentUses(encoded: u.encoded) == u)
    }

    /// A list kept under a larger window reads as its newest `window` uses.
    @Test func aLongerStoredListReadsAsItsNewestUses() {
        let stored = ContextModel.HabitChange.window + 5
        var w = ByteWriter()
        w.u32(UInt32(stored))
        for i in 0..<stored {
            w.string(ItemKey.interaction(id: "d\(i)").rawValue)
            w.string(ItemKey.app("app\(i % 3)").rawValue)
        }
        let read = RecentUses(encoded: w.bytes)
        #expect(read.uses.count == ContextModel.HabitChange.window)
        #expect(read.uses.first?.donation == ItemKey.interaction(id: "d5"))
        #expect(read.uses.last?.donation == ItemKey.interaction(id: "d\(stored - 1)"))
    }

    /// Damaged bytes read as no uses (the model then ranks as if nothing
    /// changed), never as a part of them.
    @Test func damagedBytesReadAsNone() {
        let bytes = Self.uses(5).encoded
        #expect(RecentUses(encoded: Array(bytes.dropLast())).uses.isEmpty)
        #expect(RecentUses(encoded: bytes + [0]).uses.isEmpty)
        #expect(RecentUses(encoded: []).uses.isEmpty)
    }

    /// Forgetting keeps exactly the uses whose donation is still stored, in order.
    @Test func keepsTheUsesOfStoredDonations() {
        var u = Self.uses(6)
        let forgotten: Set = [ItemKey.interaction(id: "d1"), ItemKey.interaction(id: "d4")]
        u.keep { !forgotten.contains($0) }
        #expect(u.uses.map(\.donation) == ["d0", "d2", "d3", "d5"].map { ItemKey.interaction(id: $0) })
        #expect(u.items == [ItemKey.app("app0"), ItemKey.app("app2"), ItemKey.app("app0"), ItemKey.app("app2")])
    }
}
