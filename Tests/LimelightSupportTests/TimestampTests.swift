import Testing
@testable import LimelightSupport

@Suite struct TimestampTests {
    @Test func parsesOffsetsAndKeepsLocalTimeOfDay() throws {
        let t = try #require(Timestamp(iso8601: "2026-11-29T07:30:00-08:00"))
        #expect(t.seconds == 1_795_966_200)
        #expect(t.offset == -8 * 3600)
        #expect(t.hourOfDay == 7.5)
        #expect(t.weekday == 6)  // a Sunday
        #expect(t.isWeekend)
        #expect(t.description == "2026-11-29T07:30:00-08:00")
    }

    @Test func acceptsZuluFractionsAndDates() throws {
        #expect(Timestamp(iso8601: "2026-11-30T00:00:00.250Z")?.seconds == 1_795_996_800.25)
        #expect(Timestamp(iso8601: "2026-11-30")?.seconds == 1_795_996_800)
        #expect(Timestamp(iso8601: "2026-11-30T09:00:00+0530")?.offset == 19_800)
    }

    /// A year before 1000 is written with four digits, so it reads back.
    @Test func anEarlyYearIsWrittenWithFourDigits() throws {
        for text in ["0999-06-01T00:00:00Z", "0001-01-01T00:00:00Z", "0000-01-01T00:00:00-12:00"] {
            let t = try #require(Timestamp(iso8601: text))
            #expect(t.description == text)
            #expect(Timestamp(iso8601: t.description)?.seconds == t.seconds)
        }
    }

    @Test func aPreciseDescriptionKeepsTheFractionAndReadsBack() throws {
        #expect(Timestamp(seconds: 1_795_996_800.25).preciseDescription == "2026-11-30T00:00:00.250000Z")
        #expect(Timestamp(seconds: 1_795_996_800).preciseDescription == "2026-11-30T00:00:00Z")
        let local = Timestamp(seconds: 1_795_966_200.5, offset: -8 * 3600)
        #expect(local.preciseDescription == "2026-11-29T07:30:00.500000-08:00")
        #expect(Timestamp(iso8601: local.preciseDescription)?.seconds == local.seconds)
        // What is read back writes the same (parsing a fraction rounds a little).
        let text = "2026-12-06T03:25:13.117509Z"
        #expect(Timestamp(iso8601: text)?.preciseDescription == text)
    }

    @Test(arguments: ["2026-02-30T00:00:00Z", "2026-11-29T07:30:00", "2026-13-01", "yesterday", "2026-11-29T25:00Z", ""])
    func rejectsInvalidTimes(text: String) {
        #expect(Timestamp(iso8601: text) == nil)
    }
}
