// limelight-bench: the in-process Limelight driver of `make bench`.
//
// It uses LimelightKit's public API only, the way an app embedding Limelight
// would:
//
//   limelight-bench ingest --index DIR FILE [--batch N] [--shards N] [--append] [--out R.json]
//       Reads FILE (JSON Lines records) and writes it into a fresh index with
//       IndexWriter.apply: one streamed batch (RecordSource, as `limelight index
//       FILE` does) or batches of N records. Reports wall time and peak RSS (VmHWM).
//       --append adds to an existing index (e.g. interactions after entities).
//
//   limelight-bench query --index DIR FILE [--full] [--limit N] [--warmup P] [--out R.json] [--trace T.jsonl]
//       Runs each line of FILE as a query with Searcher.search, P untimed warm-up
//       passes first, then one timed pass. Reports p50/p90/p99 by the length of
//       the word being typed, one- and two-word; `--full` appends a space to each
//       query so every word is complete (full-word search). `--trace` adds one
//       more, untimed pass that writes every Xapian call of each query to T
//       (Xapian's CallRecorder), for `raw-xapian-replay` to make again.
//
//   limelight-bench query --remote HOST:PORT… FILE […]
//       The same against shards served by xapian-tcpsrv (one --remote per
//       shard): the keystroke latency over the network.
//
//   limelight-bench split --index DIR --shards N OUT
//       Writes OUT as a sharded directory of N shards holding DIR's
//       documents (ShardSplit), to serve with xapian-tcpsrv.
//
//   limelight-bench suggest --index DIR INTERACTIONS.jsonl [--count N] [--limit N] [--warmup P] [--out R.json]
//       Zero-query suggestions (Searcher.search with an empty query, as
//       `limelight suggest` runs it): N (2,000) requests, each at the time and
//       in the contexts of an interaction drawn from INTERACTIONS.jsonl (every
//       k-th line). The time keeps the interaction's weekday and time of day but
//       is moved into the week after the latest drawn interaction, so every
//       request comes after the history it ranks. P untimed passes, one timed.
//
// Results go to stdout (a table) and, with --out, to a JSON file that
// Benchmarks/report.py reads (raw per-query latencies, in microseconds).
#if canImport(Glibc)
import Glibc
#endif
import LimelightKit
import Xapian  // CallRecorder, for --trace

// MARK: - Small helpers (no Foundation: keep the driver as lean as the CLI)

func fail(_ message: String, code: Int32 = 1) -> Never {
    let line = Array("limelight-bench: \(message)\n".utf8)
    _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    exit(code)
}

func nowNS(_ clock: clockid_t = CLOCK_MONOTONIC) -> UInt64 {
    var ts = timespec()
    clock_gettime(clock, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}

/// This thread's CPU time: unlike the wall clock, it leaves out the time
/// other processes had the core, so on a loaded, shared machine it still
/// tells which keystrokes are expensive in themselves.
func cpuNS() -> UInt64 { nowNS(CLOCK_THREAD_CPUTIME_ID) }

func readFile(_ path: String) -> [UInt8] {
    let fd = open(path, O_RDONLY)
    if fd < 0 { fail("cannot open \(path): \(String(cString: strerror(errno)))") }
    defer { close(fd) }
    var out: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 20)
    while true {
        let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if n < 0 { if errno == EINTR { continue }; fail("cannot read \(path)") }
        if n == 0 { break }
        out.append(contentsOf: chunk[0..<n])
    }
    return out
}

func writeFile(_ path: String, _ text: String) {
    guard let f = fopen(path, "w") else { fail("cannot write \(path): \(String(cString: strerror(errno)))") }
    fputs(text, f)
    fclose(f)
}

/// A field of /proc/self/status in KiB (VmHWM = peak resident set, VmRSS = now).
func procStatusKiB(_ field: String) -> Int {
    let text = String(decoding: readFile("/proc/self/status"), as: UTF8.self)
    for line in text.split(separator: "\n") where line.hasPrefix(field + ":") {
        let digits = line.dropFirst(field.count + 1).filter { $0.isNumber }
        return Int(digits) ?? -1
    }
    return -1
}

func jsonString(_ s: String) -> String {
    var out = "\""
    for u in s.unicodeScalars {
        switch u {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\t": out += "\\t"
        default:
            if u.value < 0x20 {
                let hex = String(u.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                out.unicodeScalars.append(u)
            }
        }
    }
    return out + "\""
}

func fmt(_ x: Double, _ digits: Int = 3) -> String {
    var p = 1.0
    for _ in 0..<digits { p *= 10 }
    let r = (x * p).rounded() / p
    var s = "\(r)"
    if let dot = s.firstIndex(of: ".") {
        let decimals = s.distance(from: dot, to: s.endIndex) - 1
        if decimals < digits { s += String(repeating: "0", count: digits - decimals) }
    }
    return s
}

/// Nearest-rank percentile of sorted values.
func percentile(_ sorted: [Double], _ p: Double) -> Double {
    guard !sorted.isEmpty else { return .nan }
    let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
    return sorted[min(max(rank, 1), sorted.count) - 1]
}

func number(_ s: String, _ option: String) -> Int {
    guard let n = Int(s) else { fail("\(option) needs a number, got '\(s)'", code: 64) }
    return n
}

struct Options {
    var command = ""
    var index = ""
    var file = ""
    var out: String?
    var batch = 0
    var full = false
    var limit = 10
    var warmup = 1
    var append = false
    var count = 2000
    var trace: String?
    /// query: shards served by xapian-tcpsrv, instead of --index.
    var remote: [String] = []
    /// ingest: write a sharded index of this many shards (`limelight index --shards N`); split: how many.
    var shards: Int? = nil

    init(_ argv: [String]) {
        var args = argv.dropFirst()
        guard let c = args.popFirst() else { fail(usage, code: 64) }
        command = c
        while let a = args.popFirst() {
            func value() -> String {
                guard let v = args.popFirst() else { fail("\(a) needs a value", code: 64) }
                return v
            }
            switch a {
            case "--index": index = value()
            case "--out": out = value()
            case "--trace": trace = value()
            case "--batch": batch = number(value(), a)
            case "--count": count = number(value(), a)
            case "--limit": limit = number(value(), a)
            case "--warmup": warmup = number(value(), a)
            case "--remote": remote.append(value())
            case "--shards": shards = number(value(), a)
            case "--full": full = true
            case "--append": append = true
            case "-h", "--help": print(usage); exit(0)
            default:
                if a.hasPrefix("--") { fail("unknown option \(a)\n\(usage)", code: 64) }
                if !file.isEmpty { fail("give one FILE\n\(usage)", code: 64) }
                file = a
            }
        }
        if (index.isEmpty && remote.isEmpty) || file.isEmpty { fail(usage, code: 64) }
    }

    static let usageText = """
        usage: limelight-bench ingest --index DIR FILE [--batch N] [--shards N] [--append] [--out R.json]
               limelight-bench query  --index DIR | --remote HOST:PORT… FILE [--full] [--limit N] [--warmup P] [--out R.json] [--trace T.jsonl]
               limelight-bench split  --index DIR --shards N OUT
               limelight-bench suggest --index DIR INTERACTIONS.jsonl [--count N] [--limit N] [--warmup P] [--out R.json]
        """
    var usage: String { Self.usageText }
}

/// p50 / p90 / p99 per group of latencies (µs), one line each.
func printGroups(_ groups: [String: [Double]]) {
    print("group            n       p50 ms    p90 ms    p99 ms")
    for name in groups.keys.sorted() {
        let v = groups[name]!.sorted()
        print(name.padding(16) + "\(v.count)".padding(8)
              + fmt(percentile(v, 50) / 1000).padding(10) + fmt(percentile(v, 90) / 1000).padding(10)
              + fmt(percentile(v, 99) / 1000))
    }
}

// MARK: - ingest

func ingest(_ o: Options) {
    var st = stat()
    if !o.append, stat(o.index + "/current", &st) == 0 { fail("\(o.index) already holds an index; ingest wants a fresh one (remove it first)") }
    let t0 = nowNS()
    var source: RecordSource? = nil
    var recordCount = 0
    do {
        if o.batch <= 0 {
            // What `limelight index FILE` does: the file's bytes are held,
            // every record validated, then parsed again while written.
            source = try RecordSource.load([o.file])
            recordCount = try source!.validate()
        }
        // Otherwise line chunks are parsed as they are written, so that a
        // batch's records are all that is held at once (besides the file).
    } catch {
        fail(error.description, code: 1)
    }
    let tRead = nowNS()
    let rssAfterRead = procStatusKiB("VmRSS")
    var documents = 0
    var batchCount = 0
    do {
        let writer = try IndexWriter.open(IndexLocation(path: o.index), shards: o.shards)
        if let source {
            try writer.apply(source)
            batchCount = 1
        } else {
            let bytes = readFile(o.file)
            var lines: [ArraySlice<UInt8>] = []
            var start = 0
            var lineNo = 0
            var firstLine = 1
            func flush() throws {
                guard !lines.isEmpty else { return }
                var chunk: [UInt8] = []
                for l in lines { chunk.append(contentsOf: l); chunk.append(0x0A) }
                var records: [LocatedRecord] = []
                var errors: [String] = []
                RecordReader.parse(chunk, name: "\(o.file)(from line \(firstLine))", into: &records, errors: &errors)
                if !errors.isEmpty { throw ModelError.rejected(errors) }
                recordCount += records.count
                try writer.apply(records)
                batchCount += 1
                lines.removeAll(keepingCapacity: true)
                firstLine = lineNo + 1
            }
            for i in 0...bytes.count where i == bytes.count || bytes[i] == 0x0A {
                if i > start { lines.append(bytes[start..<i]) }
                lineNo += 1
                start = i + 1
                if lines.count >= o.batch { try flush() }
            }
            try flush()
        }
        documents = writer.documentCount
        writer.close()
    } catch {
        fail("\(error)", code: 1)
    }
    let tEnd = nowNS()
    let peak = procStatusKiB("VmHWM")
    let total = Double(tEnd - t0) / 1e9
    let readS = Double(tRead - t0) / 1e9
    print("limelight ingest: \(recordCount) records in \(batchCount) batch(es), \(fmt(total, 2)) s "
          + "(read+validate \(fmt(readS, 2)) s, index+commit \(fmt(total - readS, 2)) s), "
          + "\(fmt(Double(recordCount) / total, 0)) records/s, peak RSS \(peak / 1024) MiB, \(documents) documents")
    if let out = o.out {
        writeFile(out, """
            {"engine":"limelight","op":"ingest","file":\(jsonString(o.file)),"records":\(recordCount),"shards":\(o.shards ?? 0),\
            "batches":\(batchCount),"documents":\(documents),"seconds":\(total),"read_seconds":\(readS),\
            "rss_after_read_kib":\(rssAfterRead),"peak_rss_kib":\(peak)}

            """)
    }
}

// MARK: - query

/// The group a query belongs to: one- or two-word (or full-word), and the
/// length of the word being typed.
func group(_ q: String, full: Bool) -> (words: Int, plen: Int) {
    let words = q.split(whereSeparator: { $0 == " " })
    return (words.count, words.last.map(\.count) ?? 0)
}

func query(_ o: Options) {
    let text = String(decoding: readFile(o.file), as: UTF8.self)
    let queries = text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
    if queries.isEmpty { fail("\(o.file) has no queries") }
    let searcher: Searcher
    do {
        searcher = o.remote.isEmpty ? try Searcher(location: IndexLocation(path: o.index)) : try Searcher(remote: try RemoteShards(o.remote))
    } catch { fail("\(error)", code: 1) }
    let at = Timestamp.now()
    func run(_ q: String) throws(SearchError) -> Int {
        var r = SearchRequest(query: o.full ? q + " " : q)
        r.limit = o.limit
        r.at = at
        return try searcher.search(r).hits.count
    }
    let tw = nowNS()
    do {
        for _ in 0..<o.warmup { for q in queries { _ = try run(q) } }
    } catch { fail(error.description) }
    let warmS = Double(nowNS() - tw) / 1e9
    var lat = [Double](repeating: 0, count: queries.count)
    var cpu = [Double](repeating: 0, count: queries.count)
    var hits = [Int](repeating: 0, count: queries.count)
    let t0 = nowNS()
    do {
        for (i, q) in queries.enumerated() {
            let a = nowNS(), c = cpuNS()
            hits[i] = try run(q)
            cpu[i] = Double(cpuNS() - c) / 1000
            lat[i] = Double(nowNS() - a) / 1000
        }
    } catch { fail(error.description) }
    let totalS = Double(nowNS() - t0) / 1e9
    if let trace = o.trace {
        // After the timed pass, so that writing the trace costs it nothing.
        do throws(XapianError) { CallRecorder.active = try CallRecorder(path: trace) } catch { fail(error.description) }
        do {
            for q in queries {
                CallRecorder.active?.begin(q)
                _ = try run(q)
            }
        } catch { fail(error.description) }
        CallRecorder.active = nil
    }

    // Summary by group, as the issue asks: one-/two-word, by prefix length.
    var groups: [String: [Double]] = [:]
    for (i, q) in queries.enumerated() {
        let g = group(q, full: o.full)
        let name = o.full ? "full \(g.words)w" : "\(min(g.words, 2))w len \(g.plen < 10 ? " " : "")\(g.plen)"
        groups[name, default: []].append(lat[i])
        groups[o.full ? "full all" : "all", default: []].append(lat[i])
    }
    print("limelight query \(o.file): \(queries.count) queries, \(fmt(totalS, 2)) s timed (warm-up \(fmt(warmS, 2)) s), peak RSS \(procStatusKiB("VmHWM") / 1024) MiB")
    printGroups(groups)
    if let out = o.out {
        let latText = lat.map { fmt($0, 1) }.joined(separator: ",")
        let cpuText = cpu.map { fmt($0, 1) }.joined(separator: ",")
        let hitText = hits.map(String.init).joined(separator: ",")
        writeFile(out, """
            {"engine":"limelight","op":"query","file":\(jsonString(o.file)),"full":\(o.full),"limit":\(o.limit),\
            "warmup_passes":\(o.warmup),"seconds":\(totalS),"peak_rss_kib":\(procStatusKiB("VmHWM")),\
            "latency_us":[\(latText)],"cpu_us":[\(cpuText)],"hits":[\(hitText)]}

            """)
    }
}

// MARK: - suggest

func suggest(_ o: Options) {
    // Every k-th non-empty line of the interaction file: deterministic, spread
    // over the whole history (the generator writes interactions in random order).
    let bytes = readFile(o.file)
    var lines: [ArraySlice<UInt8>] = []
    var start = 0
    for i in 0...bytes.count where i == bytes.count || bytes[i] == 0x0A {
        if i > start { lines.append(bytes[start..<i]) }
        start = i + 1
    }
    if lines.isEmpty { fail("\(o.file) has no records") }
    let step = max(1, lines.count / max(1, o.count))
    var chunk: [UInt8] = []
    var n = 0
    for i in stride(from: 0, to: lines.count, by: step) where n < o.count {
        chunk.append(contentsOf: lines[i]); chunk.append(0x0A); n += 1
    }
    lines = []
    var records: [LocatedRecord] = []
    var errors: [String] = []
    RecordReader.parse(chunk, name: o.file, into: &records, errors: &errors)
    if !errors.isEmpty { fail(errors.joined(separator: "\n"), code: 65) }
    let drawn = records.compactMap { r -> (at: Timestamp, contexts: [String])? in
        guard r.record.kind == .interaction, let at = r.record.at else { return nil }
        return (at, r.record.contexts)
    }
    if drawn.isEmpty { fail("\(o.file) has no interactions with a time") }
    let latest = drawn.map(\.at.seconds).max()!
    let week = 7.0 * 86_400
    let requests: [SearchRequest] = drawn.map { d in
        // Same weekday and time of day, in the week after `latest`.
        var shift = (d.at.seconds - latest).truncatingRemainder(dividingBy: week)
        if shift <= 0 { shift += week }
        var r = SearchRequest(query: "")
        r.explained = false  // as `limelight suggest` without --explain
        r.limit = o.limit
        r.contexts = d.contexts
        r.at = Timestamp(seconds: latest + shift)
        return r
    }
    let searcher: Searcher
    do { searcher = try Searcher(location: IndexLocation(path: o.index)) } catch { fail(error.description, code: 1) }
    let tw = nowNS()
    do {
        for _ in 0..<o.warmup { for r in requests { _ = try searcher.search(r) } }
    } catch { fail(error.description) }
    let warmS = Double(nowNS() - tw) / 1e9
    var lat = [Double](repeating: 0, count: requests.count)
    var hits = [Int](repeating: 0, count: requests.count)
    let t0 = nowNS()
    do {
        for (i, r) in requests.enumerated() {
            let a = nowNS()
            hits[i] = try searcher.search(r).hits.count
            lat[i] = Double(nowNS() - a) / 1000
        }
    } catch { fail(error.description) }
    let totalS = Double(nowNS() - t0) / 1e9
    var groups: [String: [Double]] = [:]
    for (i, r) in requests.enumerated() {
        groups["all", default: []].append(lat[i])
        groups[r.contexts.isEmpty ? "no context" : "with context", default: []].append(lat[i])
    }
    print("limelight suggest \(o.file): \(requests.count) requests, \(fmt(totalS, 2)) s timed (warm-up \(fmt(warmS, 2)) s), "
          + "\(hits.filter { $0 == 0 }.count) with no suggestion, peak RSS \(procStatusKiB("VmHWM") / 1024) MiB")
    printGroups(groups)
    if let out = o.out {
        let latText = lat.map { fmt($0, 1) }.joined(separator: ",")
        let hitText = hits.map(String.init).joined(separator: ",")
        // What was asked, so that the CLI can be timed on the same requests.
        let reqText = requests.map { r in
            "{\"at\":\(Int(r.at.seconds)),\"contexts\":[\(r.contexts.map(jsonString).joined(separator: ","))]}"
        }.joined(separator: ",")
        writeFile(out, """
            {"engine":"limelight","op":"suggest","file":\(jsonString(o.file)),"limit":\(o.limit),\
            "warmup_passes":\(o.warmup),"seconds":\(totalS),"peak_rss_kib":\(procStatusKiB("VmHWM")),\
            "latency_us":[\(latText)],"hits":[\(hitText)],"requests":[\(reqText)]}

            """)
    }
}

extension String {
    func padding(_ n: Int) -> String { count >= n ? self + " " : self + String(repeating: " ", count: n - count) }
}

let options = Options(CommandLine.arguments)
switch options.command {
case "ingest": ingest(options)
case "query": query(options)
case "suggest": suggest(options)
case "split":
    do { try ShardSplit.split(IndexLocation(path: options.index), into: options.file, count: max(1, options.shards ?? 1)) } catch { fail("\(error)") }
default: fail(options.usage, code: 64)
}
