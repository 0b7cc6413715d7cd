#!/usr/bin/env python3
"""Regenerates BENCHMARKS.md from Benchmarks/results/*.json (written by run.py),
followed by the hand-written analysis in Benchmarks/ANALYSIS.md.

    python3 Benchmarks/report.py [--results-dir DIR] [--out FILE]
"""
import glob
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
ORDER = ["debian", "synthetic", "debian-smoke", "synthetic-smoke"]
TITLE = {"debian": "Debian catalog", "synthetic": "synthetic 1M", "debian-smoke": "Debian, 5k smoke",
         "synthetic-smoke": "synthetic, 20k smoke"}
ENGINES = [
    ("limelight", "**Limelight** (LimelightKit in process)"),
    ("raw-xapian", "raw Xapian C++, Limelight's plan (lists; top 50 + cards)"),
    ("raw-xapian-top10", "raw Xapian C++, Limelight's plan, top 10"),
    ("raw-xapian-nolists", "raw Xapian C++, Limelight's plan without the short-prefix lists"),
    ("raw-xapian-partial", "raw Xapian C++, QueryParser + FLAG_PARTIAL"),
    ("tantivy", "Tantivy (PyPI), prefix field"),
    ("fts5", "SQLite FTS5, prefix='2 3'"),
]
SHORT = {"limelight": "Limelight", "raw-xapian": "raw Xapian (plan)", "raw-xapian-top10": "raw Xapian (plan, top 10)",
         "raw-xapian-nolists": "raw Xapian (plan, no lists)",
         "raw-xapian-partial": "raw Xapian (PARTIAL)", "tantivy": "Tantivy", "fts5": "FTS5"}



def raw_floor_note(results):
    """What "raw Xapian (plan)" measured: a replay of Limelight's calls (since
    issue 10), or, in results from before, bench.cc's hand-written copy of the plan."""
    replayed = any("msets" in r.get("query", {}).get("keystrokes", {}).get("raw-xapian", {}) for r in results.values())
    if replayed:
        return ("- **raw Xapian (plan)**: `Benchmarks/raw-xapian/replay.cc` replaying, with the plain C++ API on "
                "Limelight's own index (read-only), every Xapian call Limelight's plan made for each query — the "
                "match sets (each query `Query::serialise()`d, with its weighting, sort, collapse, `checkatleast` and "
                "the values read from each hit), the terms' bounds (`match_bound.h`, the shim's own code), the metadata lists, document, value and term reads — recorded by "
                "`limelight-bench query --trace` (Xapian's `CallRecorder`). Query construction is not timed; every "
                "match set must return the docids Limelight got. The floor for Limelight's plan; the gap is Limelight's "
                "own work (parsing, Swift scoring and arranging).")
    return ("- **raw Xapian (plan)**: `Benchmarks/raw-xapian/bench.cc` as of these runs, running a hand-written copy "
            "of the same plan (the lists, the Xapian queries with the same broad-query windows and tiers, the typo "
            "and OR retries) on Limelight's own index, opened read-only, reading what Limelight reads (the list "
            "entries' values 7 and 1; the top 50's value 1) and nothing else. The floor for Limelight's plan; the gap is "
            "Limelight's own work (Swift scoring and arranging). \"top 10\" asks Xapian for 10; \"no lists\" runs the "
            "Xapian query for short prefixes too (what the lists buy). Since issue 10 the floor replays Limelight's "
            "calls instead (`replay.cc`, ANALYSIS.md §6); the next `make bench` measures it so.")

def ms(x):
    if x is None:
        return "–"
    if x >= 100:
        return f"{x:.0f}"
    if x >= 10:
        return f"{x:.1f}"
    if x >= 1:
        return f"{x:.2f}"
    return f"{x:.3f}"


def mib(b):
    return f"{b / 2**20:.0f} MiB" if b is not None else "–"


def ratio(a, b):
    if a is None or b is None or b == 0:
        return "–"
    return f"{a / b:.2f}×"


def g(res, qs, engine, group, key):
    try:
        return res["query"][qs][engine]["groups"][group][key]
    except KeyError:
        return None


def load(results_dir):
    out = {}
    for p in glob.glob(os.path.join(results_dir, "*.json")):
        name = os.path.splitext(os.path.basename(p))[0]
        with open(p) as f:
            out[name] = json.load(f)
    return {k: out[k] for k in ORDER if k in out} | {k: v for k, v in out.items() if k not in ORDER}


def ingest_rows(res):
    ing, size = res["ingest"], res["size"]
    rows = []
    def row(label, key, size_key, note=""):
        r = ing.get(key)
        if not r:
            return
        s = r["seconds"]
        rows.append(f"| {label} | {r['records']:,} | {s:.1f} s | {r['records'] / s:,.0f}/s | "
                    f"{r['peak_rss_kib'] / 1024:.0f} MiB | {mib(size.get(size_key)) if size_key else '–'} | {note} |")
    row("**Limelight** (`IndexWriter.apply`, one batch)", "limelight", "limelight",
        f"compacted (`xapian-compact`): {mib(size.get('limelight-compacted'))}")
    row("Limelight, then the interactions (second batch)", "limelight-interactions", "limelight+interactions",
        "size: entities + interactions")
    row("raw Xapian C++, same documents, positions everywhere", "raw-xapian", "raw-xapian", "default auto-flush, one final commit")
    row("raw Xapian C++, same documents, no positions (what Limelight indexes)", "raw-xapian-nopos", "raw-xapian-nopos",
        "default auto-flush, one final commit")
    row("Tantivy (PyPI), default writer", "tantivy", "tantivy", "entities only")
    row("SQLite FTS5 (Python sqlite3)", "fts5", "fts5", "entities only, after 'optimize'")
    return rows


def corpus_section(name, res):
    L = []
    m = res["machine"]
    ks = res["query"].get("keystrokes", {})
    nks = g(res, "keystrokes", "limelight", "all", "n")
    nfull = g(res, "fullword", "limelight", "all", "n")
    L.append(f"## {TITLE.get(name, name)}")
    L.append("")
    L.append(f"Run {res['started']} → {res['finished']}; engine built from {res.get('source', m['commit'])}; "
             f"{res['ingest']['limelight']['records']:,} records"
             f" indexed by Limelight ({res['records_bytes'] / 2**20:.0f} MiB of JSON Lines); "
             f"{nks:,} keystroke queries, {nfull:,} full-word queries; load average {m['loadavg_start'].split()[0]} at the start,"
             f" {m.get('loadavg_end', '?').split()[0]} at the end.")
    L.append("")
    L.append("### As you type, in process (warm; one untimed pass, then one timed pass)")
    L.append("")
    L.append("| engine | p50 | p90 | p99 | 1–2 letters p50 / p99 | 1 letter p99 | one-word p50 / p99 | two-word p50 / p99 | zero-hit queries |")
    L.append("|---|---|---|---|---|---|---|---|---|")
    for e, label in ENGINES:
        if e not in ks:
            continue
        L.append(f"| {label} | {ms(g(res,'keystrokes',e,'all','p50_ms'))} | {ms(g(res,'keystrokes',e,'all','p90_ms'))} | "
                 f"{ms(g(res,'keystrokes',e,'all','p99_ms'))} | {ms(g(res,'keystrokes',e,'len1-2','p50_ms'))} / "
                 f"{ms(g(res,'keystrokes',e,'len1-2','p99_ms'))} | {ms(g(res,'keystrokes',e,'len1','p99_ms'))} | "
                 f"{ms(g(res,'keystrokes',e,'1w','p50_ms'))} / {ms(g(res,'keystrokes',e,'1w','p99_ms'))} | "
                 f"{ms(g(res,'keystrokes',e,'2w','p50_ms'))} / {ms(g(res,'keystrokes',e,'2w','p99_ms'))} | "
                 f"{ks[e]['zero_hit_queries']} |")
    L.append("")
    L.append("Milliseconds. Tantivy's figures have the median cost of an empty binding call subtracted "
             f"({ks.get('tantivy', {}).get('empty_call_us', 0):.2f} µs).")
    rx = ks.get("raw-xapian", {})
    if "from_lists" in rx:
        L.append("")
        L.append(f"Of the {nks:,} keystroke queries, {rx['from_lists']:,} were answered from the short-prefix lists, "
                 f"{rx.get('typo_retries', 0):,} matched nothing and went through the one-edit typo retry and "
                 f"{rx.get('or_retries', 0):,} through the OR retry (counted by the raw program, which runs the same plan).")
    L.append("")
    present = [e for e, _ in ENGINES if e in ks]

    def by_length(heading, key_prefix):
        """A table of p50 / p99 by the length of the word being typed."""
        L.append(heading)
        L.append("")
        L.append("| typed | n | " + " | ".join(SHORT[e] for e in present) + " |")
        L.append("|---|---|" + "---|" * len(present))
        for n in list(range(1, 11)) + ["11+"]:
            key = f"{key_prefix}{n}"
            cnt = g(res, "keystrokes", "limelight", key, "n")
            if not cnt:
                continue
            cells = [f"{ms(g(res,'keystrokes',e,key,'p50_ms'))} / {ms(g(res,'keystrokes',e,key,'p99_ms'))}" for e in present]
            L.append(f"| {n} | {cnt:,} | " + " | ".join(cells) + " |")
        L.append("")

    by_length("#### By length of the word being typed (p50 / p99, ms; one- and two-word queries together)", "len")
    by_length("#### Two-word queries by length of the second word (p50 / p99, ms)", "2w-len")
    fw = res["query"].get("fullword", {})
    L.append("### Full-word queries (one or two complete words, top 10)")
    L.append("")
    L.append("| engine | p50 | p90 | p99 | one-word p99 | two-word p99 |")
    L.append("|---|---|---|---|---|---|")
    for e, label in ENGINES:
        if e in fw:
            L.append(f"| {label} | {ms(g(res,'fullword',e,'all','p50_ms'))} | {ms(g(res,'fullword',e,'all','p90_ms'))} | "
                     f"{ms(g(res,'fullword',e,'all','p99_ms'))} | {ms(g(res,'fullword',e,'1w','p99_ms'))} | "
                     f"{ms(g(res,'fullword',e,'2w','p99_ms'))} |")
    L.append("")
    L.append("### Ratios: Limelight ÷ engine (below 1× Limelight is faster or smaller)")
    L.append("")
    L.append("| vs | as-you-type p50 | p99 | 1-letter p99 | full-word p50 | full-word p99 | ingest time | index size |")
    L.append("|---|---|---|---|---|---|---|---|")
    size_key = {"raw-xapian": "raw-xapian", "tantivy": "tantivy", "fts5": "fts5"}
    ing_key = {"raw-xapian": "raw-xapian", "tantivy": "tantivy", "fts5": "fts5"}
    for e, label in ENGINES[1:]:
        if e not in ks:
            continue
        li = res["ingest"]["limelight"]["seconds"]
        ei = res["ingest"].get(ing_key.get(e), {}).get("seconds") if e in ing_key else None
        ls, es = res["size"].get("limelight"), res["size"].get(size_key.get(e)) if e in size_key else None
        L.append(f"| {SHORT[e]} | {ratio(g(res,'keystrokes','limelight','all','p50_ms'), g(res,'keystrokes',e,'all','p50_ms'))} | "
                 f"{ratio(g(res,'keystrokes','limelight','all','p99_ms'), g(res,'keystrokes',e,'all','p99_ms'))} | "
                 f"{ratio(g(res,'keystrokes','limelight','len1','p99_ms'), g(res,'keystrokes',e,'len1','p99_ms'))} | "
                 f"{ratio(g(res,'fullword','limelight','all','p50_ms'), g(res,'fullword',e,'all','p50_ms'))} | "
                 f"{ratio(g(res,'fullword','limelight','all','p99_ms'), g(res,'fullword',e,'all','p99_ms'))} | "
                 f"{ratio(li, ei)} | {ratio(ls, es)} |")
    L.append("")
    L.append("### Ingest and index size")
    L.append("")
    L.append("| engine | records | wall time | throughput | peak RSS | index size | note |")
    L.append("|---|---|---|---|---|---|---|")
    L += ingest_rows(res)
    rb = res.get("rebuild")
    if rb:
        what = "entities + interactions" if "limelight-interactions" in res["ingest"] else "everything indexed"
        L.append(f"| **`limelight rebuild`** (CLI, from the stored records) | {rb['records']:,} | {rb['seconds']:.1f} s | "
                 f"{rb['records'] / rb['seconds']:,.0f}/s | {rb['peak_rss_kib'] / 1024:.0f} MiB | {mib(rb['size_after'])} | "
                 f"{what}; `/usr/bin/time -v` (user {rb['user_seconds']:.0f} s, system {rb['system_seconds']:.0f} s) |")
    L.append("")
    L.append("Peak RSS is the process's high-water mark (`VmHWM`, or `/usr/bin/time`'s maximum resident set). "
             "Limelight's ingest is `limelight index FILE` semantics: every record parsed and validated first, then one "
             "transaction.")
    L.append("")
    e2e = res.get("e2e") or {}
    if e2e:
        L.append(f"### `limelight search` as a fresh process ({e2e['queries']} keystroke queries, each program once per query, interleaved)")
        L.append("")
        L.append("| program | p50 | p90 | p99 |")
        L.append("|---|---|---|---|")
        rt = e2e.get("swift_runtime", {})
        for k in ["limelight search", "limelight search (other build)", "xapian-oneshot", "/bin/true (spawn cost)"]:
            if k in e2e:
                s = e2e[k]
                runtime = {"shared": "Swift runtime as shared libraries", "static": "`--static-swift-stdlib`"}
                label = {"xapian-oneshot": "minimal C++ open-and-query (`Benchmarks/raw-xapian/oneshot.cc`)",
                         "limelight search": f"`limelight --index DIR search QUERY` ({runtime.get(rt.get(k), '?')})",
                         "limelight search (other build)":
                             f"the same CLI, {runtime.get(rt.get(k), '?')}"}.get(k, k)
                L.append(f"| {label} | {ms(s['p50_ms'])} | {ms(s['p90_ms'])} | {ms(s['p99_ms'])} |")
        a, b = e2e.get("limelight search", {}), e2e.get("xapian-oneshot", {})
        L.append(f"| ratio Limelight ÷ C++ | {ratio(a.get('p50_ms'), b.get('p50_ms'))} | {ratio(a.get('p90_ms'), b.get('p90_ms'))} | "
                 f"{ratio(a.get('p99_ms'), b.get('p99_ms'))} |")
        c = e2e.get("limelight search (other build)")
        if c:
            L.append(f"| ratio, the other build ÷ C++ | {ratio(c['p50_ms'], b.get('p50_ms'))} | "
                     f"{ratio(c['p90_ms'], b.get('p90_ms'))} | {ratio(c['p99_ms'], b.get('p99_ms'))} |")
        L.append("")
        L.append("Wall time from `posix_spawn` to `waitpid` in a Python loop, output to /dev/null; the `/bin/true` row is that loop's own cost.")
        L.append("")
    sg = res.get("suggest")
    if sg:
        L.append(f"### Suggest ({sg['interactions']:,} interactions in the index)")
        L.append("")
        L.append("| what | n | p50 | p90 | p99 | max |")
        L.append("|---|---|---|---|---|---|")
        for k, label in [("all", "`suggest` in process (`Searcher.search`, empty query), all requests"),
                         ("no context", "… without a context"), ("with context", "… with one context")]:
            x = sg["groups"].get(k)
            if x:
                L.append(f"| {label} | {x['n']:,} | {ms(x['p50_ms'])} | {ms(x['p90_ms'])} | {ms(x['p99_ms'])} | {ms(x['max_ms'])} |")
        x = sg.get("e2e")
        if x:
            L.append(f"| `limelight suggest --at T [--context C] --json` as a fresh process "
                     f"({'`--static-swift-stdlib`' if x.get('swift_runtime') == 'static' else 'shared Swift runtime'}) | "
                     f"{x['n']:,} | {ms(x['p50_ms'])} | {ms(x['p90_ms'])} | {ms(x['p99_ms'])} | {ms(x['max_ms'])} |")
        L.append("")
        L.append("Requests: the time and contexts of every k-th interaction of the interaction file (about half have a "
                 "context), moved into the week after the last interaction (same weekday and time of day); top 10, "
                 "one warm-up pass. Every request returned suggestions"
                 + ("." if sg["empty"] == 0 else f" but {sg['empty']}."))
        L.append("")
    load = res["machine"].get("load")
    if load:
        L.append("Load average (1 min) at each step: " + "; ".join(f"{x['step']} {x['loadavg'].split()[0]}" for x in load) + ".")
        L.append("")
    return L


def targets(results):
    L = ["## Targets of issue 6", "", "| target | corpus | measured | met? |", "|---|---|---|---|"]
    for name, res in results.items():
        if name.endswith("smoke") and any(not k.endswith("smoke") for k in results):
            continue
        ll99 = g(res, "keystrokes", "limelight", "all", "p99_ms")
        l1 = g(res, "keystrokes", "limelight", "len1", "p99_ms")
        t99 = g(res, "keystrokes", "tantivy", "all", "p99_ms")
        t1 = g(res, "keystrokes", "tantivy", "len1", "p99_ms")
        r99 = g(res, "keystrokes", "raw-xapian", "all", "p99_ms")
        r1 = g(res, "keystrokes", "raw-xapian", "len1", "p99_ms")
        yes = lambda ok: "yes" if ok else "**no**"
        if ll99 and t99:
            L.append(f"| as-you-type p99 ≤ Tantivy's title-prefix p99 | {name} | {ms(ll99)} vs {ms(t99)} ms "
                     f"({ratio(ll99, t99)}); 1 letter {ms(l1)} vs {ms(t1)} | {yes(ll99 <= t99 and (l1 or 0) <= (t1 or 0))} |")
        if ll99 and r99:
            L.append(f"| as-you-type p99 ≤ 1.3× raw Xapian, same plan | {name} | {ratio(ll99, r99)} "
                     f"(1 letter {ratio(l1, r1)}) | {yes(ll99 <= 1.3 * r99 and (l1 or 0) <= 1.3 * (r1 or 1e9))} |")
        ing = res["ingest"]
        if name.startswith("debian") and "tantivy" in ing and "raw-xapian" in ing:
            li, ti, ri = ing["limelight"]["seconds"], ing["tantivy"]["seconds"], ing["raw-xapian"]["seconds"]
            L.append(f"| ingest ≤ 8× Tantivy's build | {name} | {li:.1f} s vs {ti:.1f} s ({ratio(li, ti)}) | {yes(li <= 8 * ti)} |")
            rn = ing.get("raw-xapian-nopos", {}).get("seconds")
            L.append(f"| ingest faster than raw Xapian (positions everywhere) | {name} | {li:.1f} s vs {ri:.1f} s ({ratio(li, ri)})"
                     + (f"; raw Xapian without positions {rn:.1f} s ({ratio(li, rn)})" if rn else "") + f" | {yes(li < ri)} |")
            ls, rs = res["size"].get("limelight"), res["size"].get("raw-xapian")
            L.append(f"| index no larger than raw Xapian's | {name} | {mib(ls)} vs {mib(rs)} ({ratio(ls, rs)}) | {yes(ls <= rs)} |")
        e2e = res.get("e2e") or {}
        if e2e:
            a, b = e2e["limelight search"]["p50_ms"], e2e["xapian-oneshot"]["p50_ms"]
            rt = e2e.get("swift_runtime", {})
            other = e2e.get("limelight search (other build)")
            extra = (f"; {rt.get('limelight search (other build)', 'other')} Swift runtime: {ms(other['p50_ms'])} ms "
                     f"({ratio(other['p50_ms'], b)})") if other else ""
            L.append(f"| `limelight search` fresh process ≤ 2× minimal C++ (p50) | {name} | "
                     f"{rt.get('limelight search', '')} Swift runtime: {ms(a)} vs {ms(b)} ms ({ratio(a, b)}){extra} | "
                     f"{yes(a <= 2 * b)}{' (other build: ' + yes(other['p50_ms'] <= 2 * b) + ')' if other else ''} |")
        sg = res.get("suggest")
        if sg:
            p99 = sg["groups"]["all"]["p99_ms"]
            L.append(f"| `suggest` p99 ≤ 10 ms at 1M interactions | {name} | {ms(p99)} ms (p50 {ms(sg['groups']['all']['p50_ms'])}; "
                     f"{p99 / 10:.2f}× the budget; {sg['interactions']:,} interactions) | {yes(p99 <= 10)} |")
        rb = res.get("rebuild")
        if rb and "limelight-interactions" in ing:
            peak = rb["peak_rss_kib"] / 1024
            L.append(f"| rebuild of 1M entities + 1M interactions ≤ 1 GiB peak RSS | {name} | {peak:.0f} MiB "
                     f"({peak / 1024:.2f}× 1 GiB) in {rb['seconds']:.0f} s ({rb['records']:,} records) | {yes(peak <= 1024)} |")
    # The context model's own run (make bench-suggest): the rows above may
    # predate it, and its suggestions cost more than the old scorer's.
    model = os.path.join(HERE, "results", "suggest", "suggest.json")
    if os.path.exists(model):
        with open(model) as f:
            m = json.load(f)
        p99 = m["suggest"]["p99_ms"]
        L.append(f"| `suggest` p99 ≤ 10 ms at 1M interactions, context model (issue 14) | synthetic, {m['big']['entities']:,} entities "
                 f"(`make bench-suggest`) | {p99:.2f} ms (p50 {m['suggest']['p50_ms']:.2f}; {p99 / 10:.2f}× the budget; load "
                 f"{m['load_before']:.1f}) | {'yes' if p99 <= 10 else '**no**'} |")
    L.append("")
    return L


# Where ANALYSIS.md explains an unmet target of issue 15, by query set.
# Where BENCHMARKS.md's issue 15 table points a target that is not met: the
# ANALYSIS.md section(s) whose profile explains that gap, by (corpus, query
# set, engine, percentile). Re-check them when the figures move.
ISSUE15_PROFILE = {
    ("debian", "keystrokes", "tantivy", "p50"): "§10 (1–4 letters: Limelight's own work, cut 3×), §2 (longer words: Xapian's matching)",
    ("debian", "keystrokes", "tantivy", "p99"): "§2 (broad words scored in full), §10",
    ("debian", "keystrokes", "raw-xapian", "p50"): "§10 (1–4 letters: the replay has almost nothing to do)",
    ("debian", "keystrokes", "raw-xapian", "p99"): "§10",
    ("debian", "fullword", "tantivy", "p50"): "§10 (lengths, cards and window in memory; what is left: Xapian's matching, scoring 50 candidates), §7",
    ("debian", "fullword", "tantivy", "p99"): "§10 (a broad complete word: its window in memory, the lighter matches skipped; what is left: walking its 30,000 postings), §7",
    ("debian", "fullword", "raw-xapian", "p50"): "§7 (full words)",
    ("debian", "fullword", "raw-xapian", "p99"): "§7 (full words)",
    ("synthetic", "keystrokes", "tantivy", "p50"): "§1, §10 (not re-measured)",
    ("synthetic", "keystrokes", "tantivy", "p99"): "§1",
    ("synthetic", "keystrokes", "raw-xapian", "p50"): "§1, §10 (not re-measured)",
    ("synthetic", "keystrokes", "raw-xapian", "p99"): "§1",
    ("synthetic", "fullword", "tantivy", "p50"): "§10 (lengths in memory: halved; the window in memory), §1, §7 (full words)",
    ("synthetic", "fullword", "tantivy", "p99"): "§10, §1, §7 (full words: BM25 over the window, unpruned)",
    ("synthetic", "fullword", "raw-xapian", "p50"): "§1, §7 (full words)",
    ("synthetic", "fullword", "raw-xapian", "p99"): "§1, §7 (full words)",
}
ISSUE15_TARGETS = [("Tantivy's", "tantivy", 1.0), ("1.3× raw Xapian, same plan", "raw-xapian", 1.3)]
ISSUE15_LABEL = {"keystrokes": "as-you-type", "fullword": "full-word"}


def issue15_targets(results):
    """Issue 15's speed targets: at or below Tantivy, and within 1.3x the raw
    floor running the same plan, at p50 and p99, as you type and on full words."""
    L = ["## Targets of issue 15", "",
         "Side by side in the runs above. Where a target is not met, the ANALYSIS section named says what the "
         "profile finds the gap made of.", "",
         "| target | corpus | measured | met? | profile |", "|---|---|---|---|---|"]
    for name, res in results.items():
        if name.endswith("smoke") and any(not k.endswith("smoke") for k in results):
            continue
        for qs in ["keystrokes", "fullword"]:
            for against, engine, factor in ISSUE15_TARGETS:
                for pct in ["p50", "p99"]:
                    a = g(res, qs, "limelight", "all", pct + "_ms")
                    b = g(res, qs, engine, "all", pct + "_ms")
                    if a is None or b is None:
                        continue
                    ok = a <= factor * b
                    where = "" if ok else ISSUE15_PROFILE.get((name, qs, engine, pct), "")
                    L.append(f"| {ISSUE15_LABEL[qs]} {pct} ≤ {against} | {name} | {ms(a)} vs {ms(b)} ms ({ratio(a, b)}) | "
                             f"{'yes' if ok else '**no**'} | {where} |")
    L.append("")
    L += issue15_remeasured(os.path.join(HERE, "results", "typing", "typing.json"), "Debian catalog", "debian")
    L += issue15_remeasured(os.path.join(HERE, "results", "typing", "synthetic-1m.json"), "synthetic 1M", "synthetic")
    return L


def issue15_remeasured(path, title, name):
    """The targets re-measured in process by Benchmarks/typing/bench.py on one
    corpus (Limelight before and after a change, each beside the replay of its
    own calls, and Tantivy, alternating), when that file exists."""
    if not os.path.exists(path):
        return []
    with open(path) as f:
        t = json.load(f)
    after, before = t["after"], t["before"]
    loads = t["loads"]
    L = [f"### Re-measured in process since that run ({title})", "",
         f"Not a `make bench` run: `{t['command']}` ({t['started']}; load average {loads[0]:.2f} at the start, "
         f"{max(loads):.2f} at most). Limelight at {after}" + (f", beside {before}" if before else "") +
         f" (each with the replay of its own recorded Xapian calls) and Tantivy, in process and warm, one pass of "
         f"each per round, alternating; medians over {t['rounds']} rounds of each round's percentile. "
         + ("What changed between the two builds, and what" if before else "What") +
         " the profile finds, is Benchmarks/ANALYSIS.md §10 and §11; the title pass measured since, §14.", "",
         "| target | " + (f"{before} | " if before else "") + f"{after} | met? | profile |",
         "|---|" + ("---|" if before else "") + "---|---|---|"]
    for qs in ["keystrokes", "fullword"]:
        s = t["sets"].get(qs)
        if not s:
            continue
        med = s["median_us"]
        for against, engine, factor in ISSUE15_TARGETS:
            for k, pct in [(0, "p50"), (2, "p99")]:  # median_us holds p50, p90, p99
                def cell(label):
                    a = med.get(f"limelight {label}", {}).get("all")
                    other = "tantivy" if engine == "tantivy" else f"raw Xapian replaying {label}"
                    b = med.get(other, {}).get("all")
                    if a is None or b is None:
                        return "–", None
                    return f"{ms(a[k] / 1000)} vs {ms(b[k] / 1000)} ms ({ratio(a[k], b[k])})", a[k] <= factor * b[k]
                now, ok = cell(after)
                was = cell(before)[0] if before else None
                where = "" if ok else ISSUE15_PROFILE.get((name, qs, engine, pct), "")
                L.append(f"| {ISSUE15_LABEL[qs]} {pct} ≤ {against} | " + (f"{was} | " if before else "") +
                         f"{now} | {'–' if ok is None else ('yes' if ok else '**no**')} | {where} |")
    s = t["sets"].get("keystrokes")
    if s:
        med = s["median_us"]
        engines = [e for e in [f"limelight {before}" if before else None, f"limelight {after}",
                               f"raw Xapian replaying {after}", "tantivy"] if e and e in med]
        L += ["", "As you type by kind of keystroke (p50 / p99, ms):", "",
              "| keystrokes | n | " + " | ".join(engines) + " |", "|---|---|" + "---|" * len(engines)]
        for grp, n in s["n"].items():
            if grp == "all":
                continue
            L.append(f"| {grp} | {n:,} | " + " | ".join(f"{ms(med[e][grp][0] / 1000)} / {ms(med[e][grp][2] / 1000)}"
                                                        for e in engines) + " |")
    L.append("")
    return L


def main():
    import argparse
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--results-dir", default=os.path.join(HERE, "results"))
    ap.add_argument("--out", default=os.path.join(ROOT, "BENCHMARKS.md"))
    args = ap.parse_args()
    results = load(args.results_dir)
    L = ["# Benchmarks", "",
         "Limelight side by side with the raw Xapian C++ API, SQLite FTS5 and Tantivy: same records, same queries, "
         "same machine, one run (issue 6). Generated by `Benchmarks/report.py` from `Benchmarks/results/*.json`; "
         "do not edit by hand (the analysis at the end comes from `Benchmarks/ANALYSIS.md`).", "",
         "```", "make bench        # Debian catalog (63k) + synthetic 1M entities / 1M interactions; rewrites this file",
         "make bench-smoke  # 5,000 Debian packages, ~200 queries, < 2 min; exits non-zero if something breaks", "```", ""]
    if not results:
        L.append("No results yet: run `make bench`.")
    else:
        any_res = next(iter(results.values()))
        m = any_res["machine"]
        L += ["## Machine", "", f"- CPU: {m['cpu']}, `nproc` = {m['nproc']}; kernel {m['kernel']}",
              f"- Xapian {m['xapian']}, SQLite {m['sqlite']}, Tantivy (PyPI) {m['tantivy']}, {m['swift']}",
              "- `free -h`:", "", "```", m["free_h"], "```", "",
              "The machine is shared with other work (2 cores): figures are from one run each and carry that noise "
              "(the load average at the start and end of each run is given with it). Latencies are in-process and warm, "
              "top 10 hits with titles fetched, unless said otherwise.", ""]
        for name, res in results.items():
            L.append(f"- {TITLE.get(name, name)}: `{res['command']}`")
        L.append("")
        L += targets(results)
        L += issue15_targets(results)
        L += ["## What each engine runs", "",
              "- **Limelight**: `Searcher.search` (LimelightKit's public API, at the commit named above). A query that is "
              "one word of 1–4 letters being typed reads two lists kept in the index metadata (`limelight.hot.first:<p>`, "
              "`limelight.hot.pre:<p>`: the best documents whose title, or a title word, starts with it), 40 of each, and "
              "each document's expiry (value 7) and result card (value 1); no Xapian query. Anything else: AND of the parsed "
              "complete words, AND (last word parsed if ≥ 3 letters OR its `XP` edge-prefix term — past 10 letters, the "
              "prefix term of its first 10); stemmed terms only (`STEM_ALL_Z`); AND_NOT expired. If its matches are at most 5,000 — by the sum or least of its terms' "
              "frequencies (one lookup each, `match_bound.h`), or where those leave it open by Xapian's upper bound "
              "(a match set of 0 items: the posting lists' sizes, no matching) —: AND_MAYBE OR(prior in value 0 ×1.5, usage boost in value 6 ×1.0), BM25 "
              "(k1 1.2, b 0.5), top 50. Above that (a *broad* query): BM25 alone within a window of the best static tiers "
              "(`XG` terms: the prior in hundredths and 16 parts of each by item hash) sized to hold about 20,000 of its "
              "matches — a lone word being typed, which weighs nothing, with boolean weighting, slice by slice in item "
              "order (a level, or each part of a level whose hits share one prior: `XG<level>=`) until 50 are found —, plus — if the window does not "
              "hold every match — its title matches (AND every typed "
              "word's `XP` term; scored fully up to 1,250, else in a window of 5,000), its matching apps and App Shortcuts, "
              "and the first 20 of the most-used and "
              "this-hour hot lists whose titles match. Every candidate is read through its card only (value 1, no "
              "document data); equal weights in item order (value 8). The benchmark's reader stays open, so from its first "
              "broad query on it reads values 0, 6 and 8 from memory (value columns, read once: the same answers). Inner "
              "words and initials of titles (`XM`, `XN` terms) when word starts leave the page part-empty; a one-edit typo "
              "retry and an OR retry (always scored fully) when nothing matches. The "
              "candidates are scored in Swift (title match, prior, usage, context), arranged like Spotlight (Top Hit, "
              "its App Shortcuts, the rest), 10 returned. The index has no positions.",
              raw_floor_note(results),
              "- **raw Xapian (PARTIAL)**: `QueryParser` with `FLAG_PARTIAL` (the last word expands to the 100 most frequent "
              "completions among the index's `Z` terms, with default prefix `Z`, as the index holds stemmed terms only), "
              "default operator AND, english stemmer, top 10 + data, on the same index.",
              "- **Tantivy**: PyPI `tantivy`; fields title/subtitle/description/keywords (`en_stem`, positions) and a "
              "`prefix` field holding the edge prefixes of the words as runs of letters and digits — Limelight's `XP` terms but for words Xapian keeps whole (`1.0`, `c++`, `at&t`), which Limelight's tokenizer keeps whole since issue 15; complete words over the four fields "
              "(boosts 4/2/1/3), last word = whole word OR prefix term; a last word longer than 10 letters is a regex over "
              "unstemmed title/keyword words; top 10, titles fetched.",
              "- **SQLite FTS5**: Python `sqlite3`, `fts5(title, subtitle, description, keywords, prefix='2 3', "
              "tokenize='unicode61')`; `\"w1\" AND (\"la\" OR {title keywords}: \"la\"*)`, `ORDER BY bm25(docs, 4, 2, 1, 3) "
              "LIMIT 10`, titles fetched.",
              "- Raw Xapian's index build (`bench.cc build`) makes the same documents as Limelight's `DocumentBuilder`: "
              "the same terms and wdf, value 0 (prior) and value 1 (the binary card), the record as data — checked with "
              "`xapian-delve` on the 5,000-package smoke corpus (every term with its wdf and termfreq, values 0 and 1 of "
              "every document identical) — once with positions for every text field (the issue's baseline) and once "
              "without (what Limelight indexes), with Xapian's default auto-flush. It does not keep Limelight's metadata "
              "lists. Limelight writes its batch in one transaction. Since issue 15 (schema 10) Limelight's edge prefixes keep "
              "what Xapian keeps inside a word (`libatk1.0`, `c++`) and `bench.cc` still splits such words in two, so "
              "the documents differ in those prefix terms (not yet ported).", ""]
        for name, res in results.items():
            L += corpus_section(name, res)
    serve = os.path.join(HERE, "results", "serve", "serve.md")  # make bench-serve (issue 13)
    if os.path.exists(serve):
        with open(serve) as f:
            L += [f.read().rstrip(), ""]
    model = os.path.join(HERE, "results", "suggest", "suggest.md")  # make bench-suggest (issue 14)
    if os.path.exists(model):
        with open(model) as f:
            L += [f.read().rstrip(), ""]
    shards = os.path.join(HERE, "results", "shards", "shards.md")  # make bench-shards (issue 16)
    if os.path.exists(shards):
        with open(shards) as f:
            L += [f.read().rstrip(), ""]
    analysis = os.path.join(HERE, "ANALYSIS.md")
    if os.path.exists(analysis):
        with open(analysis) as f:
            L += [f.read().rstrip(), ""]
    with open(args.out, "w") as f:
        f.write("\n".join(L) + "\n")
    print(f"report: wrote {os.path.relpath(args.out)} from {len(results)} result file(s)")


if __name__ == "__main__":
    main()
