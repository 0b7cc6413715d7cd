#!/usr/bin/env python3
"""A keystroke's round trip through `limelight serve` over D-Bus (issue 13),
beside a fresh `limelight search` process per keystroke, a warm `search
--stdin` coprocess and an in-process Searcher.search (limelight-bench query),
on the Debian catalog. `make bench-serve` runs it; results go to
Benchmarks/results/serve/serve.{json,md} (which
Benchmarks/report.py puts into BENCHMARKS.md).

    python3 Benchmarks/serve/bench.py --limelight BIN --limelight-bench BIN --client BIN

Only the standard library: the D-Bus client is Benchmarks/serve/client.c (sd-bus,
one connection, no process per call). The bus is a private dbus-daemon this
script starts and stops by PID.
"""
import argparse
import json
import os
import random
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def pct(vals, q):
    s = sorted(vals)
    return s[min(len(s) - 1, int(round(q / 100 * (len(s) - 1))))] if s else float("nan")


def summary(us):
    return {"n": len(us), "p50_ms": pct(us, 50) / 1000, "p90_ms": pct(us, 90) / 1000,
            "p99_ms": pct(us, 99) / 1000, "max_ms": max(us) / 1000}


def keystrokes(records, count, seed=13):
    """What people type: the first letters of package names and titles, one
    keystroke at a time (1 to 8 characters), as GNOME and KRunner send them."""
    titles = []
    with open(records) as f:
        for line in f:
            r = json.loads(line)
            if r.get("kind") == "entity" and r.get("title"):
                titles.append(r["title"])
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        t = rng.choice(titles).lower()
        for n in range(1, min(len(t), 8) + 1):
            q = t[:n].strip()
            if q and (not out or out[-1] != q):
                out.append(q)
    return out[:count]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--limelight", required=True)
    ap.add_argument("--limelight-bench", required=True)
    ap.add_argument("--client", required=True)
    ap.add_argument("--work", default=os.path.join(ROOT, ".build", "bench-serve"))
    ap.add_argument("--keystrokes", type=int, default=3000)
    ap.add_argument("--fresh", type=int, default=300, help="keystrokes timed as a fresh process each")
    ap.add_argument("--out", default=os.path.join(ROOT, "Benchmarks", "results", "serve", "serve.json"))
    args = ap.parse_args()
    os.makedirs(args.work, exist_ok=True)
    records = os.path.join(args.work, "debian.jsonl")
    if not os.path.exists(records):
        subprocess.run([sys.executable, os.path.join(ROOT, "Benchmarks", "debian_catalog.py"), "--out", records], check=True)
    index = os.path.join(args.work, "index")
    if not os.path.exists(os.path.join(index, "current")):
        subprocess.run([args.limelight, "--index", index, "index", records], check=True)
    stats = json.loads(subprocess.run([args.limelight, "--index", index, "stats", "--json"], check=True,
                                      capture_output=True, text=True).stdout)
    queries = keystrokes(records, args.keystrokes)
    qfile = os.path.join(args.work, "keystrokes.txt")
    with open(qfile, "w") as f:
        f.write("\n".join(queries) + "\n")
    results = {"corpus": "debian", "entities": stats["byKind"].get("entity", 0), "documents": stats["documents"],
               "keystrokes": len(queries), "load_before": os.getloadavg()[0]}

    # The service on a private bus.
    daemon = subprocess.Popen(["dbus-daemon", "--session", "--nofork", "--nopidfile", "--print-address=1"],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        address = daemon.stdout.readline().strip()
        env = dict(os.environ, DBUS_SESSION_BUS_ADDRESS=address)
        serve = subprocess.Popen([args.limelight, "--index", index, "serve"], env=env)
        try:
            subprocess.run(["gdbus", "wait", "--address", address, "--timeout", "20", "org.limelight.Limelight"], check=True)
            for mode in ["gnome", "krunner", "ping"]:
                # One untimed pass warms the page cache and the service, as a session would be.
                subprocess.run([args.client, address, qfile, mode], check=True, stdout=subprocess.DEVNULL)
                out = subprocess.run([args.client, address, qfile, mode], check=True, capture_output=True, text=True).stdout
                results["dbus_" + mode] = summary([float(x) for x in out.split()])
        finally:
            serve.terminate()
            serve.wait(10)
    finally:
        daemon.terminate()
        daemon.wait(10)

    # A warm coprocess: search --stdin --format tsv, one answer per query (ends with an empty line).
    co = subprocess.Popen([args.limelight, "--index", index, "search", "--stdin", "--format", "tsv"],
                          stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    lat = []
    for i, q in enumerate(queries * 2):
        t0 = time.perf_counter()
        co.stdin.write(q + "\n")
        co.stdin.flush()
        while co.stdout.readline() not in ("\n", ""):
            pass
        if i >= len(queries):
            lat.append((time.perf_counter() - t0) * 1e6)
    co.stdin.close()
    co.wait(10)
    results["stdin_coprocess"] = summary(lat)

    # A fresh process per keystroke.
    lat = []
    for q in queries[:args.fresh]:
        t0 = time.perf_counter()
        subprocess.run([args.limelight, "--index", index, "search", q, "--format", "tsv"], check=True, stdout=subprocess.DEVNULL)
        lat.append((time.perf_counter() - t0) * 1e6)
    results["fresh_process"] = summary(lat)

    # In-process: Searcher.search in limelight-bench (warm, top 10).
    inproc = os.path.join(args.work, "inprocess.json")
    subprocess.run([args.limelight_bench, "query", "--index", index, qfile, "--warmup", "1", "--out", inproc],
                   check=True, stdout=subprocess.DEVNULL)
    with open(inproc) as f:
        timed = json.load(f)
    results["in_process"] = summary(timed["latency_us"])
    results["in_process_cpu"] = summary(timed["cpu_us"])
    results["load_after"] = os.getloadavg()[0]

    os.makedirs(os.path.dirname(args.out), exist_ok=True)
    with open(args.out, "w") as f:
        json.dump(results, f, indent=1)
    md = markdown(results, args)
    with open(os.path.splitext(args.out)[0] + ".md", "w") as f:
        f.write(md)
    print(md)


def markdown(r, args):
    rows = [("D-Bus: GNOME GetInitialResultSet + GetResultMetas (5 ids)", "dbus_gnome"),
            ("D-Bus: KRunner Match", "dbus_krunner"),
            ("D-Bus: Peer.Ping (the bus alone, no search)", "dbus_ping"),
            ("`search --stdin --format tsv` coprocess (pipe)", "stdin_coprocess"),
            ("fresh `limelight search` process", "fresh_process"),
            ("in-process `Searcher.search` (limelight-bench)", "in_process"),
            ("… the same calls' thread CPU time (what other processes' load does not add to)", "in_process_cpu")]
    L = ["## A keystroke through `limelight serve` (issue 13)", "",
         f"Debian catalog: {r['entities']:,} entities ({r['documents']:,} documents); {r['keystrokes']:,} keystrokes "
         "(the first 1–8 letters of package titles, one at a time); the service on a private `dbus-daemon`, called "
         "by `Benchmarks/serve/client.c` (sd-bus, one connection); round trip timed by the client, after one untimed "
         f"pass. Load average {r['load_before']:.2f} before, {r['load_after']:.2f} after (2 shared cores). "
         "Reproduce: `make bench-serve`.", "",
         "| path | n | p50 ms | p90 ms | p99 ms | max ms |", "|---|---|---|---|---|---|"]
    for label, key in rows:
        s = r.get(key)
        if s is None:
            continue  # a row a run before it existed does not have
        L.append(f"| {label} | {s['n']:,} | {s['p50_ms']:.3f} | {s['p90_ms']:.3f} | {s['p99_ms']:.3f} | {s['max_ms']:.2f} |")
    g = r["dbus_gnome"]["p99_ms"]
    L += ["", f"Target (issue 13): D-Bus round trip p99 ≤ 2 ms at 63k entities: GNOME's keystroke (two calls) "
          f"{g:.3f} ms, KRunner's {r['dbus_krunner']['p99_ms']:.3f} ms: **{'met' if max(g, r['dbus_krunner']['p99_ms']) <= 2 else 'not met'}** "
          f"in this run. The bus adds {1000 * (r['dbus_krunner']['p50_ms'] - r['in_process']['p50_ms']):.0f} µs at the median "
          f"(KRunner's Match vs the in-process search, p50)"
          + (f", of which the bus's own round trip (Ping) is {1000 * r['dbus_ping']['p50_ms']:.0f} µs (p99 {r['dbus_ping']['p99_ms']:.2f} ms)"
             if "dbus_ping" in r else "")
          + "; the tails follow the machine's load: the in-process search "
          f"itself had p99 {r['in_process']['p99_ms']:.2f} ms here"
          + (f" ({r['in_process_cpu']['p99_ms']:.2f} ms of CPU)" if "in_process_cpu" in r else "")
          + f", and a fresh process p50 {r['fresh_process']['p50_ms']:.1f} ms.", ""]
    return "\n".join(L)


if __name__ == "__main__":
    if sys.argv[1:2] == ["--report-only"]:  # rewrite serve.md from serve.json
        path = os.path.join(ROOT, "Benchmarks", "results", "serve", "serve.json")
        with open(path) as f:
            md = markdown(json.load(f), None)
        with open(os.path.splitext(path)[0] + ".md", "w") as f:
            f.write(md)
        print(md)
    else:
        main()
