#if canImport(Glibc)
import Glibc
#endif
import LimelightSupport

extension ContextModel {
    /// The learned part of the model, per index: the weight of each feature
    /// (`features`: the log-estimate of every backoff level at every
    /// half-life, how recently the item was used, and its registration) in
    ///
    ///     score(i) = Σ_f w_f · φ_f(i)
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
    public struct Weights: Sendable, Equatable {
        var w: [Double]
        /// Σ decay^k · Cov_P(φ) over past learning steps (row-major, `featureCount`²).
        var evidence: [Double]
        public private(set) var donations = 0
        public private(set) var steps = 0

        /// Today's defaults, the prior of a new index: the most specific
        /// level and the overall rate, half and half (a week's recency
        /// weighing 0.3 of each), and the app's registration.
        static let prior: [Double] = {
            var w = [Double](repeating: 0, count: ContextModel.featureCount)
            for (rate, share) in [0.7, 0.3].enumerated() {
                w[rate * ContextModel.levels + Level.contextsDayTypeClock.rawValue] = 0.5 * share
                w[rate * ContextModel.levels + Level.overall.rawValue] = 0.5 * share
            }
            w[ContextModel.registrationFeature] = 1
            return w
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

        public init() {
            w = Self.prior
            evidence = [Double](repeating: 0, count: ContextModel.featureCount * ContextModel.featureCount)
        }

        /// Counts a donation; true if the model should learn from it
        /// (every one at first, then thinning out: see `learnEvery`).
        public mutating func countDonation() -> Bool {
            donations += 1
            let k = max(1, donations / Self.learnEvery)
            return donations % k == 0
        }

        public func score(_ phi: [Double]) -> Double {
            var s = 0.0
            for f in 0..<ContextModel.featureCount where w[f] != 0 { s += w[f] * phi[f] }
            return s
        }

        /// The terms of a candidate's score, named by level and half-life
        /// with their weight; they add up to `score` (in the same order).
        public func terms(_ phi: [Double]) -> [(name: String, value: Double)] {
            (0..<ContextModel.featureCount).compactMap { f in
                guard w[f] != 0 else { return nil }
                let what = f == ContextModel.registrationFeature ? "registered"
                    : f == ContextModel.recencyFeature ? "exp(−since last use / 1 h)" : "log P"
                return ("\(ContextModel.featureName(f)) (w \(ContextModel.short(w[f])) × \(what) \(ContextModel.short(phi[f])))", w[f] * phi[f])
            }
        }

        /// Named weights, for `--explain` and EVAL.md.
        public var named: [(String, Double)] {
            var out: [(String, Double)] = []
            for (f, x) in w.enumerated() { out.append((ContextModel.featureName(f), x)) }
            return out
        }

        /// One natural-gradient step on the log-likelihood of the item used
        /// (`candidates[used]`) among the candidates, each described by its
        /// `features` before the donation is counted.
        public mutating func learn(used: Int, _ candidates: [[Double]]) {
            steps += 1
            let F = ContextModel.featureCount
            guard candidates.count > 1, candidates.indices.contains(used) else { return }
            let scores = candidates.map { score($0) }
            let top = scores.max()!
            var p = scores.map { exp($0 - top) }
            let z = p.reduce(0, +)
            for i in p.indices { p[i] /= z }
            var mean = [Double](repeating: 0, count: F)
            for (i, phi) in candidates.enumerated() { for f in 0..<F { mean[f] += p[i] * phi[f] } }
            for k in evidence.indices { evidence[k] *= Self.forgetting }
            for (i, phi) in candidates.enumerated() where p[i] > 1e-12 {
                for a in 0..<F {
                    let da = p[i] * (phi[a] - mean[a])
                    guard da != 0 else { continue }
                    for b in a..<F { evidence[a * F + b] += da * (phi[b] - mean[b]) }
                }
            }
            var fisher = [Double](repeating: 0, count: F * F)
            for a in 0..<F {
                for b in a..<F { fisher[a * F + b] = evidence[a * F + b]; fisher[b * F + a] = evidence[a * F + b] }
                fisher[a * F + a] += Self.priorStrength
            }
            let gradient = (0..<F).map { candidates[used][$0] - mean[$0] }
            guard let step = Self.solve(fisher, gradient, F), step.allSatisfy(\.isFinite) else { return }
            // A trust region: no weight moves by more than `maxStep` at once
            // (a donation unlike any before cannot throw the model off).
            let largest = step.map(abs).max() ?? 0, scale = largest > Self.maxStep ? Self.maxStep / largest : 1
            for f in 0..<F { w[f] += scale * step[f] }
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

        private static let magic: UInt8 = 0x5A  // "Z": version 4, the conditional logit over backoff levels

        public var encoded: [UInt8] {
            var wr = ByteWriter()
            wr.u8(Self.magic)
            wr.u32(UInt32(donations))
            wr.u32(UInt32(steps))
            wr.u32(UInt32(w.count))
            for x in w { wr.f64(x) }
            // The upper triangle: the evidence is symmetric.
            let F = w.count
            for a in 0..<F { for b in a..<F { wr.f64(evidence[a * F + b]) } }
            return wr.bytes
        }

        public init?(encoded bytes: [UInt8]) {
            var r = ByteReader(bytes)
            let F = ContextModel.featureCount
            guard r.u8() == Self.magic, let n = r.u32(), let k = r.u32(), let c = r.u32(), Int(c) == F else { return nil }
            var w = [Double](repeating: 0, count: F), evidence = [Double](repeating: 0, count: F * F)
            for f in 0..<F { guard let x = r.f64() else { return nil }; w[f] = x }
            for a in 0..<F {
                for b in a..<F { guard let x = r.f64() else { return nil }; evidence[a * F + b] = x }
            }
            self.w = w
            self.evidence = evidence
            donations = Int(n)
            steps = Int(k)
        }
    }
}
