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
}
