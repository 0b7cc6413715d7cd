#!/usr/bin/env python3
"""Issue 15's speed targets re-measured in process, without a full `make bench`.

    python3 Benchmarks/typing/bench.py --limelight-bench B [--before B0] \\
        --replay R [--python PY] [--data Benchmarks/data/debian] [--rounds 5] \\
        [--out Benchmarks/results/typing/typing.json]

On the Debian catalog of a `make bench` run (DATA holds index-limelight,
index-tantivy and queries/keystrokes.txt, fullword.txt; or build them as
Benchmarks/ANALYSIS.md §10 says): Limelight in process (`limelight-bench
query --warmup 1`), beside the raw Xapian replay of its own calls (a trace
recorded once per build with `--trace`, replayed by `raw-xapian-replay
--warmup 1`), Tantivy (`engines.py tantivy query`, with PY the Python that
has the `tantivy` package) and, with --before, another build of Limelight
and its replay. Every engine runs once per round, alternating, so that the
load of a shared machine falls on all of them alike; the figures are the
medians over the rounds of each round's p50, p90 and p99. Writes OUT (read
by Benchmarks/report.py into BENCHMARKS.md's issue 15 targets).
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def pct(v, p):
    v = sorted(v)
    k = (len(v) - 1) * p
    f = int(k)
    c = min(f + 1, len(v) - 1)
    return v[f] + (v[c] - v[f]) * (k - f)


def group(q, full):
    if full:
        return None
    w = q.split(" ")
    return ("1 word" if len(w) == 1 else "2 words") + (", 1–4 letters" if len(w[-1]) <= 4 else ", 5+ letters")


def run_json(cmd):
    out = "/tmp/typing-bench-%d.json" % os.getpid()
    subprocess.run(cmd + ["--out", out], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    with open(out) as f:
        j = json.load(f)
    os.remove(out)
    return j["latency_us"]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--limelight-bench", required=True)
    ap.add_argument("--before", help="another limelight-bench build to run beside (e.g. the commit before a change)")
    ap.add_argument("--before-label", default="before")
    ap.add_argument("--after-label", default=None, help="default: this checkout's commit")
    ap.add_argument("--replay", required=True, help="raw-xapian-replay (g++ -O2 -std=c++17 Benchmarks/raw-xapian/replay.cc -lxapian)")
    ap.add_argument("--python", help="a Python with the tantivy package (Benchmarks/requirements.txt)")
    ap.add_argument("--data", default=os.path.join(ROOT, "Benchmarks", "data", "debian"))
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--out", default=os.path.join(ROOT, "Benchmarks", "results", "typing", "typing.json"))
    a = ap.parse_args()
    after = a.after_label or subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"],
                                            capture_output=True, text=True).stdout.strip()
    index = os.path.join(a.data, "index-limelight")
    builds = [(after, a.limelight_bench)] + ([(a.before_label, a.before)] if a.before else [])
    res = {"what": "issue 15 targets re-measured in process (Benchmarks/typing/bench.py)",
           "command": " ".join([os.path.relpath(sys.argv[0], ROOT)] + sys.argv[1:]),
           "started": time.strftime("%Y-%m-%d %H:%M:%S %z"), "rounds": a.rounds, "after": after,
           "before": a.before_label if a.before else None, "loads": [os.getloadavg()[0]], "sets": {}}
    for name, qfile, full in [("keystrokes", "keystrokes.txt", False), ("fullword", "fullword.txt", True)]:
        qf = os.path.join(a.data, "queries", qfile)
        qs = [l.rstrip("\n") for l in open(qf, encoding="utf-8") if l.strip()]
        groups = {"all": list(range(len(qs)))}
        for i, q in enumerate(qs):
            g = group(q, full)
            if g:
                groups.setdefault(g, []).append(i)
        engines = []
        for label, bench in builds:
            base = [bench, "query", "--index", index, qf, "--warmup", "1"] + (["--full"] if full else [])
            trace = os.path.join(a.data, f"trace-{name}-{label}.jsonl")
            subprocess.run(base + ["--trace", trace], check=True, stdout=subprocess.DEVNULL)
            engines.append((f"limelight {label}", base))
            engines.append((f"raw Xapian replaying {label}", [a.replay, os.path.join(index, "current"), trace, "--warmup", "1"]))
        if a.python:
            engines.append(("tantivy", [a.python, os.path.join(ROOT, "Benchmarks", "engines.py"), "tantivy", "query",
                                        os.path.join(a.data, "index-tantivy"), qf] + (["--full"] if full else [])))
        rounds = {e: [] for e, _ in engines}
        for r in range(a.rounds):
            for e, cmd in engines:
                lat = run_json(cmd)
                rounds[e].append({g: [pct([lat[i] for i in ix], p) for p in (0.5, 0.9, 0.99)] for g, ix in groups.items()})
            print(f"{name} round {r + 1}/{a.rounds}: " + ", ".join(f"{e} p50 {rounds[e][-1]['all'][0]:.1f} µs" for e, _ in engines),
                  flush=True)
            res["loads"].append(os.getloadavg()[0])
        res["sets"][name] = {"n": {g: len(ix) for g, ix in groups.items()},
                             "median_us": {e: {g: [statistics.median(x[g][k] for x in rounds[e]) for k in range(3)]
                                               for g in groups} for e, _ in engines},
                             "rounds_us": rounds}
    res["finished"] = time.strftime("%Y-%m-%d %H:%M:%S %z")
    os.makedirs(os.path.dirname(a.out), exist_ok=True)
    with open(a.out, "w") as f:
        json.dump(res, f, indent=1)
    print(f"typing bench: wrote {os.path.relpath(a.out, ROOT)}")


if __name__ == "__main__":
    main()
