import Foundation
import Testing
import TestProcesses

/// Issue 11: a seeded fuzz of command lines and of hostile keys, names and
/// property counts. Every call ends within a second, with 0 or a clean
/// sysexit and a message — never a crash, a hang or raw control characters.
/// `LIMELIGHT_FUZZ_SEED` picks another seed (the default is fixed, so a
/// failure reproduces).
@Suite struct ArgumentFuzzTests {
    let dir = TempDir()


    static let seed = UInt64(ProcessInfo.processInfo.environment["LIMELIGHT_FUZZ_SEED"] ?? "") ?? 11

    static let commands = ["index", "search", "suggest", "get", "resolve", "shortcuts", "donate", "forget", "relevant",
                           "delete", "rebuild", "compact", "stats", "export", "client-state", "help", "nonsense"]
    static let options = ["--app", "--type", "--id", "--where", "--at", "--limit", "--context", "--entity", "--from", "--to",
                          "--all", "--json", "--stdin", "--kind", "--explain", "--intent", "--shortcut", "--client-state",
                          "--allow-empty", "--", "-h", "-x", "--index="]
    static let values = ["", "-", "--", "com.example.a", "T", "x", "Alpha", "update", "list", "clear-all",
                         "size>2", "size>=x", "size~", ">>", "nope=1", "who~ana", "T/x", "T/", "/x",
                         "2026-11-29T07:30:00Z", "2026-13-45T99:99:99Z", "2026-11-29T07:30", "nan", "inf", "-1", "0",
                         "99999999999999999999", "9223372036854775807", "audio.workout.running", "..", "bad..ctx",
                         "\u{1B}[2J", "\u{1B}]0;pwned\u{07}", "\u{9B}31m", "line\nbreak", "tab\there", "ü日本語",
                         String(repeating: "i", count: 201), String(repeating: "w", count: 5_000), String(repeating: "é", count: 1_000)]

    func pick<T>(_ a: [T], _ rng: inout SplitMix64) -> T { a[Int(rng.next() % UInt64(a.count))] }

    func check(_ r: CLI.Result, seconds: Double, _ what: String) {
        #expect(seconds < 1, "\(what): \(seconds) s")
        #expect([0, 1, 64, 65, 75].contains(r.status), "\(what): status \(r.status)\n\(r.stderr.prefix(300))")
        if r.status != 0 { #expect(!r.stderr.isEmpty, "\(what): failed without a message") }
        #expect(!r.stderr.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x9B || $0.value == 0x07 },
                "\(what): raw control characters in \(r.stderr.debugDescription.prefix(300))")
        #expect(!r.stderr.contains("Fatal error"), "\(what): \(r.stderr.prefix(300))")
    }

    func timedRun(_ cli: CLI, _ args: [String]) throws -> (CLI.Result, Double) {
        let start = Date()
        let r = try cli.run(args)
        return (r, Date().timeIntervalSince(start))
    }

    func seededIndex() throws -> CLI {
        let cli = CLI(index: dir.path + "/index")
        var lines = #"{"kind":"app","app":"com.example.a","name":"Alpha"}"# + "\n"
        lines += #"{"kind":"intent","app":"com.example.a","id":"Open","title":"Open"}"# + "\n"
        lines += #"{"kind":"entity","app":"com.example.a","type":"T","id":"x","title":"Lantern","properties":{"size":3,"who":{"person":{"givenName":"Ana"}}}}"# + "\n"
        #expect(try cli.run(["index", dir.write("seed.jsonl", lines)]).status == 0)
        return cli
    }

    @Test func fuzzedCommandLinesEndCleanlyWithinASecond() throws {
        let cli = try seededIndex()
        var rng = SplitMix64(state: Self.seed)
        for n in 0..<150 {
            var args = [pick(Self.commands, &rng)]
            for _ in 0..<Int(rng.next() % 6) {
                if rng.next() % 3 == 0 { args.append(pick(Self.values, &rng)) } else {
                    let o = pick(Self.options, &rng)
                    args.append(o == "--index=" ? o + pick(Self.values, &rng) : o)
                    if rng.next() % 4 != 0 { args.append(pick(Self.values, &rng)) }
                }
            }
            // --index values other than empty would write outside the test's directory.
            if args.contains(where: { $0.hasPrefix("--index=") && $0 != "--index=" }) { continue }
            let (r, seconds) = try timedRun(cli, args)
            check(r, seconds: seconds, "#\(n) seed \(Self.seed): \(args.map { String($0.prefix(40)).debugDescription })")
        }
    }

    @Test func hostileKeysNamesAndPropertyCountsEndCleanlyWithinASecond() throws {
        let cli = try seededIndex()
        var rng = SplitMix64(state: Self.seed &+ 1)
        let names = ["", "a", "\u{1B}[2J", "\\u001b]0;x\\u0007", String(repeating: "k", count: 300), String(repeating: "日", count: 100),
                     "with space", "dot.ted", "x\\u009b", "\\ud800"]
        for n in 0..<40 {
            var props: [String] = []
            let count = [0, 1, 10, 500, 2_000][Int(rng.next() % 5)]
            for i in 0..<count {
                let name = rng.next() % 7 == 0 ? pick(names, &rng) : "p\(n)_\(i)"
                let value: String = ["\(i)", "\"v\(i)\"", "true", "{\"date\":\"2026-12-01T09:00:00Z\"}", "{\"duration\":60}", "[1,2]",
                                     "{\"bogus\":1}", "123456789012345678901"][Int(rng.next() % 8)]
                props.append("\"\(name.replacingOccurrences(of: "\u{1B}", with: "\\u001b"))\":\(value)")
            }
            let field = rng.next() % 5 == 0 ? "\"\(pick(names, &rng).replacingOccurrences(of: "\u{1B}", with: "\\u001b"))\":1," : ""
            let id = rng.next() % 6 == 0 ? pick(names, &rng).replacingOccurrences(of: "\u{1B}", with: "\\u001b") : "e\(n)"
            let line = #"{"kind":"entity","app":"com.example.a","type":"T",\#(field)"id":"\#(id)","title":"Fuzz \#(n)","properties":{\#(props.joined(separator: ","))}}"#
            let (r, seconds) = try timedRun(cli, ["index", dir.write("h\(n).jsonl", line + "\n")])
            check(r, seconds: seconds, "record #\(n) seed \(Self.seed) (\(count) properties)")
            if r.status == 65 { #expect(r.stderr.contains("h\(n).jsonl:1: "), "\(r.stderr.prefix(200))") }
        }
        let (r, seconds) = try timedRun(cli, ["search", "", "--where", "p1_0>0", "--json"])
        check(r, seconds: seconds, "--where after the fuzz")
    }
}
