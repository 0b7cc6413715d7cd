#if canImport(Glibc)
import Glibc
#endif

extension ContextModel {
    /// A changed habit, detected as a change point in the uses of one
    /// context set (Bayesian online change-point detection, Adams and
    /// MacKay 2007, over a window of the set's last uses, and those of the
    /// sets nearly like it: `sharedRunAlike`; see `posterior`).
    ///
    /// The counts cannot see a change soon: after d days of a new daily
    /// habit, its week-long count is S(1 − 2^(−d/7)) and the old one's
    /// S·2^(−d/7), a tie at d = 7, and every all-history level favours the
    /// old item for weeks; nor can the learned weights, which are fitted to
    /// every use and learn little from one change a season. But the set's
    /// last uses say it plainly: the new item in 5 of them where the set
    /// gave it 0.02 before, the old one in none where it had 0.4.
    ///
    /// So for each candidate thing j, its uses among the set's last uses
    /// (`run`) are weighed against two kinds of hypothesis: its
    /// rate never changed (each use is j with its probability p_j in the set
    /// before the run), or its rate now is one it changed to just before the
    /// last r uses, θ ~ Beta(α p_j, α (1 − p_j)), a priori `hazard` per use
    /// (after however many changes before those r). One
    /// thing at a time: a commute's set holds the morning podcast and the
    /// evening one in turn, and a change of the one is no change of the
    /// other (one change of the whole distribution, tried first, took every
    /// such mix for no change). Both a new item's rise and an old one's
    /// fall are evidence; a single use is none (its Beta predictive is its
    /// p), nor are a stationary habit's uses (p already expects them).
    ///
    /// The thing's rate in the set is then E[θ_j], the posterior mixture
    ///
    ///     E[θ_j] = π_0 p_j + Σ_r π_r (α p_j + k_r) / (α + r)
    ///
    /// with k_r its uses among the last r and π_r the posterior that the
    /// rate now began r uses ago, and the situation's model P
    /// (softmax of the scores) is rescaled by how far it moved, as language
    /// models adapt to a document (minimum discrimination information
    /// adaptation, Kneser, Peters and Klakow 1997):
    ///
    ///     P'(j) ∝ P(j) · (E[θ_j] / p_j)^β
    ///
    /// Rescaled, not replaced: the run knows the set but not the hour, and
    /// P keeps the time of day (a new morning podcast is not pushed in the
    /// evening, and one P already puts first is not pulled down to its share
    /// of a run that holds the evening's uses too, as a mixture with the
    /// run's shares did). β (`adaptation`) tempers the rescaling because
    /// the run is the set's at any hour.
    public enum HabitChange {
        /// The fewest of a context set's last uses weighed. A broad set
        /// (school, work) has many things in turn, and a set can hold a
        /// morning habit and an evening one: in 10 uses a change showed too
        /// little to tell from chance. On the evaluation's logs 25 beat 10
        /// (commuter's change won in 3 days, not 24; launch8 HR@1 0.330 →
        /// 0.359) and 50 (changes slower: nightshift's 15 days, not 8;
        /// corpus HR@1 0.098).
        public static let fewestUses = 25
        /// More are weighed when the set had more in the last `span`: a week,
        /// as long as a change may take. 25 uses of a busy set (a student's
        /// school, ten a day) are two or three days, and a new habit there
        /// soon had its first days' uses out of the run, the evidence gone
        /// before the counts had caught up (the GRE deck took 10 days; 2
        /// with the week).
        public static let span = 7 * 86_400.0
        /// And at most this many, which bounds the work per suggestion and
        /// what the index keeps per set. The whole week of a busy set (up to
        /// 100) cost the bundled corpus's log its HR@5 (0.277 against the
        /// rule's 0.287) for no change won sooner.
        public static let mostUses = 50

        /// Context sets at least this alike share their uses in the run
        /// (alike as `RelatedSets` has it: the Jaccard similarity of the sets
        /// with their ancestors, at the same place): a change of habit in one is a change in
        /// the other. A set of two or more contexts and the same with one
        /// more share (a Tuesday's run and a Saturday's long run with
        /// `audio.workout.intensity.low` too: 5/7 with their ancestors);
        /// {home} and {home, headphones} do not (1/2), nor two sets of three
        /// that differ in one (2/4). On the evaluation's logs the runner's new playlist, used in
        /// the one on Tuesdays and Thursdays and once a week in the other,
        /// then won in 3 of its uses, not 10 (8 days, not 29; runner's HR@1
        /// 0.537 → 0.541), and no other log moved but parent (HR@1 0.576 →
        /// 0.573); at 1/2 a bedtime book took 12 days, not 3, and MRR fell on
        /// both halves (0.5678 → 0.5662 tune, 0.4818 → 0.4810 held out).
        public static let sharedRunAlike = 2.0 / 3

        /// The sets whose uses make the situation's run: its own (first),
        /// then those at least `sharedRunAlike` like it.
        public static func setsSharingRun(own: UInt32, _ related: RelatedSets) -> [UInt32] {
            [own] + zip(related.hashes, related.weights).filter { $0.0 != own && $0.1 >= sharedRunAlike }.map(\.0)
        }

        /// The uses weighed: the set's uses in the `span` before `now`, but
        /// at least its last `fewestUses` and at most its last `mostUses`.
        /// - uses: the set's last uses, oldest first, each with its time.
        public static func run<T>(_ uses: [(use: T, at: Double)], now: Double) -> [T] {
            let inSpan = uses.reversed().prefix { $0.at >= now - span }.count
            return uses.suffix(min(mostUses, max(fewestUses, inSpan))).map(\.use)
        }

        /// The prior chance that a thing's rate in a set changes at a given
        /// use: about one change in a thousand uses. 0.01 won no more
        /// changes within a week there (5 of 10) and lost HR@1 (corpus
        /// 0.103 → 0.094, runner 0.537 → 0.533): runs of chance looked like
        /// changes too often.
        public static let hazard = 0.001
        /// α: how much a changed rate stays like the old one (1: little).
        public static let concentration = 1.0
        /// β: how much of the set's change the situation takes on: Kneser,
        /// Peters and Klakow's 0.5. On the evaluation's logs 1 won the most
        /// changed habits within a week (8 of 10) and lost HR@1 on the broad
        /// sets (corpus 0.092 against the rule's 0.108; runner); 0.3 won as
        /// many as 0.5 (5 of 10), kept more HR@1 on corpus (0.111) and less
        /// on the launch logs (launch7, launch8).
        public static let adaptation = 0.5

        /// The posterior of each run length r = 0…uses.count: the thing's
        /// rate now is the one it took just before the last r uses, r = 0
        /// being "no change in the window". Adams and MacKay's recursion, one
        /// use at a time: before each, the current rate goes on (1 − hazard)
        /// or changes (hazard), and every rate a change starts is drawn anew
        /// from Beta(α p, α (1 − p)). So the window may hold several changes,
        /// and the rate now is the last one's: a thing that rose and then
        /// fell is down now. (With one change at most, the latest segment had
        /// to reach back to the first rise: a bedtime set too young to have a
        /// rate of its own, p the like sets' back-off, read its old sound,
        /// 20 uses then 6 absences as a new one took over, as risen, +1.08,
        /// and kept it first: nightshift's change took 8 days, not 5.)
        /// - uses: for each of the set's last uses, oldest first, whether it
        ///   was a use of the thing.
        /// - p: the thing's probability in the set before them (0 < p < 1).
        static func posterior(_ uses: [Bool], p: Double) -> [Double] {
            let m = uses.count, alpha = concentration
            guard m > 0 else { return [1] }
            var post = [Double](repeating: 0, count: m + 1), next = post
            post[0] = 1
            for t in 0..<m {
                let hit = uses[t]
                // Each hypothesis's chance of this use, times its chance of going on.
                next[0] = post[0] * (1 - hazard) * (hit ? p : 1 - p)
                var changes = post[0], hits = 0.0
                for r in stride(from: 1, through: t, by: 1) {
                    if uses[t - r] { hits += 1 }
                    let rate = (alpha * p + hits) / (alpha + Double(r))
                    next[r + 1] = post[r] * (1 - hazard) * (hit ? rate : 1 - rate)
                    changes += post[r]
                }
                // Or a change just before it, from any of them, to a new rate
                // whose first use is as likely as the prior's mean says.
                next[1] = changes * hazard * (hit ? p : 1 - p)
                let total = next[0...(t + 1)].reduce(0, +)
                for r in 0...(t + 1) { post[r] = next[r] / total }
            }
            return post
        }

        /// How the run moves each candidate's score: β log(E[θ_j] / p_j)
        /// (see above; 0 where it says nothing changed), the posterior that
        /// its thing's rate did not change (1 with no run), and how far its
        /// rate in the set rose, E[θ_j] − p_j (negative: fell).
        /// - run: the set's last uses, oldest first, each a thing's number.
        /// - days: each use's local day (as `run`; empty: every use counts).
        /// - things: each candidate's thing (an entity and the App Shortcut
        ///   bound to it are one: the run names the entity), numbered from 0.
        /// - set: each candidate's probability in the set before the run
        ///   (`setProbability`); a thing's is its likeliest member's.
        /// - byDay: for each thing number, whether its test counts the days
        ///   it was used on rather than its uses (`firstUseADay`).
        public static func shifts(run: [Int], days: [Int] = [], things: [Int], set: [Double],
                                  byDay: [Bool] = []) -> (shift: [Double], noChange: [Double], rise: [Double]) {
            let none = [Double](repeating: 0, count: set.count)
            guard !run.isEmpty else { return (none, [Double](repeating: 1, count: set.count), none) }
            var p = [Double](repeating: 0, count: (things.max() ?? -1) + 1)
            for (i, t) in things.enumerated() { p[t] = max(p[t], set[i]) }
            var inRun = [Bool](repeating: false, count: p.count)
            for t in run where t < p.count { inRun[t] = true }
            var shift = [Double](repeating: 0, count: p.count), noChange = [Double](repeating: 1, count: p.count)
            var rise = [Double](repeating: 0, count: p.count)
            // A thing absent from the run with p < 0.01 is skipped: its
            // absence is no evidence (at most (1 − p)^−50 < 1.7 against the
            // hazard's 1/1000), and candidates are many.
            for t in p.indices where p[t] > 0 && p[t] < 1 && (inRun[t] || p[t] >= 0.01) {
                let uses = t < byDay.count && byDay[t] ? firstUseADay(of: t, run, days) : run.map { $0 == t }
                let post = posterior(uses, p: p[t])
                var rate = post[0] * p[t], k = 0
                for r in 1..<post.count {
                    if uses[uses.count - r] { k += 1 }
                    rate += post[r] * (concentration * p[t] + Double(k)) / (concentration + Double(r))
                }
                shift[t] = adaptation * log(rate / p[t])
                noChange[t] = post[0]
                rise[t] = rate - p[t]
            }
            return (things.map { shift[$0] }, things.map { noChange[$0] }, things.map { rise[$0] })
        }

        /// Whether each of the run's uses was the thing `t`'s, leaving out
        /// its second and later uses on a day (`days`: each use's local day).
        /// Content is reopened while one works on it: a message read four
        /// times one day and never again was, to the run, 4 of that day's 20
        /// uses where it had none before, a rise, and it came first the next
        /// morning (+2.18; the bundled corpus's log put a message first on
        /// 245 of its 1,789 events and was right on 9). Counted by day, that
        /// day is one use, which is no evidence of a change (see
        /// `posterior`), while a new habit's uses on days after days still are.
        static func firstUseADay(of t: Int, _ run: [Int], _ days: [Int]) -> [Bool] {
            var seen = Set<Int>(), out: [Bool] = []
            for (u, day) in zip(run, days) {
                if u == t, !seen.insert(day).inserted { continue }
                out.append(u == t)
            }
            return out
        }

        /// A change is likelier than not below this posterior of no change.
        public static let replacementBelief = 0.5

        /// The candidates' scores after the run: each moved by its shift,
        /// and a replacement's share handed on. Where one thing's rate in
        /// the set fell and another's rose, each likelier changed than not,
        /// the person now uses the one where they used the other: the mass
        /// the fallen lost in this situation, P(i)(1 − (E[θ_i]/p_i)^β), goes
        /// to the risen in proportion to their rise E[θ_j] − p_j. It carries
        /// the situation the old item had (a morning podcast's morning), which
        /// the rescaling alone cannot give a new item: the run is the set's
        /// at any hour. On the evaluation's logs a commute's new episode then
        /// won in 6 days, not 9, at a cost of that log's HR@1 (0.358 → 0.350;
        /// no other log moved). Without the belief threshold every small fall
        /// handed mass to every one-off used twice, and HR@1 fell on four logs.
        /// - scores: log-scores (softmax: the situation's P, up to a constant).
        /// - things, shift, noChange, rise: as in `shifts`.
        public static func adapted(_ scores: [Double], things: [Int], shift: [Double], noChange: [Double], rise: [Double]) -> [Double] {
            guard let top = scores.max() else { return scores }
            // A thing's mass is its best member's: the one the list shows.
            var best: [Int: Int] = [:]
            for i in scores.indices where best[things[i]].map({ scores[$0] < scores[i] }) ?? true { best[things[i]] = i }
            var losses: [Double] = [], rises: [Double] = []
            for i in scores.indices where best[things[i]] == i && noChange[i] < replacementBelief {
                if rise[i] < 0 { losses.append(exp(scores[i] - top) * (1 - exp(shift[i]))) }
                if rise[i] > 0 { rises.append(rise[i]) }
            }
            // Summed in order of size, not of the candidates (which a sharded
            // index reads in another order): the same bits on any layout.
            let lost = losses.sorted().reduce(0, +), risen = rises.sorted().reduce(0, +)
            return scores.indices.map { i in
                guard lost > 0, risen > 0, rise[i] > 0, noChange[i] < replacementBelief else { return scores[i] + shift[i] }
                return top + log(exp(scores[i] - top + shift[i]) + lost * rise[i] / risen)
            }
        }

        /// An item's probability in the situation's context set before its
        /// last `m` uses (the run's uses in that set), `k` of them its own:
        /// the contexts level (all of history, smoothed by its μ toward the
        /// like sets, as `features`) without them, and whims at the rate η.
        /// Without them: a change is the run against what came before it;
        /// with the run counted in both, the new habit's own uses soon
        /// explained the run, and the evidence faded before the situation's
        /// model had caught up.
        /// - phi: its features (`ContextModel.features`).
        /// - whim: its overall rate among the candidates (`ContextModel.whimRates`).
        public static func setProbability(_ e: Estimate, _ s: Situation, _ phi: [Double], smoothing mu: [Double],
                                          excluding k: Int, of m: Int, noise: Double, whim: Double) -> Double {
            // Smoothed toward its parents as `features` smooths it.
            let l = Level.contexts.rawValue, parents = parentTable[l]
            let back = parents.reduce(0) { $0 + exp(phi[$1]) } / Double(parents.count)
            let p = (max(0, e.n[l] - Double(k)) + mu[l] * back) / (max(0, s.totals[l] - Double(m)) + mu[l])
            return (1 - noise) * p + noise * whim
        }
    }
}
