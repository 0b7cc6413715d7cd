import Foundation
import Testing

/// Issue 11, case 8: "now" is local time.
@Suite struct LocalTimeTests {
    let dir = TempDir()

    @Test func case8_donationsWithoutAtKeepTheLocalOffset() throws {
        let cli = CLI(index: dir.path + "/index")
        #expect(try cli.run(["index", dir.write("a.jsonl", #"{"kind":"app","app":"com.example.a","name":"Alpha"}"# + "\n")]).status == 0)
        for (tz, id) in [("Asia/Tokyo", "tokyo"), ("UTC", "utc"), ("Asia/Kolkata", "kolkata")] {
            #expect(try cli.run(["donate", "--app", "com.example.a", "--id", id], env: ["TZ": tz]).status == 0)
        }
        let export = try cli.run(["export"]).stdout.split(separator: "\n").map(String.init)
        func at(_ id: String) -> String? {
            guard let line = export.first(where: { $0.contains("\"id\":\"\(id)\"") }),
                  let o = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { return nil }
            return o["at"] as? String
        }
        #expect(at("tokyo")?.hasSuffix("+09:00") == true, "\(at("tokyo") ?? "-")")
        #expect(at("kolkata")?.hasSuffix("+05:30") == true, "\(at("kolkata") ?? "-")")
        #expect(at("utc")?.hasSuffix("Z") == true, "\(at("utc") ?? "-")")
    }

    @Test func case8_theDefaultAtUsesTheLocalHour() throws {
        let cli = CLI(index: dir.path + "/index")
        // One app per hour of day (UTC), each used at its hour on five days:
        // the first suggestion is the app of the current hour of day.
        var lines = ""
        for h in 0..<24 {
            let hh = h < 10 ? "0\(h)" : "\(h)"
            lines += #"{"kind":"app","app":"com.example.h\#(h)","name":"Hour \#(h)"}"# + "\n"
            for d in 0..<5 { lines += #"{"kind":"interaction","app":"com.example.h\#(h)","at":"2026-11-1\#(d)T\#(hh):00:00Z"}"# + "\n" }
        }
        #expect(try cli.run(["index", dir.write("a.jsonl", lines)]).status == 0)
        func first(_ tz: String) throws -> String? {
            try cli.run(["suggest", "--json", "--limit", "1"], env: ["TZ": tz]).json.first?["app"] as? String
        }
        // The same instant, two zones 17 hours apart: different hours of day.
        let tokyo = try first("Asia/Tokyo"), losAngeles = try first("America/Los_Angeles")
        #expect(tokyo != nil && tokyo != losAngeles, "\(tokyo ?? "-") \(losAngeles ?? "-")")
    }

    /// A date alone, where a moment is asked, is the start of that day where
    /// the person is (it was midnight UTC: 16:00 the day before in California).
    @Test func aDateAloneIsTheStartOfThatDayInTheLocalZone() throws {
        let cli = CLI(index: dir.path + "/index")
        #expect(try cli.run(["index", dir.write("a.jsonl", #"{"kind":"app","app":"com.example.a","name":"Alpha"}"# + "\n")]).status == 0)
        let la = ["TZ": "America/Los_Angeles"]
        // Midnight in summer time (the day clocks go back at 02:00), and in winter time.
        for (date, id) in [("2026-11-01", "pdt"), ("2026-11-16", "pst")] {
            #expect(try cli.run(["donate", "--app", "com.example.a", "--at", date, "--id", id], env: la).status == 0)
        }
        // The evening before, local time: after midnight UTC.
        #expect(try cli.run(["donate", "--app", "com.example.a", "--at", "2026-11-15T20:00:00-08:00", "--id", "eve"]).status == 0)
        func ats() throws -> [String: String] {
            var out: [String: String] = [:]
            for line in try cli.run(["export"]).stdout.split(separator: "\n") {
                guard let o = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                      o["kind"] as? String == "interaction", let id = o["id"] as? String else { continue }
                out[id] = o["at"] as? String
            }
            return out
        }
        #expect(try ats() == ["pdt": "2026-11-01T00:00:00-07:00", "pst": "2026-11-16T00:00:00-08:00",
                              "eve": "2026-11-15T20:00:00-08:00"])
        // Forgetting from that day keeps the evening before.
        #expect(try cli.run(["forget", "--from", "2026-11-16"], env: la).status == 0)
        #expect(try ats() == ["pdt": "2026-11-01T00:00:00-07:00", "eve": "2026-11-15T20:00:00-08:00"])
    }

    /// Where the clock skips midnight (Santiago goes from 00:00 −04 to
    /// 01:00 −03 on 6 September 2026), the day starts at 01:00 −03: it was
    /// 00:00 −03, an hour of the day before, so `forget --from` that day
    /// forgot the evening before's last hour. A day the zone skipped
    /// (Samoa's 30 December 2011) is a usage error.
    @Test func aDayWhoseMidnightTheClockSkipsStartsAtTheChange() throws {
        let cli = CLI(index: dir.path + "/index")
        #expect(try cli.run(["index", dir.write("a.jsonl", #"{"kind":"app","app":"com.example.a","name":"Alpha"}"# + "\n")]).status == 0)
        let santiago = ["TZ": "America/Santiago"]
        #expect(try cli.run(["donate", "--app", "com.example.a", "--at", "2026-09-05T23:30:00-04:00", "--id", "late"]).status == 0)
        #expect(try cli.run(["donate", "--app", "com.example.a", "--at", "2026-09-06", "--id", "day"], env: santiago).status == 0)
        #expect(try cli.run(["export"]).stdout.contains("2026-09-06T01:00:00-03:00"))
        #expect(try cli.run(["forget", "--from", "2026-09-06"], env: santiago).status == 0)
        let left = try cli.run(["export"]).stdout
        #expect(left.contains(#""late""#) && !left.contains(#""day""#), "\(left)")
        let skipped = try cli.run(["donate", "--app", "com.example.a", "--at", "2011-12-30"], env: ["TZ": "Pacific/Apia"])
        #expect(skipped.status == 64 && skipped.stderr.contains("no day in this time zone"), "\(skipped.stderr)")
    }
}
