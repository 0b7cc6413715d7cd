import Testing
@testable import LimelightSupport
@testable import LimelightRanking

@Suite struct UsageCodecTests {
    static func at(_ s: String) -> Timestamp { Timestamp(iso8601: s)! }

    @Test func usageStatsSurviveEncoding() throws {
        var stats = UsageStats()
        stats.add(UsageEvent(at: Self.at("2026-11-29T07:30:00-08:00"), contexts: ["location.home"]))
        stats.add(UsageEvent(at: Self.at("2026-11-30T18:05:00-08:00"), contexts: ["audio.workout.running", "hardware.headphones"]))
        let decoded = try #require(UsageStats(encoded: stats.encoded))
        // Exact but for the cells' virtual times, kept as 32-bit offsets
        // from the latest (to well under a second), which encode again to
        // the same bytes.
        var exact = decoded
        exact.cells = stats.cells
        #expect(exact == stats)
        #expect(decoded.cells.keys == stats.cells.keys && zip(decoded.cells.v, stats.cells.v).allSatisfy { abs($0 - $1) < 1e-5 })
        #expect(decoded.encoded == stats.encoded)
        #expect(decoded.count == 2)
        // A use in a context is a use in each of its ancestors too.
        #expect(decoded.contexts.keys.sorted() == ["audio", "audio.workout", "audio.workout.running",
                                                    "hardware", "hardware.headphones", "location", "location.home"])
    }

    @Test func emptyStatsSurviveEncodingAndGarbageDoesNot() {
        #expect(UsageStats(encoded: UsageStats().encoded) == UsageStats())
        #expect(UsageStats(encoded: []) == nil)
        #expect(UsageStats(encoded: [1, 2, 3]) == nil)
    }

    @Test func aDecayedCountHalvesEveryHalfLife() {
        let c = DecayedCount(eventAt: 100)
        let now = c.score(at: 100), later = c.score(at: 100 + RankingWeights.usageHalfLifeDays)
        #expect(abs(later / now - 0.5) < 1e-9)
    }
}
