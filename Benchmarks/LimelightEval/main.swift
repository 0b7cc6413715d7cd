// limelight-eval: measures how well Limelight ranks, on the dev sets in
// corpus/eval (see corpus/eval/README.md), and writes EVAL.md.
//
//   swift run -c release limelight-eval [--repo DIR] [--out EVAL.md] [--debian CATALOG.jsonl]
//
// - keystrokes to top hit: letters typed before the target is rank 1 (and ≤ 3);
// - one-edit typo recall@5;
// - both again on the Debian package catalog (`--debian`, written by
//   Benchmarks/debian_catalog.py), a tune and a held-out half;
// - nDCG@10 on graded-relevance queries;
// - prequential replay of interaction logs (suggest before learning each
//   event, then learn it): HR@1, HR@5 and MRR@10, beside most-frequently-used,
//   most-recently-used and popularity baselines computed on the same events.
#if canImport(Glibc)
import Glibc
#endif
import LimelightKit

// MARK: - Small helpers

func fail(_ message: String) -> Never {
    print("limelight-eval: \(message)")
    exit(1)
}

func readLines(_ path: String) -> [JSON] {
    guard let f = fopen(path, "r") else { fail("cannot read \(path)") }
    defer { fclose(f) }
    var out: [JSON] = []
    var line: UnsafeMutablePointer<CChar>? = nil
    var cap = 0, number = 0
    while getline(&line, &cap, f) > 0 {
        number += 1
        let s = String(cString: line!).trimmingSpaces
        if s.isEmpty { continue }
        do { out.append(try JSON.parse(Array(s.utf8))) } catch { fail("\(path):\(number): \(error)") }
    }
    free(line)
    return out
}

func listDir(_ path: String) -> [String] {
    guard let d = opendir(path) else { return [] }
    defer { closedir(d) }
    var out: [String] = []
    while let e = readdir(d) {
        let name = withUnsafeBytes(of: e.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
        if name != "." && name != ".." { out.append(name) }
    }
    return out.sorted()
}

func tempDir() -> String {
    var t = Array("/tmp/limelight-eval-XXXXXX".utf8CString)
    return String(cString: mkdtemp(&t)!)
}

func removeTree(_ path: String) { _ = system("rm -rf '\(path)'") }

func fmt(_ x: Double, _ digits: Int = 3) -> String {
    let p = pow(10.0, Double(digits))
    var s = String((x * p).rounded() / p)
    if let dot = s.firstIndex(of: ".") {
        let decimals = s.distance(from: dot, to: s.endIndex) - 1
        if decimals < digits { s += String(repeating: "0", count: digits - decimals) }
    }
    return s
}

/// What an evaluation target is, and whether a hit shows it. An App Shortcut
/// bound to an entity shows that entity.
struct Target: Hashable {
    var kind: String
    var app: String
    var type: String?
    var id: String

    init(_ o: JSONObject) {
        kind = o["kind"]?.string ?? ""
        app = o["app"]?.string ?? ""
        type = o["type"]?.string
        id = kind == "app" ? app : (o["id"]?.string ?? "")
        if kind == "shortcut", let p = o["parameter"]?.object, let t = p["type"]?.string, let i = p["id"]?.string {
            // A judged bound shortcut: identified by shortcut id + value.
            type = t
            id = (o["id"]?.string ?? "") + "|" + i
        }
    }

    init(kind: String, app: String, type: String?, id: String) {
        self.kind = kind; self.app = app; self.type = type; self.id = id
    }

    /// The targets a hit counts as (a bound shortcut counts as its entity too).
    static func of(_ h: SearchHit) -> [Target] {
        switch h.kind {
        case .app: return [Target(kind: "app", app: h.app, type: nil, id: h.app)]
        case .entity: return [Target(kind: "entity", app: h.app, type: h.type, id: h.id)]
        case .shortcut:
            var out = [Target(kind: "shortcut", app: h.app, type: nil, id: h.id)]
            if let p = h.parameter {
                out.append(Target(kind: "shortcut", app: h.app, type: p.type, id: h.id + "|" + p.id))
                out.append(Target(kind: "entity", app: h.app, type: p.type, id: p.id))
            }
            return out
        }
    }
}

/// The `n`-th event of a log as a launcher donates it: a use of its own (its
/// own id, as `donate` gives every call). Fed one at a time without an id,
/// a line is named by its content, so a launch a log repeats at one instant
/// (a clock of only the time of day) was the same use again and dropped,
/// while every counting rule counted it: the model was scored on launches it
/// was never shown, and learned that an app used earlier that morning is
/// never chosen again (gen_launches.py --harder --coarse-clock, person 108:
/// HR@1 0.185 against the time of day + place rule's 0.241; 0.238 so).
func donation(_ e: Record, _ n: Int) -> Record {
    guard e.fields["id"] == nil else { return e }
    var fields = e.fields
    fields["id"] = .string("replay-\(n + 1)")
    return Record(kind: .interaction, fields: fields)
}

func rank(of target: Target, in hits: [SearchHit]) -> Int? {
    hits.firstIndex { Target.of($0).contains(target) }.map { $0 + 1 }
}

// MARK: - Arguments

var repo = "."
var out = "EVAL.md"
/// The Debian catalog as records (`Benchmarks/debian_catalog.py --out FILE`);
/// without it, its section says how to make it and is skipped.
var debianCatalog: String? = nil
var replayOnly = false
var onlyLogs: Set<String>? = nil
var freshLaunches: String? = nil
var fitPrior = false
/// Where each app-launch log's first five of every ranker at every event go
/// (`--ranks DIR`): launch_ceiling.py weighs them with the probabilities the
/// log was drawn from.
var ranksDir: String? = nil
var args = Array(CommandLine.arguments.dropFirst())
while !args.isEmpty {
    let a = args.removeFirst()
    switch a {
    case "--repo":
        if args.isEmpty { fail("--repo needs a value") }
        repo = args.removeFirst()
    case "--out":
        if args.isEmpty { fail("--out needs a value") }
        out = args.removeFirst()
    case "--debian":
        if args.isEmpty { fail("--debian needs a value") }
        debianCatalog = args.removeFirst()
    case "--replay-only":
        // Quicker runs while working on suggestions (the report is partial).
        replayOnly = true
    case "--logs":
        if args.isEmpty { fail("--logs needs a value") }
        onlyLogs = Set(args.removeFirst().split(separator: ",").map(String.init))
    case "--launches":
        // Replays only the app-launch logs in this directory (`make
        // eval-fresh`: people drawn after every setting was chosen).
        if args.isEmpty { fail("--launches needs a value") }
        freshLaunches = args.removeFirst()
        replayOnly = true
    case "--fit-prior":
        // Replays the tune logs and prints the mean of the weights each
        // learned: `ContextModel.Weights.prior`, a new index's start
        // (writes no report).
        fitPrior = true
        replayOnly = true
    case "--ranks":
        if args.isEmpty { fail("--ranks needs a value") }
        ranksDir = args.removeFirst()
    default: fail("unknown argument \(a)")
    }
}
if let dir = ranksDir, mkdir(dir, 0o755) != 0, errno != EEXIST {
    fail("cannot make \(dir): \(String(cString: strerror(errno)))")
}
if fitPrior && freshLaunches != nil { fail("--fit-prior fits on the tune logs of corpus/eval, not on --launches") }
let evalDir = repo + "/corpus/eval"
let corpusFiles = listDir(repo + "/corpus").filter { $0.hasSuffix(".jsonl") }.map { repo + "/corpus/" + $0 }
if corpusFiles.isEmpty { fail("no corpus under \(repo)/corpus") }

/// The moment the query evaluations happen: the day after the corpus's last interaction.
let queryMoment = Timestamp(iso8601: "2026-11-30T12:00:00-08:00")!

@MainActor func corpusSearcher() throws -> (String, Searcher) {
    let dir = tempDir()
    let loc = IndexLocation(path: dir + "/index")
    let w = try IndexWriter.open(loc)
    try w.apply(try RecordReader.read(corpusFiles))
    w.close()
    return (dir, try Searcher(location: loc))
}

func queryRequest(_ q: String, limit: Int) -> SearchRequest {
    var r = SearchRequest(query: q)
    r.limit = limit
    r.at = queryMoment
    return r
}

func respond(_ s: Searcher, _ q: String, limit: Int) throws -> SearchResponse { try s.search(queryRequest(q, limit: limit)) }

func search(_ s: Searcher, _ q: String, limit: Int) throws -> [SearchHit] { try respond(s, q, limit: limit).hits }

var report: [String] = []
var learned: (String, [(String, Double)]) = ("", [])
@MainActor func say(_ line: String = "") { report.append(line); print(line) }
/// A Markdown table: its header, the separator, its rows, a blank line.
@MainActor func sayTable(_ columns: [String], _ rows: [String]) {
    say("| " + columns.joined(separator: " | ") + " |")
    say("|" + String(repeating: "---|", count: columns.count))
    for r in rows { say(r) }
    say()
}

say("# Limelight evaluation")
say()
if freshLaunches != nil {
    say("Made by `make eval-fresh` (`limelight-eval --launches DIR`): app-launch logs drawn by")
    say("`corpus/eval/gen_launches.py --people FIRST-LAST`, each replayed from an empty index.")
    say("Every number below is recomputed by that command.")
} else {
    say("Made by `make eval` (`swift run -c release limelight-eval`) on the dev sets in")
    say("`corpus/eval/` (see its README). Query measures use the bundled corpus, searched")
    say("at \(queryMoment) with its six weeks of interactions; the replay starts from an")
    say("empty index per log. Every number below is recomputed by that command.")
}
say()

if !replayOnly {
    let (dir, searcher) = try corpusSearcher()
    defer { removeTree(dir) }

    // MARK: Keystrokes to top hit
    let titles: [TypedTitle] = readLines(evalDir + "/queries/keystrokes.jsonl").compactMap { t in
        guard let o = t.object, let title = o["title"]?.string, let target = o["target"]?.object else { return nil }
        return TypedTitle(title: title, target: Target(target), script: o["script"]?.string ?? "?")
    }
    let keystrokes = try KeystrokeMeasure.measure(titles, memory: true, request: { queryRequest($0, limit: 3) }, on: searcher)
    let alone = try KeystrokeMeasure.measure(titles, memory: false, request: { queryRequest($0, limit: 3) }, on: searcher)
    say("## Keystrokes to top hit")
    say()
    say("\(titles.count) titles (entities and apps, \(keystrokes.byScript.keys.sorted().joined(separator: ", ")) scripts), typed one character at a time")
    say("to a reader that stays open (`search --stdin`, `limelight serve`), which keeps the top hit")
    say("while the next keystroke still starts its title or a word of it and no better match comes up (an exact title,")
    say("or a title it starts where it met the kept one only from a later word).")
    say()
    say("| measure | value |")
    say("|---|---|")
    for (what, value) in keystrokes.rows(perScript: true, alone: alone) { say("| \(what) | \(value) |") }
    say()

    // MARK: Abbreviated words
    say("## Abbreviated words")
    say()
    say("The keystroke set's titles of several latin words, every word cut to its first letters as")
    say("launchers read a query (\"gol gat bri\" for Golden Gate Bridge, \"mon ba\" at two letters for")
    say("Monterey Bay…), asked once: the share whose target is first and in the top 3, and how many")
    say("answers were a correction (\"Showing results for…\") or matched only some words.")
    say()
    say("| letters a word | titles | first | in the top 3 | corrected | only some words |")
    say("|---|---|---|---|---|---|")
    for letters in [2, 3] {
        let m = try AbbreviationMeasure.measure(titles, letters: letters) { q in try searcher.search(queryRequest(q, limit: 3)) }
        say("| \(letters) | " + m.cells.joined(separator: " | ") + " |")
    }
    say()

    // MARK: Typo recall
    let typos: [TypoQuery] = readLines(evalDir + "/queries/typos.jsonl").compactMap { t in
        guard let o = t.object, let q = o["query"]?.string, let target = o["target"]?.object else { return nil }
        return TypoQuery(query: q, target: Target(target), edit: o["edit"]?.string ?? "?")
    }
    let recall = try TypoMeasure.measure(typos) { try search(searcher, $0, limit: 5) }
    say("## One-edit typo recall@5")
    say()
    say("| edit | queries | recall@5 |")
    say("|---|---|---|")
    for (edit, n, r) in recall.rows { say("| \(edit) | \(n) | \(r) |") }
    say()

    // MARK: nDCG@10
    let graded = readLines(evalDir + "/queries/graded.jsonl")
    var ndcgs: [Double] = []
    var byCategory: [String: [Double]] = [:]
    for g in graded {
        guard let o = g.object, let q = o["query"]?.string, let rel = o["relevant"]?.array else { continue }
        var grades: [Target: Double] = [:]
        for r in rel { if let ro = r.object { grades[Target(ro)] = ro["grade"]?.number ?? 0 } }
        let hits = try search(searcher, q, limit: 10)
        var seen = Set<Target>()
        var dcg = 0.0
        for (i, h) in hits.enumerated() {
            // The best judged target this hit shows, each counted once.
            let gain = Target.of(h).filter { !seen.contains($0) }.compactMap { t in grades[t].map { (t, $0) } }.max { $0.1 < $1.1 }
            if let (t, g) = gain {
                seen.insert(t)
                if t.kind == "shortcut", let e = Target.of(h).first(where: { $0.kind == "entity" }) { seen.insert(e) }
                dcg += (pow(2, g) - 1) / log2(Double(i) + 2)
            }
        }
        let ideal = grades.values.sorted(by: >).prefix(10).enumerated().reduce(0.0) { $0 + (pow(2, $1.element) - 1) / log2(Double($1.offset) + 2) }
        let n = ideal > 0 ? dcg / ideal : 0
        ndcgs.append(n)
        byCategory[o["category"]?.string ?? "?", default: []].append(n)
    }
    say("## nDCG@10 on graded queries")
    say()
    say("| category | queries | nDCG@10 |")
    say("|---|---|---|")
    for (c, v) in byCategory.sorted(by: { $0.key < $1.key }) { say("| \(c) | \(v.count) | \(fmt(mean(v))) |") }
    say("| **all** | \(ndcgs.count) | **\(fmt(mean(ndcgs)))** |")
    say()
}

// MARK: - The Debian catalog

// A replay-only run leaves the section out unless it was given a catalog.
if !replayOnly || debianCatalog != nil {
    say("## Typing on the Debian catalog")
    say()
}
if let path = debianCatalog, access(path, R_OK) == 0 {
    let records = try RecordReader.read([path])
    let sample = DebianSample(records.map(\.record))
    let dir = tempDir()
    defer { removeTree(dir) }
    let loc = IndexLocation(path: dir + "/index")
    let writer = try IndexWriter.open(loc)
    try writer.apply(records)
    writer.close()
    let searcher = try Searcher(location: loc)
    // The apt lists have long descriptions only where `apt-get update`
    // fetched the English translations: they change what typing finds.
    let described = records.filter { $0.record.kind == .entity && $0.record.text != nil }.count
    say("\(records.count - 1) packages from this machine's apt lists (`python3 Benchmarks/debian_catalog.py --no-update`),")
    say("\(described) of them with long descriptions (the lists' English translations),")
    say("no interactions. Package names typed one character at a time, and one-edit typos of the")
    say("longest word of a name (letters only, five or more; never its first letter; never")
    say("a word of the catalog, nor a prefix of one where it is the last word), both drawn by a")
    say("seeded hash of the name (`DebianSample`) and dealt alternately into a **tune** half (the")
    say("only one looked at while changing the ranker) and a **held-out** half.")
    say()
    func typed(_ titles: [TypedTitle], memory: Bool) throws -> KeystrokeMeasure {
        try KeystrokeMeasure.measure(titles, memory: memory, request: { queryRequest($0, limit: 3) }, on: searcher)
    }
    let tune = try typed(sample.titles.tune, memory: true), held = try typed(sample.titles.heldOut, memory: true)
    let tuneAlone = try typed(sample.titles.tune, memory: false), heldAlone = try typed(sample.titles.heldOut, memory: false)
    say("| measure | tune (\(sample.titles.tune.count) names) | held-out (\(sample.titles.heldOut.count) names) |")
    say("|---|---|---|")
    for (a, b) in zip(tune.rows(perScript: false, alone: tuneAlone), held.rows(perScript: false, alone: heldAlone)) {
        say("| \(a.0) | \(a.1) | \(b.1) |")
    }
    say()
    let typoTune = try TypoMeasure.measure(sample.typos.tune) { try search(searcher, $0, limit: 5) }
    let typoHeld = try TypoMeasure.measure(sample.typos.heldOut) { try search(searcher, $0, limit: 5) }
    say("| edit | tune queries | tune recall@5 | held-out queries | held-out recall@5 |")
    say("|---|---|---|---|---|")
    for (a, b) in zip(typoTune.rows, typoHeld.rows) { say("| \(a.0) | \(a.1) | \(a.2) | \(b.1) | \(b.2) |") }
    say()
    say("Names of several words (`python3-numpy`) with every word cut to its first letters, as")
    say("abbreviated words above (`pyt num`): tune, then held-out.")
    say()
    say("| letters a word | names | first | in the top 3 | corrected | only some words | names | first | in the top 3 | corrected | only some words |")
    say("|---|---|---|---|---|---|---|---|---|---|---|")
    for letters in [2, 3] {
        let halves = try [sample.titles.tune, sample.titles.heldOut].map { names in
            try AbbreviationMeasure.measure(names, letters: letters) { q in try searcher.search(queryRequest(q, limit: 3)) }
        }
        say("| \(letters) | " + halves.flatMap(\.cells).joined(separator: " | ") + " |")
    }
    say()
} else if !replayOnly {
    let why = debianCatalog.map { "\($0) is missing" } ?? "no --debian catalog was given"
    print("limelight-eval: skipping the Debian catalog: \(why) (make it with python3 Benchmarks/debian_catalog.py --no-update --out FILE)")
    say("Not measured on this run: \(why). `make eval` writes it with")
    say("`python3 Benchmarks/debian_catalog.py --no-update`, which reads this machine's apt lists.")
    say()
}

// MARK: - Prequential replay

struct Scores {
    var n = 0, hit1 = 0, hit5 = 0, hit10 = 0
    var rr = 0.0
    /// Each event's rank (nil: not in the top 10), for paired comparisons.
    var ranks: [Int?] = []
    mutating func add(_ rank: Int?) {
        n += 1
        ranks.append(rank)
        if let r = rank {
            if r == 1 { hit1 += 1 }
            if r <= 5 { hit5 += 1 }
            if r <= 10 { hit10 += 1; rr += 1 / Double(r) }
        }
    }
    var hr1: Double { Double(hit1) / Double(max(n, 1)) }
    var hr5: Double { Double(hit5) / Double(max(n, 1)) }
    var hr10: Double { Double(hit10) / Double(max(n, 1)) }
    var mrr: Double { rr / Double(max(n, 1)) }
    /// Whether each event's target was within the first `k`.
    func hits(within k: Int) -> [Bool] { ranks.map { $0.map { $0 <= k } ?? false } }
}

func target(of r: Record) -> Target {
    if let e = r.entityRefs.first { return Target(kind: "entity", app: r.app, type: e.type, id: e.id) }
    if let s = r.shortcut { return Target(kind: "shortcut", app: r.app, type: nil, id: s) }
    return Target(kind: "app", app: r.app, type: nil, id: r.app)
}

/// A counting rule anyone could write: rank the targets seen so far by their
/// count in the event's most specific cell, ties (and items never seen there)
/// broken by the next broader cell, …, then by overall count and last use.
struct CountingRule {
    let name: String
    let cells: (Timestamp, [String]) -> [String]
    var counts: [String: [Target: Int]] = [:]
    var scores = Scores()

    init(_ name: String, _ cells: @escaping (Timestamp, [String]) -> [String]) {
        self.name = name
        self.cells = cells
    }

    func rank(_ goal: Target, at: Timestamp, contexts: [String], seen: [Target], total: [Target: Int], last: [Target: Double]) -> Int? {
        ranked(at: at, contexts: contexts, seen: seen, total: total, last: last).firstIndex(of: goal).map { $0 + 1 }
    }

    /// The targets seen so far in the rule's order.
    func ranked(at: Timestamp, contexts: [String], seen: [Target], total: [Target: Int], last: [Target: Double]) -> [Target] {
        let keys = cells(at, contexts).map { counts[$0] ?? [:] }
        func key(_ t: Target) -> [Double] { keys.map { Double($0[t] ?? 0) } + [Double(total[t] ?? 0), last[t] ?? 0] }
        let keyed = seen.map { ($0, key($0)) }
        return keyed.sorted { $0.1.lexicographicallyPrecedes($1.1, by: >) }.map(\.0)
    }

    mutating func learn(_ goal: Target, at: Timestamp, contexts: [String]) {
        for k in cells(at, contexts) { counts[k, default: [:]][goal, default: 0] += 1 }
    }
}

/// Time of day as DESIGN.md buckets it (night 0–4, morning 5–11, afternoon
/// 12–16, evening 17–21, night 22–23).
func bucket(_ t: Timestamp) -> String {
    switch Int(t.hourOfDay) {
    case 5...11: return "morning"
    case 12...16: return "afternoon"
    case 17...21: return "evening"
    default: return "night"
    }
}

func countingRules() -> [CountingRule] {
    func ctx(_ c: [String]) -> String { Set(c).sorted().joined(separator: "+") }
    func place(_ c: [String]) -> String { Set(c.filter { $0.hasPrefix("location.") }).sorted().joined(separator: "+") }
    func day(_ t: Timestamp) -> String { t.isWeekend ? "weekend" : "weekday" }
    func hour(_ t: Timestamp) -> String { "h\(Int(t.hourOfDay))" }
    return [
        CountingRule("contexts+day type+hour") { t, c in
            ["\(ctx(c))|\(day(t))|\(hour(t))", "\(ctx(c))|\(day(t))", "c:\(ctx(c))", "\(day(t))|\(hour(t))", hour(t)]
        },
        CountingRule("weekday+time of day+place") { t, c in
            ["\(t.weekday)|\(bucket(t))|\(place(c))", "\(bucket(t))|\(place(c))", "p:\(place(c))", bucket(t)]
        },
        CountingRule("time of day+place") { t, c in ["\(bucket(t))|\(place(c))", "p:\(place(c))", bucket(t)] },
        // Where a study stamps each launch with one of its own times of day
        // (Frappe's seven: sunrise, morning, noon, …), the clock hour is that
        // time of day, and this is the study's own rule.
        CountingRule("weekday+clock hour+place") { t, c in
            ["\(t.weekday)|\(hour(t))|\(place(c))", "\(hour(t))|\(place(c))", "p:\(place(c))", hour(t)]
        },
        CountingRule("same clock hour") { t, _ in [hour(t)] },
        CountingRule("same time of day") { t, _ in [bucket(t)] },
        CountingRule("most frequently used") { _, _ in [] },
    ]
}

say("## Prequential replay")
say()
say("For each interaction in time order: suggest (`--at` its time, `--context` its")
say("contexts, top 10), score where its target ranks, then learn it, each as a use of its own (its")
say("own id, as `donate` gives every call: a launch a log repeats at one instant is another launch).")
say("Three generators")
say("make the logs: `corpus/eval/replay` (gen_replay.py, the logs the old weights")
say("were tuned on), `corpus/eval/lives` (gen_lives.py, written independently:")
say("rotating shifts, irregular weekends, several places, 140+ items, 20% noise, a")
say("changed habit and a newly registered item each) and `corpus/eval/launches`")
say("(gen_launches.py: app launches as app-usage studies record them — 25 to 70 apps")
say("with heavy-tailed popularity, niches by weekday, time of day and home/work, apps")
say("that come and go, 20% noise, the time a random minute in its time of day); the")
say("bundled corpus's six weeks come from a fourth. The logs are split once into a")
say("**tune** half (the only ones looked at while building the ranker) and a")
say("**held-out** half.")
say()
say("Baselines rank the targets seen so far. Counting rules: the most used in the")
say("same contexts + day type + clock hour, backing off to contexts + day type,")
say("contexts, day type + hour, hour; the most used on the same weekday + time of day")
say("+ place, backing off to time of day + place, place, time of day; the same without the")
say("weekday (time of day + place, backing off to place, time of day); the most used on")
say("the same weekday + clock hour + place, backing off to clock hour + place, place, clock")
say("hour (where a study stamps each launch with one of its times of day, its own rule);")
say("the most used in the same clock hour; in the same time of day; the most frequently used (MFU).")
say("Each breaks ties by the next broader cell, then overall count, then last use.")
say("Most recently used (MRU) and popularity (the static prior, no usage) too.")
say()
var allBeat = true
// Comparisons with the best rule that a paired test finds clear (p < 0.05), either way.
var clearlyAhead = 0, clearlyBehind = 0
// Every log's ranks, Limelight's and each rule's (in `countingRules()` order):
// the paired tests over many logs at once.
typealias Replayed = (launches: Bool, engine: Scores, rules: [Scores])
var replayed: [Replayed] = []
// Decided once, before the ranker was changed; never tuned on the held-out half.
// (The app-launch logs came later, split the same way: 1–4 tune, 5–8 held out.)
let heldOut: Set<String> = ["nightshift", "parent", "freelancer", "courier", "corpus", "launch5", "launch6", "launch7", "launch8"]
let launchesDir = freshLaunches ?? evalDir + "/launches"
func jsonlLogs(_ dir: String) -> [(String, [String])] {
    listDir(dir).filter { $0.hasSuffix(".jsonl") }.map { (String($0.dropLast(6)), [dir + "/" + $0]) }
}
var logs: [(String, [String])] = []
if let fresh = freshLaunches {
    logs = jsonlLogs(fresh)
    if logs.isEmpty { fail("--launches: no .jsonl logs in \(fresh)") }
    say("Only the app-launch logs in `\(fresh)` (`--launches`): all of them held out.")
    say()
} else {
    for generator in ["replay", "lives", "launches"] { logs += jsonlLogs(evalDir + "/" + generator) }
    logs.append(("corpus", corpusFiles))
}
/// A log's place in the report: the tune half first, then by name with its
/// number read as a number (launch9 before launch10).
func order(_ name: String) -> (Int, String, Int) {
    let digits = name.reversed().prefix { $0.isASCII && $0.isNumber }.count
    return (heldOut.contains(name) ? 1 : 0, String(name.dropLast(digits)), Int(name.suffix(digits)) ?? -1)
}
logs.sort { order($0.0) < order($1.0) }
var summary: [String] = []
/// Per log: each changed habit (`HabitChange`) and each registered item (`RegisteredItem`).
var changeRows: [String] = [], registeredRows: [String] = [], chanceRows: [String] = []
var changesWon = (inAWeek: 0, inSevenUses: 0, total: 0)
var chanceTotal = (moments: 0, topThree: 0)
var detail: [String] = []
var weightsShown = false
/// The weights each log learned (`--fit-prior`).
var fitted: [[(String, Double)]] = []
for (name, files) in logs where onlyLogs?.contains(name) ?? true && !(fitPrior && heldOut.contains(name)) {
    let half = freshLaunches != nil || heldOut.contains(name) ? "held-out" : "tune"
    let records = try RecordReader.read(files)
    let world = records.filter { $0.record.kind != .interaction }
    let events = records.filter { $0.record.kind == .interaction }.map(\.record)
    let dir = tempDir()
    defer { removeTree(dir) }
    let loc = IndexLocation(path: dir + "/index")
    let writer = try IndexWriter.open(loc)
    try writer.apply(world)
    let searcher = try Searcher(location: loc)
    // Popularity: the engine's own zero-query order with no usage at all.
    var popular = SearchRequest(query: "")
    popular.limit = 10
    popular.at = events.first?.at ?? .now()
    let popularity = try searcher.search(popular).hits
    var engine = Scores(), mru = Scores(), pop = Scores()
    var chanceSlot = (moments: 0, topThree: 0)
    var rules = countingRules()
    var counts: [Target: Int] = [:], lastUse: [Target: Double] = [:]
    var seen: [Target] = []
    var changes = HabitChange.read(meta: String(files[0].dropLast(".jsonl".count)) + ".meta.json")
    var registered = RegisteredItem.read(records.map(\.record))
    let ranksPath = ranksDir.map { $0 + "/" + name + ".tsv" }
    let ranksFile = ranksPath.flatMap { path -> UnsafeMutablePointer<FILE>? in
        guard files[0].hasPrefix(launchesDir + "/") else { return nil }
        guard let f = fopen(path, "w") else { fail("cannot write \(path): \(String(cString: strerror(errno)))") }
        return f
    }
    defer { if let ranksFile, fclose(ranksFile) != 0 { fail("cannot write \(ranksPath!): \(String(cString: strerror(errno)))") } }
    /// One line of the ranks file: the event, the ranker, its first five.
    func writeRanks(_ n: Int, _ ranker: String, _ first: [String]) {
        if let ranksFile { fputs("\(n)\t\(ranker)\t\(first.prefix(5).joined(separator: ","))\n", ranksFile) }
    }
    for (n, e) in events.enumerated() {
        let goal = target(of: e)
        var req = SearchRequest(query: "")
        req.limit = 10
        req.at = e.at!
        req.contexts = e.contexts
        let engineHits = try searcher.search(req).hits
        engine.add(rank(of: goal, in: engineHits))
        writeRanks(n, "Limelight", engineHits.map(\.id))
        let day = e.at!.localDay
        for i in changes.indices where changes[i].isNewHabit(goal, day: day, contexts: e.contexts) {
            let (new, old) = (changes[i].new, changes[i].old)
            func above(_ rank: (Target) -> Int?) -> Bool { (rank(new) ?? .max) < (rank(old) ?? .max) }
            changes[i].uses.append((day, above { rank(of: $0, in: engineHits) }, rules.map { r in
                above { r.rank($0, at: e.at!, contexts: e.contexts, seen: seen, total: counts, last: lastUse) }
            }))
        }
        var chance: Int?  // the best rank of any registered, never-used item here now
        for i in registered.indices where registered[i].applies(to: e.contexts) {
            let r = rank(of: registered[i].target, in: engineHits)
            registered[i].ranks.append(r)
            chance = min(chance ?? .max, r ?? .max)
        }
        if let best = chance { chanceSlot.moments += 1; if best <= 3 { chanceSlot.topThree += 1 } }
        for i in registered.indices where registered[i].target == goal { registered[i].used = true }
        for i in rules.indices {
            let order = rules[i].ranked(at: e.at!, contexts: e.contexts, seen: seen, total: counts, last: lastUse)
            rules[i].scores.add(order.firstIndex(of: goal).map { $0 + 1 })
            writeRanks(n, rules[i].name, order.map(\.id))
            rules[i].learn(goal, at: e.at!, contexts: e.contexts)
        }
        // Equal times (launches logged to the minute) tie in first-use order,
        // not in the dictionary's, which changes from run to run.
        let byRecency = seen.indices.sorted { a, b in
            let (x, y) = (lastUse[seen[a]]!, lastUse[seen[b]]!)
            return x != y ? x > y : a < b
        }.map { seen[$0] }
        mru.add(byRecency.firstIndex(of: goal).map { $0 + 1 })
        pop.add(rank(of: goal, in: popularity))
        try writer.apply([LocatedRecord(donation(e, n), at: "\(name) event \(n + 1)")])
        searcher.refresh()
        if counts[goal] == nil { seen.append(goal) }
        counts[goal, default: 0] += 1
        lastUse[goal] = e.at!.seconds
    }
    writer.close()
    if fitPrior { fitted.append(try searcher.learnedWeights()) }
    func row(_ who: String, _ s: Scores) -> String {
        "| \(name) | \(half) | \(who) | \(fmt(s.hr1)) | \(fmt(s.hr5)) | \(fmt(s.hr10)) | \(fmt(s.mrr)) |"
    }
    detail.append(row("**Limelight**", engine))
    for r in rules { detail.append(row(r.name, r.scores)) }
    replayed.append((files[0].hasPrefix(launchesDir + "/"), engine, rules.map(\.scores)))
    detail.append(row("most recently used", mru))
    detail.append(row("popularity", pop))
    let best5 = rules.max { $0.scores.hr5 < $1.scores.hr5 }!
    let best1 = rules.max { $0.scores.hr1 < $1.scores.hr1 }!
    let beats = engine.hr5 > best5.scores.hr5 && engine.hr1 > best1.scores.hr1
    allBeat = allBeat && beats
    let paired1 = PairedTest(engine.hits(within: 1), best1.scores.hits(within: 1))
    let paired5 = PairedTest(engine.hits(within: 5), best5.scores.hits(within: 5))
    for t in [paired1, paired5] where t.p < 0.05 {
        if t.onlyA > t.onlyB { clearlyAhead += 1 } else { clearlyBehind += 1 }
    }
    let bestRule1 = rules.indices.max { rules[$0].scores.hr1 < rules[$1].scores.hr1 }!
    for c in changes {
        func when(_ w: (days: Int, usesBefore: Int)?) -> String {
            w.map { "\($0.days) (\($0.usesBefore) uses)" } ?? "not by the end"
        }
        let limelight = c.won { c.uses[$0].engine }, rule = c.won { c.uses[$0].rules[bestRule1] }
        changesWon.total += 1
        if let w = limelight, w.days <= 7 { changesWon.inAWeek += 1 }
        if let w = limelight, w.usesBefore <= 7 { changesWon.inSevenUses += 1 }
        changeRows.append("| \(name) | \(half) | \(c.what) | \(c.uses.count) | \(when(limelight)) | \(when(rule)), \(rules[bestRule1].name) |")
    }
    if chanceSlot.moments > 0 {
        chanceRows.append("| \(name) | \(half) | \(chanceSlot.moments) | \(chanceSlot.topThree) |")
        chanceTotal.moments += chanceSlot.moments
        chanceTotal.topThree += chanceSlot.topThree
    }
    for r in registered where !r.ranks.isEmpty {
        registeredRows.append("| \(name) | \(half) | \(r.target.id) | \(r.context) | \(r.ranks.count) | \(r.within(1)) | \(r.within(3)) | \(r.worst) |")
    }
    summary.append("| \(name) | \(half) | \(engine.n) | \(fmt(engine.hr1)) | \(fmt(best1.scores.hr1)) (\(best1.name)) | \(paired1.summary) | \(fmt(engine.hr5)) | \(fmt(best5.scores.hr5)) (\(best5.name)) | \(paired5.summary) | \(beats ? "yes" : "**no**") |")
    if !weightsShown && name == "rotating" {
        weightsShown = true
        learned = (name, (try? searcher.learnedWeights()) ?? [])
    }
}
say("| log | half | events | Limelight HR@1 | best rule HR@1 | paired HR@1 | Limelight HR@5 | best rule HR@5 | paired HR@5 | beats both |")
say("|---|---|---|---|---|---|---|---|---|---|")
for l in summary { say(l) }
say()
say(allBeat ? "Limelight beats the best counting rule on HR@1 and HR@5 on every log."
            : "**Limelight does not beat the best counting rule on HR@1 and HR@5 on every log.**")
say()
say("*Paired*: of the events only one of the two puts the target first (or in the top 5), how")
say("many Limelight does – how many the rule does, and McNemar's exact two-sided p: how likely a")
say("split at least that uneven is if neither were better. HR@1 over 800 events has a standard")
say("error of about 0.017 and the best rule is the best of \(countingRules().count) on that very log, so a lead of a")
say("few events either way is chance. Of the \(2 * summary.count) comparisons, Limelight is ahead at p < 0.05 on")
say("\(clearlyAhead) and behind on \(clearlyBehind).")
say()
if onlyLogs == nil {
    let launches = replayed.filter(\.launches)
    func paired(_ logs: [Replayed], rule k: Int, within cut: Int) -> String {
        PairedTest(logs.flatMap { $0.engine.hits(within: cut) }, logs.flatMap { $0.rules[k].hits(within: cut) }).summary
    }
    func events(_ logs: [Replayed]) -> Int { logs.reduce(0) { $0 + $1.engine.n } }
    // With `--launches` every log is an app-launch log: one pair of columns.
    let everyLog = freshLaunches == nil
    say(everyLog ? "Against each rule over the events of every log together (\(events(replayed))), and of the"
                 : "Against each rule over the events of the app-launch logs, paired as above:")
    if everyLog { say("\(launches.count) app-launch logs together (\(events(launches))), paired as above:") }
    say()
    say("| rule | " + (everyLog ? "every log, paired HR@1 | paired HR@5 | " : "") + "app launches (\(events(launches))), paired HR@1 | paired HR@5 |")
    say("|---|---|---|" + (everyLog ? "---|---|" : ""))
    for (k, r) in countingRules().enumerated() {
        let cells = (everyLog ? [replayed, launches] : [launches]).flatMap { logs in [1, 5].map { paired(logs, rule: k, within: $0) } }
        say("| \(r.name) | " + cells.joined(separator: " | ") + " |")
    }
    say()
}
if !changeRows.isEmpty {
    say("### Changed habits")
    say()
    say("Each habit a log's `.meta.json` says changed (a favourite replaced from a given day): how")
    say("many days from the change until the new item is ranked above the old one at every later")
    say("use of it where the old habit was (a context set the old item was used in at least twice")
    say("before the change), by Limelight and by the log's best counting rule on HR@1 (issue 14 asks")
    say("for a week of daily use; a rule that never forgets takes about as long as the old habit")
    say("lasted). Days, and in brackets the uses of the new item there before that day: some of these")
    say("habits are not daily (a commute on workdays, a shift worker's bedtime on day weeks), and for")
    say("them a week of daily use is about 7 uses, not 7 days. The headline counts days, the stricter.")
    say()
    sayTable(["log", "half", "change", "uses of the new item there", "days (uses) until Limelight keeps it above",
              "days (uses) until the rule does, the rule"], changeRows)
    say(changesWon.inAWeek == changesWon.total ? "Every changed habit wins within a week."
        : "**\(changesWon.inAWeek) of \(changesWon.total) changed habits win within a week** (\(changesWon.inSevenUses) within 7 uses of the new item).")
    say()
}
if !registeredRows.isEmpty {
    say("### Registered, never used")
    say()
    say("Each item a log's `relevance` records register for a context, at every moment in that")
    say("context before its first use: how often Limelight showed it first and within the top 3")
    say("(issue 14: first when nothing is habitual there, else the top 3), and its worst rank.")
    say()
    sayTable(["log", "half", "item", "registered for", "moments", "first", "top 3", "worst rank"], registeredRows)
    say("One item at a time gets the chance: the likeliest of those registered for the moment's")
    say("contexts and never used. Where an app registers many for one context (the bundled corpus:")
    say("eight for bedtime from two apps, five for running), the others rank as their scores put them,")
    say("and the table shows them waiting. At every moment in such a context, the best-ranked of them:")
    say()
    sayTable(["log", "half", "moments with a registered, never-used item", "one of them in the top 3"], chanceRows)
    say(chanceTotal.topThree == chanceTotal.moments ? "At every such moment one of them was in the top 3."
        : "**At \(chanceTotal.moments - chanceTotal.topThree) of \(chanceTotal.moments) such moments none of them was in the top 3.**")
    say()
}
say("### Every ranker on every log")
say()
say("MRR is counted within the top 10.")
say()
say("| log | half | ranker | HR@1 | HR@5 | HR@10 | MRR |")
say("|---|---|---|---|---|---|---|")
for l in detail { say(l) }
say()
say("### The model")
say()
say("Zero-query `suggest` ranks by a conditional logit over smoothed estimates of P(item |")
say("situation) (`Sources/LimelightRanking/ContextModel.swift`). Every item keeps decayed counts")
say("of its uses per conjunction of situation features (the exact context set, its place — the")
say("`location.*` contexts —, weekday and half-hour of day), and the index keeps the same counts")
say("summed over all items. Summing the cells that agree with the moment on some features gives")
say("one estimate per backoff level — fourteen conjunctions, from the item's overall rate through")
say("hour, time of day, place, day type + hour, weekday + time of day, place + day type + hour,")
say("place + weekday + time of day, place + time of day, like contexts (the context sets at the same place, weighted by")
say("their Jaccard similarity to the current one, ancestors included), contexts, contexts + hour and contexts + day type + hour to")
say("contexts + day type + clock — each Dirichlet-smoothed toward the broader levels it backs off")
say("to, P_L = (n_L + μ_L · P_parents) / (N_L + μ_L), down to the item's static prior, at")
say("two half-lives (all of history, a week; a level's week also borrows from the same level over all")
say("of history, so weeks without a use leave the habits on top), kept as virtual times (Firefox's t_ref + ln(score)/λ)")
say("so that nothing is ever re-decayed and a candidate costs one pass over at most 128 cells.")
say("A context set never seen is read as the likeliest known set at least half alike (the most")
say("uses near the hour, each counted at how alike it is; a place filled in but never changed),")
say("unless it names a context never seen: a launcher that knows fewer contexts than the apps")
say("donated with gets what the fuller moment gets. A moment that names no place, read as a set")
say("no use was ever counted in (a launcher that does not know where the person is), is at an")
say("unknown place: each place level counts the uses at every place, as the level without the")
say("place does, not at the place \"none\", where only what apps donated without a place was")
say("used. A set donated without a place keeps the place \"none\": on the app-launch logs a fifth")
say("of the launches are at a place that names none (\"elsewhere\"), and reading every moment")
say("without a place as unknown lost there (HR@1 45–67, HR@5 32–53 over the 8 logs).")
say("How much a level borrows (μ_L) is learned per index: each μ of a grid (5 × 2^k, k = −4…4)")
say("is scored on how well it would have predicted each use before it was counted (weighted by")
say("the posterior that the use was a habit, below), and μ_L is their geometric mean weighted by")
say("that likelihood: a level whose counts predict sharply keeps them, one whose counts are")
say("mostly noise leans on the broader levels (a new index starts at 5; the table below shows them).")
say("The score is Σ w_f · log P_f, plus a weight on the levels interpolated, log Σ λ_L P_L (λ")
say("fitted by online EM, as language models interpolate n-gram orders: a level that predicts")
say("well can carry the score alone where the sum would outvote it), and one on the app's")
say("relevant-entity registration, weighed as a prior worth one use against the item's uses")
say("in these contexts (1/(1 + uses)): it speaks for what the person has not shown yet. No")
say("fixed weighting suits everyone — a shift worker's weekday decides, a commuter's clock, a")
say("student's place — so the weights are fitted per index, online: at each donation of an item")
say("used before, the candidates a suggestion would show are scored before it is counted, and")
say("the weights take one natural-gradient step on the log-probability of the item used among")
say("them (softmax; the Fisher information of past steps, forgotten by 0.999 a step, plus a prior")
say("worth 40 donations). Not every use is a habit: the likelihood is a contaminated one, the")
say("habit's softmax with probability 1 − η or a draw from the overall rate with probability η,")
say("so each step is weighted by the posterior that the use was a habit, and η is learned by")
say("online EM (from 0.1). A use only popularity explains no longer pulls the weights toward the")
say("broad levels as hard as a habit does. A new index starts where the average person of the")
say("tune logs ended: the mean of the weights the tune logs learned (`limelight-eval --fit-prior`),")
say("whose weights on the estimates add up to 1 (a weight can be negative: it divides that level's")
say("estimate out, as naive Bayes divides out the prior; held at 0 or above, prior refitted so, HR@1")
say("over these 18 logs fell from 0.415 to 0.403, 289–463, and 5 of 10 changed habits won within")
say("a week instead of 8). A changed habit is a change point: for each")
say("candidate, its uses among the last week of uses of the context set and of the sets nearly")
say("like it (at least 2/3 alike; at least 25 uses, at most 50; the index keeps each set's) are")
say("weighed against its rate in the set before them — unchanged (Bernoulli), or its rate now one")
say("it changed to r uses ago (Beta-binomial, a priori 1 in 1,000 per use, after however many")
say("changes before: what rose and then fell is down now; an entity's uses counted once a day, as")
say("content is reopened while one works on it, an app's every launch) — and the score moves by β = 0.5 times")
say("the log of its posterior rate over the old one, as language models adapt to a document.")
say("Where one thing fell and another rose, each likelier changed")
say("than not, the risen take over the mass the fallen lost in this situation (a replacement keeps")
say("the old item's hour). The weeks the counts need, the run does in a few uses (the")
say("changed-habit table above).")
say("A registered item nobody has used yet is")
say("shown first when nothing is habitual in the situation (2 decayed uses in these contexts or")
say("like ones), else no lower than third. With a query, usage stays the old bounded prior.")
say()
if !learned.1.isEmpty {
    say("### Learned weights (log `\(learned.0)`, after its last event)")
    say()
    say("| feature (level / half-life; μ: what the level borrows) | weight |")
    say("|---|---|")
    for (k, v) in learned.1 { say("| \(k) | \(fmt(v)) |") }
    say()
}
say("Weights and half-lives: `Sources/LimelightRanking/RankingWeights.swift` and `ContextModel.swift`.")

if fitPrior {
    // One feature a line, in the prior's order (every level at each
    // half-life, then the rest), then η and each level's μ (neither is in
    // the prior: a new index starts from η 0.1 and the grid's centre).
    if fitted.isEmpty { fail("--fit-prior: no tune log was replayed (--logs names only held-out ones?)") }
    let mean = fitted[0].indices.map { f in fitted.map { $0[f].1 }.reduce(0, +) / Double(fitted.count) }
    print("\nThe mean of the weights learned on the \(fitted.count) tune logs (ContextModel.Weights.prior):")
    for (f, (feature, _)) in fitted[0].enumerated() { print(fmt(mean[f]) + "  " + feature) }
    exit(0)  // The report of the tune logs alone is no EVAL.md.
}
let text = report.joined(separator: "\n") + "\n"
guard let f = fopen(out, "w") else { fail("cannot write \(out)") }
fputs(text, f)
fclose(f)
exit(allBeat ? 0 : 2)
