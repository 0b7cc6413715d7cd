import Testing
@testable import LimelightSupport
@testable import LimelightRanking
#if canImport(Glibc)
import Glibc
#endif

/// The context model's learned weights (`ContextModel.Weights`), as numbers.
@Suite struct ContextModelLearningTests {
    static let F = ContextModel.featureCount

    /// Features with `value` at feature `f` and 0 elsewhere.
    static func features(_ f: Int, _ value: Double) -> [Double] {
        var phi = [Double](repeating: 0, count: F)
        phi[f] = value
        return phi
    }

    /// A new index's prior (the tune logs' mean) pools the estimates as a
    /// weighted geometric mean: its weights on them add up to 1, so its
    /// first suggestions are neither sharper nor flatter than the estimates.
    @Test func aNewIndexPoolsItsEstimatesAsAGeometricMean() {
        let prior = ContextModel.Weights.prior
        #expect(prior.count == ContextModel.Weights.F)
        let pooled = prior[0..<ContextModel.counts].reduce(0, +) + prior[ContextModel.Weights.mixtureFeature]
        #expect(abs(pooled - 1) < 0.01, "\(pooled)")
        #expect(prior[ContextModel.registrationFeature] == 1 && prior[ContextModel.recencyFeature] == 0)
        #expect(ContextModel.Weights().named.dropLast().map(\.1) == prior)
    }

    @Test func aStepMovesTowardWhatTheUsedItemHas() {
        var w = ContextModel.Weights()
        let f = ContextModel.Level.placeWeekdayTimeOfDay.rawValue
        let before = w.named[f].1
        // The item used has the higher estimate at this level; the other does not.
        w.learn(used: 0, [Self.features(f, -1), Self.features(f, -3)])
        #expect(w.named[f].1 > before)
        // So does the mixture's (the item used has its higher estimate too).
        let mixture = ContextModel.Weights.mixtureFeature
        #expect(w.named[mixture].1 > ContextModel.Weights().named[mixture].1)
        // Every other weight stays: the two candidates differ in nothing else
        // (η, named last, is no weight).
        for (i, (name, x)) in w.named.dropLast().enumerated() where i != f && i != mixture {
            #expect(x == ContextModel.Weights().named[i].1, "\(name)")
        }
    }

    @Test func theMixtureLeansOnTheLevelThatPredicts() {
        var w = ContextModel.Weights()
        let good = ContextModel.Level.contextsHour.rawValue
        let uniform = 1 / Double(ContextModel.counts)
        #expect(w.mix.allSatisfy { $0 == uniform })
        // Every level gives the item used 0.1, except one, which gives it 0.8.
        var used = [Double](repeating: log(0.1), count: Self.F), other = used
        used[good] = log(0.8)
        other[good] = log(0.05)
        for _ in 0..<30 { w.learn(used: 0, [used, other]) }
        #expect(w.mix[good] > 2 * uniform)
        for (f, x) in w.mix.enumerated() where f != good { #expect(x < uniform, "\(ContextModel.featureName(f))") }
        #expect(abs(w.mix.reduce(0, +) - 1) < 1e-9)
    }

    /// η learns how many uses no habit explains: a use of the candidate the
    /// habit ranks last but popularity first raises it, and moves the
    /// weights less than the same use when the habit and popularity agree
    /// (ρ weighs the step).
    @Test func usesOnlyPopularityExplainsCountAsWhimsAndTeachLess() {
        let o = ContextModel.Level.overall.rawValue, f = ContextModel.Level.placeWeekdayTimeOfDay.rawValue
        // Candidate 0: the habit's favourite (f high), rarely used overall; 1: the reverse.
        var favourite = Self.features(f, log(0.8)), popular = Self.features(f, log(0.01))
        favourite[o] = log(0.01)
        popular[o] = log(0.9)
        var whim = ContextModel.Weights()
        for _ in 0..<20 { whim.learn(used: 1, [favourite, popular]) }
        #expect(whim.noise > ContextModel.Weights.noisePrior)
        var habit = ContextModel.Weights()
        for _ in 0..<20 { habit.learn(used: 0, [favourite, popular]) }
        #expect(habit.noise < ContextModel.Weights.noisePrior)
        #expect(ContextModel.Weights.noiseRange.contains(whim.noise) && ContextModel.Weights.noiseRange.contains(habit.noise))
        // One whim against an established habit: a smaller step than a plain
        // logit's (ρ = 1) would take.
        var once = ContextModel.Weights()
        once.learn(used: 1, [favourite, popular])
        let moved = abs(once.named[f].1 - ContextModel.Weights().named[f].1)
        var plain = ContextModel.Weights()
        plain.noise = 0
        plain.learn(used: 1, [favourite, popular])
        #expect(moved < abs(plain.named[f].1 - ContextModel.Weights().named[f].1))
    }

    /// An app's registration says an item matters here; the person's uses
    /// can say it tells nothing (weight 0), not that it is a reason to rank
    /// the item lower. Learned below 0 (−0.038 on the corpus imported
    /// whole), registering an item for a context moved it down there.
    @Test func aRegistrationNeverCountsAgainstAnItem() {
        var w = ContextModel.Weights()
        let registered = ContextModel.registrationFeature
        for _ in 0..<200 { w.learn(used: 0, [Self.features(registered, 0), Self.features(registered, 1)]) }
        #expect(w.named[registered].1 == 0, "\(w.named[registered].1)")
        w.learn(used: 1, [Self.features(registered, 0), Self.features(registered, 1)])
        #expect(w.named[registered].1 > 0)
    }

    @Test func noWeightMovesMoreThanTheTrustRegionAtOnce() {
        var w = ContextModel.Weights()
        let before = w.named.map(\.1)
        // A donation unlike anything before: enormous differences on every feature.
        w.learn(used: 0, [[Double](repeating: 0, count: Self.F), [Double](repeating: 1e6, count: Self.F)])
        let moved = zip(w.named.map(\.1), before).map { abs($0 - $1) }
        #expect(moved.max()! <= ContextModel.Weights.maxStep + 1e-12)
        #expect(moved.max()! > 0)
    }

    @Test func learnsOnlyAmongSeveralCandidates() {
        var w = ContextModel.Weights()
        w.learn(used: 0, [Self.features(0, -1)])
        #expect(w.named.map(\.1) == ContextModel.Weights().named.map(\.1))
    }

    @Test func weightsSurviveEncoding() throws {
        var w = ContextModel.Weights()
        for k in 0..<20 {
            _ = w.countDonation()
            w.learn(used: k % 2, [Self.features(k % Self.F, -1), Self.features((k * 7) % Self.F, -2), Self.features(3, -0.5)])
        }
        let back = try #require(ContextModel.Weights(encoded: w.encoded))
        #expect(back == w)
        #expect(back.noise != ContextModel.Weights.noisePrior)
        #expect(ContextModel.Weights(encoded: Array(w.encoded.dropLast())) == nil)
    }

    /// Weights stored before the place+time of day level (versions 6 and 5,
    /// one level fewer at each half-life) read with every learned number
    /// where its feature is now: an upgrade keeps what was learned.
    @Test func weightsFromBeforePlaceTimeOfDayKeepWhatWasLearned() throws {
        // Version 6's levels, in the order it stored them.
        let older: [ContextModel.Level] = [.overall, .hour, .timeOfDay, .place, .dayTypeHour, .weekdayTimeOfDay, .placeDayTypeHour,
                                           .placeWeekdayTimeOfDay, .likeContexts, .contexts, .contextsHour, .contextsDayTypeHour,
                                           .contextsDayTypeClock]
        let rates = ContextModel.halfLivesDays.count, levels = ContextModel.levels
        // Today's index of each stored feature, written out independently of `widened`.
        var now: [Int] = []
        for rate in 0..<rates { for level in older { now.append(rate * levels + level.rawValue) } }
        let extras = ContextModel.Weights.F - ContextModel.counts  // recency, registration, mixture
        for k in 0..<extras { now.append(ContextModel.counts + k) }
        let c = now.count, oldCounts = rates * older.count
        #expect(c == ContextModel.Weights.F - rates)

        for withNoise in [true, false] {
            var bytes = ByteWriter()
            bytes.u8(withNoise ? 0x5C : 0x5B)
            bytes.u32(1_234)
            bytes.u32(567)
            if withNoise { bytes.f64(0.2) }
            bytes.u32(UInt32(c))
            for f in 0..<c { bytes.f64(Double(f) + 0.5) }
            // λ_f ∝ f + 1, and each evidence entry names its (a, b): every number is where it came from.
            let lambdaTotal = Double(oldCounts * (oldCounts + 1) / 2)
            for f in 0..<oldCounts { bytes.f64(Double(f + 1) / lambdaTotal) }
            // (Small beside the prior's 40 per feature, so the Fisher stays positive definite.)
            func entry(_ a: Int, _ b: Int) -> Double { Double(1_000 * a + b) / 1e9 }
            for a in 0..<c { for b in a..<c { bytes.f64(entry(a, b)) } }
            let upgraded = try #require(ContextModel.Weights(encoded: bytes.bytes))
            #expect(upgraded.donations == 1_234 && upgraded.steps == 567)
            #expect(upgraded.noise == (withNoise ? 0.2 : ContextModel.Weights.noisePrior))
            let named = upgraded.named.dropLast().map(\.1)
            for (f, i) in now.enumerated() { #expect(named[i] == Double(f) + 0.5, "\(ContextModel.Weights.name(i))") }
            for rate in 0..<rates {
                let added = rate * levels + ContextModel.Level.placeTimeOfDay.rawValue
                #expect(named[added] == 0)
                #expect(upgraded.mix[added] > 0)
            }
            #expect(abs(upgraded.mix.reduce(0, +) - 1) < 1e-12)
            // The old λ keep their ratios to each other, each at its level's new place.
            let scale = upgraded.mix[now[0]]
            for (f, i) in now.prefix(oldCounts).enumerated() { #expect(abs(upgraded.mix[i] / scale - Double(f + 1)) < 1e-9) }
            let F = ContextModel.Weights.F
            var expected = [Double](repeating: 0, count: F * F)
            for (a, i) in now.enumerated() { for (b, j) in now.enumerated() where b >= a { expected[i * F + j] = entry(a, b) } }
            #expect(upgraded.evidence == expected)
            // It learns on, and writes today's version.
            var next = upgraded
            next.learn(used: 0, [Self.features(now[3], -1), Self.features(now[3], -2)])
            #expect(next.named[now[3]].1 > upgraded.named[now[3]].1)
            #expect(next.named.allSatisfy { $0.1.isFinite })
            #expect(try #require(ContextModel.Weights(encoded: next.encoded)) == next)
        }
        // A stored vector of the wrong length for its version is no weights.
        var wrong = ContextModel.Weights().encoded
        wrong[0] = 0x5C
        #expect(ContextModel.Weights(encoded: wrong) == nil)
    }

    @Test func learningThinsOutAfterTheFirstThousand() {
        var w = ContextModel.Weights()
        var learned = 0
        for _ in 0..<10_000 where w.countDonation() { learned += 1 }
        // 1,000, then every 2nd up to 2,999, every 3rd …: about 1,000 · (1 + ln 10).
        #expect(learned > 2_500 && learned < 4_000, "\(learned)")
    }
}

/// Each level's μ (`ContextModel.Weights.smoothing`), learned from the uses.
@Suite struct ContextModelSmoothingTests {
    static let level = ContextModel.Level.placeTimeOfDay.rawValue  // at all of history: feature = level

    /// (The week's overall rate borrows from the overall rate over all of
    /// history, by μ too: `ContextModel.backoff`.)
    @Test func everyLevelButTheOverallRateOverAllOfHistoryHasAMu() {
        let w = ContextModel.Weights()
        #expect(w.namedSmoothing.count == ContextModel.counts - 1)
        #expect(w.namedSmoothing.contains { $0.0 == "μ overall/7d" })
        #expect(w.namedSmoothing.allSatisfy { $0.1 == ContextModel.levelSmoothing })
        // The grid's centre is a new index's μ.
        let grid = ContextModel.Weights.smoothingGrid
        #expect(abs(ContextModel.Weights.smoothing([Double](repeating: 0, count: ContextModel.counts * grid.count))[Self.level]
                    - ContextModel.levelSmoothing) < 1e-9)
    }

    /// `times` uses of an item that place + time of day had counted `n` of
    /// the level's 20 uses, and its parents (time of day, place) give 0.1.
    static func learned(n: Double, times: Int, habitShare: Double = 1) -> ContextModel.Weights {
        var w = ContextModel.Weights()
        var counts = [Double](repeating: 0, count: ContextModel.counts), totals = counts
        counts[level] = n
        totals[level] = 20
        var phi = [Double](repeating: 0, count: ContextModel.featureCount)
        for parent in ContextModel.Level.placeTimeOfDay.parents { phi[parent.rawValue] = log(0.1) }
        for _ in 0..<times { w.learnSmoothing(n: counts, phi, totals: totals, habitShare: habitShare) }
        return w
    }

    /// A level whose counts put the item used at half its uses, where its
    /// parents say a tenth, should trust its counts: a small μ. One that
    /// never counted the item used, which its parents expected, should lean
    /// on them: a large μ. Every other level had nothing to tell the μ
    /// apart and keeps a new index's.
    @Test func aLevelBorrowsAsMuchAsItsOwnCountsDeserve() {
        let sharp = Self.learned(n: 10, times: 30), blind = Self.learned(n: 0, times: 30)
        #expect(sharp.smoothing[Self.level] < 1, "\(sharp.smoothing[Self.level])")
        #expect(blind.smoothing[Self.level] > 20, "\(blind.smoothing[Self.level])")
        for w in [sharp, blind] {
            for c in 0..<ContextModel.counts where c != Self.level {
                #expect(abs(w.smoothing[c] - ContextModel.levelSmoothing) < 1e-9, "\(ContextModel.featureName(c))")
            }
        }
        // Named as `--explain`'s list and EVAL.md show them.
        #expect(sharp.namedSmoothing.contains { $0.0 == "μ place+time of day/all" && $0.1 == sharp.smoothing[Self.level] })
    }

    /// A use that was surely a whim (ρ = 0) says nothing of how sharp a habit is.
    @Test func whimsTeachNoMu() {
        #expect(Self.learned(n: 0, times: 30, habitShare: 0).smoothing == ContextModel.Weights().smoothing)
    }

    @Test func muSurvivesEncodingAndOlderWeightsReadWithANewIndexs() throws {
        let w = Self.learned(n: 10, times: 5)
        let bytes = w.encoded
        let back = try #require(ContextModel.Weights(encoded: bytes))
        #expect(back == w)
        #expect(back.smoothing[Self.level] == w.smoothing[Self.level] && w.smoothing[Self.level] < ContextModel.levelSmoothing)
        // Version 7 stored everything but the μ evidence, at the end.
        var older = Array(bytes.dropLast(8 * ContextModel.counts * ContextModel.Weights.smoothingGrid.count))
        older[0] = 0x5D
        let upgraded = try #require(ContextModel.Weights(encoded: older))
        #expect(upgraded.smoothing == ContextModel.Weights().smoothing)
        #expect(upgraded.named.map(\.1) == w.named.map(\.1))
        #expect(ContextModel.Weights(encoded: Array(bytes.dropLast())) == nil)
    }
}
