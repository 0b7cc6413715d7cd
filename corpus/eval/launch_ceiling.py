#!/usr/bin/env python3
"""How well any ranker could do on the app-launch logs: HR@1 and HR@5 of
the probabilities gen_launches.py draws each launch from (the person's own
popularity and niches, which apps are live, the true place and weekday).

No ranker learning from the log can know them, so this is a ceiling, not a
baseline: what separates a model from it is the cost of estimating them from
the launches seen so far (and of the noise in each log's few hundred events).

    python3 corpus/eval/launch_ceiling.py
    python3 corpus/eval/launch_ceiling.py --people 9-48      # make eval-fresh's people
    python3 corpus/eval/launch_ceiling.py --harder --people 101-124
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.dont_write_bytecode = True
import gen_launches  # noqa: E402

cli = argparse.ArgumentParser(description="HR@1 and HR@5 of the probabilities each launch was drawn from.")
cli.add_argument('--people', type=gen_launches.seed_range, default=range(1, gen_launches.PEOPLE + 1),
                 help=f"seeds FIRST-LAST (default 1-{gen_launches.PEOPLE}: the committed logs)")
cli.add_argument('--harder', action='store_true', help="people drawn by gen_launches.py --harder")
args = cli.parse_args()
total = top1 = top5 = 0
for seed in args.people:
    ranks = []
    gen_launches.person(seed, [], ranks, recipe=gen_launches.HARDER if args.harder else gen_launches.RECIPE)
    n = len(ranks)
    half = "tune" if seed <= 4 and not args.harder else "held-out"
    print(f"launch{seed} ({half}): {n} launches, ceiling HR@1 {sum(r == 0 for r in ranks) / n:.3f}, "
          f"HR@5 {sum(r < 5 for r in ranks) / n:.3f}")
    total, top1, top5 = total + n, top1 + sum(r == 0 for r in ranks), top5 + sum(r < 5 for r in ranks)
print(f"all {total} launches: ceiling HR@1 {top1 / total:.3f}, HR@5 {top5 / total:.3f}")
