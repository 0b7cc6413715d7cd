#!/usr/bin/env python3
"""SQLite FTS5 and Tantivy, side by side with Limelight: same records, same queries.

    engines.py fts5 build DB CORPUS.jsonl [--out R.json]
    engines.py fts5 query DB QUERIES [--full] [--limit 10] [--warmup 1] [--out R.json]
    engines.py tantivy build DIR CORPUS.jsonl [--out R.json]
    engines.py tantivy query DIR QUERIES [--full] [--limit 10] [--warmup 1] [--out R.json]

Both index the entity (and app) records; the other kinds are not searchable.
Fields: title, subtitle, description, keywords (BM25 weights 4/2/1/3, as
Limelight's wdf increments), and for Tantivy a prefix field holding the edge
prefixes (1..10 characters) of the title's and keywords' words (runs of
letters and digits), Limelight's XP terms but for words Xapian keeps whole
("1.0", "c++", "at&t"), which Limelight keeps whole too since issue 15.

A keystroke query "w1 w2 la" is, as in Limelight's plan, every complete word
(in any field) AND the last word either as a whole word in any field or as a
prefix of a title/keywords word:
  FTS5:    "w1" AND "w2" AND ("la" OR {title keywords}: "la"*)
           ORDER BY bm25(docs, 4, 2, 1, 3) LIMIT 10   (prefix index '2 3';
           tokenizer unicode61, unstemmed, so that prefixes are prefixes)
  Tantivy: +w1 +w2 +(la | prefix:la), w = parse_query over the four fields
           (en_stem, with the boosts), prefix:la a term query; top 10.
A full-word query has no last-word prefix. Every query fetches the titles of
its hits. Latency is measured per query with time.perf_counter_ns in this
process; for Tantivy the median cost of an empty binding call (Searcher.num_docs
in the same timing loop) is subtracted, as the issue asks.
"""
import argparse
import json
import math
import os
import re
import shutil
import sqlite3
import sys
import time

FIELDS = ["title", "subtitle", "description", "keywords"]
BOOSTS = {"title": 4.0, "subtitle": 2.0, "description": 1.0, "keywords": 3.0}
MAX_PREFIX = 10


def peak_rss_kib():
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    return -1


def words(text):
    return re.findall(r"[^\W_]+|_+", text.lower()) if text else []


def searchable(path):
    """(title, subtitle, description, keywords-joined, keyword list) per hit record."""
    with open(path, encoding="utf-8") as f:
        for line in f:
            r = json.loads(line)
            k = r.get("kind")
            if k == "entity":
                kw = r.get("keywords") or []
                yield r["title"], r.get("subtitle") or "", r.get("description") or "", " ".join(kw), kw
            elif k == "app":
                syn = r.get("synonyms") or []
                yield " ".join([r["name"]] + syn), "", "", "", syn


def percentiles(lat):
    s = sorted(lat)
    def p(q):  # nearest rank
        return s[min(max(1, math.ceil(q * len(s) / 100)), len(s)) - 1]
    return p(50), p(90), p(99)


def timed(qs, run, warmup, overhead=0.0):
    """Runs every query `warmup` times untimed, then once timed: each one's
    latency in µs (less `overhead`, the cost of an empty call, never below
    0), what `run` returned for it, and the timed pass's seconds."""
    for _ in range(warmup):
        for q in qs:
            run(q)
    lat, hits = [], []
    t0 = time.perf_counter()
    for q in qs:
        a = time.perf_counter_ns()
        h = run(q)
        lat.append(max(0.0, (time.perf_counter_ns() - a) / 1000 - overhead))
        hits.append(h)
    return lat, hits, time.perf_counter() - t0


def write_result(out, obj):
    if out:
        with open(out, "w") as f:
            json.dump(obj, f, separators=(",", ":"))
            f.write("\n")


def read_queries(path):
    with open(path, encoding="utf-8") as f:
        return [l.rstrip("\n") for l in f if l.strip()]


# ---- SQLite FTS5 ----------------------------------------------------------

def fts5_build(db, corpus, out):
    if os.path.exists(db):
        os.remove(db)
    t0 = time.perf_counter()
    con = sqlite3.connect(db)
    con.execute("PRAGMA journal_mode=OFF")
    con.execute("PRAGMA synchronous=OFF")
    con.execute("CREATE VIRTUAL TABLE docs USING fts5(title, subtitle, description, keywords, "
                "prefix='2 3', tokenize='unicode61')")
    n = 0
    with con:
        rows = ((t, s, d, k) for t, s, d, k, _ in searchable(corpus))
        for chunk in iter(lambda: [r for _, r in zip(range(10000), rows)], []):
            con.executemany("INSERT INTO docs(title, subtitle, description, keywords) VALUES (?,?,?,?)", chunk)
            n += len(chunk)
    con.execute("INSERT INTO docs(docs) VALUES('optimize')")
    con.commit()
    con.close()
    secs = time.perf_counter() - t0
    print(f"fts5 build: {n} documents, {secs:.2f} s, {n / secs:.0f} docs/s, peak RSS {peak_rss_kib() // 1024} MiB")
    write_result(out, {"engine": "fts5", "op": "ingest", "file": corpus, "records": n, "seconds": secs,
                       "peak_rss_kib": peak_rss_kib()})


def fts5_match(q, full):
    ws = words(q)
    if not ws:
        return None
    quote = lambda w: '"' + w.replace('"', '""') + '"'
    if full:
        return " AND ".join(quote(w) for w in ws)
    parts = [quote(w) for w in ws[:-1]]
    last = quote(ws[-1])
    parts.append(f"({last} OR {{title keywords}}: {last}*)")
    return " AND ".join(parts)


def fts5_query(db, qfile, full, limit, warmup, out):
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    sql = "SELECT rowid, title FROM docs WHERE docs MATCH ? ORDER BY bm25(docs, 4.0, 2.0, 1.0, 3.0) LIMIT ?"
    qs = read_queries(qfile)

    def run(q):
        m = fts5_match(q, full)
        return len(con.execute(sql, (m, limit)).fetchall()) if m else 0

    lat, hits, secs = timed(qs, run, warmup)
    p = percentiles(lat)
    print(f"fts5 query {qfile}: {len(qs)} queries, {secs:.2f} s; p50 {p[0]/1000:.3f} ms, p90 {p[1]/1000:.3f} ms, "
          f"p99 {p[2]/1000:.3f} ms")
    write_result(out, {"engine": "fts5", "op": "query", "file": qfile, "full": full, "limit": limit,
                       "warmup_passes": warmup, "seconds": secs, "peak_rss_kib": peak_rss_kib(),
                       "latency_us": [round(x, 1) for x in lat], "hits": hits})


# ---- Tantivy ----------------------------------------------------------------

def tantivy_schema(tantivy):
    sb = tantivy.SchemaBuilder()
    sb.add_text_field("title", stored=True, tokenizer_name="en_stem")
    for f in FIELDS[1:]:
        sb.add_text_field(f, tokenizer_name="en_stem")
    sb.add_text_field("prefix", tokenizer_name="whitespace", index_option="basic")
    # Whole title/keywords words, unstemmed: a last word longer than the
    # indexed prefixes matches them by regex (Limelight: the prefix term of its first 10 letters).
    sb.add_text_field("words", tokenizer_name="whitespace", index_option="basic")
    return sb.build()


def edge_prefixes(texts):
    seen = []
    s = set()
    for t in texts:
        for w in words(t):
            for n in range(1, min(len(w), MAX_PREFIX) + 1):
                p = w[:n]
                if p not in s:
                    s.add(p)
                    seen.append(p)
    return " ".join(seen)


def tantivy_build(path, corpus, out):
    import tantivy
    shutil.rmtree(path, ignore_errors=True)
    os.makedirs(path)
    t0 = time.perf_counter()
    index = tantivy.Index(tantivy_schema(tantivy), path=path)
    writer = index.writer()
    n = 0
    for t, s, d, k, kw in searchable(corpus):
        writer.add_document(tantivy.Document(title=t, subtitle=s, description=d, keywords=k,
                                             prefix=edge_prefixes([t] + kw),
                                             words=" ".join(w for x in [t] + kw for w in words(x))))
        n += 1
    writer.commit()
    writer.wait_merging_threads()
    secs = time.perf_counter() - t0
    print(f"tantivy build: {n} documents, {secs:.2f} s, {n / secs:.0f} docs/s, peak RSS {peak_rss_kib() // 1024} MiB")
    write_result(out, {"engine": "tantivy", "op": "ingest", "file": corpus, "records": n, "seconds": secs,
                       "peak_rss_kib": peak_rss_kib()})


def tantivy_query(path, qfile, full, limit, warmup, out):
    import tantivy
    index = tantivy.Index.open(path)
    index.reload()
    searcher = index.searcher()
    schema = index.schema
    Occur, Query = tantivy.Occur, tantivy.Query

    def word_query(w):
        return index.parse_query(w, FIELDS, field_boosts=BOOSTS)

    def run(q):
        ws = words(q)
        if not ws:
            return 0
        parts = [(Occur.Must, word_query(w)) for w in (ws if full else ws[:-1])]
        if not full:
            last = ws[-1]
            prefix = Query.term_query(schema, "prefix", last) if len(last) <= MAX_PREFIX else \
                Query.regex_query(schema, "words", re.escape(last) + ".*")
            parts.append((Occur.Must, Query.boolean_query([(Occur.Should, word_query(last)),
                                                           (Occur.Should, prefix)])))
        query = parts[0][1] if len(parts) == 1 else Query.boolean_query(parts)
        res = searcher.search(query, limit)
        titles = [searcher.doc(addr)["title"][0] for _, addr in res.hits]
        return len(titles)

    # The cost of an empty binding call, in this same timing loop.
    empty = []
    for _ in range(20000):
        a = time.perf_counter_ns()
        searcher.num_docs
        empty.append((time.perf_counter_ns() - a) / 1000)
    empty.sort()
    overhead = empty[len(empty) // 2]

    qs = read_queries(qfile)
    lat, hits, secs = timed(qs, run, warmup, overhead)
    p = percentiles(lat)
    print(f"tantivy query {qfile}: {len(qs)} queries, {secs:.2f} s; p50 {p[0]/1000:.3f} ms, p90 {p[1]/1000:.3f} ms, "
          f"p99 {p[2]/1000:.3f} ms (empty binding call {overhead:.2f} us subtracted)")
    write_result(out, {"engine": "tantivy", "op": "query", "file": qfile, "full": full, "limit": limit,
                       "warmup_passes": warmup, "seconds": secs, "peak_rss_kib": peak_rss_kib(),
                       "empty_call_us": overhead, "latency_us": [round(x, 1) for x in lat], "hits": hits})


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("engine", choices=["fts5", "tantivy"])
    ap.add_argument("op", choices=["build", "query"])
    ap.add_argument("path")
    ap.add_argument("file")
    ap.add_argument("--full", action="store_true")
    ap.add_argument("--limit", type=int, default=10)
    ap.add_argument("--warmup", type=int, default=1)
    ap.add_argument("--out")
    a = ap.parse_args()
    if a.op == "build":
        (fts5_build if a.engine == "fts5" else tantivy_build)(a.path, a.file, a.out)
    else:
        (fts5_query if a.engine == "fts5" else tantivy_query)(a.path, a.file, a.full, a.limit, a.warmup, a.out)


if __name__ == "__main__":
    main()
