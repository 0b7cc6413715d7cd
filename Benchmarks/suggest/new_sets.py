#!/usr/bin/env python3
"""Uses that are mostly each in a context set of its own, for timing
`limelight index` (Benchmarks/ANALYSIS.md §15): an app naming the Wi-Fi
network it is on (`["location.home", "wifi.net<i>"]`, a new set per use), or
sets of 5 of 40 contexts drawn at random. One app, one use a minute.

    python3 Benchmarks/suggest/new_sets.py --uses 2000 > sets.jsonl
    python3 Benchmarks/suggest/new_sets.py --uses 2000 --five-of-forty > sets.jsonl
    /usr/bin/time -f "%e s %M KB" limelight --index DIR index sets.jsonl
"""
import argparse
import json
import random

ap = argparse.ArgumentParser()
ap.add_argument("--uses", type=int, default=2000)
ap.add_argument("--five-of-forty", action="store_true", help="each use in 5 of 40 contexts, drawn (seed 1)")
args = ap.parse_args()
rng = random.Random(1)
print(json.dumps({"kind": "app", "app": "com.cb", "name": "CB"}))
for i in range(args.uses):
    if args.five_of_forty:
        contexts = sorted(rng.sample(["c.n%d" % k for k in range(40)], 5))
    else:
        contexts = ["location.home", "wifi.net%d" % i]
    print(json.dumps({"kind": "interaction", "app": "com.cb", "at": "2026-11-01T%02d:%02d:00Z" % (i // 60 % 24, i % 60),
                      "context": contexts}))
