#if canImport(Glibc)
import Glibc
#endif
import LimelightSupport

extension ContextModel {
    /// The learned part of the model, per index: the weight of each feature
    /// (`features`: the log-estimate of every backoff level at every
    /// half-life, how recently the item was used, and its registration) and
    /// of the levels' mixture in
    ///
    ///     score(i) = Σ_f w_f · φ_f(i) + w_mix · log Σ_L λ_L P_L(i)
    ///
    /// fitted online as a conditional logit: at a donation, the candidates a
    /// suggestion would rank are scored (before the donation is counted),
    /// P(i) = softmax(score) over them, and the weights take one natural-
    /// gradient step on log P(the item used): w += F⁻¹ (φ(used) − E_P[φ]),
    /// with F the Fisher information of past donations (slowly forgotten)
    /// plus a prior. That step is Newton's for this likelihood, so a few
    /// dozen donations already tell a shift worker's weekdays from a
    /// commuter's clock; a first-order step took hundreds (and lost to
    /// counting rules on the tune logs while it did).
    ///
    /// The mixture is the levels interpolated, P = Σ λ_L P_L, with λ fitted
    /// by online EM (`learnMixture`): a second estimate of the same
    /// probability, in which a level that predicts well can carry the score
    /// on its own where the log-linear sum would outvote it with the broad
    /// levels. Its weight starts at 0 and is learned like the others (on the
    /// tune logs it raised HR@1 or kept it on every log; starting at 1 cost
    /// launch4 its HR@5).
    ///
    /// Not every use is a habit: people open things on a whim, and app-usage
    /// studies find a share of launches that no situation predicts. So the
    /// likelihood is a contaminated one: a use is the situation's habit with
    /// probability 1 − η, or a draw from the person's overall rate q with
    /// probability η, P(i) = (1 − η) softmax(score)(i) + η q(i). Each step is
    /// weighted by the posterior that the use was a habit (EM's E-step),
    /// ρ = (1 − η) P_habit(used) / P(used), and η is learned by online EM
    /// (`noise`). Without it, a use that only popularity explains pulled
    /// the weights toward the broad levels as hard as a habit did, and the
    /// ranking toward the most used app everywhere: on launch2 the log-linear
    /// pool put app0 first away from home where the place's favourite was
    /// (HR@1 0.418 against the rule's 0.429; 0.421 with it, corpus HR@1
    /// 0.114 → 0.119). The ranking stays the habit's (score): ranking by the
    /// whole P(i) gave launch2 back its loss.
    public struct Weights: Sendable, Equatable {
        var w: [Double]
        /// The backoff mixture's weights λ_f over the log-estimates (sum 1).
        var mix: [Double]
        /// Σ decay^k · Cov_P(φ) over past learning steps (row-major, `F`²).
        var evidence: [Double]
        /// η: the share of uses that are no habit (see above), learned.
        public internal(set) var noise = Self.noisePrior
        public private(set) var donations = 0
        public private(set) var steps = 0
        /// Each level's μ (`ContextModel.features`), learned: how much a
        /// level should borrow from its broader ones depends on the person —
        /// a routine at a fixed hour is sharp after a few uses, the weak
        /// preference of a noisy launcher takes many more to tell from the
        /// overall rate (a fixed μ of 20 instead of 5 gained on forty fresh
        /// launch logs and lost HR@1 on the routine logs). So every μ of
        /// `smoothingGrid` is scored, per level, on how well it would have
        /// predicted each use before it was counted (the prequential
        /// likelihood, each use weighted by the posterior that it was a
        /// habit: `smoothingEvidence`), and μ is their geometric mean
        /// weighted by that likelihood (a uniform prior over the grid, whose
        /// centre is a new index's μ): Bayesian model averaging over μ,
        /// empirical Bayes as MacKay and Peto fit a Dirichlet's.
        public private(set) var smoothing = ContextModel.newSmoothing
        /// Σ decay^k log P_L(used | μ) over past learning steps, per level
        /// and half-life (`counts`) and μ of the grid.
        var smoothingEvidence = [Double](repeating: 0, count: ContextModel.counts * Self.smoothingGrid.count)

        /// The prior of a new index: where the average person of the tune
        /// logs ended up (empirical Bayes), the mean of the weights the nine
        /// tune logs (three generators) learned; `limelight-eval --fit-prior`
        /// prints that mean for the current start. The weights on the
        /// log-estimates and the mixture add up to 1.00: a new index pools
        /// its estimates as a weighted geometric mean. Not fitted: how
        /// recently the item was used starts at 0 (on two replay logs a use
        /// made the same item less likely within the hour, which pulled the
        /// mean to −0.3: one generator's trait, not everyone's) and the
        /// registration at 1.
        ///
        /// The hand-set start (the most specific level of each kind and the
        /// overall rate, half and half) was far from where people end: its
        /// 0.5 on the overall rate ended at −0.03 on the average log, and a
        /// young index spent its first few hundred donations walking away
        /// from it (HR@1 against the time of day + place rule on forty fresh
        /// launch logs 1272–1319). The mean learned from it gave 1148–1116
        /// there. Once each level learned its μ (`smoothing`), the features
        /// were no longer those that mean was learned on, so it was fitted
        /// once more, from that mean, with learned μ: 1147–1056, and on
        /// forty others (`make eval-fresh FRESH_PEOPLE=49-88`) 1169–986
        /// (1149–1005 before μ was learned). (Fitting again without a change
        /// of model would fit the same nine logs more closely, not a person.)
        /// Place + weekday + time of day later backed off to place + time of
        /// day instead of the place (`Level.parents`); the mean was kept: a
        /// pass from it moves the overall rate's weight from −0.19 to −0.32
        /// with the old backoff and to −0.30 with the new — the fit's own
        /// drift, not the change. When the week's levels came to borrow from
        /// all of history too (`ContextModel.backoff`), a refit on them lost
        /// on the tune half (4 of its comparisons short of the best rule
        /// against 2, each within a few events), and the mean was kept.
        ///
        /// Weights on the log-estimates can be negative, here and as
        /// learned: a negative weight divides that level's estimate out, as
        /// naive Bayes divides out the prior (P(i | a, b) ∝ P(i | a) P(i | b)
        /// / P(i)). Held at 0 or above (projected after every step, and this
        /// mean refitted so; it then summed to 2.08), HR@1 over the 18 replay
        /// logs fell from 0.415 to 0.403 (289–463 events), HR@5 kept
        /// (198–203), 5 of 10 changed habits won within a week instead of 8,
        /// and on forty fresh launch logs HR@1 572–631, HR@5 494–553; with
        /// the overall rate left free, 0.410 (234–309) and 6 of 10. Nor did
        /// it put the running playlists first on a run asked at an hour no
        /// run ever was (the bundled corpus, Wednesday 07:00): a meditation
        /// no longer came first (−0.43 on like contexts had rewarded its
        /// being unlikely there), but the hour's habit, Mail, did; the
        /// playlists moved from 16th and 19th to 6th and 15th.
        static let prior: [Double] = {
            // Per half-life, every level in `Level` order: overall, hour,
            // time of day, place, day type + hour, weekday + time of day,
            // place + day type + hour, place + weekday + time of day, place
            // + time of day, like contexts, contexts, contexts + hour,
            // contexts + day type + hour, contexts + day type + clock.
            let levels: [[Double]] = [
                [-0.189, 0.111, -0.001, -0.014, -0.060, 0.001, -0.038, 0.215, 0.140, 0.007, 0.116, 0.177, -0.219, 0.341],
                [-0.020, 0.100, 0.014, 0.047, -0.036, -0.075, -0.093, -0.057, 0.110, 0.088, 0.107, 0.087, -0.162, 0.191],
            ]
            let usedThisSession = 0.0, registered = 1.0, backoffMixture = 0.117
            return levels.flatMap { $0 } + [usedThisSession, registered, backoffMixture]
        }()
        /// How many donations' worth of Fisher information the prior counts
        /// for (a ridge: it keeps every step bounded). On the tune logs 40
        /// beat 8 and 20 (the steps of a young index were too bold) and
        /// 60 and 100 (too timid).
        static let priorStrength = 40.0
        /// Per learning step, past evidence counts this much less: the
        /// weights follow a change of life (a memory of about 1,000 steps).
        static let forgetting = 0.999
        /// Every donation teaches while an index is young; after these many,
        /// every k-th does (k = donations / this), so learning costs
        /// O(log n) steps per `learnEvery` donations at a million.
        static let learnEvery = 1_000
        /// The most a weight moves in one step.
        static let maxStep = 0.5
        /// η of a new index. 0.1 rather than the launch generator's own 20%
        /// noise: a young index's estimates are poor, so at 0.2 it took too
        /// many of its early uses for noise (launch5's HR@1 fell from 0.387
        /// to 0.380; 0.386 at 0.1).
        static let noisePrior = 0.1
        /// η stays within these: a person is neither all habit nor all whim.
        static let noiseRange = 0.01...0.5
        /// The μ a level can have: a new index's times 2^k, k = −4…4 (a
        /// uniform prior over it starts at the centre).
        static let smoothingGrid: [Double] = (-4...4).map { ContextModel.levelSmoothing * pow(2, Double($0)) }

        /// The weights weigh the model's features, then the mixture's estimate.
        static let F = ContextModel.featureCount + 1
        static let mixtureFeature = ContextModel.featureCount

        public init() {
            w = Self.prior
            mix = [Double](repeating: 1 / Double(ContextModel.counts), count: ContextModel.counts)
            evidence = [Double](repeating: 0, count: Self.F * Self.F)
        }

        /// log Σ_f λ_f P_f(i): the backoff levels interpolated (as language
        /// models interpolate n-gram orders), from the log-estimates in φ.
        func mixture(_ phi: [Double]) -> Double {
            var top = -Double.infinity
            for f in 0..<ContextModel.counts { top = max(top, phi[f]) }
            var sum = 0.0
            for f in 0..<ContextModel.counts { sum += mix[f] * exp(phi[f] - top) }
            return top + log(sum)
        }

        /// Counts a donation; true if the model should learn from it
        /// (every one at first, then thinning out: see `learnEvery`).
        public mutating func countDonation() -> Bool {
            donations += 1
            let k = max(1, donations / Self.learnEvery)
            return donations % k == 0
        }

        public func score(_ phi: [Double]) -> Double {
            linear(phi) + (w[Self.mixtureFeature] != 0 ? w[Self.mixtureFeature] * mixture(phi) : 0)
        }

        /// Σ w_f x_f over the model's features (x: φ, or φ with the mixture's estimate).
        private func linear(_ x: [Double]) -> Double {
            var s = 0.0
            for f in 0..<ContextModel.featureCount where w[f] != 0 { s += w[f] * x[f] }
            return s
        }

        /// The terms of a candidate's score, named by level and half-life
        /// with their weight; they add up to `score` (in the same order).
        public func terms(_ phi: [Double]) -> [(name: String, value: Double)] {
            let phi = phi + [mixture(phi)]
            return (0..<Self.F).compactMap { f in
                guard w[f] != 0 else { return nil }
                let what = f == Self.mixtureFeature ? "log Σ λ P" : f == ContextModel.registrationFeature ? "registered"
                    : f == ContextModel.recencyFeature ? "exp(−since last use / 1 h)" : "log P"
                return ("\(Self.name(f)) (w \(ContextModel.short(w[f])) × \(what) \(ContextModel.short(phi[f])))", w[f] * phi[f])
            }
        }

        static func name(_ f: Int) -> String { f == mixtureFeature ? "backoff mixture" : ContextModel.featureName(f) }

        /// Named weights, for `--explain` and EVAL.md, then η.
        public var named: [(String, Double)] {
            var out: [(String, Double)] = []
            for (f, x) in w.enumerated() { out.append((Self.name(f), x)) }
            out.append(("share of uses no habit explains (η)", noise))
            return out
        }

        /// Each level's μ, named (the overall rate over all of history has
        /// none: it borrows α from the static prior).
        public var namedSmoothing: [(String, Double)] {
            (0..<ContextModel.counts).compactMap { c in
                c < ContextModel.levels && ContextModel.parentTable[c].isEmpty ? nil : ("μ " + ContextModel.featureName(c), smoothing[c])
            }
        }

        /// One natural-gradient step on the log-likelihood of the item used
        /// (`candidates[used]`) among the candidates, each described by its
        /// `features` before the donation is counted, weighted by how likely
        /// the use was a habit (`habitShare`); and one step of the mixture's
        /// (`learnMixture`). Returns ρ, the posterior that the use was a
        /// habit (1 when there was nothing to learn from).
        @discardableResult public mutating func learn(used: Int, _ features: [[Double]]) -> Double {
            steps += 1
            let F = Self.F
            guard features.count > 1, features.indices.contains(used) else { return 1 }
            let candidates = features.map { $0 + [mixture($0)] }
            let scores = candidates.map { linear($0) + w[Self.mixtureFeature] * $0[Self.mixtureFeature] }
            let p = ContextModel.softmax(scores)
            let rho = habitShare(used: used, p: p, features)
            var mean = [Double](repeating: 0, count: F)
            for (i, phi) in candidates.enumerated() { for f in 0..<F { mean[f] += p[i] * phi[f] } }
            for k in evidence.indices { evidence[k] *= Self.forgetting }
            for (i, phi) in candidates.enumerated() where p[i] > 1e-12 {
                for a in 0..<F {
                    let da = rho * p[i] * (phi[a] - mean[a])
                    guard da != 0 else { continue }
                    for b in a..<F { evidence[a * F + b] += da * (phi[b] - mean[b]) }
                }
            }
            var fisher = [Double](repeating: 0, count: F * F)
            for a in 0..<F {
                for b in a..<F { fisher[a * F + b] = evidence[a * F + b]; fisher[b * F + a] = evidence[a * F + b] }
                fisher[a * F + a] += Self.priorStrength
            }
            let gradient = (0..<F).map { rho * (candidates[used][$0] - mean[$0]) }
            guard let step = Self.solve(fisher, gradient, F), step.allSatisfy(\.isFinite) else { return rho }
            // A trust region: no weight moves by more than `maxStep` at once
            // (a donation unlike any before cannot throw the model off).
            let largest = step.map(abs).max() ?? 0, scale = largest > Self.maxStep ? Self.maxStep / largest : 1
            for f in 0..<F { w[f] += scale * step[f] }
            // A registration can come to tell nothing, never to count
            // against an item: below 0 (−0.038 on the corpus imported
            // whole), registering an item for a context moved it down there.
            w[ContextModel.registrationFeature] = max(0, w[ContextModel.registrationFeature])
            learnMixture(features[used])
            return rho
        }

        /// Scores every μ of the grid on the item used (its estimate and
        /// features before the donation is counted), weighted by `habitShare`
        /// (ρ, as `learn` returns it: a whim says nothing of how sharp a
        /// habit is), and sets each level's μ to the grid's mean weighted by
        /// the scores (see `smoothing`).
        public mutating func learnSmoothing(used e: ContextModel.Estimate, _ phi: [Double], _ s: ContextModel.Situation, habitShare rho: Double) {
            learnSmoothing(n: e.n, phi, totals: s.totals, habitShare: rho)
        }

        /// The same from the numbers it reads: the item's counts n_L and the
        /// levels' totals N_L.
        mutating func learnSmoothing(n: [Double], _ phi: [Double], totals: [Double], habitShare rho: Double) {
            let likelihoods = ContextModel.smoothingLikelihoods(n: n, phi, totals: totals), G = Self.smoothingGrid.count
            for c in 0..<ContextModel.counts {
                let row = c * G
                guard (0..<G).allSatisfy({ likelihoods[row + $0].isFinite }) else { continue }
                for g in 0..<G { smoothingEvidence[row + g] = Self.forgetting * smoothingEvidence[row + g] + rho * likelihoods[row + g] }
            }
            smoothing = Self.smoothing(smoothingEvidence)
        }

        /// μ per level: the grid's geometric mean, weighted by each μ's
        /// likelihood (`smoothingEvidence`); a new index's μ, exactly, where
        /// nothing told them apart.
        static func smoothing(_ evidence: [Double]) -> [Double] {
            let G = smoothingGrid.count
            return (0..<ContextModel.counts).map { c in
                let row = evidence[(c * G)..<(c * G + G)], top = row.max()!
                guard row.contains(where: { $0 != top }) else { return ContextModel.levelSmoothing }
                var z = 0.0, logMu = 0.0
                for (g, x) in row.enumerated() {
                    let p = exp(x - top)
                    z += p
                    logMu += p * log(smoothingGrid[g])
                }
                return exp(logMu / z)
            }
        }

        /// ρ, the posterior that the use was a habit rather than a whim, given
        /// the habit's probabilities `p` over the candidates; and one step of
        /// online EM for η with it (steps as `learnMixture`'s). The whim's
        /// distribution q is the overall rate (all of history), over the
        /// same candidates.
        mutating func habitShare(used: Int, p: [Double], _ features: [[Double]]) -> Double {
            let habit = (1 - noise) * p[used], whim = noise * ContextModel.whimRates(features)[used]
            guard habit + whim > 0, (habit + whim).isFinite else { return 1 }
            let rho = habit / (habit + whim)
            let eta = max(1 / Double(steps + 10), 1 - Self.forgetting)
            noise = min(Self.noiseRange.upperBound, max(Self.noiseRange.lowerBound, (1 - eta) * noise + eta * (1 - rho)))
            return rho
        }

        /// One step of online EM (a running mean of the E-step) for the
        /// mixture's λ: each level's share of the probability the mixture gave
        /// the item used. Steps of 1/(k + 10) at first, an average over about
        /// the same 1,000 steps as the Fisher information later.
        mutating func learnMixture(_ used: [Double]) {
            var share = (0..<ContextModel.counts).map { mix[$0] * exp(used[$0]) }
            let total = share.reduce(0, +)
            guard total > 0, total.isFinite else { return }
            let eta = max(1 / Double(steps + 10), 1 - Self.forgetting)
            for f in share.indices {
                share[f] /= total
                mix[f] = (1 - eta) * mix[f] + eta * share[f]
            }
        }

        /// x with A x = b, A symmetric positive definite (n × n, row-major),
        /// by Cholesky; nil if A is not (numerically) positive definite.
        static func solve(_ a: [Double], _ b: [Double], _ n: Int) -> [Double]? {
            var l = [Double](repeating: 0, count: n * n)
            for i in 0..<n {
                for j in 0...i {
                    var s = a[i * n + j]
                    for k in 0..<j { s -= l[i * n + k] * l[j * n + k] }
                    if i == j {
                        guard s > 0 else { return nil }
                        l[i * n + i] = s.squareRoot()
                    } else {
                        l[i * n + j] = s / l[j * n + j]
                    }
                }
            }
            var y = b
            for i in 0..<n {
                for k in 0..<i { y[i] -= l[i * n + k] * y[k] }
                y[i] /= l[i * n + i]
            }
            for i in stride(from: n - 1, through: 0, by: -1) {
                for k in (i + 1)..<n { y[i] -= l[k * n + i] * y[k] }
                y[i] /= l[i * n + i]
            }
            return y
        }

        private static let magic: UInt8 = 0x5E  // version 8: with each level's μ
        /// Version 7 (0x5D) reads with a new index's μ. Versions 6 (0x5C) and
        /// 5 (0x5B, no η: it reads at its prior) too: they had every level
        /// but place+time of day (`widened`), so an upgrade keeps what was
        /// learned.
        private static let beforeSmoothing: UInt8 = 0x5D
        private static let storesNoiseBeforePlaceTimeOfDay: [UInt8: Bool] = [0x5C: true, 0x5B: false]

        public var encoded: [UInt8] {
            var wr = ByteWriter()
            wr.u8(Self.magic)
            wr.u32(UInt32(donations))
            wr.u32(UInt32(steps))
            wr.f64(noise)
            wr.u32(UInt32(w.count))
            for x in w { wr.f64(x) }
            for x in mix { wr.f64(x) }
            // The upper triangle: the evidence is symmetric.
            let F = w.count
            for a in 0..<F { for b in a..<F { wr.f64(evidence[a * F + b]) } }
            for x in smoothingEvidence { wr.f64(x) }
            return wr.bytes
        }

        public init?(encoded bytes: [UInt8]) {
            var r = ByteReader(bytes)
            guard let version = r.u8() else { return nil }
            let older = Self.storesNoiseBeforePlaceTimeOfDay[version]
            guard version == Self.magic || version == Self.beforeSmoothing || older != nil,
                  let n = r.u32(), let k = r.u32() else { return nil }
            if older ?? true {
                guard let eta = r.f64() else { return nil }
                noise = eta
            }
            // An older version's features: one level fewer at each half-life.
            let stored = older == nil ? Array(0..<Self.F) : Self.widened(adding: .placeTimeOfDay)
            let F = Self.F, counts = ContextModel.counts, c = stored.count
            guard let count = r.u32(), Int(count) == c else { return nil }
            var w = [Double](repeating: 0, count: F), evidence = [Double](repeating: 0, count: F * F)
            for f in stored { guard let x = r.f64() else { return nil }; w[f] = x }
            // A level new to the index gets a new index's λ (not 0: EM would
            // keep it at 0), then every λ is scaled to sum 1 again.
            var mix = [Double](repeating: 1 / Double(counts), count: counts)
            for f in stored where f < counts { guard let x = r.f64() else { return nil }; mix[f] = x }
            if older != nil {
                let total = mix.reduce(0, +)
                guard total > 0 else { return nil }
                mix = mix.map { $0 / total }
            }
            self.mix = mix
            for a in 0..<c {
                for b in a..<c {
                    // `stored` is increasing: the upper triangle maps to the upper triangle.
                    guard let x = r.f64() else { return nil }
                    evidence[stored[a] * F + stored[b]] = x
                }
            }
            if version == Self.magic {
                for i in smoothingEvidence.indices {
                    guard let x = r.f64() else { return nil }
                    smoothingEvidence[i] = x
                }
                smoothing = Self.smoothing(smoothingEvidence)
            }
            self.w = w
            self.evidence = evidence
            donations = Int(n)
            steps = Int(k)
        }

        /// Where each feature of a layout without `level` is in today's
        /// (in the stored order): the levels after it move up one, at every
        /// half-life, and so do the features after the levels.
        static func widened(adding level: Level) -> [Int] {
            let L = ContextModel.levels, older = Level.allCases.filter { $0 != level }
            let levels = (0..<ContextModel.halfLivesDays.count).flatMap { rate in older.map { rate * L + $0.rawValue } }
            return levels + Array(ContextModel.counts..<Self.F)
        }
    }
}
