#!/usr/bin/env python3
"""Known-item search on the Debian catalog, beside plain BM25 engines.

Each query is a package's synopsis (its one-line description, as a person
describes what they want: "automatic SQL injection tool"), asked of an index
that holds every package's name, long description and keywords but not the
synopsis. The packages with that very synopsis are the right answers. It is
ranked retrieval with real text that no one wrote for Limelight, as a
relevance collection's queries are, though with one known item where a
collection judges many documents.

Engines, each given the same three fields:

- Limelight: `limelight index`, then `limelight search --stdin --json`;
- plain Xapian: BM25 (Xapian's defaults), English stemming, any word
  (python3-xapian, Debian's: run it with /usr/bin/python3);
- SQLite FTS5: bm25(), the porter tokenizer, any word.

Each synopsis is one query, dealt by a hash of it into a tune half (the
only one looked at while changing the ranker) and a held-out half. Prints a
Markdown section for EVAL.md.

    /usr/bin/python3 corpus/eval/known_items.py --catalog .build/eval/debian.jsonl \\
        --limelight .build/release/limelight [--work .build/eval/known-items] [--per-half 1000]
"""
import argparse
import hashlib
import json
import math
import os
import re
import shutil
import sqlite3
import subprocess
import sys


def stable_hash(text):
    return int(hashlib.sha1(text.encode()).hexdigest()[:8], 16)


def one_line(text):
    return " ".join(text.split())


def queries_by_half(packages, per_half):
    """(synopsis, the names of every package with that synopsis), per half:
    each synopsis once, dealt by a hash of it (a synopsis several packages
    share is one query, in one half)."""
    by_synopsis = {}
    for p in packages:
        synopsis = one_line(p.get("subtitle", ""))
        if len(synopsis.split()) >= 2:
            by_synopsis.setdefault(synopsis.lower(), (synopsis, set()))[1].add(p["id"])
    halves = {"tune": [], "held-out": []}
    for key in sorted(by_synopsis, key=lambda k: (stable_hash(k), k)):
        half = halves["tune" if stable_hash("half:" + key) % 2 == 0 else "held-out"]
        if len(half) < per_half:
            half.append(by_synopsis[key])
    return halves


def limelight_engine(records, work, binary):
    """Searches the catalog's records, synopses left out, through the CLI."""
    stripped = os.path.join(work, "without-synopses.jsonl")
    with open(stripped, "w") as f:
        for r in records:
            r = {k: v for k, v in r.items() if k != "subtitle"}
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    index = os.path.join(work, "limelight-index")
    shutil.rmtree(index, ignore_errors=True)
    # (limelight names a bad record's file and line on standard error.)
    if subprocess.run([binary, "index", stripped, "--index", index], stdout=subprocess.DEVNULL).returncode != 0:
        sys.exit(f"known_items.py: limelight index {stripped} failed")

    def search(queries):
        # A blank line between queries: the reader forgets the last top hit,
        # which it keeps for a query that extends the one before.
        typed = "".join(q + "\n\n" for q in queries)
        run = subprocess.run([binary, "search", "--stdin", "--json", "--limit", "10", "--index", index],
                             input=typed, capture_output=True, text=True)
        if run.returncode != 0:
            sys.exit(f"known_items.py: limelight search --stdin failed ({run.returncode}): {run.stderr.strip()}")
        answers = [json.loads(line) for line in run.stdout.splitlines()][0::2]
        if [a["query"] for a in answers] != queries:
            sys.exit("known_items.py: limelight search --stdin did not answer each query in order")
        return [[hit["id"] for hit in a["results"]] for a in answers]
    return search


def xapian_engine(packages, work):
    """None without python3-xapian (Debian's module, for Debian's python3)."""
    try:
        import xapian
    except ImportError:
        return None
    path = os.path.join(work, "xapian-index")
    shutil.rmtree(path, ignore_errors=True)
    db = xapian.WritableDatabase(path, xapian.DB_CREATE_OR_OVERWRITE)
    indexer = xapian.TermGenerator()
    indexer.set_stemmer(xapian.Stem("en"))
    for p in packages:
        doc = xapian.Document()
        indexer.set_document(doc)
        for field in (p["title"], p.get("description", ""), " ".join(p.get("keywords", []))):
            indexer.index_text(field)
            indexer.increase_termpos()
        doc.set_data(p["id"])
        db.add_document(doc)
    db.commit()
    parser = xapian.QueryParser()
    parser.set_stemmer(xapian.Stem("en"))
    parser.set_stemming_strategy(xapian.QueryParser.STEM_SOME)
    parser.set_database(db)
    parser.set_default_op(xapian.Query.OP_OR)
    enquire = xapian.Enquire(db)

    def search(queries):
        out = []
        for q in queries:
            enquire.set_query(parser.parse_query(q, 0))
            out.append([m.document.get_data().decode() for m in enquire.get_mset(0, 10)])
        return out
    return search


def fts5_engine(packages, work):
    path = os.path.join(work, "fts5.db")
    if os.path.exists(path):
        os.remove(path)
    db = sqlite3.connect(path)
    db.execute("CREATE VIRTUAL TABLE p USING fts5(id UNINDEXED, name, description, keywords, tokenize='porter unicode61')")
    db.executemany("INSERT INTO p VALUES (?, ?, ?, ?)",
                   [(p["id"], p["title"], p.get("description", ""), " ".join(p.get("keywords", []))) for p in packages])
    db.commit()

    def search(queries):
        out = []
        for q in queries:
            words = re.findall(r"\w+", q.lower())
            match = " OR ".join('"%s"' % w for w in words)
            out.append([row[0] for row in db.execute("SELECT id FROM p WHERE p MATCH ? ORDER BY bm25(p) LIMIT 10", (match,))]
                       if words else [])
        return out
    return search


def measures(ranked, right):
    """Reciprocal rank, hit at 1, hit in 10, nDCG@10 (binary)."""
    first = next((i for i, name in enumerate(ranked[:10]) if name in right), None)
    dcg = sum(1 / math.log2(i + 2) for i, name in enumerate(ranked[:10]) if name in right)
    ideal = sum(1 / math.log2(i + 2) for i in range(min(10, len(right))))
    if first is None:
        return (0.0, 0, 0, 0.0)
    return (1 / (first + 1), int(first == 0), 1, dcg / ideal)


def mcnemar(wins, losses):
    """Exact two-sided p of a split at least this uneven if neither were better."""
    n = wins + losses
    if n == 0:
        return "1.00"
    tail = sum(math.comb(n, k) for k in range(min(wins, losses) + 1)) / 2 ** n
    p = min(1.0, 2 * tail)
    return "< 0.001" if p < 0.001 else f"{p:.3f}" if p < 0.01 else f"{p:.2f}"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--catalog", required=True, help="debian_catalog.py's records")
    ap.add_argument("--limelight", required=True, help="the limelight binary")
    ap.add_argument("--work", default=".build/eval/known-items")
    ap.add_argument("--per-half", type=int, default=1000)
    args = ap.parse_args()
    os.makedirs(args.work, exist_ok=True)
    records = []
    with open(args.catalog) as f:
        for number, line in enumerate(f, 1):
            try:
                records.append(json.loads(line))
            except json.JSONDecodeError as e:
                sys.exit(f"known_items.py: {args.catalog}:{number}: not a JSON record ({e.msg})")
    packages = [r for r in records if r.get("kind") == "entity"]
    halves = queries_by_half(packages, args.per_half)
    engines = [("Limelight", limelight_engine(records, args.work, args.limelight)),
               ("plain Xapian (BM25)", xapian_engine(packages, args.work)),
               ("SQLite FTS5 (bm25)", fts5_engine(packages, args.work))]
    missing = [name for name, search in engines if search is None]
    engines = [(name, search) for name, search in engines if search is not None]
    found = {}  # (engine, half) -> per-query measures
    for name, search in engines:
        for half, queries in halves.items():
            ranked = search([q for q, _ in queries])
            found[name, half] = [measures(r, right) for r, (_, right) in zip(ranked, queries)]

    print("## Known-item search on the Debian catalog")
    print()
    print(f"The catalog above ({len(packages)} packages) indexed without its synopses: each package's name, long")
    print("description and keywords. Each query is a package's synopsis (\"automatic SQL injection tool\"), and the")
    print("packages with that synopsis are the right answers: ranked retrieval on real text, as a relevance collection")
    print("asks it, beside plain BM25 engines given the same fields and any word of the query")
    print("(`corpus/eval/known_items.py`; each synopsis once, dealt by a hash of it into a **tune** half and a **held-out**")
    print("half). Limelight lists the items with every word first; a query of three words or more that too few")
    print("items match whole goes on with items that have some of them.")
    print()
    for name in missing:
        print(f"*{name} is left out: python3-xapian is not installed.*")
        print()
    print("| engine | half | queries | MRR@10 | HR@1 | HR@10 | nDCG@10 |")
    print("|---|---|---|---|---|---|---|")
    for name, _ in engines:
        for half in halves:
            rows = found[name, half]
            mean = [sum(r[i] for r in rows) / len(rows) for i in range(4)]
            print(f"| {name} | {half} | {len(rows)} | {mean[0]:.3f} | {mean[1]:.3f} | {mean[2]:.3f} | {mean[3]:.3f} |")
    print()
    print("*Paired*, held-out half: of the queries only one of the two engines finds in its first ten (or first),")
    print("how many Limelight does – how many the other does, and McNemar's exact two-sided p.")
    print()
    print("| against | paired HR@10 | paired HR@1 |")
    print("|---|---|---|")
    mine = found["Limelight", "held-out"]
    for name, _ in engines[1:]:
        other = found[name, "held-out"]

        def split(i):  # (queries only Limelight finds, only the other does) by measure i
            return (sum(a[i] > b[i] for a, b in zip(mine, other)), sum(b[i] > a[i] for a, b in zip(mine, other)))
        ten, one = split(2), split(1)
        print(f"| {name} | {ten[0]}–{ten[1]}, p {mcnemar(*ten)} | {one[0]}–{one[1]}, p {mcnemar(*one)} |")


if __name__ == "__main__":
    sys.exit(main())
