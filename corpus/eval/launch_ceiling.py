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

With --ranks DIR (what `limelight-eval --ranks DIR` wrote: every ranker's
first five at every launch) it scores the rankers in expectation instead:
at each launch, the probability the launch had of being its first (HR@1) or
one of its first five (HR@5), rather than whether the one drawn was. The
draw's noise is gone: a log's HR@1 of 800 launches moves by about 0.017 with
it, so which of two close rankers wins a log is mostly the draw. What is left
is the noise of what each learned from. `make eval` and `make eval-fresh`
print it.
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
cli.add_argument('--coarse-clock', action='store_true', help="people drawn by gen_launches.py --coarse-clock")
cli.add_argument('--seven-daytimes', action='store_true', help="people drawn by gen_launches.py --seven-daytimes")
cli.add_argument('--ranks', metavar='DIR', help="score the rankers of limelight-eval --ranks DIR in expectation (markdown)")
cli.add_argument('--by-rank', action='store_true', help="with --ranks: each ranker's probability at places 1 to 5, pooled")
args = cli.parse_args()
RECIPE = gen_launches.HARDER if args.harder else gen_launches.RECIPE
BUCKETS = gen_launches.DAYTIMES if args.seven_daytimes else gen_launches.BUCKETS


def half(seed):
    """Which half of `make eval` the committed person is in (any other is held out)."""
    return 'tune' if seed <= 4 and not (args.harder or args.coarse_clock or args.seven_daytimes) else 'held-out'


def drawn_from(seed):
    """The person's launches in log order, each with the probability of every
    app it was drawn with."""
    probabilities = []

    def keep(live, noise, habit, a, share):
        zn, zh = sum(noise), sum(habit)
        return {f'launch.p{seed}.app{x}': share * noise[i] / zn + (1 - share) * habit[i] / zh
                for i, x in enumerate(live)}
    real = gen_launches.truth_rank
    gen_launches.truth_rank = keep
    try:
        gen_launches.person(seed, [], probabilities, recipe=RECIPE, coarse_clock=args.coarse_clock, buckets=BUCKETS)
    finally:
        gen_launches.truth_rank = real
    return probabilities


def expected(seed, directory):
    """Each ranker's probability in expectation at each of its first five
    places, over the person's launches, and the ceiling's: the first is HR@1,
    their sum HR@5."""
    probabilities = drawn_from(seed)
    firsts = {}  # ranker → its first five at each launch
    path = os.path.join(directory, f'launch{seed}.tsv')
    if not os.path.exists(path):
        sys.exit(f'launch_ceiling: no {path}: --people and --harder must name the people limelight-eval --ranks replayed')
    with open(path, encoding='utf-8') as fh:
        for number, line in enumerate(fh, 1):
            fields = line.rstrip('\n').split('\t')
            if len(fields) != 3 or not fields[0].isdigit():
                sys.exit(f'launch_ceiling: {path}:{number}: want launch, ranker, first five, separated by tabs; '
                         f'got {line.rstrip()!r}')
            n, ranker, ids = fields
            firsts.setdefault(ranker, {})[int(n)] = [i for i in ids.split(',') if i]
    out = {}
    for ranker, at in firsts.items():
        if len(at) != len(probabilities):
            sys.exit(f'launch_ceiling: {directory}/launch{seed}.tsv has {len(at)} launches of {ranker}, '
                     f'the log {len(probabilities)}: not this generator\'s person {seed}')
        out[ranker] = places([[p.get(i, 0) for i in at[n][:5]] for n, p in enumerate(probabilities)])
    out['ceiling'] = places([sorted(p.values(), reverse=True)[:5] for p in probabilities])
    return len(probabilities), out


def places(firsts):
    """The mean probability at each of the first five places."""
    return [sum(f[k] for f in firsts if k < len(f)) / len(firsts) for k in range(5)]


if args.by_rank and not args.ranks:
    sys.exit('launch_ceiling: --by-rank needs --ranks DIR')


if args.ranks:
    print('### App-launch logs in expectation')
    print()
    print('Each app-launch log scored without the noise of its draw (`corpus/eval/launch_ceiling.py')
    print('--ranks`): at every launch, the probability the generator gave the app each ranker put first')
    print('(HR@1), or the sum over its first five (HR@5), rather than whether the app drawn was there.')
    print("A log's realised HR@1 moves by about 0.017 with the draw, more than most of these gaps; what")
    print('is left is the noise of what each ranker learned from. The ceiling ranks by those very')
    print('probabilities, which no ranker can know.')
    print()
    print('| log | half | launches | ceiling HR@1 / HR@5 | Limelight HR@1 | best rule HR@1 | Limelight HR@5 | best rule HR@5 | beats both |')
    print('|---|---|---|---|---|---|---|---|---|')
    pooled, total, won = {}, 0, 0
    for seed in args.people:
        n, by_place = expected(seed, args.ranks)
        scores = {r: (p[0], sum(p)) for r, p in by_place.items()}
        rules = [r for r in scores if r not in ('Limelight', 'ceiling')]
        best1 = max(rules, key=lambda r: scores[r][0])
        best5 = max(rules, key=lambda r: scores[r][1])
        ours = scores['Limelight']
        beats = ours[0] > scores[best1][0] and ours[1] > scores[best5][1]
        won += beats
        print(f"| launch{seed} | {half(seed)} | {n} | {scores['ceiling'][0]:.3f} / {scores['ceiling'][1]:.3f} | {ours[0]:.4f} | "
              f"{scores[best1][0]:.4f} ({best1}) | {ours[1]:.4f} | {scores[best5][1]:.4f} ({best5}) | "
              f"{'yes' if beats else '**no**'} |")
        total += n
        for r, p in by_place.items():
            a = pooled.setdefault(r, [0.0] * 5)
            for k in range(5):
                a[k] += p[k] * n
    print()
    print(f'Limelight beats the best rule in expectation on both on {won} of {len(args.people)} logs. '
          f'Over all {total} launches:')
    print()
    print('| ranker | HR@1 | HR@5 |')
    print('|---|---|---|')
    ordered = sorted(pooled.items(), key=lambda kv: -kv[1][0])
    for r, p in ordered:
        print(f'| {r} | {p[0] / total:.4f} | {sum(p) / total:.4f} |')
    if args.by_rank:
        print()
        print('The probability at each place, over the same launches:')
        print()
        print('| ranker | 1st | 2nd | 3rd | 4th | 5th |')
        print('|---|---|---|---|---|---|')
        for r, p in ordered:
            print(f'| {r} | ' + ' | '.join(f'{x / total:.4f}' for x in p) + ' |')
    sys.exit(0)

total = top1 = top5 = 0
for seed in args.people:
    ranks = []
    gen_launches.person(seed, [], ranks, recipe=RECIPE, coarse_clock=args.coarse_clock, buckets=BUCKETS)
    n = len(ranks)
    print(f"launch{seed} ({half(seed)}): {n} launches, ceiling HR@1 {sum(r == 0 for r in ranks) / n:.3f}, "
          f"HR@5 {sum(r < 5 for r in ranks) / n:.3f}")
    total, top1, top5 = total + n, top1 + sum(r == 0 for r in ranks), top5 + sum(r < 5 for r in ranks)
print(f"all {total} launches: ceiling HR@1 {top1 / total:.3f}, HR@5 {top5 / total:.3f}")
