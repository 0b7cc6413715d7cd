#!/usr/bin/env python3
"""Generate Limelight's query dev sets over the bundled corpus (corpus/*.jsonl).

Deterministic: Python 3.11 standard library only, fixed seeds, no clock, no set
iteration in any output order.  Writes, next to this script:

    queries/graded.jsonl      hand-judged graded-relevance queries (nDCG@10); the
                              judgments are the GRADED table below, checked
                              against the corpus on every run
    queries/typos.jsonl       one-edit typos of entity titles and app names
                              (typo recall@5), generated from the corpus
    queries/keystrokes.jsonl  titles to type, letter by letter, for the
                              keystrokes-to-top-hit measure

Usage:  python3 corpus/eval/gen_queries.py [--check]
        --check  regenerate in memory and fail if the files on disk differ
                 (or if a judged id no longer exists in the corpus)
"""
import json
import os
import random
import re
import sys
import unicodedata

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.dirname(HERE)
OUT = os.path.join(HERE, "queries")
SEED = "limelight-eval-queries-v1"
APP_FILES = ["trails", "travel", "music", "calendar", "memos", "meditation", "mail"]


def dumps(obj):
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


# ------------------------------------------------------------------ corpus
class Corpus:
    def __init__(self):
        self.apps = {}            # app id -> record
        self.entities = {}        # (app, type, id) -> record
        self.shortcuts = {}       # (app, id) -> record
        self.records = []
        for name in APP_FILES:
            with open(os.path.join(CORPUS, name + ".jsonl"), encoding="utf-8") as f:
                for line in f:
                    r = json.loads(line)
                    self.records.append(r)
                    if r["kind"] == "app":
                        self.apps[r["app"]] = r
                    elif r["kind"] == "entity":
                        self.entities[(r["app"], r["type"], r["id"])] = r
                    elif r["kind"] == "shortcut":
                        self.shortcuts[(r["app"], r["id"])] = r
        self.vocab = set()
        for r in self.records:
            for s in strings(r):
                self.vocab.update(tokens(s))
        self.vocab_sorted = sorted(self.vocab)

    def is_vocab_prefix(self, p):
        """Is p a prefix of some corpus word (binary search in the sorted vocabulary)?"""
        lo, hi = 0, len(self.vocab_sorted)
        while lo < hi:
            mid = (lo + hi) // 2
            if self.vocab_sorted[mid] < p:
                lo = mid + 1
            else:
                hi = mid
        return lo < len(self.vocab_sorted) and self.vocab_sorted[lo].startswith(p)


SKIP_KEYS = {"kind", "app", "type", "id", "symbol", "stableId", "email"}


def strings(v, key=None):
    """Every human-readable string in a record (ids and other machine keys left out)."""
    if isinstance(v, str):
        if key not in SKIP_KEYS:
            yield v
    elif isinstance(v, list):
        for x in v:
            yield from strings(x, key)
    elif isinstance(v, dict):
        for k in sorted(v):
            yield from strings(v[k], k)


def fold_latin(s):
    """Drop diacritics from Latin letters only (Hangul must not be decomposed)."""
    out = []
    for ch in s:
        if ord(ch) < 0x250 or 0x1E00 <= ord(ch) <= 0x1EFF:
            d = unicodedata.normalize("NFD", ch)
            out.append("".join(c for c in d if not unicodedata.combining(c)))
        else:
            out.append(ch)
    return "".join(out)


def tokens(s):
    s = fold_latin(s).casefold().replace("\u2019", "'")
    return [t for t in re.split(r"[^\w']+", s) if t.strip("'")]


CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\u1100-\u11ff]")


def entity_target(e):
    return {"kind": "entity", "app": e["app"], "type": e["type"], "id": e["id"]}


def app_target(app):
    return {"kind": "app", "app": app}


# ------------------------------------------------------------------ typing
TYPED = {"\u2013": "-", "\u2014": "-", "\u2019": "'", "\u2018": "'", "\u201c": '"', "\u201d": '"',
         "\u2192": " ", "\u00b7": " ", "\u00d7": "x", "\u00b2": "2", "\u2026": "...",
         "\u0153": "oe", "\u0152": "OE", "\u00e6": "ae", "\u00c6": "AE", "\u00df": "ss", "\u00f8": "o",
         "\u00d8": "O", "\u0142": "l", "\u00fe": "th", "\u00de": "Th", "\u00f0": "d"}


def as_typed(title):
    """The title as a person types it on a US keyboard (CJK is left to the IME)."""
    s = "".join(TYPED.get(c, c) for c in title)
    s = fold_latin(s)
    return re.sub(r"\s+", " ", s).strip()


# ------------------------------------------------------------------ typos
QWERTY = ["qwertyuiop", "asdfghjkl", "zxcvbnm"]
NEIGHBORS = {}
for _r, _row in enumerate(QWERTY):
    for _c, _ch in enumerate(_row):
        nb = []
        for rr, cols in ((_r - 1, (_c, _c + 1)), (_r, (_c - 1, _c + 1)), (_r + 1, (_c - 1, _c))):
            if 0 <= rr < len(QWERTY):
                nb.extend(QWERTY[rr][cc] for cc in cols if 0 <= cc < len(QWERTY[rr]))
        NEIGHBORS[_ch] = "".join(nb)


def query_words(title):
    """The words a person types for a title: lower case, edge punctuation dropped."""
    out = []
    for w in as_typed(title).casefold().split():
        w = w.strip(".,:;!?()[]{}\"#@")
        if w and any(c.isalnum() for c in w):
            out.append(w)
    return out


def mutate(word, op, rng, at_first):
    """One Damerau edit of `word` (ASCII letters): returns (typo, position) or None.
    at_first: the edit touches the first letter; otherwise it never does."""
    n = len(word)
    for _ in range(20):
        if op == "deletion":
            p = 0 if at_first else rng.randrange(1, n)
            t = word[:p] + word[p + 1:]
        elif op == "insertion":
            p = 0 if at_first else rng.randrange(1, n + 1)
            base = word[max(p - 1, 0)]
            ch = rng.choice([base, rng.choice(NEIGHBORS.get(base, "e"))])
            t = word[:p] + ch + word[p:]
        elif op == "substitution":
            p = 0 if at_first else rng.randrange(1, n)
            nb = NEIGHBORS.get(word[p], "")
            if not nb:
                continue
            t = word[:p] + rng.choice(nb) + word[p + 1:]
        else:  # transposition
            p = 0 if at_first else rng.randrange(1, n - 1)
            if word[p] == word[p + 1]:
                continue
            t = word[:p] + word[p + 1] + word[p] + word[p + 2:]
        if t != word and len(t) >= 4:
            return t, p
    return None


def build_typos(corpus):
    rng = random.Random(SEED + "/typos")
    # all titles (entities, app names, synonyms) as folded token lists, for ambiguity checks
    titles = []
    for e in corpus.entities.values():
        titles.append(tokens(e["title"]))
    for a in corpus.apps.values():
        titles.append(tokens(a["name"]))
        for s in a["synonyms"]:
            titles.append(tokens(s))
    title_count = {}
    for e in corpus.entities.values():
        k = " ".join(tokens(e["title"]))
        title_count[k] = title_count.get(k, 0) + 1

    exact_titles = [(e["title"], entity_target(e)) for e in corpus.entities.values()]
    for a in corpus.apps.values():
        exact_titles += [(n, app_target(a["app"])) for n in [a["name"]] + a["synonyms"]]

    def matches(words):
        head, last = words[:-1], words[-1]
        n = 0
        for tt in titles:
            if all(w in tt for w in head) and any(t.startswith(last) for t in tt):
                n += 1
        return n

    candidates = []   # (stratum, text, target)
    for key in sorted(corpus.entities):
        e = corpus.entities[key]
        if CJK.search(e["title"]) or title_count[" ".join(tokens(e["title"]))] > 1:
            continue
        candidates.append((e["app"].split(".")[-1] + ":" + e["type"], e["title"], entity_target(e)))
    names = {}
    for a in sorted(corpus.apps):
        r = corpus.apps[a]
        for n in [r["name"]] + r["synonyms"]:
            names.setdefault(" ".join(tokens(n)), []).append((n, a))
    for k in sorted(names):
        if len(names[k]) == 1 and k not in title_count:
            n, a = names[k][0]
            candidates.append(("app", n, app_target(a)))

    plan = []          # (op, where) in a fixed rotation
    ops = ["deletion", "insertion", "substitution", "transposition"]
    wheres = ["first", "first", "later", "prefix", "first", "later"]
    strata = {}
    for c in candidates:
        strata.setdefault(c[0], []).append(c)
    order = sorted(strata)
    for s in order:
        rng.shuffle(strata[s])
    out, seen_targets, i = [], set(), 0
    want = 200
    cursor = {s: 0 for s in order}
    guard = 0
    while len(out) < want and guard < 20000:
        guard += 1
        s = order[guard % len(order)]
        if cursor[s] >= len(strata[s]):
            continue
        _, text, target = strata[s][cursor[s]]
        cursor[s] += 1
        tkey = dumps(target)
        if tkey in seen_targets:
            continue
        op = ops[i % 4]
        where = wheres[(i // 4) % len(wheres)]
        words = query_words(text)
        if not words:
            continue
        # the shortest leading run of words that narrows the corpus to <= 3 titles
        k = None
        for kk in range(min(2, len(words)), len(words) + 1):
            if matches([w for w in words[:kk]]) <= 3:
                k = kk
                break
        if k is None:
            continue
        q = words[:k]
        # another item titled exactly like the clean query would be the right answer instead
        if any(tokens(t) == tokens(" ".join(q)) and dumps(tg) != tkey for t, tg in exact_titles):
            continue
        if where == "prefix":
            last = q[-1]
            if not (last.isascii() and last.isalpha() and len(last) >= 7):
                continue
            cut = rng.randrange(5, len(last))
            q = q[:-1] + [last[:cut]]
            if matches(q) > 3:
                continue
            wi = len(q) - 1
        elif where == "later":
            idx = [j for j in range(1, len(q)) if q[j].isascii() and q[j].isalpha() and len(q[j]) >= 4]
            if not idx:
                continue
            wi = rng.choice(idx)
        else:
            if not (q[0].isascii() and q[0].isalpha() and len(q[0]) >= 4):
                continue
            wi = 0
        m = mutate(q[wi], op, rng, at_first=(i % 10 == 9))
        if m is None:
            continue
        typo, pos = m
        is_last = wi == len(q) - 1
        if typo in corpus.vocab or (is_last and corpus.is_vocab_prefix(typo)):
            continue
        query = " ".join(q[:wi] + [typo] + q[wi + 1:])
        out.append({"query": query, "target": target, "edit": op,
                    "original": " ".join(q), "title": text, "word": wi,
                    "position": pos, "prefix": where == "prefix"})
        seen_targets.add(tkey)
        i += 1
    return out


# ------------------------------------------------------------------ keystrokes
def build_keystrokes(corpus):
    rng = random.Random(SEED + "/keystrokes")
    typed_count = {}
    for e in corpus.entities.values():
        k = as_typed(e["title"]).casefold()
        typed_count[k] = typed_count.get(k, 0) + 1
    for a in corpus.apps.values():
        for n in [a["name"]] + a["synonyms"]:     # a title equal to an app's name or synonym is ambiguous
            k = as_typed(n).casefold()
            typed_count[k] = typed_count.get(k, 0) + 1
    strata, cjk = {}, []
    for key in sorted(corpus.entities):
        e = corpus.entities[key]
        if typed_count[as_typed(e["title"]).casefold()] > 1:
            continue
        if CJK.search(e["title"]):
            cjk.append(e)
        else:
            strata.setdefault((e["app"], e["type"]), []).append(e)
    total = sum(len(v) for v in strata.values())
    picked = []
    for s in sorted(strata):
        pool = strata[s]
        rng.shuffle(pool)
        n = max(3, round(240 * len(pool) / total))
        picked.extend(pool[:n])
    rng.shuffle(cjk)
    picked.extend(sorted(cjk[:80], key=lambda e: (e["app"], e["type"], e["id"])))
    out = []
    for a in sorted(corpus.apps):
        r = corpus.apps[a]
        if typed_count[as_typed(r["name"]).casefold()] == 1:
            out.append({"title": as_typed(r["name"]), "target": app_target(a),
                        "original": r["name"], "script": "latin"})
    for e in sorted(picked, key=lambda e: (e["app"], e["type"], e["id"])):
        out.append({"title": as_typed(e["title"]), "target": entity_target(e), "original": e["title"],
                    "script": "cjk" if CJK.search(e["title"]) else "latin"})
    return out


# ------------------------------------------------------------------ graded judgments
# Hand-judged by reading the corpus records (title, subtitle, keywords, description).
# 3 = the thing meant, 2 = clearly relevant, 1 = marginal; anything unlisted is 0.
def E(app, type_, id_, grade):
    return {"kind": "entity", "app": "com.example." + app, "type": type_, "id": id_, "grade": grade}


def S(app, id_, grade, ptype=None, pid=None):
    r = {"kind": "shortcut", "app": "com.example." + app, "id": id_, "grade": grade}
    if ptype:
        r["parameter"] = {"type": ptype, "id": pid}
    return r


def A(app, grade):
    return {"kind": "app", "app": "com.example." + app, "grade": grade}


def T(id_, g): return E("trails", "TrailEntity", id_, g)
def TC(id_, g): return E("trails", "CollectionEntity", id_, g)
def L(id_, g): return E("travel", "LandmarkEntity", id_, g)
def LC(id_, g): return E("travel", "CollectionEntity", id_, g)
def P(id_, g): return E("travel", "PhotoEntity", id_, g)
def PL(id_, g): return E("music", "PlaylistEntity", id_, g)
def SO(id_, g): return E("music", "SongEntity", id_, g)
def EV(id_, g): return E("calendar", "EventEntity", id_, g)
def CA(id_, g): return E("calendar", "CalendarEntity", id_, g)
def ME(id_, g): return E("memos", "MemoEntity", id_, g)
def SE(id_, g): return E("meditation", "SessionEntity", id_, g)
def MB(id_, g): return E("mail", "MailboxEntity", id_, g)
def MS(id_, g): return E("mail", "MessageEntity", id_, g)


def PH(keyword, g):
    """Every travel photo tagged `keyword` (a rule, expanded against the corpus; an
    explicit judgment of the same photo in the same query wins)."""
    return {"rule": "photos-with-keyword", "keyword": keyword, "grade": g}


def PHL(landmarks, g):
    """Every travel photo of one of these landmarks (its `landmark` property), as a rule."""
    return {"rule": "photos-of-landmark", "landmarks": list(landmarks), "grade": g}


RUNNING_PLAYLISTS = ["tempo-run", "long-run-sunday", "5k-intervals", "negative-splits", "hill-repeats",
                     "recovery-jog", "marathon-pace", "trail-run-mix", "kpop-running"]
WATERFALL_HIKES = ["pfeiffer-falls", "mcway-falls", "saratoga-gap", "berry-creek-falls", "mist-trail",
                   "eagle-lake", "sky-pond", "hanging-lake", "fairy-falls", "multnomah-wahkeena", "kalalau",
                   "old-mans-cave", "partnachklamm", "koenigssee-obersee", "plitvice-route-c",
                   "levada-25-fontes", "fimmvorduhals", "mitake-okutama", "blue-mountains-grand-canyon"]
JAZZ_SONGS = ["wires-in-the-avenue", "the-lucky-cathedral", "wires-in-the-fever", "machine-season", "heartbeat",
              "where-the-cathedral-go", "sweet-mountains-endless-mix", "the-sweet-river", "drive-me-again",
              "tell-me-again"]
TRACK_NIGHTS = ["track-night-202611%02d" % d for d in (3, 10, 17, 24)] + \
               ["track-night-202612%02d" % d for d in (1, 8, 15, 22)]
LUNCH_LEARNS = ["lunch-learn-20261106", "lunch-learn-xapian-20261113", "lunch-learn-20261120",
                "lunch-learn-20261204", "lunch-learn-20261211", "lunch-learn-20261218"]
SWIFT_SERVER = ["msg-20261020-070031", "msg-20261027-070058", "msg-20261103-070008",
                "msg-20261110-070059", "msg-20261117-070041", "msg-20261124-070046"]
EIFFEL_PHOTOS = ["img-20230414-095301", "img-20230414-101112", "img-20230414-111625", "img-20230414-114644"]
GG_PHOTOS = ["img-20250704-100101", "img-20250704-100908", "img-20250704-102913"]
SAGRADA_PHOTOS = ["img-20250321-111119", "img-20250321-115828", "img-20250321-123248"]
PINOS_PHOTOS = ["img-20250706-124724", "img-20250706-133718", "img-20250706-141255"]
FUJI5_PHOTOS = ["img-20251116-084552", "img-20251116-104650", "img-20251116-125314", "img-20251116-145746"]
MS_SESSION = "MeditationSession"

GRADED = [
    # ---- exact titles
    ("exact", "Monterey Bay Coastal Trail", [T("monterey-bay", 3), T("monterey-pine-forest", 1)]),
    ("exact", "Golden Gate Bridge", [L("golden-gate-bridge", 3)] + [P(p, 2) for p in GG_PHOTOS] + [T("lands-end", 1)]),
    ("exact", "Half Dome via John Muir Trail", [T("half-dome", 3)]),
    ("exact", "Body Scan for Sleep", [SE("body-scan-sleep", 3), SE("sleep-body-scan-ko", 2), SE("wake-up-body-scan", 1)]),
    ("exact", "Eiffel Tower", [L("eiffel-tower", 3)] + [P(p, 2) for p in EIFFEL_PHOTOS] + [L("tokyo-tower", 1)]),
    ("exact", "Lucky", [SO("lucky", 3), SO("the-lucky-cathedral", 1), SO("lucky-ocean-distant-mix", 1)]),
    ("exact", "Negative Splits", [PL("negative-splits", 3), ME("race-day-reflections", 1)]),
    ("exact", "Rainy Day Jazz", [PL("rainy-day-jazz", 3), TC("rainy-day-forests", 1)]),
    ("exact", "Inbox", [MB("inbox", 3), A("mail", 2)]),
    ("exact", "Mindful Coffee", [SE("coffee-meditation", 3), PL("morning-coffee", 1), A("meditation", 1)]),
    ("exact", "Thanksgiving Dinner", [PL("thanksgiving-dinner", 3), EV("thanksgiving-dinner-20261126", 2),
                                      EV("thanksgiving-day-20261126", 1), MS("msg-20261110-192227", 1),
                                      ME("call-mom-about-thanksgiving", 1)]),
    ("exact", "Cannery Row", [L("cannery-row", 3), PH("steinbeck", 2), T("monterey-bay", 1)]),
    ("exact", "Sunday Yoga at Studio 8", [EV("sunday-yoga-202611%02d" % d, 3) for d in (1, 8, 15, 22, 29)] +
     [EV("sunday-yoga-202612%02d" % d, 3) for d in (6, 13, 20)]),
    # ---- partial titles and prefixes as typed
    ("prefix", "monterey ba", [T("monterey-bay", 3)]),
    ("partial", "monterey", [T("monterey-bay", 2), T("monterey-pine-forest", 2), L("cannery-row", 1),
                             MS("msg-20261112-102057", 1)]),
    ("prefix", "half do", [T("half-dome", 3)]),
    ("partial", "sagrada", [L("sagrada-familia", 3)] + [P(p, 2) for p in SAGRADA_PHOTOS]),
    ("prefix", "negative sp", [PL("negative-splits", 3)]),
    ("prefix", "lunch & learn x", [EV("lunch-learn-xapian-20261113", 3), MS("msg-20261102-131000", 2)]),
    ("partial", "lunch and learn", [EV(e, 2) for e in LUNCH_LEARNS] +
     [ME("ideas-for-lunch-and-learn", 2), MS("msg-20261111-101052", 1), MS("msg-20261102-131000", 1)]),
    ("partial", "swift server", [MS(m, 2) for m in SWIFT_SERVER]),
    ("prefix", "big sur fav", [TC("big-sur-favorites", 3)]),
    ("prefix", "track ni", [EV(e, 2) for e in TRACK_NIGHTS] + [MS("msg-20261116-120048", 2)]),
    ("prefix", "deep sl", [PL("deep-sleep-piano", 3), SE("yoga-nidra", 1)]),
    ("prefix", "pfeif", [T("pfeiffer-falls", 3)]),
    ("partial", "northwind", [EV("northwind-call-20261110", 3), MS("msg-20261106-090510", 3),
                              MS("msg-20261120-141210", 3), ME("customer-call-notes", 1)]),
    ("partial", "big sur half", [EV("big-sur-half-20261108", 3), MS("msg-20261108-174501", 2),
                                 MS("msg-20261105-180035", 2), MS("msg-20261103-073042", 2),
                                 ME("race-day-reflections", 1), MS("msg-20260901-070037", 1)]),
    ("prefix", "kinkaku", [L("kinkaku-ji", 3), PH("golden pavilion", 2)]),
    # ---- keywords and topics
    ("topic", "coast bike trail", [T("monterey-bay", 3), T("wilder-ranch", 3), T("tennessee-valley", 2),
                                   TC("coastal-walks", 1)]),
    ("topic", "running playlist", [PL(p, 3) for p in RUNNING_PLAYLISTS]),
    ("topic", "waterfall hikes", [TC("waterfall-hikes", 3)] + [T(t, 2) for t in WATERFALL_HIKES] +
     [MS("msg-20261105-060017", 1)]),
    ("topic", "sleep meditation", [S("meditation", "start-meditation", 3, MS_SESSION, "sleep")] +
     [SE(s, 2) for s in ["body-scan-sleep", "yoga-nidra", "ocean-sleep-story", "rainfall-sleep",
                         "counting-down-to-sleep", "cant-sleep", "nemuri-ja", "shuiqian-fangsong",
                         "sleep-body-scan-ko"]] +
     [SE("wind-down", 1), SE("kids-bedtime", 1), ME("meditation-insight", 1)]),
    ("topic", "thanksgiving", [EV("thanksgiving-day-20261126", 3), EV("thanksgiving-dinner-20261126", 3),
                               EV("day-after-thanksgiving-20261127", 2), PL("thanksgiving-dinner", 2),
                               ME("call-mom-about-thanksgiving", 2), ME("groceries-for-thanksgiving", 2),
                               ME("thanksgiving-toast", 2), MS("msg-20261110-192227", 2),
                               MS("msg-20261111-084016", 2), ME("pie-timing", 1), MS("msg-20261119-060039", 1)]),
    ("topic", "xapian", [EV("lunch-learn-xapian-20261113", 3), MS("msg-20261020-104124", 3),
                         MS("msg-20261102-131000", 2), ME("reading-list", 1)]),
    ("topic", "typo tolerance", [EV("lunch-learn-20261120", 3), ME("typo-tolerance-edge-cases", 3),
                                 MS("msg-20261106-053004", 3)]),
    ("topic", "kyoto temple", [L("kiyomizu-dera", 3), L("kinkaku-ji", 3), T("daimonji", 2), L("fushimi-inari", 2),
                               T("fushimi-inari-summit", 1), L("arashiyama-bamboo", 1), LC("kyoto-autumn", 1)]),
    ("topic", "jazz", [PL("rainy-day-jazz", 3)] + [SO(s, 2) for s in JAZZ_SONGS] +
     [PL("morning-coffee", 1), PL("holiday-lights", 1)]),
    ("topic", "lighthouse", [L("point-pinos-lighthouse", 3)] + [P(p, 2) for p in PINOS_PHOTOS] +
     [SE("ocean-sleep-story", 2), T("rubicon-trail", 1), T("seven-sisters", 1)]),
    ("topic", "dentist", [EV("dentist-20261106", 3), ME("reminder-call-the-dentist", 2), MS("msg-20261104-090049", 2)]),
    ("topic", "great wall", [L("great-wall-badaling", 3), T("jiankou-mutianyu", 3), PH("badaling", 2)]),
    ("topic", "otters", [T("monterey-bay", 3), MS("msg-20261101-201553", 2), ME("aquarium-with-mia", 1),
                         ME("mias-bedtime-story", 1), ME("ideas-for-mias-birthday-party", 1),
                         MS("msg-20260927-201006", 1), ME("christmas-list", 1)]),
    ("topic", "coffee", [PL("morning-coffee", 2), PL("code-and-coffee", 2), SE("coffee-meditation", 2),
                         ME("coffee-shop-idea", 2), MS("msg-20261102-093010", 2), SE("sunrise-breath", 1),
                         ME("weekend-trail-plan", 1)]),
    ("topic", "hot springs", [T("pine-ridge", 3), T("laugavegur", 2)]),
    ("topic", "fourteener", [T("mt-whitney", 3), T("grays-torreys", 3)]),
    ("topic", "road trip", [PL("road-trip", 3), LC("highway-1", 3), L("bixby-bridge", 2),
                            PH("southwest road trip", 1)]),
    ("topic", "yoga", [PL("yoga-flow", 2), SE("yoga-nidra", 2)] +
     [EV("sunday-yoga-202611%02d" % d, 2) for d in (1, 8, 15, 22, 29)] +
     [EV("sunday-yoga-202612%02d" % d, 2) for d in (6, 13, 20)]),
    # ---- app names and synonyms
    ("app", "trails", [A("trails", 3), S("trails", "find-nearby-trails", 1)]),
    ("app", "hiking", [A("trails", 3), S("trails", "start-hike", 2), SE("mindful-hiking", 2),
                       S("trails", "find-nearby-trails", 1), PL("trailhead-tunes", 1)]),
    ("app", "meditation", [A("meditation", 3), S("meditation", "start-meditation", 2), ME("meditation-insight", 1),
                           SE("morning-walk", 1), SE("aruku-ja", 1)] +
     [S("meditation", "start-meditation", 1, MS_SESSION, c) for c in ("morning", "daily", "sleep")]),
    ("app", "calm timer", [A("meditation", 3), S("meditation", "silent-timer", 2)]),
    ("app", "recorder", [A("memos", 3), S("memos", "record-memo", 2)]),
    ("app", "agenda", [A("calendar", 3), S("calendar", "show-agenda", 3), MS("msg-20261113-174042", 1),
                       ME("offsite-agenda-ideas", 1)]),
    ("app", "email", [A("mail", 3), S("mail", "compose-message", 2)]),
    ("app", "travel journal", [A("travel", 3)]),
    ("app", "voice memos", [A("memos", 3), S("memos", "record-memo", 1), S("memos", "play-latest-memo", 1)]),
    ("app", "landmarks", [A("travel", 3), S("travel", "find-nearest-landmark", 2)]),
    ("app", "calendar", [A("calendar", 3), S("calendar", "show-calendar", 1)]),
    ("app", "music", [A("music", 3), PL("new-music-friday", 1)]),
    ("app", "trips", [A("travel", 3), CA("trips", 2), LC("highway-1", 1), MS("msg-20261019-063001", 1)]),
    # ---- App Shortcut phrases
    ("shortcut", "start sleep meditation", [S("meditation", "start-meditation", 3, MS_SESSION, "sleep"),
                                            A("meditation", 1)] +
     [SE(x, 1) for x in ["body-scan-sleep", "rainfall-sleep", "counting-down-to-sleep", "ocean-sleep-story",
                         "cant-sleep", "yoga-nidra"]]),
    ("shortcut", "start morning meditation", [S("meditation", "start-meditation", 3, MS_SESSION, "morning"),
                                              SE("morning-clarity", 1), SE("sunrise-breath", 1),
                                              SE("morning-walk", 1)]),
    ("shortcut", "record a voice memo", [S("memos", "record-memo", 3), A("memos", 1)]),
    ("shortcut", "shuffle all songs", [S("music", "shuffle-library", 3), A("music", 1)]),
    ("shortcut", "find trails near me", [S("trails", "find-nearby-trails", 3), A("trails", 1)]),
    ("shortcut", "take a breathing break", [S("meditation", "breathing-break", 3)]),
    ("shortcut", "what's next", [S("calendar", "next-event", 3)]),
    ("shortcut", "write an email", [S("mail", "compose-message", 3), A("mail", 1)]),
    ("shortcut", "open my pinned trail", [S("trails", "open-pinned-trail", 3)]),
    ("shortcut", "play tempo run", [S("music", "play-playlist", 3, "PlaylistEntity", "tempo-run"),
                                    PL("tempo-run", 2)]),
    ("shortcut", "directions to eiffel tower", [S("travel", "get-directions", 3, "LandmarkEntity", "eiffel-tower"),
                                                L("eiffel-tower", 2),
                                                S("travel", "open-landmark", 1, "LandmarkEntity", "eiffel-tower")]),
    ("shortcut", "check my mail", [S("mail", "check-new-mail", 3), A("mail", 2)]),
    ("shortcut", "log mindful minutes", [S("meditation", "log-mindful-minutes", 3)]),
    ("shortcut", "show today's agenda", [S("calendar", "show-agenda", 3), A("calendar", 1)]),
    ("shortcut", "silent timer", [S("meditation", "silent-timer", 3), SE("silent-timer-20", 2)]),
    ("shortcut", "nearest landmark", [S("travel", "find-nearest-landmark", 3)]),
    ("shortcut", "start a hike on dipsea", [S("trails", "start-hike", 3, "TrailEntity", "dipsea"), T("dipsea", 2)]),
    ("shortcut", "resume music", [S("music", "resume-playback", 3), A("music", 1)]),
    # ---- CJK
    ("cjk", "북한산", [T("bukhansan-dulle", 3), T("bukhansan-baegundae", 3), TC("korea-mountains", 1)]),
    ("cjk", "한라산", [T("hallasan-seongpanak", 3)]),
    ("cjk", "京都", [MS("msg-20261028-193021", 3), LC("kyoto-autumn", 3), L("kiyomizu-dera", 2),
                    L("arashiyama-bamboo", 2), T("daimonji", 1), L("fushimi-inari", 1), L("kinkaku-ji", 1),
                    T("fushimi-inari-summit", 1),
                    PHL(["kiyomizu-dera", "arashiyama-bamboo", "kinkaku-ji", "fushimi-inari"], 1)]),
    ("cjk", "黄山", [T("huangshan-xihai", 3), TC("china-mountains", 1)]),
    ("cjk", "长城", [L("great-wall-badaling", 3), T("jiankou-mutianyu", 2), PH("badaling", 2)]),
    ("cjk", "冥想", [SE("shuiqian-fangsong", 3), SE("zaochen-dingxin", 3), SE("zhengnian-huxi", 2),
                    SE("nemuri-ja", 2), SE("aruku-ja", 2)]),
    ("cjk", "夜のドライブ", [PL("yoru-no-drive", 3), SO("neonzaka-1", 2), PL("late-night-drive", 2),
                         PL("city-pop-night", 1)]),
    ("cjk", "富士山", [T("fuji-yoshida", 3), L("fuji-fifth-station", 3), L("mount-fuji-kawaguchiko", 2)] +
     [P(p, 1) for p in FUJI5_PHOTOS]),
    ("cjk", "경복궁", [L("gyeongbokgung", 3), EV("hanbok-gyeongbokgung-20261228", 2), PH("gyeongbokgung", 2)]),
    ("cjk", "会议", [ME("huiyi-jiyao", 3), MS("msg-20261113-184057", 3), ME("hoeui-memo", 1),
                    MS("msg-20261106-101516", 1)]),
    ("cjk", "買い物", [ME("kaimono-list", 3), ME("gouwu-qingdan", 1), ME("jangbogi-list", 1)]),
    ("cjk", "生日", [EV("wang-wei-birthday-20261125", 3), EV("jieun-birthday-20261118", 1),
                    EV("yuki-birthday-20261212", 1)]),
    ("cjk", "熊野古道", [T("kumano-kodo", 3)]),
    ("cjk", "kumano 熊野", [T("kumano-kodo", 3)]),
    ("cjk", "清水寺", [L("kiyomizu-dera", 3), PH("kiyomizu", 2)]),
    ("cjk", "바디스캔", [SE("sleep-body-scan-ko", 3), SE("body-scan-sleep", 1)]),
]


def check_graded(corpus):
    out = []
    for cat, q, rules in GRADED:
        rel = [r for r in rules if "rule" not in r]
        explicit = {(r.get("type"), r.get("id")) for r in rel if r["kind"] == "entity"}
        for r in rules:
            if "rule" in r:
                if r["rule"] == "photos-with-keyword":
                    hits = [e for k, e in sorted(corpus.entities.items())
                            if k[1] == "PhotoEntity" and r["keyword"] in e.get("keywords", [])]
                else:
                    hits = [e for k, e in sorted(corpus.entities.items()) if k[1] == "PhotoEntity" and
                            (e.get("properties", {}).get("landmark") or {}).get("entity", {}).get("id")
                            in r["landmarks"]]
                assert hits, (q, r)
                rel += [P(e["id"], r["grade"]) for e in hits if ("PhotoEntity", e["id"]) not in explicit]
        seen = set()
        for r in rel:
            k = r["kind"]
            if k == "entity":
                assert (r["app"], r["type"], r["id"]) in corpus.entities, (q, r)
            elif k == "shortcut":
                sc = corpus.shortcuts.get((r["app"], r["id"]))
                assert sc, (q, r)
                if "parameter" in r:
                    p = sc.get("parameter")
                    assert p and p["type"] == r["parameter"]["type"], (q, r)
                    if "cases" in p:
                        assert r["parameter"]["id"] in [c["id"] for c in p["cases"]], (q, r)
                    else:
                        assert (r["app"], p["type"], r["parameter"]["id"]) in corpus.entities, (q, r)
            else:
                assert r["app"] in corpus.apps, (q, r)
            assert r["grade"] in (1, 2, 3), (q, r)
            key = dumps({x: y for x, y in r.items() if x != "grade"})
            assert key not in seen, ("duplicate judgment", q, r)
            seen.add(key)
        assert any(r["grade"] >= 2 for r in rel), q
        ordered = sorted(rel, key=lambda r: -r["grade"])     # stable: judged order within a grade
        out.append({"query": q, "category": cat, "relevant": ordered})
    assert len({o["query"] for o in out}) == len(out), "duplicate query"
    return out


# ------------------------------------------------------------------ main
def main():
    check_only = "--check" in sys.argv[1:]
    corpus = Corpus()
    graded = check_graded(corpus)
    typos = build_typos(corpus)
    keys = build_keystrokes(corpus)
    assert len(graded) >= 60 and len(typos) >= 150 and len(keys) >= 300, (len(graded), len(typos), len(keys))
    files = {"graded.jsonl": graded, "typos.jsonl": typos, "keystrokes.jsonl": keys}
    os.makedirs(OUT, exist_ok=True)
    ok = True
    for name, rows in files.items():
        path = os.path.join(OUT, name)
        text = "".join(dumps(r) + "\n" for r in rows)
        if check_only:
            try:
                with open(path, encoding="utf-8") as f:
                    same = f.read() == text
            except FileNotFoundError:
                same = False
            if not same:
                print(f"differs: {path}", file=sys.stderr)
                ok = False
        else:
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
        print(f"{name:17s} {len(rows):4d} lines")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
