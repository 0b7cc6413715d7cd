#!/usr/bin/env python3
"""Ingest with 2 shards against 1, and keystrokes over loopback from 1 and 3
remote shards (issue 16). Ingest: the Debian catalog written by
today's single writer (`limelight index FILE`) and as a sharded index of two
shards built in parallel (`limelight index --shards 2 FILE`), alternately,
each into a fresh index, with `limelight-bench ingest` (the same streamed
batch as `limelight index`: read and validate, then write and commit).
`make bench-shards` runs it; results go to
Benchmarks/results/shards/shards.{json,md} (which Benchmarks/report.py puts
into BENCHMARKS.md).

Keystrokes: the single writer's index served whole by one `xapian-tcpsrv`,
and split into 3 shards (`limelight-bench split`) served by three, all on
127.0.0.1; the keystrokes of `make bench-serve` (Benchmarks/serve/bench.py)
run through `limelight-bench query --remote`, alternately, beside the same
index searched in-process.

    python3 Benchmarks/shards/bench.py --limelight-bench BIN [--runs 3] [--keystrokes 2000]
"""
import argparse
import importlib.util
import json
import os
import shutil
import socket
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.dirname(HERE))
from benchfiles import median, write  # noqa: E402
# The keystrokes and summaries of make bench-serve, from its script (both are named bench.py).
_spec = importlib.util.spec_from_file_location("serve_bench", os.path.join(ROOT, "Benchmarks", "serve", "bench.py"))
serve_bench = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(serve_bench)
keystrokes, summary = serve_bench.keystrokes, serve_bench.summary


def ingest(bench, records, index, shards, out, keep=False):
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
    if not keep:
        shutil.rmtree(index, ignore_errors=True)
    return r


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def serve(paths):
    """xapian-tcpsrv for each path on 127.0.0.1 (stopped by PID by the caller)."""
    servers, endpoints = [], []
    for path in paths:
        port = free_port()
        servers.append(subprocess.Popen(["xapian-tcpsrv", "--interface", "127.0.0.1", "--port", str(port), path],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        for _ in range(200):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.025)
        endpoints.append(f"127.0.0.1:{port}")
    return servers, endpoints


def query(bench, target, qfile, out):
    """One warm-up pass, one timed: per-keystroke latencies in microseconds."""
    subprocess.run([bench, "query"] + target + [qfile, "--warmup", "1", "--out", out], check=True, stdout=subprocess.DEVNULL)
    with open(out) as f:
        return json.load(f)["latency_us"]


def remote_keystrokes(args, index):
    """Keystrokes in-process and over loopback from 1 and 3 remote shards,
    alternately, `args.runs` times each: per view, every run's summary."""
    split = os.path.join(args.work, "split-3")
    shutil.rmtree(split, ignore_errors=True)
    subprocess.run([args.limelight_bench, "split", "--index", index, "--shards", "3", split], check=True)
    queries = keystrokes(args.records, args.keystrokes)
    qfile = os.path.join(args.work, "keystrokes.txt")
    with open(qfile, "w") as f:
        f.write("\n".join(queries) + "\n")
    views = {"in_process": None, "remote_1": [index + "/current"],
             "remote_3": [f"{split}/shard-{k}/current" for k in range(3)]}
    out = {"keystrokes": len(queries), "load_before": os.getloadavg()[0], "views": {v: [] for v in views}}
    for run in range(args.runs):
        for view, paths in views.items():
            servers = []
            try:
                if paths is None:
                    target = ["--index", index]
                else:
                    servers, endpoints = serve(paths)
                    target = [a for e in endpoints for a in ("--remote", e)]
                lat = query(args.limelight_bench, target, qfile, os.path.join(args.work, "query.json"))
            finally:
                for p in servers:
                    p.kill()
                    p.wait()
            out["views"][view].append(summary(lat))
            print(f"run {run + 1}: {view}: p50 {out['views'][view][-1]['p50_ms']:.2f} ms, "
                  f"p99 {out['views'][view][-1]['p99_ms']:.2f} ms", file=sys.stderr)
    out["load_after"] = os.getloadavg()[0]
    shutil.rmtree(split, ignore_errors=True)
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--limelight-bench", required=True)
    ap.add_argument("--runs", type=int, default=3, help="runs of each, alternating")
    ap.add_argument("--records", default=os.path.join(ROOT, "Benchmarks", "data", "debian", "records.jsonl"))
    ap.add_argument("--work", default=os.path.join(ROOT, ".build", "bench-shards"))
    ap.add_argument("--keystrokes", type=int, default=2000)
    ap.add_argument("--out", default=os.path.join(ROOT, "Benchmarks", "results", "shards", "shards.json"))
    args = ap.parse_args()
    os.makedirs(args.work, exist_ok=True)
    if not os.path.exists(args.records):
        os.makedirs(os.path.dirname(args.records), exist_ok=True)
        subprocess.run([sys.executable, os.path.join(ROOT, "Benchmarks", "debian_catalog.py"), "--out", args.records], check=True)
    results = {"corpus": "debian", "cores": os.cpu_count(), "load_before": os.getloadavg()[0], "runs": []}
    index = os.path.join(args.work, "index")
    one_index = os.path.join(args.work, "one-index")
    for run in range(args.runs):
        for shards in [None, 2]:
            # The single writer's last index stays, for the keystrokes.
            last = run == args.runs - 1 and shards is None
            r = ingest(args.limelight_bench, args.records, one_index if last else index, shards,
                       os.path.join(args.work, "ingest.json"), keep=last)
            r["shards"] = shards or 1
            r["sharded"] = shards is not None
            results["runs"].append(r)
            print(f"run {run + 1}: {'--shards 2' if shards else 'one index'}: {r['seconds']:.2f} s "
                  f"(index+commit {r['seconds'] - r['read_seconds']:.2f} s)", file=sys.stderr)
    results["load_after"] = os.getloadavg()[0]
    results["remote"] = remote_keystrokes(args, one_index)
    shutil.rmtree(one_index, ignore_errors=True)
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
    return "\n".join(L + remote_markdown(r["remote"]))


def remote_markdown(k):
    views = k["views"]
    runs = len(views["in_process"])
    L = ["## Keystrokes over loopback: 1 and 3 remote shards (issue 16)", "",
         f"The single writer's Debian index from the run above: searched in-process, served whole by one "
         f"`xapian-tcpsrv`, and split into 3 shards (`limelight-bench split`) served by three, all on 127.0.0.1; "
         f"{k['keystrokes']:,} keystrokes (the first 1–8 letters of titles, as in `make bench-serve`) through "
         f"`limelight-bench query` (`--index DIR`, or one `--remote HOST:PORT` per shard; one warm-up pass, one timed, "
         f"top 10), the three views alternately, {runs} runs each; load average {k['load_before']:.2f} before, "
         f"{k['load_after']:.2f} after — the machine is shared (2 cores, other builds running), so each figure "
         "is the median of the runs, and the ratios matter more than the absolute times. Reproduce: `make bench-shards`.", "",
         "| view | p50 ms (each run) | median p50 ms | median p99 ms | p50 / in-process | p99 / in-process |",
         "|---|---|---|---|---|---|"]
    base50 = median([x["p50_ms"] for x in views["in_process"]])
    base99 = median([x["p99_ms"] for x in views["in_process"]])
    for view, label in [("in_process", "in-process (`--index`)"), ("remote_1", "1 remote shard"),
                        ("remote_3", "3 remote shards")]:
        p50 = median([x["p50_ms"] for x in views[view]])
        p99 = median([x["p99_ms"] for x in views[view]])
        each = ", ".join("%.2f" % x["p50_ms"] for x in views[view])
        L.append(f"| {label} | {each} | {p50:.2f} | {p99:.2f} | {p50 / base50:.1f}× | {p99 / base99:.1f}× |")
    L.append("")
    return L


if __name__ == "__main__":
    main()
