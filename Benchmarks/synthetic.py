#!/usr/bin/env python3
"""A deterministic scale corpus: N entities and M interactions over 90 days.

Words are drawn from the real vocabulary of the Debian catalog's descriptions
(Benchmarks/debian_catalog.py's output), Zipf-distributed by frequency rank:
titles, subtitles and keywords from content words (3+ letters, no stopwords),
descriptions from the whole vocabulary, so term statistics look like real
text. Entities are spread over `--apps` apps, each with a few entity types and
one intent ("OpenItem", so interactions can name it); interactions pick their
entity by a Zipf law too (a few items are used a lot), at times of day that
follow a daily rhythm, with a context about half the time.

Writes two files of Limelight records:
    OUT-entities.jsonl       app, intent and entity records
    OUT-interactions.jsonl   interaction records (they refer to the above)

    python3 Benchmarks/synthetic.py --vocab Benchmarks/data/debian.jsonl \\
        --out Benchmarks/data/synthetic [--entities 1000000] [--interactions 1000000] [--seed 6]
"""
import argparse
import bisect
import collections
import datetime
import itertools
import json
import random
import re

STOP = set("""a an and are as at be by for from has have in is it its of on or that the this to was
were will with your you can into which also not but more than all such other used use using via""".split())
TYPES = ["Note", "Document", "Contact", "Event", "Track", "Playlist", "Photo", "Place", "Task", "Message"]
CONTEXTS = ["location.home", "location.work", "location.commute", "location.gym", "hardware.headphones",
            "audio.workout.running", "fitness.workoutActive", "sleep.bedtime", "audio.nowPlaying"]
END = datetime.datetime(2026, 11, 29, tzinfo=datetime.timezone.utc)
DAYS = 90


def vocabulary(path):
    counts = collections.Counter()
    with open(path, encoding="utf-8") as f:
        for line in f:
            r = json.loads(line)
            if r.get("kind") != "entity":
                continue
            for w in re.findall(r"[a-z][a-z0-9]*", (r.get("description") or "").lower()):
                counts[w] += 1
    full = [w for w, _ in counts.most_common()]
    content = [w for w in full if len(w) >= 3 and w not in STOP]
    return full, content


class Zipf:
    """Samples indexes 0..n-1 with P(k) proportional to 1/(k+1)^s."""

    def __init__(self, n, s, rng):
        self.cum = list(itertools.accumulate(1.0 / (k + 1) ** s for k in range(n)))
        self.total = self.cum[-1]
        self.rng = rng

    def __call__(self):
        return bisect.bisect_left(self.cum, self.rng.random() * self.total)

    def many(self, k):
        r, cum, t = self.rng.random, self.cum, self.total
        return [bisect.bisect_left(cum, r() * t) for _ in range(k)]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--vocab", required=True, help="Debian catalog JSONL (debian_catalog.py) for the vocabulary")
    ap.add_argument("--out", required=True, help="output path prefix")
    ap.add_argument("--entities", type=int, default=1_000_000)
    ap.add_argument("--interactions", type=int, default=1_000_000)
    ap.add_argument("--apps", type=int, default=20)
    ap.add_argument("--seed", type=int, default=6)
    args = ap.parse_args()

    rng = random.Random(args.seed)
    full, content = vocabulary(args.vocab)
    zfull = Zipf(len(full), 1.0, rng)
    zcontent = Zipf(len(content), 1.0, rng)
    apps = [f"com.example.synth{a:02d}" for a in range(args.apps)]

    def text(z, vocab, lo, hi):
        return " ".join(vocab[i] for i in z.many(rng.randint(lo, hi)))

    types_of = {}
    with open(args.out + "-entities.jsonl", "w", encoding="utf-8") as f:
        for a, app in enumerate(apps):
            f.write(json.dumps({"kind": "app", "app": app, "name": f"Synth {content[a * 7 % 500].title()} {a}"}) + "\n")
            types_of[app] = [TYPES[(a + k) % len(TYPES)] for k in range(1 + a % 3)]
            for t in types_of[app]:
                f.write(json.dumps({"kind": "intent", "app": app, "id": f"Open{t}", "title": f"Open {t}",
                                    "summary": "Open ${item}", "parameters": [{"name": "item", "type": t}]}) + "\n")
        for n in range(args.entities):
            app = apps[n % len(apps)]
            ts = types_of[app]
            e = {"kind": "entity", "app": app, "type": ts[n // len(apps) % len(ts)], "id": f"e{n}",
                 "title": text(zcontent, content, 1, 4).title(),
                 "subtitle": text(zcontent, content, 3, 8).capitalize(),
                 "description": text(zfull, full, 8, 40).capitalize() + ".",
                 "keywords": [content[i] for i in zcontent.many(rng.randint(1, 3))]}
            if rng.random() < 0.7:
                e["rankingHint"] = rng.randint(0, 100)
            f.write(json.dumps(e) + "\n")

    # Entity popularity: a Zipf law over a fixed random permutation of entities.
    zentity = Zipf(args.entities, 1.0, rng)
    perm = list(range(args.entities))
    rng.shuffle(perm)
    start = END - datetime.timedelta(days=DAYS)
    hours = [0.2, 0.1, 0.1, 0.1, 0.2, 0.5, 1.5, 3, 3, 2.5, 2, 2, 2.5, 2, 2, 2, 2.5, 3, 3.5, 3.5, 3, 2.5, 1.5, 0.7]
    hour_cum = list(itertools.accumulate(hours))
    with open(args.out + "-interactions.jsonl", "w", encoding="utf-8") as f:
        for i in range(args.interactions):
            n = perm[zentity()]
            app = apps[n % len(apps)]
            ts = types_of[app]
            t = ts[n // len(apps) % len(ts)]
            day = rng.randrange(DAYS)
            hour = bisect.bisect_left(hour_cum, rng.random() * hour_cum[-1])
            at = start + datetime.timedelta(days=day, hours=hour, seconds=rng.randrange(3600))
            r = {"kind": "interaction", "app": app, "id": f"i{i}", "intent": f"Open{t}",
                 "entities": [{"type": t, "id": f"e{n}"}], "at": at.strftime("%Y-%m-%dT%H:%M:%SZ")}
            if rng.random() < 0.5:
                r["context"] = [CONTEXTS[rng.randrange(len(CONTEXTS))]]
            f.write(json.dumps(r) + "\n")
    print(f"synthetic: {args.entities} entities in {len(apps)} apps, {args.interactions} interactions over "
          f"{DAYS} days (vocabulary {len(full)} words, {len(content)} content words) -> {args.out}-*.jsonl")


if __name__ == "__main__":
    main()
