#!/usr/bin/env python3
"""Reference numbers for the prequential replay logs, to cross-check the Swift harness.

    python3 corpus/eval/reference_baselines.py [replay/NAME.jsonl ...]

For each interaction in time order: rank candidates from what was seen *before* it,
score the event's target (first entity, else shortcut, else app), then learn it.
Candidates are only targets already seen in the log (a cold item is a miss for all).
Ties break by the target key, ascending, so the numbers are deterministic.

- mfu: most frequently used so far
- mru: most recently used so far (distinct targets by last use)
- context-sketch: NOT a product ranker, a 20-line sanity model showing the logs reward
  context: sum over past uses of exp(-age/14 d) * (0.05 + exp(-(Δhour/1.5)^2))
  * (1.5 if same weekday/weekend else 0.5) * (1 + shared context names)

Standard library only.
"""
import collections
import datetime as dt
import glob
import json
import math
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def target(r):
    if r.get("entities"):
        e = r["entities"][0]
        return ("entity", r["app"], e["type"], e["id"])
    if r.get("shortcut"):
        return ("shortcut", r["app"], r["shortcut"])
    return ("app", r["app"])


def evaluate(path):
    events = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            r = json.loads(line)
            if r["kind"] == "interaction":
                events.append(r)
    count, last, history = collections.Counter(), {}, []
    stats = {m: [0, 0, 0.0] for m in ("mfu", "mru", "context-sketch")}
    for i, r in enumerate(events):
        t = dt.datetime.fromisoformat(r["at"])
        y = target(r)
        ctx = set(r.get("context", []))
        ranked = {
            "mfu": [k for k, _ in sorted(count.items(), key=lambda kv: (-kv[1], kv[0]))][:5],
            "mru": [k for k, _ in sorted(last.items(), key=lambda kv: (-kv[1], kv[0]))][:5],
        }
        score = collections.Counter()
        weekend = t.weekday() >= 5
        minute = t.hour * 60 + t.minute
        for tt, yy, cc in history:
            age = (t - tt).total_seconds() / 86400
            dm = abs(minute - (tt.hour * 60 + tt.minute))
            dh = min(dm, 1440 - dm) / 60
            w = math.exp(-age / 14) * (0.05 + math.exp(-(dh / 1.5) ** 2))
            w *= 1.5 if (tt.weekday() >= 5) == weekend else 0.5
            w *= 1 + len(ctx & cc)
            score[yy] += w
        ranked["context-sketch"] = [k for k, _ in sorted(score.items(), key=lambda kv: (-kv[1], kv[0]))][:5]
        for m, top in ranked.items():
            if top and top[0] == y:
                stats[m][0] += 1
            if y in top:
                stats[m][1] += 1
                stats[m][2] += 1 / (top.index(y) + 1)
        count[y] += 1
        last[y] = i
        history.append((t, y, ctx))
    n = len(events)
    return n, {m: (a / n, b / n, c / n) for m, (a, b, c) in stats.items()}


def main():
    paths = sys.argv[1:] or sorted(glob.glob(os.path.join(HERE, "replay", "*.jsonl")))
    print(f"{'log':12s} {'n':>5s}  " + "  ".join(f"{m:>26s}" for m in ("mfu", "mru", "context-sketch")))
    print(f"{'':12s} {'':>5s}  " + "  ".join(f"{'':8s}{'HR@1':>6s}{'HR@5':>6s}{'MRR@5':>6s}" for _ in range(3)))
    for p in paths:
        n, s = evaluate(p)
        cells = "  ".join(f"{'':8s}{a:6.3f}{b:6.3f}{c:6.3f}" for a, b, c in s.values())
        print(f"{os.path.basename(p)[:-6]:12s} {n:5d}  {cells}")


if __name__ == "__main__":
    main()
