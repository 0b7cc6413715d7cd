#!/usr/bin/env python3
"""The context model's costs (issue 14): ingest of interactions beside
another build (main's, which has no model), and `suggest` latency with a
million interactions in the index.

1. Ingest: a synthetic corpus (Benchmarks/synthetic.py) of E entities, then
   its I interactions in one `limelight index` (one batch), each build into a
   fresh index, alternately; wall time and peak RSS of the interactions'
   process (`wait4`, as `/usr/bin/time -v` reports them).
2. Suggest: one index of the big corpus (its entities, then its interactions)
   by this build, and one by each other build whose `limelight` is given
   too, then `limelight-bench suggest` (Searcher.search with an empty query
   at the time and contexts of every k-th interaction, moved into the week
   after the last one), every build on its own index, rounds alternating.

`make bench-suggest` runs it; results go to
Benchmarks/results/suggest/suggest.{json,md} (Benchmarks/report.py puts them
into BENCHMARKS.md).

    python3 Benchmarks/suggest/bench.py --limelight BIN --limelight-bench BIN \\
        [--other NAME=BIN] [--other-bench NAME=BIN] [--runs 2] [--suggest-rounds 2]
        [--entities 100000] [--interactions 1000000]
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.dirname(HERE))
from benchfiles import median, write  # noqa: E402


def timed(cmd):
    """Wall seconds and peak RSS (KiB) of one process; output discarded."""
    start = time.monotonic()
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(p.pid, 0)
    if status != 0:
        sys.exit(f"{' '.join(cmd)}: exit status {status}")
    return time.monotonic() - start, usage.ru_maxrss


def corpus(vocab, prefix, entities, interactions):
    if not (os.path.exists(prefix + "-entities.jsonl") and os.path.exists(prefix + "-interactions.jsonl")):
        subprocess.run([sys.executable, os.path.join(ROOT, "Benchmarks", "synthetic.py"), "--vocab", vocab, "--out", prefix,
                        "--entities", str(entities), "--interactions", str(interactions)], check=True)
    return prefix + "-entities.jsonl", prefix + "-interactions.jsonl"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--limelight", required=True, help="this build's CLI")
    ap.add_argument("--limelight-bench", required=True)
    ap.add_argument("--other", action="append", default=[], help="NAME=BIN: another CLI build to ingest beside this one")
    ap.add_argument("--runs", type=int, default=2, help="ingest runs of each build, alternating")
    ap.add_argument("--ingest-entities", type=int, default=20_000)
    ap.add_argument("--ingest-interactions", type=int, default=50_000)
    ap.add_argument("--entities", type=int, default=100_000)
    ap.add_argument("--interactions", type=int, default=1_000_000)
    ap.add_argument("--count", type=int, default=2000, help="suggest requests")
    ap.add_argument("--other-bench", action="append", default=[],
                    help="NAME=BIN: another limelight-bench build to run `suggest` beside this one, on the same records "
                         "(on an index its own `limelight` wrote when --other gives one of the same NAME)")
    ap.add_argument("--suggest-rounds", type=int, default=2, help="suggest runs of each build, alternating")
    ap.add_argument("--keep-suggest", action="store_true",
                    help="time the ingest only; keep the suggest results already in --out (from a run of the same build)")
    ap.add_argument("--vocab", default=os.path.join(ROOT, "Benchmarks", "data", "debian", "records.jsonl"))
    ap.add_argument("--work", default=os.path.join(ROOT, ".build", "bench-suggest"))
    ap.add_argument("--out", default=os.path.join(ROOT, "Benchmarks", "results", "suggest", "suggest.json"))
    args = ap.parse_args()
    def named(flag, values):
        """NAME=BIN pairs, in order; a value without "=" stops with the flag and the value."""
        bad = [v for v in values if "=" not in v]
        if bad:
            ap.error(f"{flag} {bad[0]}: expected NAME=BIN")
        return [tuple(v.split("=", 1)) for v in values]
    others, other_benches = named("--other", args.other), named("--other-bench", args.other_bench)
    os.makedirs(args.work, exist_ok=True)
    if not os.path.exists(args.vocab):
        os.makedirs(os.path.dirname(args.vocab), exist_ok=True)
        subprocess.run([sys.executable, os.path.join(ROOT, "Benchmarks", "debian_catalog.py"), "--out", args.vocab], check=True)
    rev = subprocess.run(["git", "-C", ROOT, "describe", "--always", "--dirty"], capture_output=True, text=True).stdout.strip()
    builds = [(f"this build ({rev})" if rev else "this build", args.limelight)] + others
    res = {"cores": os.cpu_count(), "load_before": os.getloadavg()[0], "ingest": [], "builds": [b[0] for b in builds]}

    small = corpus(args.vocab, os.path.join(args.work, f"s{args.ingest_interactions}"), args.ingest_entities, args.ingest_interactions)
    res["ingest_corpus"] = {"entities": args.ingest_entities, "interactions": args.ingest_interactions}
    index = os.path.join(args.work, "index")
    for run in range(args.runs):
        for name, binary in builds:
            shutil.rmtree(index, ignore_errors=True)
            timed([binary, "--index", index, "index", small[0]])
            seconds, rss = timed([binary, "--index", index, "index", small[1]])
            res["ingest"].append({"build": name, "seconds": seconds, "peak_rss_kib": rss})
            print(f"ingest run {run + 1}, {name}: {seconds:.1f} s, peak RSS {rss / 1024:.0f} MiB", file=sys.stderr)
    shutil.rmtree(index, ignore_errors=True)

    if args.keep_suggest:
        with open(args.out) as f:
            old = json.load(f)
        res["big"], res["suggest"], res["suggest_runs"] = old["big"], old["suggest"], old.get("suggest_runs", [])
        res["load_after"] = os.getloadavg()[0]
        write(args.out, res, markdown(res))
        return
    big = corpus(args.vocab, os.path.join(args.work, f"s{args.interactions}"), args.entities, args.interactions)
    timed([args.limelight, "--index", index, "index", big[0]])
    seconds, rss = timed([args.limelight, "--index", index, "index", big[1]])
    res["big"] = {"entities": args.entities, "interactions": args.interactions, "ingest_seconds": seconds, "ingest_peak_rss_kib": rss}
    # Every build's `suggest` on the same records, alternating (the machine is
    # shared: compare within a round). "suggest" is this build's median round.
    # A build whose `limelight` is given too (--other, same name) suggests
    # from an index it wrote itself: what it keeps may differ from this
    # build's, and read from another's it could rank without what it keeps.
    benches = [(res["builds"][0], args.limelight_bench)] + other_benches
    clis = dict(others)
    indexes = {res["builds"][0]: index}
    for name, _ in benches[1:]:
        if name in clis:
            own = os.path.join(args.work, "index-" + "".join(c if c.isalnum() else "-" for c in name))
            shutil.rmtree(own, ignore_errors=True)
            timed([clis[name], "--index", own, "index", big[0]])
            timed([clis[name], "--index", own, "index", big[1]])
            indexes[name] = own
    res["suggest_runs"] = []
    for run in range(args.suggest_rounds):
        for name, binary in benches:
            out = os.path.join(args.work, "suggest.json")
            subprocess.run([binary, "suggest", "--index", indexes.get(name, index), big[1], "--count", str(args.count), "--out", out],
                           check=True, stdout=subprocess.DEVNULL)
            with open(out) as f:
                r = json.load(f)
            lat = sorted(x / 1000 for x in r["latency_us"])
            pct = lambda q: lat[min(len(lat) - 1, int(q * len(lat)))]
            res["suggest_runs"].append({"build": name, "requests": len(lat), "p50_ms": pct(0.5), "p90_ms": pct(0.9),
                                        "p99_ms": pct(0.99), "max_ms": lat[-1], "empty": sum(1 for h in r["hits"] if h == 0),
                                        "peak_rss_kib": r["peak_rss_kib"]})
            print(f"suggest run {run + 1}, {name}: p50 {pct(0.5):.3f} ms, p99 {pct(0.99):.3f} ms", file=sys.stderr)
    mine = sorted((x for x in res["suggest_runs"] if x["build"] == res["builds"][0]), key=lambda x: x["p50_ms"])
    res["suggest"] = mine[len(mine) // 2]
    for built in indexes.values():
        shutil.rmtree(built, ignore_errors=True)
    res["load_after"] = os.getloadavg()[0]
    write(args.out, res, markdown(res))


def markdown(r):
    ic, b, s = r["ingest_corpus"], r["big"], r["suggest"]
    L = ["## The context model: ingest and suggest (issue 14)", "",
         f"Synthetic corpus (`Benchmarks/synthetic.py`); release builds; {r['cores']} cores, load average "
         f"{r['load_before']:.2f} before, {r['load_after']:.2f} after (other sessions share the machine: compare the "
         "builds with each other, within this run). Reproduce: `make bench-suggest`.", "",
         f"### Ingest of {ic['interactions']:,} interactions over {ic['entities']:,} entities (one batch)", "",
         "Each build indexes the entities into a fresh index, then the interactions in one `limelight index`; "
         "that second process is timed. Runs alternate between the builds.", "",
         "| build | runs (s) | median s | peak RSS (max) |", "|---|---|---|---|"]
    for name in r["builds"]:
        runs = [x for x in r["ingest"] if x["build"] == name]
        L.append(f"| {name} | {', '.join('%.1f' % x['seconds'] for x in runs)} | {median([x['seconds'] for x in runs]):.1f} | "
                 f"{max(x['peak_rss_kib'] for x in runs) / 1024:.0f} MiB |")
    L += ["", f"### `suggest` with {b['interactions']:,} interactions in the index", "",
          f"{b['entities']:,} entities, then {b['interactions']:,} interactions in one `limelight index` "
          f"({b['ingest_seconds']:.0f} s, peak RSS {b['ingest_peak_rss_kib'] / 1024:.0f} MiB). "
          f"`limelight-bench suggest`: {s['requests']:,} requests (`Searcher.search`, empty query, top 10) at the time and "
          "contexts of every k-th interaction, moved into the week after the last one; one warm-up pass.", "",
          "| requests | p50 ms | p90 ms | p99 ms | max ms | with no suggestion | peak RSS |", "|---|---|---|---|---|---|---|",
          f"| {s['requests']:,} | {s['p50_ms']:.2f} | {s['p90_ms']:.2f} | {s['p99_ms']:.2f} | {s['max_ms']:.2f} | {s['empty']} | "
          f"{s['peak_rss_kib'] / 1024:.0f} MiB |", "",
          f"Target (issue 14): p99 ≤ 10 ms — **{'met' if s['p99_ms'] <= 10 else 'not met'}** ({s['p99_ms'] / 10:.2f}× the budget).", ""]
    runs = r.get("suggest_runs", [])
    if len({x["build"] for x in runs}) > 1:
        L += ["Every build on the same records (each on an index it wrote, where its `limelight` was given), rounds alternating (the table above is this build's median round):", "",
              "| build | p50 ms (rounds) | p99 ms (rounds) | median p50 | median p99 |", "|---|---|---|---|---|"]
        for name in dict.fromkeys(x["build"] for x in runs):
            mine = [x for x in runs if x["build"] == name]
            L.append(f"| {name} | {', '.join('%.2f' % x['p50_ms'] for x in mine)} | {', '.join('%.2f' % x['p99_ms'] for x in mine)} | "
                     f"{median([x['p50_ms'] for x in mine]):.2f} | {median([x['p99_ms'] for x in mine]):.2f} |")
        L.append("")
    return "\n".join(L)


if __name__ == "__main__":
    main()
