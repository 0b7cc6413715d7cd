#!/usr/bin/env python3
"""Runs Limelight's benchmarks side by side with raw Xapian, SQLite FTS5 and
Tantivy, on the same records and queries, and writes Benchmarks/results/<corpus>.json.

    Benchmarks/.venv/bin/python Benchmarks/run.py --corpus debian [--corpus synthetic] [--smoke]

Corpora:
  debian          the Debian package catalog (apt-cache dumpavail, ~63k packages)
  debian-smoke    5,000 of them, ~200 queries: `make bench-smoke`
  synthetic       1,000,000 entities + 1,000,000 interactions (synthetic.py)

Binaries are taken from --limelight-bench, --limelight, --raw-xapian,
--raw-xapian-replay and --oneshot (the Makefile builds them). Generated data, indexes and per-query
latencies go under Benchmarks/data/; summaries under Benchmarks/results/.

Order per corpus: records, queries, ingest (every engine into a fresh index;
Limelight then ingests the interactions, if any), as-you-type and full-word
queries (every engine, same files), a fresh process per query, `suggest`
(corpora with interactions: in process, then the CLI as a fresh process), and
last `limelight rebuild` of a copy of the whole index under /usr/bin/time (wall
time, peak RSS). The load average is sampled at each step (machine.load).

The raw Xapian floor ("raw-xapian") replays Limelight's plan: limelight-bench
writes every Xapian call of each query (--trace), and raw-xapian-replay makes
the same calls with the plain C++ API against the same index, timing each
query (Benchmarks/ANALYSIS.md §6).

Exits non-zero if any engine fails, if the replay's match sets differ from the
ones Limelight got on any query (then the trace or the replay is wrong), or if
a keystroke query that is a prefix of a sampled title finds nothing in Limelight.
"""
import argparse
import json
import math
import os
import platform
import random
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
DATA = os.path.join(HERE, "data")
RESULTS = os.path.join(HERE, "results")
PY = sys.executable

CORPORA = {
    # name: generator, keystroke titles, full-word queries, e2e sample, extra raw builds
    "debian": dict(kind="debian", limit=0, titles=2000, full=1000, e2e=200, nopos=True),
    "debian-smoke": dict(kind="debian", limit=5000, titles=16, full=30, e2e=20, nopos=False),
    "synthetic": dict(kind="synthetic", entities=1_000_000, interactions=1_000_000, titles=400, full=300,
                      e2e=100, nopos=True, suggest=2000),
    "synthetic-smoke": dict(kind="synthetic", entities=20_000, interactions=20_000, titles=16, full=30, e2e=10,
                            nopos=False, suggest=200),
}


class Failure(Exception):
    pass


def log(msg):
    print(f"[bench {time.strftime('%H:%M:%S')}] {msg}", flush=True)


LOAD = []


def phase(name):
    """Logs a step and samples the load average (the machine is shared)."""
    la = open("/proc/loadavg").read().split()[:3]
    LOAD.append({"step": name, "time": time.strftime("%H:%M:%S"), "loadavg": " ".join(la)})
    log(f"== {name} (load average {' '.join(la)})")


def run(cmd, timeout=None, **kw):
    log("$ " + " ".join(cmd))
    t0 = time.perf_counter()
    p = subprocess.run(cmd, timeout=timeout, **kw)
    if p.returncode != 0:
        raise Failure(f"command failed ({p.returncode}): {' '.join(cmd)}")
    return time.perf_counter() - t0


def load(path):
    with open(path) as f:
        return json.load(f)


def du_bytes(path):
    if os.path.isfile(path):
        return os.path.getsize(path)
    total = 0
    for d, _, files in os.walk(path):
        for f in files:
            fp = os.path.join(d, f)
            if not os.path.islink(fp):
                total += os.path.getsize(fp)
    return total


def pct(sorted_vals, q):
    if not sorted_vals:
        return None
    return sorted_vals[min(max(1, math.ceil(q * len(sorted_vals) / 100)), len(sorted_vals)) - 1]


def stats(vals):
    s = sorted(vals)
    if not s:
        return {"n": 0}
    return {"n": len(s), "p50_ms": pct(s, 50) / 1000, "p90_ms": pct(s, 90) / 1000, "p99_ms": pct(s, 99) / 1000,
            "mean_ms": sum(s) / len(s) / 1000, "max_ms": s[-1] / 1000}


def groups_of(queries, full):
    """Group names per query: all, 1w/2w, and by length of the last word."""
    out = []
    for q in queries:
        ws = q.split(" ")
        g = ["all"]
        if full:
            g.append(f"{len(ws)}w")
        else:
            n = len(ws[-1])
            g += [f"{len(ws)}w", f"len{n}" if n <= 10 else "len11+", f"{len(ws)}w-len{n}" if n <= 10 else f"{len(ws)}w-len11+"]
            if n <= 2:
                g.append("len1-2")
        out.append(g)
    return out


def summarize(result, queries, full):
    lat = result["latency_us"]
    if len(lat) != len(queries):
        raise Failure(f"{result.get('engine')}: {len(lat)} latencies for {len(queries)} queries")
    by = {}
    for g, x in zip(groups_of(queries, full), lat):
        for name in g:
            by.setdefault(name, []).append(x)
    hits = result.get("hits", [])
    return {"groups": {k: stats(v) for k, v in by.items()},
            "zero_hit_queries": sum(1 for h in hits if h == 0), "mean_hits": sum(hits) / max(1, len(hits)),
            "seconds": result.get("seconds"), "peak_rss_kib": result.get("peak_rss_kib"),
            **{k: result[k] for k in ("from_lists", "typo_retries", "or_retries") if k in result},
            **({"empty_call_us": result["empty_call_us"]} if "empty_call_us" in result else {})}


def machine():
    def sh(c):
        try:
            return subprocess.run(c, shell=True, capture_output=True, text=True).stdout.strip()
        except OSError:
            return ""
    cpu = ""
    with open("/proc/cpuinfo") as f:
        for line in f:
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    return {"nproc": sh("nproc"), "free_h": sh("free -h"), "cpu": cpu, "kernel": platform.release(),
            "loadavg_start": open("/proc/loadavg").read().strip(),
            "xapian": sh("dpkg-query -W -f '${Version}' libxapian30"),
            "sqlite": __import__("sqlite3").sqlite_version,
            "tantivy": sh(f"{PY} -c 'import importlib.metadata as m; print(m.version(\"tantivy\"))'"),
            "swift": sh("swift --version 2>/dev/null | head -1"),
            "commit": sh(f"git -C {ROOT} rev-parse --short HEAD"),
            "dirty": bool(sh(f"git -C {ROOT} status --porcelain -- Sources Package.swift"))}


def source_note(args):
    """Which engine source the binaries were built from."""
    return args.source or ("working tree at " + machine()["commit"] +
                           (" (Sources modified)" if machine()["dirty"] else ""))


def e2e(binaries, index, queries, n, seed=6):
    """A fresh process per query: `limelight search Q` vs xapian-oneshot, interleaved
    (the order rotates from one query to the next)."""
    rng = random.Random(seed)
    sample = rng.sample(queries, min(n, len(queries)))
    devnull = os.open(os.devnull, os.O_WRONLY)
    progs = {
        "limelight search": lambda q: [binaries["limelight"], "--index", index, "search", q],
        "xapian-oneshot": lambda q: [binaries["oneshot"], os.path.join(index, "current"), q],
        **({"limelight search (other build)":
            lambda q: [binaries["limelight-static"], "--index", index, "search", q]}
           if binaries.get("limelight-static") else {}),
        "/bin/true (spawn cost)": lambda q: ["/bin/true"],
    }

    def once(argv):
        a = time.perf_counter_ns()
        pid = os.posix_spawn(argv[0], argv, os.environ, file_actions=[(os.POSIX_SPAWN_DUP2, devnull, 1)])
        _, status = os.waitpid(pid, 0)
        dt = (time.perf_counter_ns() - a) / 1000
        if os.waitstatus_to_exitcode(status) != 0:
            raise Failure(f"{argv} exited {os.waitstatus_to_exitcode(status)}")
        return dt

    for argv in (progs[k](sample[0]) for k in progs):  # warm the page cache
        once(argv)
    lat = {k: [] for k in progs}
    names = list(progs)
    for i, q in enumerate(sample):
        # Rotate the order per query: whichever program runs a query first
        # pays for reading its blocks into the page cache.
        for k in names[i % len(names):] + names[:i % len(names)]:
            lat[k].append(once(progs[k](q)))
    os.close(devnull)
    builds = {"limelight search": swift_runtime(binaries["limelight"])}
    if binaries.get("limelight-static"):
        builds["limelight search (other build)"] = swift_runtime(binaries["limelight-static"])
    return {k: stats(v) for k, v in lat.items()} | {"queries": len(sample), "swift_runtime": builds}


def e2e_suggest(binary, index, requests, n, seed=6):
    """`limelight suggest --at T --context C… --json` as a fresh process, on
    requests drawn from the ones timed in process."""
    rng = random.Random(seed)
    sample = rng.sample(requests, min(n, len(requests)))
    devnull = os.open(os.devnull, os.O_WRONLY)

    def argv(r):
        at = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(r["at"]))
        return [binary, "--index", index, "suggest", "--at", at, "--json"] + \
            [x for c in r["contexts"] for x in ("--context", c)]

    def once(a):
        t = time.perf_counter_ns()
        pid = os.posix_spawn(a[0], a, os.environ, file_actions=[(os.POSIX_SPAWN_DUP2, devnull, 1)])
        _, status = os.waitpid(pid, 0)
        if os.waitstatus_to_exitcode(status) != 0:
            raise Failure(f"{a} exited {os.waitstatus_to_exitcode(status)}")
        return (time.perf_counter_ns() - t) / 1000

    once(argv(sample[0]))
    lat = [once(argv(r)) for r in sample]
    os.close(devnull)
    return stats(lat) | {"requests": len(sample), "swift_runtime": swift_runtime(binary)}


def rebuild(binary, index):
    """`limelight --index DIR rebuild --json` under /usr/bin/time -v, on a copy
    of the index (so that the index the queries ran on stays as ingested)."""
    copy = index + "-rebuilt"
    shutil.rmtree(copy, ignore_errors=True)
    shutil.copytree(index, copy, symlinks=True)
    t = time.perf_counter()
    p = subprocess.run(["/usr/bin/time", "-v", binary, "--index", copy, "rebuild", "--json"],
                       capture_output=True, text=True)
    wall = time.perf_counter() - t
    size_after = du_bytes(copy)
    shutil.rmtree(copy, ignore_errors=True)
    if p.returncode != 0:
        raise Failure(f"rebuild failed ({p.returncode}): {p.stderr[-2000:]}")
    out = json.loads(p.stdout.strip().splitlines()[-1])
    tv = {}
    for line in p.stderr.splitlines():
        if ":" in line:
            k, _, v = line.strip().rpartition(": ")
            tv[k.strip()] = v.strip()
    return {"records": out.get("records"), "documents": out.get("documents"), "seconds": wall,
            "reported_seconds": out.get("seconds"),
            "peak_rss_kib": int(tv.get("Maximum resident set size (kbytes)", -1)),
            "user_seconds": float(tv.get("User time (seconds)", 0)),
            "system_seconds": float(tv.get("System time (seconds)", 0)),
            "size_after": size_after, "on": "a copy of the index"}


def swift_runtime(binary):
    """'shared' if the binary loads libswiftCore.so, else 'static'."""
    out = subprocess.run(["ldd", binary], capture_output=True, text=True).stdout
    return "shared" if "libswiftCore" in out else "static"


def bench_corpus(name, cfg, bins, args):
    work = os.path.join(DATA, name)
    os.makedirs(work, exist_ok=True)
    raw = os.path.join(work, "raw")  # per-query latencies
    os.makedirs(raw, exist_ok=True)
    LOAD.clear()
    res = {"corpus": name, "config": cfg, "machine": machine(), "source": source_note(args), "started": time.strftime("%Y-%m-%d %H:%M:%S %z"),
           "command": " ".join([os.path.relpath(sys.argv[0], ROOT)] + sys.argv[1:]), "ingest": {}, "size": {},
           "query": {}, "e2e": None, "suggest": None, "rebuild": None, "checks": [], "notes": []}
    phase("records")

    # 1. Records.
    if cfg["kind"] == "debian":
        corpus = os.path.join(work, "records.jsonl")
        cmd = [PY, os.path.join(HERE, "debian_catalog.py"), "--out", corpus]
        if cfg["limit"]:
            cmd += ["--limit", str(cfg["limit"])]
        run(cmd)
        files = [corpus]
    else:
        prefix = os.path.join(work, "synthetic")
        vocab = os.path.join(DATA, "debian", "records.jsonl")
        if not os.path.exists(vocab):
            run([PY, os.path.join(HERE, "debian_catalog.py"), "--out", vocab])
        if not (os.path.exists(prefix + "-entities.jsonl") and os.path.exists(prefix + "-interactions.jsonl")) \
                or args.regenerate:
            run([PY, os.path.join(HERE, "synthetic.py"), "--vocab", vocab, "--out", prefix,
                 "--entities", str(cfg["entities"]), "--interactions", str(cfg["interactions"])])
        corpus = prefix + "-entities.jsonl"
        files = [corpus, prefix + "-interactions.jsonl"]
    res["records_bytes"] = sum(os.path.getsize(f) for f in files)

    # 2. Queries.
    phase("queries")
    qdir = os.path.join(work, "queries")
    run([PY, os.path.join(HERE, "queries.py"), corpus, qdir, "--titles", str(cfg["titles"]),
         "--full", str(cfg["full"])])
    qsets = {"keystrokes": os.path.join(qdir, "keystrokes.txt"), "fullword": os.path.join(qdir, "fullword.txt")}
    qtext = {k: [l.rstrip("\n") for l in open(v, encoding="utf-8") if l.strip()] for k, v in qsets.items()}

    # 3. Ingest, each engine into a fresh index.
    idx = {e: os.path.join(work, "index-" + e) for e in ["limelight", "raw-xapian", "raw-xapian-nopos", "fts5", "tantivy"]}
    idx["fts5"] += ".sqlite"
    out = lambda n: os.path.join(raw, n + ".json")

    def fresh(engine, *results):
        """True if this engine's index must be built (again); with --resume, an
        index whose ingest results were written by an earlier run is kept."""
        if args.resume and all(os.path.exists(out(r)) for r in results) and os.path.exists(idx[engine]):
            log(f"resume: keeping {os.path.relpath(idx[engine], ROOT)} (built by an earlier run)")
            return False
        p = idx[engine]
        shutil.rmtree(p, ignore_errors=True) if os.path.isdir(p) else (os.path.exists(p) and os.remove(p))
        return True

    phase("ingest")
    resumed = not fresh("limelight", "size-limelight",
                        "ingest-limelight-interactions" if len(files) > 1 else "ingest-limelight")
    if not resumed:
        run([bins["limelight-bench"], "ingest", "--index", idx["limelight"], corpus, "--out", out("ingest-limelight")])
    res["ingest"]["limelight"] = load(out("ingest-limelight"))
    # Sizes of the same documents as the other engines hold (before interactions),
    # as written and compacted (xapian-compact, as `limelight compact` would).
    res["size"]["limelight"] = du_bytes(idx["limelight"])
    if resumed:
        res["size"]["limelight"] = load(out("size-limelight"))["bytes"]
    with open(out("size-limelight"), "w") as f:
        json.dump({"bytes": res["size"]["limelight"]}, f)
    compacted = os.path.join(work, "limelight-compacted")
    shutil.rmtree(compacted, ignore_errors=True)
    gens = sorted(d for d in os.listdir(idx["limelight"]) if d.startswith("gen-"))
    res["compact_seconds"] = run(["xapian-compact", "--no-renumber", os.path.join(idx["limelight"], gens[-1]),
                                  compacted], stdout=subprocess.DEVNULL)
    res["size"]["limelight-compacted"] = du_bytes(compacted)
    shutil.rmtree(compacted, ignore_errors=True)
    if len(files) > 1:
        if not resumed:
            run([bins["limelight-bench"], "ingest", "--append", "--index", idx["limelight"], files[1],
                 "--out", out("ingest-limelight-interactions")])
        res["ingest"]["limelight-interactions"] = load(out("ingest-limelight-interactions"))
        res["size"]["limelight+interactions"] = du_bytes(idx["limelight"])
    if fresh("raw-xapian", "ingest-raw-xapian"):
        run([bins["raw-xapian"], "build", idx["raw-xapian"], corpus, "--out", out("ingest-raw-xapian")])
    res["ingest"]["raw-xapian"] = load(out("ingest-raw-xapian"))
    if cfg.get("nopos"):
        if fresh("raw-xapian-nopos", "ingest-raw-xapian-nopos"):
            run([bins["raw-xapian"], "build", idx["raw-xapian-nopos"], corpus, "--no-positions",
                 "--out", out("ingest-raw-xapian-nopos")])
        res["ingest"]["raw-xapian-nopos"] = load(out("ingest-raw-xapian-nopos"))
    if fresh("fts5", "ingest-fts5"):
        run([PY, os.path.join(HERE, "engines.py"), "fts5", "build", idx["fts5"], corpus, "--out", out("ingest-fts5")])
    res["ingest"]["fts5"] = load(out("ingest-fts5"))
    if fresh("tantivy", "ingest-tantivy"):
        run([PY, os.path.join(HERE, "engines.py"), "tantivy", "build", idx["tantivy"], corpus,
             "--out", out("ingest-tantivy")])
    res["ingest"]["tantivy"] = load(out("ingest-tantivy"))

    # 4. Index sizes, as written and (Xapian) compacted.
    for e, p in idx.items():
        if os.path.exists(p) and e != "limelight":
            res["size"][e] = du_bytes(p)

    # 5. Queries, every engine, same query files; one warm-up pass, one timed.
    phase("queries: every engine")
    # Limelight's timed pass is followed by a traced one; the replay (next) makes its calls again.
    trace = lambda qf: os.path.join(raw, "trace-" + os.path.basename(qf).replace(".txt", ".jsonl"))
    engines = [
        ("limelight", lambda qf, full, o: [bins["limelight-bench"], "query", "--index", idx["limelight"], qf, "--out", o,
                                           "--trace", trace(qf)] + (["--full"] if full else [])),
        ("raw-xapian", lambda qf, full, o: [bins["raw-xapian-replay"], os.path.join(idx["limelight"], "current"),
                                            trace(qf), "--out", o]),
        ("raw-xapian-partial", lambda qf, full, o: [bins["raw-xapian"], "query", os.path.join(idx["limelight"], "current"),
                                                    qf, "--plan", "partial", "--out", o] + (["--full"] if full else [])),
        ("fts5", lambda qf, full, o: [PY, os.path.join(HERE, "engines.py"), "fts5", "query", idx["fts5"], qf, "--out", o]
         + (["--full"] if full else [])),
        ("tantivy", lambda qf, full, o: [PY, os.path.join(HERE, "engines.py"), "tantivy", "query", idx["tantivy"], qf,
                                         "--out", o] + (["--full"] if full else [])),
    ]
    for qs_name, qf in qsets.items():
        full = qs_name == "fullword"
        res["query"][qs_name] = {}
        for e, cmd in engines:
            phase(f"{qs_name}: {e}")
            o = out(f"query-{qs_name}-{e}")
            run(cmd(qf, full, o), stdout=subprocess.DEVNULL if e != "limelight" or not args.verbose else None)
            r = load(o)
            res["query"][qs_name][e] = summarize(r, qtext[qs_name], full)
            res["query"][qs_name][e]["hits"] = r["hits"]
            if e == "raw-xapian":
                res["query"][qs_name][e].update({k: r[k] for k in ("calls", "msets", "disagreements")})
                replay = r
        # Check: replaying Limelight's calls gives back the very match sets Limelight got.
        ll = res["query"][qs_name]["limelight"]["hits"]
        res["checks"].append({"check": f"{qs_name}: raw Xapian replaying Limelight's {replay['calls']} calls "
                                       f"({replay['msets']} match sets) gets the same docids "
                                       f"(differ on {replay['disagreements']} of {len(ll)} queries)",
                              "ok": replay["disagreements"] == 0, "detail": replay["disagreeing"]})
        if not full:
            zero = [qtext[qs_name][i] for i, h in enumerate(ll) if h == 0]
            res["checks"].append({"check": "keystrokes: every prefix of a sampled title finds something in Limelight",
                                  "ok": not zero, "detail": zero[:5]})
        for e in res["query"][qs_name]:
            res["query"][qs_name][e].pop("hits")

    # 6. A fresh process per query.
    phase("fresh process per query")
    res["e2e"] = e2e(bins, idx["limelight"], qtext["keystrokes"], cfg["e2e"])

    # 7. Suggestions with the interactions in the index.
    if len(files) > 1:
        phase("suggest, in process")
        o = out("suggest-limelight")
        run([bins["limelight-bench"], "suggest", "--index", idx["limelight"], files[1], "--count",
             str(cfg.get("suggest", 2000)), "--out", o])
        r = load(o)
        ctx = ["with context" if q["contexts"] else "no context" for q in r["requests"]]
        by = {"all": r["latency_us"]}
        for c, x in zip(ctx, r["latency_us"]):
            by.setdefault(c, []).append(x)
        res["suggest"] = {"groups": {k: stats(v) for k, v in by.items()}, "requests": len(r["latency_us"]),
                          "empty": sum(1 for h in r["hits"] if h == 0), "peak_rss_kib": r["peak_rss_kib"],
                          "interactions": res["ingest"]["limelight-interactions"]["records"]}
        phase("suggest, fresh process")
        res["suggest"]["e2e"] = e2e_suggest(bins["limelight"], idx["limelight"], r["requests"], cfg["e2e"])
        res["checks"].append({"check": "suggest: every request gets suggestions", "ok": res["suggest"]["empty"] == 0,
                              "detail": []})

    # 8. Rebuild of everything the index holds (last: it writes a new generation).
    if not args.no_rebuild:
        phase("rebuild")
        res["rebuild"] = rebuild(bins["limelight"], idx["limelight"])
        log(f"rebuild: {res['rebuild']['records']} records, {res['rebuild']['seconds']:.1f} s, "
            f"peak RSS {res['rebuild']['peak_rss_kib'] / 1024:.0f} MiB")
    phase("done")
    res["machine"]["load"] = list(LOAD)
    res["finished"] = time.strftime("%Y-%m-%d %H:%M:%S %z")
    res["machine"]["loadavg_end"] = open("/proc/loadavg").read().strip()
    os.makedirs(args.results_dir, exist_ok=True)
    path = os.path.join(args.results_dir, name + ".json")
    with open(path, "w") as f:
        json.dump(res, f, indent=1)
    log(f"wrote {os.path.relpath(path, ROOT)}")
    return res


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--corpus", action="append", choices=sorted(CORPORA), required=True)
    ap.add_argument("--limelight-bench", default=os.path.join(ROOT, ".build/bench/release/limelight-bench"))
    ap.add_argument("--limelight", default=os.path.join(ROOT, ".build/bench/release/limelight"))
    ap.add_argument("--limelight-static", help="another build of the CLI (e.g. --static-swift-stdlib), timed as an extra fresh-process row")
    ap.add_argument("--raw-xapian", default=os.path.join(ROOT, ".build/bench/raw-xapian-bench"))
    ap.add_argument("--raw-xapian-replay", default=os.path.join(ROOT, ".build/bench/raw-xapian-replay"))
    ap.add_argument("--oneshot", default=os.path.join(ROOT, ".build/bench/xapian-oneshot"))
    ap.add_argument("--source", help="say which engine source the binaries were built from (for the report)")
    ap.add_argument("--results-dir", default=RESULTS, help="where <corpus>.json goes (default Benchmarks/results)")
    ap.add_argument("--resume", action="store_true",
                    help="keep indexes whose ingest finished in an earlier run of the same corpus (after a failure)")
    ap.add_argument("--regenerate", action="store_true", help="regenerate the synthetic corpus even if present")
    ap.add_argument("--verbose", action="store_true", help="show Limelight's per-group tables")
    ap.add_argument("--no-report", action="store_true", help="do not regenerate BENCHMARKS.md")
    ap.add_argument("--no-rebuild", action="store_true", help="skip timing `limelight rebuild` (the last step)")
    args = ap.parse_args()
    bins = {"limelight-bench": args.limelight_bench, "limelight": args.limelight, "raw-xapian": args.raw_xapian,
            "raw-xapian-replay": args.raw_xapian_replay, "oneshot": args.oneshot}
    if args.limelight_static:
        bins["limelight-static"] = args.limelight_static
    for k, p in bins.items():
        if not os.access(p, os.X_OK):
            sys.exit(f"bench: {k} not found at {p} (run `make bench`, which builds it)")
    failed = []
    for name in args.corpus:
        try:
            res = bench_corpus(name, CORPORA[name], bins, args)
            for c in res["checks"]:
                log(("ok   " if c["ok"] else "FAIL ") + c["check"] + ("" if c["ok"] else f": {c['detail']}"))
                if not c["ok"]:
                    failed.append(f"{name}: {c['check']}")
        except (Failure, subprocess.TimeoutExpired, OSError, json.JSONDecodeError, KeyError) as e:
            log(f"FAIL {name}: {e}")
            failed.append(f"{name}: {e}")
    if not args.no_report:
        run([PY, os.path.join(HERE, "report.py")])
    if failed:
        log("FAILED: " + "; ".join(failed))
        sys.exit(1)


if __name__ == "__main__":
    main()
