#!/usr/bin/env python3
"""Self-check of the evaluation dev sets (Python 3.11, standard library only).

    python3 corpus/eval/check.py

- every file under replay/ and queries/ parses;
- replay logs: declarations before interactions, every app/intent/shortcut/entity
  reference resolves inside the same file, App Shortcut rules hold, interactions are
  in time order with the person's offset, counts and noise share are in range, the
  changes of habit and new items named in the .meta.json really happen;
- queries: every judged or targeted entity, shortcut (and its parameter) and app
  exists in the bundled corpus; every typo is exactly one edit away from its
  clean query and is not itself a corpus word;
- both generators reproduce the files on disk byte for byte (--check).
Exits non-zero on the first class of failure, printing what is wrong.
"""
import datetime as dt
import glob
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True
import gen_queries  # noqa: E402  (the corpus loader and tokenizer)

CONTEXT = re.compile(r"^[A-Za-z][A-Za-z0-9_-]*(\.[A-Za-z][A-Za-z0-9_-]*)*$")
errors = []


def fail(msg):
    errors.append(msg)


def load_jsonl(path):
    rows = []
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            try:
                rows.append(json.loads(line))
            except json.JSONDecodeError as e:
                fail(f"{path}:{n}: not JSON: {e}")
    return rows


def check_replay(path):
    name = os.path.basename(path)
    rows = load_jsonl(path)
    meta = json.load(open(path[:-len(".jsonl")] + ".meta.json", encoding="utf-8"))
    apps, intents, shortcuts, ents = set(), set(), {}, set()
    per_app = {}
    phase = 0                          # 0 declarations, 1 relevance, 2 interactions
    last = None
    targets_by_day = []
    entity_params = []
    for n, r in enumerate(rows, 1):
        where = f"{name}:{n}"
        k = r.get("kind")
        order = {"app": 0, "intent": 0, "shortcut": 0, "entity": 0, "relevance": 1, "interaction": 2}
        if k not in order:
            fail(f"{where}: unknown kind {k!r}")
            continue
        if order[k] < phase:
            fail(f"{where}: {k} after {['declarations', 'relevance', 'interactions'][phase]}")
        phase = max(phase, order[k])
        app = r.get("app")
        if k != "app" and app not in apps:
            fail(f"{where}: app {app!r} not declared before use")
        if k == "app":
            apps.add(app)
        elif k == "intent":
            intents.add((app, r["id"]))
            for p in r.get("parameters", []):
                if not {"name", "type"} <= set(p):
                    fail(f"{where}: intent parameter needs name and type")
        elif k == "entity":
            ents.add((app, r["type"], r["id"]))
            if not r.get("title"):
                fail(f"{where}: entity without title")
        elif k == "shortcut":
            per_app[app] = per_app.get(app, 0) + 1
            shortcuts[(app, r["id"])] = r
            if (app, r["intent"]) not in intents:
                fail(f"{where}: shortcut intent {r['intent']!r} not declared")
            for ph in r["phrases"]:
                if "${applicationName}" not in ph:
                    fail(f"{where}: phrase without ${{applicationName}}: {ph!r}")
            p = r.get("parameter")
            if p:
                if set(p) not in ({"name", "type"}, {"name", "type", "cases"}):
                    fail(f"{where}: parameter must be {{name,type}} or {{name,type,cases}}")
                if "cases" in p:
                    if not all(set(c) == {"id", "title"} for c in p["cases"]):
                        fail(f"{where}: each case is {{id,title}}")
                else:
                    entity_params.append((where, app, p["type"]))
                for ph in r["phrases"]:
                    for ph_name in re.findall(r"\$\{(\w+)\}", ph):
                        if ph_name not in ("applicationName", p["name"]):
                            fail(f"{where}: phrase placeholder ${{{ph_name}}} is not the parameter")
        elif k == "relevance":
            if r.get("op") != "update" or not CONTEXT.match(r.get("context", "")):
                fail(f"{where}: relevance must be op update with a well-formed context")
            for e in r["entities"]:
                if not e.get("title") or (app, e["type"], e["id"]) not in ents:
                    fail(f"{where}: relevance entity must be a full, declared entity record")
        else:
            if "intent" in r and (app, r["intent"]) not in intents:
                fail(f"{where}: intent {r['intent']!r} not declared")
            if "shortcut" in r:
                sc = shortcuts.get((app, r["shortcut"]))
                if not sc:
                    fail(f"{where}: shortcut {r['shortcut']!r} not declared")
                elif r.get("intent") != sc["intent"]:
                    fail(f"{where}: interaction intent differs from its shortcut's intent")
            for e in r.get("entities", []):
                if (app, e["type"], e["id"]) not in ents:
                    fail(f"{where}: entity {e} not declared")
            for c in r.get("context", []):
                if not CONTEXT.match(c):
                    fail(f"{where}: bad context {c!r}")
            t = dt.datetime.fromisoformat(r["at"])
            if not r["at"].endswith(meta["utcOffset"]):
                fail(f"{where}: offset is not the person's {meta['utcOffset']}")
            if last and t < last:
                fail(f"{where}: interactions out of time order")
            last = t
            if r.get("entities"):
                tg = {"kind": "entity", "app": app, "type": r["entities"][0]["type"], "id": r["entities"][0]["id"]}
            elif r.get("shortcut"):
                tg = {"kind": "shortcut", "app": app, "id": r["shortcut"]}
            else:
                tg = {"kind": "app", "app": app}
            targets_by_day.append((t.date().isoformat(), json.dumps(tg, sort_keys=True)))
    for where, app, type_ in entity_params:
        if (app, type_) not in {(a, t) for a, t, _ in ents}:
            fail(f"{where}: parameter type {type_!r} is no entity type of {app}")
    if any(v > 10 for v in per_app.values()):
        fail(f"{name}: more than 10 shortcuts in an app")
    n = len(targets_by_day)
    weeks = (dt.date.fromisoformat(meta["end"]) - dt.date.fromisoformat(meta["start"])).days / 7
    if not (1000 <= n <= 4000) or n != meta["interactions"]:
        fail(f"{name}: {n} interactions (meta says {meta['interactions']})")
    if not (8 <= weeks <= 12):
        fail(f"{name}: {weeks} weeks")
    if not (0.20 <= meta["noiseShare"] <= 0.30):
        fail(f"{name}: noise share {meta['noiseShare']}")
    for h in meta["habitChanges"]:
        old, new = json.dumps(h["old"], sort_keys=True), json.dumps(h["new"], sort_keys=True)
        before = [d for d, t in targets_by_day if d < h["from"]]
        old_before = sum(1 for d, t in targets_by_day if d < h["from"] and t == old)
        new_before = sum(1 for d, t in targets_by_day if d < h["from"] and t == new)
        old_after = sum(1 for d, t in targets_by_day if d >= h["from"] and t == old)
        new_after = sum(1 for d, t in targets_by_day if d >= h["from"] and t == new)
        if not before or old_before <= new_before or new_after <= old_after:
            fail(f"{name}: habit change {h['what']!r} does not show in the log "
                 f"(old {old_before}->{old_after}, new {new_before}->{new_after})")
    for it in meta["newItems"]:
        t = json.dumps(it["target"], sort_keys=True)
        days = [d for d, x in targets_by_day if x == t]
        if not days or days[0] < it["from"] or days[0] == meta["start"]:
            fail(f"{name}: new item {it['what']!r} is not new (first use {days[:1]})")
    return n


def one_edit(a, b):
    """Damerau-Levenshtein distance exactly 1 (adjacent transposition counts 1)."""
    if a == b:
        return False
    if len(a) == len(b):
        diff = [i for i in range(len(a)) if a[i] != b[i]]
        return len(diff) == 1 or (len(diff) == 2 and diff[1] == diff[0] + 1 and
                                  a[diff[0]] == b[diff[1]] and a[diff[1]] == b[diff[0]])
    if abs(len(a) - len(b)) != 1:
        return False
    s, l = (a, b) if len(a) < len(b) else (b, a)
    i = 0
    while i < len(s) and s[i] == l[i]:
        i += 1
    return s[i:] == l[i + 1:]


def target_ok(corpus, t):
    if t["kind"] == "entity":
        return (t["app"], t["type"], t["id"]) in corpus.entities
    if t["kind"] == "shortcut":
        sc = corpus.shortcuts.get((t["app"], t["id"]))
        if not sc:
            return False
        if "parameter" in t:
            p = sc.get("parameter") or {}
            if p.get("type") != t["parameter"]["type"]:
                return False
            if "cases" in p:
                return t["parameter"]["id"] in [c["id"] for c in p["cases"]]
            return (t["app"], p["type"], t["parameter"]["id"]) in corpus.entities
        return True
    return t["kind"] == "app" and t["app"] in corpus.apps


def check_queries():
    corpus = gen_queries.Corpus()
    qd = os.path.join(HERE, "queries")
    graded = load_jsonl(os.path.join(qd, "graded.jsonl"))
    for g in graded:
        if not g["query"].strip() or not g["relevant"]:
            fail(f"graded: empty query or judgments: {g}")
        for r in g["relevant"]:
            if r["grade"] not in (1, 2, 3) or not target_ok(corpus, r):
                fail(f"graded {g['query']!r}: bad judgment {r}")
    typos = load_jsonl(os.path.join(qd, "typos.jsonl"))
    for t in typos:
        if t["edit"] not in ("insertion", "deletion", "substitution", "transposition"):
            fail(f"typos {t['query']!r}: bad edit kind")
        if not target_ok(corpus, t["target"]):
            fail(f"typos {t['query']!r}: target does not exist")
        if not one_edit(t["original"], t["query"]):
            fail(f"typos {t['query']!r}: not one edit from {t['original']!r}")
        qw, ow = t["query"].split(), t["original"].split()
        changed = [w for w, o in zip(qw, ow) if w != o]
        if len(qw) != len(ow) or len(changed) != 1 or changed[0] in corpus.vocab:
            fail(f"typos {t['query']!r}: the typo must change one word into a non-word")
    keys = load_jsonl(os.path.join(qd, "keystrokes.jsonl"))
    for k in keys:
        if not k["title"].strip() or not target_ok(corpus, k["target"]):
            fail(f"keystrokes {k}: empty title or unknown target")
    if len(graded) < 60 or len(typos) < 150 or len(keys) < 300:
        fail(f"too few queries: {len(graded)} graded, {len(typos)} typos, {len(keys)} keystrokes")
    return len(graded), len(typos), len(keys)


def main():
    counts = {}
    for path in sorted(glob.glob(os.path.join(HERE, "replay", "*.jsonl"))):
        counts[os.path.basename(path)] = check_replay(path)
    if len(counts) < 5:
        fail(f"only {len(counts)} replay logs")
    g, t, k = check_queries()
    for script in ("gen_replay.py", "gen_queries.py"):
        p = subprocess.run([sys.executable, "-B", os.path.join(HERE, script), "--check"],
                           capture_output=True, text=True)
        if p.returncode != 0:
            fail(f"{script} --check: files differ from a fresh run\n{p.stderr}")
    for name, n in counts.items():
        print(f"replay/{name}: {n} interactions")
    print(f"queries: {g} graded, {t} typos, {k} keystroke targets")
    if errors:
        print("\n".join(errors[:50]), file=sys.stderr)
        print(f"{len(errors)} problem(s)", file=sys.stderr)
        return 1
    print("ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
