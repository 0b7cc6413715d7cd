#!/usr/bin/env python3
"""Ingest with 2 shards against 1 (issue 16): the Debian catalog written by
today's single writer (`limelight index FILE`) and as a sharded index of two
shards built in parallel (`limelight index --shards 2 FILE`), alternately,
each into a fresh index, with `limelight-bench ingest` (the same streamed
batch as `limelight index`: read and validate, then write and commit).
`make bench-shards` runs it; results go to
Benchmarks/results/shards/shards.{json,md} (which Benchmarks/report.py puts
into BENCHMARKS.md).

    python3 Benchmarks/shards/bench.py --limelight-bench BIN [--runs 3]
"""
import argparse
import json
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.dirname(HERE))
from benchfiles import median, write  # noqa: E402


def ingest(bench, records, index, shards, out):
    shutil.rmtree(index, ignore_errors=True)
    cmd = [bench, "ingest", "--index", index, records, "--out", out]
    if shards:
        cmd += ["--shards", str(shards)]
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(p.pid, 0)
    if status != 0:
        sys.exit(f"{' '.join(cmd)}: exit status {status}")
    with open(out) as f:
        r = json.load(f)
    # CPU time of the whole process, every thread: on a machine shared with
    # other sessions (Linux autogroups share CPU per session, not per thread)
    # a second thread can only help when a core is free.
    r["cpu_seconds"] = usage.ru_utime + usage.ru_stime
    shutil.rmtree(index, ignore_errors=True)
    return r


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--limelight-bench", required=True)
    ap.add_argument("--runs", type=int, default=3, help="runs of each, alternating")
    ap.add_argument("--records", default=os.path.join(ROOT, "Benchmarks", "data", "debian", "records.jsonl"))
    ap.add_argument("--work", default=os.path.join(ROOT, ".build", "bench-shards"))
    ap.add_argument("--out", default=os.path.join(ROOT, "Benchmarks", "results", "shards", "shards.json"))
    args = ap.parse_args()
    os.makedirs(args.work, exist_ok=True)
    if not os.path.exists(args.records):
        os.makedirs(os.path.dirname(args.records), exist_ok=True)
        subprocess.run([sys.executable, os.path.join(ROOT, "Benchmarks", "debian_catalog.py"), "--out", args.records], check=True)
    results = {"corpus": "debian", "cores": os.cpu_count(), "load_before": os.getloadavg()[0], "runs": []}
    for run in range(args.runs):
        for shards in [None, 2]:
            r = ingest(args.limelight_bench, args.records, os.path.join(args.work, "index"), shards,
                       os.path.join(args.work, "ingest.json"))
            r["shards"] = shards or 1
            r["sharded"] = shards is not None
            results["runs"].append(r)
            print(f"run {run + 1}: {'--shards 2' if shards else 'one index'}: {r['seconds']:.2f} s "
                  f"(index+commit {r['seconds'] - r['read_seconds']:.2f} s)", file=sys.stderr)
    results["load_after"] = os.getloadavg()[0]
    write(args.out, results, markdown(results))


def markdown(r):
    one = [x for x in r["runs"] if not x["sharded"]]
    two = [x for x in r["runs"] if x["sharded"]]
    L = ["## Ingest with 2 shards against 1 (issue 16)", "",
         f"Debian catalog, {one[0]['records']:,} records, each run into a fresh index with `limelight-bench ingest` "
         "(what `limelight index FILE` does: read and validate every record, then write one batch and commit); "
         f"{len(one)} runs of each, alternating; {r['cores']} cores, load average {r['load_before']:.2f} before, "
         f"{r['load_after']:.2f} after. With `--shards 2` each shard's entities are built on a thread of its own and "
         "the shards commit in parallel. Reproduce: `make bench-shards`.", "",
         "| writer | runs (s) | median s | read+validate s | index+commit s | records/s | CPU s (all threads) / wall s | peak RSS |",
         "|---|---|---|---|---|---|---|---|"]
    for label, runs in [("one index (today's single writer)", one), ("`--shards 2`", two)]:
        s = median([x["seconds"] for x in runs])
        rd = median([x["read_seconds"] for x in runs])
        each = ", ".join("%.1f" % x["seconds"] for x in runs)
        L.append(f"| {label} | {each} | {s:.1f} | {rd:.1f} | {s - rd:.1f} | "
                 f"{runs[0]['records'] / s:,.0f} | {median([x['cpu_seconds'] / x['seconds'] for x in runs]):.2f} | "
                 f"{max(x['peak_rss_kib'] for x in runs) / 1024:.0f} MiB |")
    a, b = median([x["seconds"] for x in one]), median([x["seconds"] for x in two])
    ai = a - median([x["read_seconds"] for x in one])
    bi = b - median([x["read_seconds"] for x in two])
    L += ["", f"`--shards 2` takes {b / a:.2f}× the single writer's time in all ({ai / bi:.2f}× faster at writing and "
          f"committing, which is what runs in parallel; reading and validating the file stays on one thread): "
          f"**{'faster' if b < a else 'not faster'}** in this run. A CPU/wall ratio below 1 means the run got less "
          "than one core: the machine was busy with other sessions, and the second shard's thread had no core to run on.", ""]
    return "\n".join(L)


if __name__ == "__main__":
    main()
