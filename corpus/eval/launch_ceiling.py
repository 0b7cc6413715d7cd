#!/usr/bin/env python3
"""How well any ranker could do on the app-launch logs: HR@1 and HR@5 of
the probabilities gen_launches.py draws each launch from (the person's own
popularity and niches, which apps are live, the true place and weekday).

No ranker learning from the log can know them, so this is a ceiling, not a
baseline: what separates a model from it is the cost of estimating them from
the launches seen so far (and of the noise in each log's few hundred events).

    python3 corpus/eval/launch_ceiling.py
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.dont_write_bytecode = True
import gen_launches  # noqa: E402

for seed in range(1, gen_launches.PEOPLE + 1):
    ranks = []
    gen_launches.person(seed, [], ranks)
    n = len(ranks)
    half = "tune" if seed <= 4 else "held-out"
    print(f"launch{seed} ({half}): {n} launches, ceiling HR@1 {sum(r == 0 for r in ranks) / n:.3f}, "
          f"HR@5 {sum(r < 5 for r in ranks) / n:.3f}")
