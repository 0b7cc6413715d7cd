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
        #expect(decoded == stats)
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
