import Testing
@testable import LimelightSupport
@testable import LimelightRanking

/// A use dated after the moment asked about (a wrong clock, or a moment in
/// the past) counts as one made then, not as exp(λ · its lead): one launch
/// stamped 2030 counted 2^50 at the week's half-life, and every suggestion
/// in 2026 read it.
@Suite struct FutureUsesTests {
    static let now = Timestamp(iso8601: "2026-05-11T08:00:00+02:00")!
    static let uses = ["2026-05-04T08:00:00+02:00", "2026-05-05T08:00:00+02:00", "2030-01-01T12:00:00+01:00"]

    @Test func aUseDatedAfterTheMomentCountsNoMoreThanAUseAtEveryLevel() {
        var stats = UsageStats(), time = ContextModel.Table()
        for t in Self.uses.map({ Timestamp(iso8601: $0)! }) {
            stats.add(UsageEvent(at: t, contexts: []))
            time.add(ContextModel.Features(at: t, contexts: []))
        }
        var place = ContextModel.Table(), contexts = [ContextModel.Table()]
        let s = ContextModel.Situation(ContextModel.Features(at: Self.now, contexts: []),
                                       related: ContextModel.RelatedSets(known: [[]], current: []),
                                       time: &time, contexts: &contexts, place: &place)
        let e = ContextModel.estimate(stats, base: 0.01, relevance: 0, s)
        let L = ContextModel.levels, overall = ContextModel.Level.overall.rawValue
        // Three uses: at the week's half-life the two past ones have decayed
        // to 2^(−7/7) and 2^(−6/7), and the 2030 one counts about one (its
        // count at the longest half-life, 2^(1,330 / 100,000)).
        #expect(e.n[L + overall] > 2 && e.n[L + overall] < 2.1, "\(e.n[L + overall])")
        #expect(s.totals[L + overall] == e.n[L + overall])
        for level in 0..<L {
            #expect(e.n[L + level] <= e.n[level], "\(ContextModel.Level(rawValue: level)!.name)")
            #expect(s.totals[L + level] <= s.totals[level], "\(ContextModel.Level(rawValue: level)!.name)")
        }
    }

    /// As the index keeps them and a suggestion reads them (decoded: each
    /// count a plain number at the item's latest use), the counts are those
    /// of the uses themselves. Scaled from a latest use four years ahead, the
    /// cap fell on every cell: the two past uses counted 2^-111 at the
    /// week's half-life, and one launch stamped 2030 sank Calendar from 8th
    /// to 482nd of the corpus's suggestions in 2026.
    @Test func itemCountsReadFromTheIndexAreTheUsesCountsWhateverTheirDates() throws {
        var stats = UsageStats(), time = ContextModel.Table()
        for t in Self.uses.map({ Timestamp(iso8601: $0)! }) {
            stats.add(UsageEvent(at: t, contexts: []))
            time.add(ContextModel.Features(at: t, contexts: []))
        }
        let stored = try #require(UsageStats(encoded: stats.encoded))
        var place = ContextModel.Table(), contexts = [ContextModel.Table()]
        let s = ContextModel.Situation(ContextModel.Features(at: Self.now, contexts: []),
                                       related: ContextModel.RelatedSets(known: [[]], current: []),
                                       time: &time, contexts: &contexts, place: &place)
        let written = ContextModel.estimate(stats, base: 0.01, relevance: 0, s).n
        let read = ContextModel.estimate(stored, base: 0.01, relevance: 0, s).n
        for (i, (a, b)) in zip(written, read).enumerated() {
            // (Within the 32-bit offsets the cells are stored in.)
            #expect(abs(a - b) <= 1e-4 * max(1, a), "\(ContextModel.featureName(i)): written \(a), read \(b)")
        }
        #expect(read[ContextModel.levels + ContextModel.Level.overall.rawValue] > 2)
    }

    /// The ranker with a query reads the same counts through `decayed`.
    @Test func theQueryRankersUsageCountsNoMoreThanTheUses() {
        var stats = UsageStats()
        for t in Self.uses { stats.add(UsageEvent(at: Timestamp(iso8601: t)!, contexts: ["location.home"])) }
        let day = Self.now.days
        #expect(stats.total!.score(at: day) > 10)  // what it read before
        #expect(stats.decayed(stats.total!, at: day) == 3)
        #expect(stats.decayed(stats.contexts["location.home"]!, at: day) == 3)
        // Uses all in the past are their decayed count, as before.
        var past = UsageStats()
        for t in Self.uses.dropLast() { past.add(UsageEvent(at: Timestamp(iso8601: t)!, contexts: [])) }
        #expect(past.decayed(past.total!, at: day) == past.total!.score(at: day))
        #expect(past.decayed(past.total!, at: day) < 2)
    }
}
