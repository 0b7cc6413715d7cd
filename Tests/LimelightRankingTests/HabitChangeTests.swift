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

    /// The scores move toward what the run says: the old favourite (thing 0,
    /// first by the scores, gone from the run) and a new one (thing 1) in
    /// the last six uses of the set, which gave it little before. Another
    /// candidate (thing 2), used at its rate, keeps its place below; without
    /// a run nothing moves.
    @Test func theNewHabitOvertakesTheOld() {
        let scores = [2.0, 0.5, 0.0], things = [0, 1, 2], set = [0.5, 0.02, 0.1]
        let run = [0, 2, 0, 0, 2, 0, 1, 1, 2, 1, 1, 1, 1]
        let (shift, noChange) = H.shifts(run: run, things: things, set: set)
        let moved = zip(scores, shift).map { $0 + $1 }
        #expect(moved[1] > moved[0], "\(moved)")
        #expect(moved[0] > moved[2], "\(moved)")
        #expect(shift[0] < 0, "the old one fell: \(shift)")
        #expect(noChange[1] < 0.05 && noChange[2] > 0.5, "\(noChange)")
        #expect(H.shifts(run: [], things: things, set: set).shift == [0, 0, 0])
    }

    /// An entity and the App Shortcut bound to it are one thing: both move.
    @Test func membersOfOneThingMoveTogether() {
        let (shift, _) = H.shifts(run: [1, 1, 1, 1, 1], things: [0, 1, 1], set: [0.6, 0.01, 0.02])
        #expect(shift[1] > 1 && shift[1] == shift[2], "\(shift)")
    }
}
