#!/usr/bin/env python3
"""A third generator for the replay evaluation: app launches as public
app-usage studies record them, with coarse context only.

Written apart from gen_replay.py and gen_lives.py, after what app-launch logs
of real people look like rather than after routines: no entities, no App
Shortcuts, no registrations, only launches of apps (the records of
DESIGN.md), each with its weekday, time of day and place.

- 25 to 70 apps a person, with heavy-tailed (Zipf-like) popularity: a few
  apps are most launches, whatever the context;
- a launch happens in a cell (weekday × time of day × home, work or
  elsewhere); each app has a niche of one to four kinds of cell where it is
  used 3 to 15 times more: one weekday's time of day at one place, a time of
  day at a place on any day, or a place;
- the person's week decides where they are (work on most weekday mornings
  and afternoons), 4 to 12 launches a day for 8 to 12 weeks;
- apps come and go: some are first launched weeks in, some dropped;
- 20% of launches are noise, drawn from popularity alone;
- the time is a random minute inside DESIGN.md's time of day (so the clock
  says little beyond it), elsewhere has no context.

Deterministic (fixed seeds, standard library only). Writes
corpus/eval/launches/launch<N>.jsonl: the apps, then the launches sorted by
time.

    python3 corpus/eval/gen_launches.py

With --people FIRST-LAST and --out DIR it writes other people instead, by the
same recipe and with their own seeds (launch<seed>.jsonl in DIR): `make
eval-fresh` draws forty new ones no setting was ever chosen on.

    python3 corpus/eval/gen_launches.py --people 9-48 --out .build/eval/fresh

--harder draws them by a harder recipe (HARDER: 60 to 150 apps, niches 2 to
6 times, 35% noise, 8 to 20 launches a day), closer to real logs: the best
counting rule's first suggestion is right about a fifth of the time rather
than a third (0.16 on the real launches issue 14 measured).

--coarse-clock stamps every launch with the first minute of its time of day
(the same draws otherwise), as a study that records only a weekday, a time of
day and a place is replayed: many launches at one instant.

    python3 corpus/eval/gen_launches.py --people 101-124 --harder --coarse-clock --out DIR

--seven-daytimes draws the times of day a study such as Frappe records
(sunrise, morning, noon, afternoon, sunset, evening, night), finer than
DESIGN.md's four; with --coarse-clock each launch is stamped at its
daytime's first hour, as such a study is replayed.

    python3 corpus/eval/gen_launches.py --people 201-216 --seven-daytimes --coarse-clock --out DIR
"""
import argparse
import datetime
import json
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "launches")
PEOPLE = 8

# The recipe: apps a person, how many times more an app is used in its
# niche, the share of launches drawn from popularity alone, launches a day.
RECIPE = {'apps': (25, 70), 'niche': (3, 15), 'noise': 0.2, 'rate': (4, 12)}
# --harder: more apps, weaker niches, more noise and more launches, so that
# the best rule's top suggestion is right about a fifth of the time (as in
# real app-usage logs) rather than a third; no setting was chosen on it.
HARDER = {'apps': (60, 150), 'niche': (2, 6), 'noise': 0.35, 'rate': (8, 20)}
# Hours of DESIGN.md's times of day (night runs past midnight to 05:00).
BUCKETS = {'morning': (5, 12), 'afternoon': (12, 17), 'evening': (17, 22), 'night': (22, 29)}
# --seven-daytimes: the seven a study such as Frappe records instead (its
# "daytime"), finer than DESIGN.md's four: with --coarse-clock each launch is
# stamped at its daytime's first hour, and "the same weekday, time of day and
# place" is the weekday + clock hour + place rule of `make eval`.
DAYTIMES = {'sunrise': (5, 7), 'morning': (7, 11), 'noon': (11, 13), 'afternoon': (13, 17),
            'sunset': (17, 19), 'evening': (19, 22), 'night': (22, 29)}


def person(seed, out, ranks=None, recipe=RECIPE, coarse_clock=False, buckets=BUCKETS):
    """Appends one person's records to `out`; with `ranks`, also each
    launch's rank (0: first) under the probabilities it was drawn from, in
    the order the launches are written (see launch_ceiling.py). With
    `coarse_clock`, every launch is stamped with the first minute of its time
    of day, as a study that records only the time of day would be replayed
    (the same draws; launches of one time of day keep the order drawn)."""
    rng = random.Random(seed)
    n_apps = rng.randint(*recipe['apps'])
    apps = [f'launch.p{seed}.app{i}' for i in range(n_apps)]
    pop = [1 / (i + 1) ** rng.uniform(0.9, 1.3) for i in range(n_apps)]
    cells = [(wd, b, p) for wd in range(7) for b in buckets for p in ('home', 'work', 'other')]
    # where the person is: work on (most) weekdays' mornings and afternoons
    works = [wd for wd in range(7) if wd < 5 or rng.random() < 0.15]
    def place_of(wd, b):
        if wd in works and b in ('morning', 'noon', 'afternoon'):
            return rng.choices(['work', 'other', 'home'], [0.75, 0.15, 0.10])[0]
        return rng.choices(['home', 'other'], [0.8, 0.2])[0]
    niche = {}
    for a in range(n_apps):
        k = rng.randint(1, 4)
        ws = {}
        for _ in range(k):
            kind = rng.random()
            wd = rng.randrange(7); b = rng.choice(list(buckets)); p = rng.choice(['home', 'work', 'other'])
            if kind < 0.4:   # one weekday, one bucket, one place
                sel = lambda c, wd=wd, b=b, p=p: c == (wd, b, p)
            elif kind < 0.7:  # a time of day at a place, any day
                sel = lambda c, b=b, p=p: c[1] == b and c[2] == p
            else:             # a place
                sel = lambda c, p=p: c[2] == p
            strength = rng.uniform(*recipe['niche'])
            for c in cells:
                if sel(c): ws[c] = ws.get(c, 1) * strength
        niche[a] = ws
    start_idx = {a: 0 for a in range(n_apps)}
    days = rng.randint(56, 84)
    for a in range(n_apps):
        if rng.random() < 0.15: start_idx[a] = rng.randint(7, days - 14)
    stop = {a: days + 1 for a in range(n_apps)}
    for a in range(n_apps):
        if rng.random() < 0.1: stop[a] = rng.randint(14, days - 7)
    start = datetime.date(2026, 3, 2) + datetime.timedelta(days=rng.randint(0, 60))
    rate = rng.uniform(*recipe['rate'])  # launches a day
    for a in apps:
        out.append({"kind": "app", "app": a, "name": "App " + a.rsplit('app', 1)[1]})
    events = []
    for d in range(days):
        date = start + datetime.timedelta(days=d)
        wd = date.weekday()
        for b, (h0, h1) in buckets.items():
            p = place_of(wd, b)
            n = sum(1 for _ in range(int(rate * 3)) if rng.random() < (h1 - h0) / 17 / 3)
            for _ in range(n):
                live = [a for a in range(n_apps) if start_idx[a] <= d < stop[a]]
                noise = [pop[x] for x in live]
                habit = [pop[x] * niche[x].get((wd, b, p), 1) for x in live]
                if rng.random() < recipe['noise']:
                    a = rng.choices(live, noise)[0]
                else:
                    a = rng.choices(live, habit)[0]
                minute = rng.randrange((h1 - h0) * 60)
                if coarse_clock:
                    minute = 0
                t = datetime.datetime.combine(date, datetime.time(0)) + datetime.timedelta(hours=h0, minutes=minute)
                ctx = [] if p == 'other' else [f'location.{p}']
                events.append((t, apps[a], ctx, truth_rank(live, noise, habit, a, recipe['noise'])))
    # (Sorted whole, ties by app id, as the committed logs were written; a
    # coarse clock ties a whole time of day, which keeps the order drawn.)
    events.sort(key=(lambda e: e[0]) if coarse_clock else None)
    if ranks is not None:
        ranks.extend(r for *_, r in events)
    for t, a, ctx, _ in events:
        out.append({"kind": "interaction", "app": a, "at": t.strftime('%Y-%m-%dT%H:%M:00+01:00'), "context": ctx})


def truth_rank(live, noise, habit, a, share):
    """The rank of app `a` among the `live` ones by the probability it was
    drawn with: `share` popularity, the rest habit (popularity × niche)."""
    zn, zh = sum(noise), sum(habit)
    p = {x: share * noise[i] / zn + (1 - share) * habit[i] / zh for i, x in enumerate(live)}
    return sum(1 for x in live if p[x] > p[a])


def seed_range(text):
    first, _, last = text.partition('-')
    try:
        a, b = int(first), int(last or first)
    except ValueError:
        raise argparse.ArgumentTypeError(f"--people wants FIRST-LAST (like 9-48), not {text!r}")
    if not 1 <= a <= b:
        raise argparse.ArgumentTypeError(f"--people wants 1 <= FIRST <= LAST, not {text!r}")
    return range(a, b + 1)


if __name__ == '__main__':
    cli = argparse.ArgumentParser(description="Writes app-launch logs, one person (seed) a file.")
    cli.add_argument('--people', type=seed_range, default=range(1, PEOPLE + 1),
                     help=f"seeds FIRST-LAST (default 1-{PEOPLE}: the committed logs)")
    cli.add_argument('--out', default=OUT, help="directory to write into (default corpus/eval/launches)")
    cli.add_argument('--harder', action='store_true',
                     help="60-150 apps, niches 2-6x, 35%% noise, 8-20 launches a day (with --out)")
    cli.add_argument('--seven-daytimes', action='store_true',
                     help="Frappe's seven times of day (sunrise, morning, noon, afternoon, sunset, evening, night) "
                          "instead of DESIGN.md's four (with --out)")
    cli.add_argument('--coarse-clock', action='store_true',
                     help="every launch at the first minute of its time of day, as a study recording only the "
                          "time of day is replayed (with --out)")
    args = cli.parse_args()
    if (args.harder or args.coarse_clock or args.seven_daytimes) and os.path.abspath(args.out) == OUT:
        cli.error("--harder, --coarse-clock and --seven-daytimes write other people: give --out DIR (corpus/eval/launches keeps the committed recipe)")
    os.makedirs(args.out, exist_ok=True)
    for seed in args.people:
        out = []
        person(seed, out, recipe=HARDER if args.harder else RECIPE, coarse_clock=args.coarse_clock,
               buckets=DAYTIMES if args.seven_daytimes else BUCKETS)
        with open(os.path.join(args.out, f'launch{seed}.jsonl'), 'w', encoding='utf-8') as f:
            for r in out:
                f.write(json.dumps(r) + '\n')
        print(f"launch{seed}: {sum(r['kind'] == 'app' for r in out)} apps, {sum(r['kind'] == 'interaction' for r in out)} launches")
