import Testing
@testable import LimelightSupport
@testable import LimelightRanking
#if canImport(Glibc)
import Glibc
#endif

/// How the context model's levels back off to broader ones (`ContextModel.Level.parents`),
/// on counts kept as an index keeps them.
@Suite struct ContextModelBackoffTests {
    /// Every level is computed after the levels it backs off to.
    @Test func everyLevelComesAfterItsParents() {
        let order = ContextModel.evaluationOrder
        #expect(order.sorted() == Array(0..<ContextModel.levels))
        for (i, l) in order.enumerated() {
            for q in ContextModel.parentTable[l] {
                #expect(order.firstIndex(of: q)! < i, "\(ContextModel.Level(rawValue: l)!.name) before its parent")
            }
        }
    }

    /// A situation never seen is read as the likeliest known set at least
    /// half alike (`RelatedSets.reading`): the one with the most uses near
    /// the hour, each counted at how alike it is; ties keep the contexts
    /// named. The contexts a launcher did not name are filled in, a place
    /// too; a place it names stays, a context never seen makes it new, and
    /// a set seen, or one that no like set was used near the hour, is itself.
    @Test func aSituationNeverSeenIsReadAsTheLikeliestKnownSet() {
        let run = ["audio.workout.running", "fitness.workoutActive", "hardware.headphones"]
        let gym = ["audio.workout", "audio.workout.intensity.low", "location.gym"]
        let work = ["hardware.headphones", "location.work"], home = ["location.home"]
        let bedtime = ["hardware.headphones", "location.home", "sleep.bedtime"]
        let workout = ["fitness.workoutActive"]
        let known: ContextModel.KnownSets = [run, gym, work, home, bedtime, workout]
        // Uses near the hour asked about: an afternoon (bedtime unused).
        let afternoon: [[String]: Double] = [run: 12, gym: 3, work: 20, home: 30, bedtime: 0, workout: 12]
        func reading(_ current: [String], _ uses: [[String]: Double] = afternoon) -> [String] {
            ContextModel.RelatedSets.reading(current, known: known) { uses[$0]! }
        }
        // Running and its parent: 2 of the run's 4, 1 of the gym's 4.
        #expect(reading(["audio.workout.running"]) == run)
        #expect(reading(["hardware.headphones"]) == work, "half alike, place filled in")
        #expect(reading(["fitness.workoutActive", "hardware.headphones"]) == run,
                "tied with the workout alone (1 of 2 alike, as many uses): the run keeps headphones")
        #expect(reading(["location.home", "hardware.headphones"]) == home, "bedtime is 2 of 3 alike but unused in the afternoon")
        var night = afternoon
        night[bedtime] = 10
        night[home] = 2
        #expect(reading(["location.home", "hardware.headphones"], night) == bedtime)
        night[work] = 0
        #expect(reading(["hardware.headphones"], night) == ["hardware.headphones"], "work unused at night: itself")
        #expect(reading(["location.gym", "hardware.headphones"]) == ["location.gym", "hardware.headphones"], "no set at the gym is half alike")
        #expect(reading(["location.home", "weather.rain"]) == ["location.home", "weather.rain"], "rain was never seen: new")
        #expect(reading(gym.reversed()) == gym.reversed(), "a known set is itself")
        #expect(reading([]) == [])
    }

    /// On a weekday never seen, place + weekday + time of day backs off to
    /// place + time of day (dropping the weekday, as the counting rules do),
    /// not to the place alone: at home on a Tuesday afternoon, the app used
    /// at home in Monday and Wednesday afternoons comes before the one used
    /// at home in those mornings, though that one is used in more afternoons
    /// (at work). Backing off to the place, the two were alike at home and
    /// the afternoons at work decided.
    @Test func aWeekdayNeverSeenBacksOffToTheSamePlaceAndTimeOfDay() throws {
        func at(_ day: Int, _ hour: Int) -> Timestamp {
            // 2026-09-07 is a Monday.
            Timestamp(seconds: Timestamp(iso8601: "2026-09-07T00:00:00Z")!.seconds + Double(day * 24 + hour) * 3600)
        }
        let home = ["location.home"], work = ["location.work"]
        var afternoonsAtHome = UsageStats(), morningsAtHome = UsageStats()
        var time = ContextModel.Table(), homeTable = ContextModel.Table()
        func use(_ stats: inout UsageStats, _ t: Timestamp, _ contexts: [String]) {
            stats.add(UsageEvent(at: t, contexts: contexts))
            let f = ContextModel.Features(at: t, contexts: contexts)
            time.add(f)
            if contexts == home { homeTable.add(f) }
        }
        for week in 0..<4 {
            for day in [0, 2] {
                let d = week * 7 + day
                for _ in 0..<3 { use(&afternoonsAtHome, at(d, 15), home) }
                for _ in 0..<3 { use(&morningsAtHome, at(d, 8), home) }
                for _ in 0..<6 { use(&morningsAtHome, at(d, 14), work) }
            }
        }
        let tuesdayAfternoon = ContextModel.Features(at: at(29, 15), contexts: home)
        let related = ContextModel.RelatedSets(known: [home, work], current: home)
        var place = homeTable, contexts = [homeTable]
        let s = ContextModel.Situation(tuesdayAfternoon, related: related, time: &time, contexts: &contexts, place: &place)
        let level = ContextModel.Level.placeWeekdayTimeOfDay.rawValue
        func estimate(_ stats: UsageStats) -> Double {
            ContextModel.features(ContextModel.estimate(stats, base: 0.01, relevance: 0, s), s)[level]
        }
        // Nothing was ever used on a Tuesday: the level has only what it backs off to.
        #expect(s.totals[level] == 0)
        #expect(estimate(afternoonsAtHome) > estimate(morningsAtHome),
                "\(estimate(afternoonsAtHome)) vs \(estimate(morningsAtHome))")
    }
}
