#!/usr/bin/env python3
"""Interactions over many context sets, for `limelight-bench suggest`.

The context model's work per suggestion grows with the context sets like
the moment's (up to `RelatedSets.limit` tables) and, for a set never seen,
with reading it as a known one (`RelatedSets.reading`); Benchmarks/synthetic.py
has a handful of sets. Here 168: six places (one of them none) times every
pair of eight other contexts, 60 apps, heavy-tailed. Writes DIR/apps.jsonl,
DIR/interactions.jsonl and DIR/partial.jsonl (the same moments, each set
without its first context that is no place: sets never donated, as a
launcher that knows fewer contexts asks).

    python3 Benchmarks/suggest/many_sets.py DIR [--interactions 50000]
    limelight --index DIR/index index DIR/apps.jsonl DIR/interactions.jsonl
    limelight-bench suggest --index DIR/index DIR/partial.jsonl --count 1000
"""
import argparse
import datetime
import itertools
import json
import os
import random

PLACES = ["location.home", "location.work", "location.gym", "location.commute", "location.cafe", None]
OTHERS = ["hardware.headphones", "audio.nowPlaying", "fitness.workoutActive", "sleep.bedtime", "weather.rain",
          "calendar.meeting", "focus.dnd", "device.charging"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("dir")
    ap.add_argument("--interactions", type=int, default=50_000)
    ap.add_argument("--seed", type=int, default=7)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    sets = [([p] if p else []) + list(c) for p in PLACES for c in itertools.combinations(OTHERS, 2)]
    apps = [f"bench.app{i}" for i in range(60)]
    os.makedirs(a.dir, exist_ok=True)
    with open(os.path.join(a.dir, "apps.jsonl"), "w") as f:
        for app in apps:
            f.write(json.dumps({"kind": "app", "app": app, "name": app}) + "\n")
    start = datetime.datetime(2026, 3, 1, tzinfo=datetime.timezone.utc)
    uses = []
    for _ in range(a.interactions):
        at = start + datetime.timedelta(seconds=rng.randrange(200 * 86400))
        # Half the uses in a few favourite sets, half anywhere.
        i = rng.randrange(len(sets)) if rng.random() < 0.5 else min(len(sets) - 1, int(rng.paretovariate(0.8)) - 1)
        uses.append((at, apps[(int(rng.paretovariate(1.2)) - 1 + i) % len(apps)], sets[i]))
    uses.sort()
    with open(os.path.join(a.dir, "interactions.jsonl"), "w") as f, open(os.path.join(a.dir, "partial.jsonl"), "w") as g:
        for at, app, s in uses:
            r = {"kind": "interaction", "app": app, "at": at.isoformat(), "context": s}
            f.write(json.dumps(r) + "\n")
            dropped = next(c for c in s if not c.startswith("location."))
            g.write(json.dumps(dict(r, context=[c for c in s if c != dropped])) + "\n")


if __name__ == "__main__":
    main()
