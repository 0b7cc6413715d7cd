import Testing
@testable import LimelightSupport
@testable import LimelightRanking
#if canImport(Glibc)
import Glibc
#endif

/// "Used this session" (exp(−time since last use / 1 h)) reads a use made
/// minutes before the moment asked as a session, and one stamped at that
/// very instant as none: the log's clock is coarser than a session there
/// (a study's time of day, every launch of a morning at its first minute),
/// and on such logs the feature read every app used that morning as just
/// used (HR@1 0.196 against the time of day + place rule's 0.210 on 24
/// launch logs, gen_launches.py --harder --coarse-clock; 0.217 now).
@Suite struct SessionRecencyTests {
    static let now = Timestamp(iso8601: "2026-05-11T08:00:00+02:00")!

    static func recency(lastUse: String) -> Double {
        var stats = UsageStats(), time = ContextModel.Table()
        let t = Timestamp(iso8601: lastUse)!
        stats.add(UsageEvent(at: t, contexts: []))
        time.add(ContextModel.Features(at: t, contexts: []))
        var place = ContextModel.Table(), contexts = [ContextModel.Table()]
        let s = ContextModel.Situation(ContextModel.Features(at: now, contexts: []),
                                       related: ContextModel.RelatedSets(known: [[]], current: []),
                                       time: &time, contexts: &contexts, place: &place)
        return ContextModel.features(ContextModel.estimate(stats, base: 0.01, relevance: 0, s), s)[ContextModel.recencyFeature]
    }

    @Test func aUseMinutesAgoIsASessionAndOneAtTheSameInstantIsNone() {
        #expect(abs(Self.recency(lastUse: "2026-05-11T07:30:00+02:00") - exp(-0.5)) < 1e-9)
        #expect(abs(Self.recency(lastUse: "2026-05-11T07:59:00+02:00") - exp(-1.0 / 60)) < 1e-9)
        #expect(Self.recency(lastUse: "2026-05-11T08:00:00+02:00") == 0)
        // Nor one stamped after the moment asked (a moment in the past).
        #expect(Self.recency(lastUse: "2026-05-11T09:00:00+02:00") == 0)
        #expect(Self.recency(lastUse: "2026-05-10T08:00:00+02:00") < 1e-9)
    }
}
