import Testing
@testable import LimelightSearch

/// The snapshot cache's map: bounded, one eviction per insertion once full,
/// and what was used since the hand last passed survives.
@Suite struct ClockCacheTests {
    @Test func holdsAtMostItsCapacityAndEvictsOneEntryPerInsertion() {
        var cache = ClockCache<Int, String>(capacity: 3)
        for k in 0..<3 { cache.insert("v\(k)", for: k) }
        #expect(cache.count == 3)
        cache.insert("v3", for: 3)
        #expect(cache.count == 3)
        // Nothing was used: the hand takes the oldest, and only it.
        #expect(cache.value(for: 0) == nil)
        #expect(cache.value(for: 1) == "v1" && cache.value(for: 2) == "v2" && cache.value(for: 3) == "v3")
    }

    @Test func anEntryUsedSinceTheHandPassedGetsASecondChance() {
        var cache = ClockCache<Int, Int>(capacity: 3)
        for k in 0..<3 { cache.insert(k, for: k) }
        _ = cache.value(for: 0)          // used: survives the next eviction
        cache.insert(3, for: 3)          // evicts 1, the first unused after 0
        #expect(cache.value(for: 0) == 0)
        #expect(cache.value(for: 1) == nil)
        #expect(cache.value(for: 2) == 2 && cache.value(for: 3) == 3)
        // Every entry is now marked used: a full turn clears them and takes the first.
        cache.insert(4, for: 4)
        #expect(cache.count == 3 && cache.value(for: 4) == 4)
        #expect([0, 2, 3].filter { cache.value(for: $0) != nil }.count == 2)
    }

    @Test func removeAllEmptiesItAndItFillsAgain() {
        var cache = ClockCache<String, Int?>(capacity: 2)
        cache.insert(nil, for: "absent")   // a cached "no such item"
        cache.insert(7, for: "seven")
        #expect(cache.value(for: "absent") == .some(nil))
        cache.removeAll()
        #expect(cache.count == 0 && cache.value(for: "seven") == nil)
        for k in ["a", "b", "c"] { cache.insert(1, for: k) }
        #expect(cache.count == 2)
    }
}
