#if canImport(Glibc)
import Glibc
#endif

/// Whether one ranker's lead over another on the same events is more than
/// chance: McNemar's exact test. Only the events one of them hits and the
/// other misses say anything (`onlyA`, `onlyB`); if neither ranker were
/// better, each such event would go either way with probability ½.
///
/// Why `make eval` reports it: HR@1 over 800 events has a standard error of
/// about 0.017, and the best counting rule is the best of five on that very
/// log, so a lead of 0.002 either way is not evidence of anything. The test
/// says which leads are.
struct PairedTest {
    let onlyA: Int
    let onlyB: Int

    /// `a`, `b`: whether each ranker put the target within the cut, event by event.
    init(_ a: [Bool], _ b: [Bool]) {
        precondition(a.count == b.count, "paired hits of different lengths")
        onlyA = zip(a, b).filter { $0 && !$1 }.count
        onlyB = zip(a, b).filter { !$0 && $1 }.count
    }

    /// Two-sided p: the chance of a split at least this uneven, 2 · P(X ≤ min)
    /// with X ~ Binomial(onlyA + onlyB, ½), at most 1.
    var p: Double {
        let n = onlyA + onlyB, k = min(onlyA, onlyB)
        guard n > 0 else { return 1 }
        // Summed in logs: C(1800, 900) / 2^1800 underflows nothing this way.
        var tail = 0.0
        for i in 0...k { tail += exp(Self.logChoose(n, i) - Double(n) * log(2)) }
        return min(1, 2 * tail)
    }

    /// "41–32, p 0.35": the events only A hits, only B hits, and p.
    var summary: String {
        let p = self.p
        return "\(onlyA)–\(onlyB), p \(p < 0.001 ? "< 0.001" : fmt(p, p < 0.1 ? 3 : 2))"
    }

    static func logChoose(_ n: Int, _ k: Int) -> Double {
        lgamma(Double(n + 1)) - lgamma(Double(k + 1)) - lgamma(Double(n - k + 1))
    }
}
