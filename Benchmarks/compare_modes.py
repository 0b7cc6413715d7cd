#!/usr/bin/env python3
"""How much a change of plan moves the answers: runs the same queries through
two `limelight` builds on one index and reports, over the queries whose
answers differ at all, how many of the top 10 (and the Top Hit) stay the same,
and how much of the reference's score the top 10 keep (both builds score with
the same function, so B's top 10 summing to 97% of A's means B found nearly as
good hits, if not the same ones).

    compare_modes.py --index DIR --a BIN_A --b BIN_B QUERIES.txt [--sample N] [--seed S]

Used to check the broad-query plan (`Searcher.broadCandidates`) against
scoring every match: build BIN_A with `RankingWeights.broadQueryMatches` set
out of reach, BIN_B as is.
"""
import argparse, json, random, subprocess, sys


def top10(binary, index, query):
    p = subprocess.run([binary, "--index", index, "search", "--json", "--limit", "10", "--", query],
                       capture_output=True, text=True)
    if p.returncode != 0:
        sys.exit(f"{binary} failed on {query!r}: {p.stderr}")
    hits = [json.loads(l) for l in p.stdout.splitlines()]
    return [(h["kind"], h["app"], h["id"], json.dumps(h.get("parameter"))) for h in hits], sum(h["score"] for h in hits)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--index", required=True)
    ap.add_argument("--a", required=True, help="reference build")
    ap.add_argument("--b", required=True, help="build under test")
    ap.add_argument("queries")
    ap.add_argument("--sample", type=int, default=500)
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args()
    qs = sorted(set(l.strip() for l in open(args.queries, encoding="utf-8") if l.strip()))
    qs = random.Random(args.seed).sample(qs, min(args.sample, len(qs)))
    differ, overlap, same_top, examples, kept = 0, 0.0, 0, [], []
    for q in qs:
        (a, score_a), (b, score_b) = top10(args.a, args.index, q), top10(args.b, args.index, q)
        if a == b:
            continue
        differ += 1
        overlap += len(set(a) & set(b)) / max(1, len(a))
        same_top += bool(a and b and a[0] == b[0])
        if score_a > 0:
            kept.append(score_b / score_a)
        if len(examples) < 8:
            examples.append((q, [x[2] for x in a[:3]], [x[2] for x in b[:3]]))
    print(json.dumps({"queries": len(qs), "differ": differ,
                      "mean_overlap_at_10_where_different": round(overlap / differ, 3) if differ else None,
                      "same_top_hit_where_different": same_top,
                      "score_kept_where_different": {"median": round(sorted(kept)[len(kept) // 2], 3) if kept else None,
                                                     "min": round(min(kept), 3) if kept else None,
                                                     "mean": round(sum(kept) / len(kept), 3) if kept else None},
                      "examples (query, A top 3, B top 3)": examples}, indent=1))


if __name__ == "__main__":
    main()
