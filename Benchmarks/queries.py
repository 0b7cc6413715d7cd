#!/usr/bin/env python3
"""Query sets for the benchmarks, from a corpus of Limelight records.

keystrokes.txt: what a person types, keystroke by keystroke, looking for one of
`--titles` titles sampled from the corpus: every prefix (1..full) of the
title's first word, then the first word, a space and every prefix of the second
word. Words are the title's lower-cased runs of letters and digits, joined by
one space, so that every engine sees the same tokens ("libapache2-mod-php" is
typed "libapache2 mod"; Limelight's tokenizer, which since issue 15 keeps
Xapian's "1.0" or "c++" in one word, would see "libatk1.0" where the set
types "libatk1 0": the set is kept so that runs stay comparable).

fullword.txt: `--full` complete-word queries: one or two words taken from the
synopsis (subtitle) of a random entity (stopwords and 1-2 letter words
skipped), so most of them match something.

Deterministic for a given corpus, seed and sizes.

    python3 Benchmarks/queries.py CORPUS.jsonl OUTDIR [--titles 2000] [--full 1000] [--seed 6]
"""
import argparse
import json
import os
import random
import re

STOP = set("""a an and are as at be by for from has have in is it its of on or that the this to was
were will with your you can into which also not but more than all such other used use using via""".split())


def words(text):
    return [w for w in re.findall(r"\w+", text.lower())]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("corpus")
    ap.add_argument("outdir")
    ap.add_argument("--titles", type=int, default=2000)
    ap.add_argument("--full", type=int, default=1000)
    ap.add_argument("--max-keystrokes", type=int, default=0, help="cap the keystroke queries (0: no cap)")
    ap.add_argument("--seed", type=int, default=6)
    args = ap.parse_args()

    titles, subtitles = [], []
    with open(args.corpus, encoding="utf-8") as f:
        for line in f:
            r = json.loads(line)
            if r.get("kind") != "entity":
                continue
            titles.append(r["title"])
            if r.get("subtitle"):
                subtitles.append(r["subtitle"])
    rng = random.Random(args.seed)
    sample = rng.sample(titles, min(args.titles, len(titles)))
    keystrokes = []
    for t in sample:
        ws = words(t)
        if not ws:
            continue
        w1 = ws[0]
        keystrokes += [w1[:n] for n in range(1, len(w1) + 1)]
        if len(ws) > 1:
            keystrokes += [w1 + " " + ws[1][:n] for n in range(1, len(ws[1]) + 1)]
    if args.max_keystrokes and len(keystrokes) > args.max_keystrokes:
        keystrokes = keystrokes[:args.max_keystrokes]

    full = []
    tries = 0
    while len(full) < args.full and tries < args.full * 50:
        tries += 1
        ws = [w for w in words(rng.choice(subtitles)) if len(w) > 2 and w not in STOP and not w.isdigit()]
        if not ws:
            continue
        if len(full) % 2 == 0 or len(ws) == 1:
            full.append(rng.choice(ws))
        else:
            i = rng.randrange(len(ws) - 1)
            full.append(ws[i] + " " + ws[i + 1])

    os.makedirs(args.outdir, exist_ok=True)
    with open(os.path.join(args.outdir, "keystrokes.txt"), "w", encoding="utf-8") as f:
        f.write("\n".join(keystrokes) + "\n")
    with open(os.path.join(args.outdir, "fullword.txt"), "w", encoding="utf-8") as f:
        f.write("\n".join(full) + "\n")
    one = sum(1 for q in keystrokes if " " not in q)
    print(f"queries: {len(keystrokes)} keystroke queries ({one} one-word, {len(keystrokes) - one} two-word) "
          f"from {len(sample)} titles; {len(full)} full-word queries -> {args.outdir}")


if __name__ == "__main__":
    main()
