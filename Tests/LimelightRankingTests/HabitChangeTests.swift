import Testing
@testable import LimelightRanking

/// The change-point test on a context set's last uses (`ContextModel.HabitChange`).
@Suite struct HabitChangeTests {
    typealias H = ContextModel.HabitChange

    /// The set's last 25 uses: `thing` at the given positions (0 oldest), something else elsewhere.
    static func uses(_ at: Set<Int>, of count: Int = 25) -> [Bool] { (0..<count).map { at.contains($0) } }

    /// A new thing in each of the last five uses, where the set gave it 0.02
    /// before: a change, almost surely, and the posterior puts it where it was.
    @Test func aRunOfTheUnexpectedIsAChange() {
        let post = H.posterior(Self.uses(Set(20..<25)), p: 0.02)
        #expect(post[0] < 0.01, "\(post[0])")
        let likeliest = post.indices.max { post[$0] < post[$1] }!
        #expect(likeliest == 5, "the change came five uses ago, not \(likeliest)")
    }

    /// An old favourite absent from the last 25 uses, where it had 0.4: its
    /// fall is evidence too.
    @Test func anOldHabitThatStoppedIsAChange() {
        #expect(H.posterior(Self.uses([]), p: 0.4)[0] < 0.05)
    }

    /// What the set expects is no evidence: a thing at its usual rate, a
    /// single use of a rare one, a rare one never used.
    @Test func theExpectedIsNoChange() {
        #expect(H.posterior(Self.uses([2, 7, 12, 17, 22]), p: 0.2)[0] > 0.9)
        #expect(H.posterior(Self.uses([24]), p: 0.01)[0] > 0.95)
        #expect(H.posterior(Self.uses([]), p: 0.01)[0] > 0.95)
        #expect(H.posterior([], p: 0.3) == [1])
    }

    /// A thing that rose and then fell is down now: in a set too young to
    /// have rates of its own (p is the like sets' back-off, 0.05 for each),
    /// an old sound in its first 19 uses and a new one in the last 6, as
    /// nightshift's bedtime set had them. The window holds two changes of
    /// the old sound, and its rate now is the second's. (With at most one
    /// change, the rise reached back to the first use, and the old sound
    /// read as risen.)
    @Test func aRiseThenAFallIsDownNow() {
        let run = [Int](repeating: 0, count: 19) + [Int](repeating: 1, count: 6)
        let (shift, _, rise) = H.shifts(run: run, things: [0, 1], set: [0.05, 0.05])
        #expect(shift[0] < 0 && rise[0] < 0, "the old one fell: \(shift) \(rise)")
        #expect(shift[1] > -shift[0], "the new one rose more: \(shift)")
        let post = H.posterior(run.map { $0 == 0 }, p: 0.05)
        let likeliest = post.indices.max { post[$0] < post[$1] }!
        #expect(likeliest == 6, "the rate now began six uses ago, not \(likeliest)")
    }

    /// A message read four times one day, never before: counted by use, its
    /// day is a rise; counted by the days it was used on, that day is one
    /// use, no evidence. A thing new on each of the last five days rises
    /// either way.
    @Test func aDaysReopeningsAreOneUseWhenCountedByDay() {
        // Two days of a set's uses, five then twenty: thing 0 four times on the second.
        let run = [1, 2, 1, 2, 1] + [1, 0, 2, 1, 0, 1, 2, 0, 1, 2, 1, 1, 2, 1, 0, 2, 1, 2, 1, 2]
        let days = [Int](repeating: 0, count: 5) + [Int](repeating: 1, count: 20)
        let set = [0.002, 0.5, 0.4], things = [0, 1, 2]
        let byUse = H.shifts(run: run, days: days, things: things, set: set)
        #expect(byUse.noChange[0] < 0.1 && byUse.shift[0] > 1, "\(byUse)")
        let byDay = H.shifts(run: run, days: days, things: things, set: set, byDay: [true, false, false])
        #expect(byDay.noChange[0] > 0.9 && abs(byDay.shift[0]) < 0.1, "\(byDay)")

        let daily = [1, 2, 1, 2, 1, 2] + (1...5).flatMap { _ in [0, 1, 2] }
        let dailyDays = [Int](repeating: 0, count: 6) + (1...5).flatMap { [$0, $0, $0] }
        let newHabit = H.shifts(run: daily, days: dailyDays, things: things, set: set, byDay: [true, false, false])
        #expect(newHabit.noChange[0] < 0.1 && newHabit.shift[0] > 1, "\(newHabit)")
        #expect(H.firstUseADay(of: 0, [0, 0, 1, 0], [3, 3, 3, 4]) == [true, false, true])
    }

    /// The scores move toward what the run says: the old favourite (thing 0,
    /// first by the scores, gone from the run) and a new one (thing 1) in
    /// the last six uses of the set, which gave it little before. Another
    /// candidate (thing 2), used at its rate, keeps its place below; without
    /// a run nothing moves.
    @Test func theNewHabitOvertakesTheOld() {
        let scores = [2.0, 0.5, 0.0], things = [0, 1, 2], set = [0.5, 0.02, 0.1]
        let run = [0, 2, 0, 0, 2, 0, 1, 1, 2, 1, 1, 1, 1]
        let (shift, noChange, rise) = H.shifts(run: run, things: things, set: set)
        let moved = zip(scores, shift).map { $0 + $1 }
        #expect(moved[1] > moved[0], "\(moved)")
        #expect(moved[0] > moved[2], "\(moved)")
        #expect(shift[0] < 0, "the old one fell: \(shift)")
        #expect(noChange[1] < 0.05 && noChange[2] > 0.5, "\(noChange)")
        #expect(rise[0] < 0 && rise[1] > 0, "\(rise)")
        #expect(H.shifts(run: [], things: things, set: set).shift == [0, 0, 0])
    }

    /// A replacement hands the old favourite's place on. In the situation
    /// asked about (a morning), the old podcast (thing 0) was far ahead and
    /// the new one (thing 1) far behind an evening favourite (thing 2); the
    /// set's last 18 uses have the new one eight times and the old one never.
    /// Rescaled alone, the new one stays below the evening's; with the mass
    /// the old one lost, it comes first. Its bound App Shortcut (3) moves
    /// with it. With no credible fall, nothing is handed on.
    @Test func aReplacementTakesTheOldOnesPlace() {
        let scores = [3.0, -2.0, 1.0, -2.5], things = [0, 1, 2, 1], set = [0.4, 0.01, 0.4, 0.01]
        let run = [0, 2, 0, 2, 0, 2, 0] + [2, 1, 2, 1, 1, 2, 1, 2, 1, 1, 2, 2, 1, 2, 2, 1, 2, 2]
        let c = H.shifts(run: run, things: things, set: set)
        let rescaled = zip(scores, c.shift).map { $0 + $1 }
        let adapted = H.adapted(scores, things: things, shift: c.shift, noChange: c.noChange, rise: c.rise)
        #expect(rescaled[1] < rescaled[2], "rescaled alone: \(rescaled)")
        #expect(adapted[1] > adapted[2] && adapted[1] > adapted[0], "\(adapted)")
        #expect(adapted[3] > rescaled[3] && adapted[0] == rescaled[0] && adapted[2] == rescaled[2], "\(adapted)")
        // The old one still in the run at its rate: the new one's rise hands nothing on.
        let steady = [0, 2, 0, 2, 0, 2, 0] + [2, 1, 0, 1, 1, 2, 1, 0, 1, 1, 2, 0, 1, 2, 0, 1, 2, 0]
        let d = H.shifts(run: steady, things: things, set: set)
        #expect(H.adapted(scores, things: things, shift: d.shift, noChange: d.noChange, rise: d.rise)
                == zip(scores, d.shift).map { $0 + $1 })
    }

    /// The run is the set's last week of uses, at least 25 and at most 50:
    /// a set used ten times a day gives its week's 50, one used daily its
    /// last 25 (25 days), one used hourly its last 50.
    @Test func theRunIsTheLastWeekWithinBounds() {
        let day = 86_400.0, now = 30 * day
        func uses(every gap: Double) -> [(use: Int, at: Double)] {
            stride(from: now - gap, to: now - 30 * day, by: -gap).reversed().enumerated().map { ($0.offset, $0.element) }
        }
        let busy = uses(every: day / 10)
        #expect(H.run(busy, now: now) == Array(busy.suffix(50).map(\.use)))
        let daily = uses(every: day)
        #expect(H.run(daily, now: now) == Array(daily.suffix(25).map(\.use)))
        let fiveADay = uses(every: day / 5)
        #expect(H.run(fiveADay, now: now).count == 35)
        #expect(H.run([(use: 1, at: now)], now: now) == [1])
    }

    /// The run is the situation's set's uses and those of the sets nearly
    /// like it: the same commute on rainy days (3 of 4 alike) shares it;
    /// home with headphones and home without them (1 of 2) do not. The
    /// situation's own set comes first.
    @Test func nearlyLikeSetsShareTheRun() {
        let commute = ["location.commute", "hardware.headphones", "audio.podcast"]
        let rainy = commute + ["weather.rain"], home = ["location.home"], homeHeadphones = home + ["hardware.headphones"]
        let hash = ContextModel.setHash
        let known: ContextModel.KnownSets = [commute, rainy, home, homeHeadphones]
        let onCommute = ContextModel.RelatedSets(known: known, current: commute)
        #expect(H.setsSharingRun(own: hash(commute), onCommute) == [hash(commute), hash(rainy)])
        let atHome = ContextModel.RelatedSets(known: known, current: homeHeadphones)
        #expect(H.setsSharingRun(own: hash(homeHeadphones), atHome) == [hash(homeHeadphones)])
    }

    /// An entity and the App Shortcut bound to it are one thing: both move.
    @Test func membersOfOneThingMoveTogether() {
        let (shift, _, _) = H.shifts(run: [1, 1, 1, 1, 1], things: [0, 1, 1], set: [0.6, 0.01, 0.02])
        #expect(shift[1] > 1 && shift[1] == shift[2], "\(shift)")
    }
}
