#!/usr/bin/env python3
"""Generate Limelight's bundled demo corpus (JSON Lines).

Deterministic: standard library only, fixed seeds, no network, no set
iteration, no clock.  Running it twice writes byte-identical files into the
directory this script lives in:

    trails.jsonl travel.jsonl music.jsonl calendar.jsonl memos.jsonl
    meditation.jsonl mail.jsonl interactions.jsonl relevance.jsonl

Usage:  python3 corpus/generate.py [--check]
"""
import datetime as _dt
import json
import os
import random
import re
import sys
import unicodedata

HERE = os.path.dirname(os.path.abspath(__file__))
OFFSET = "-08:00"          # the simulated user's UTC offset (used for all user-local times)
TZ = _dt.timezone(_dt.timedelta(hours=-8))

# Interactions that used an App Shortcut with an *enum* parameter (Mindful's
# "Start ${session} Meditation") name the chosen case in "entities" as
# {"type": <enum type>, "id": <case id>} - the same (type, id) pair a shortcut
# hit's "parameter" field uses.  Set to False to drop those references.
ENUM_CASE_REFS_IN_INTERACTIONS = True


def R(name):
    """A private, deterministic random stream per section (str seeds are stable)."""
    return random.Random("limelight-corpus-v1/" + name)


def slug(s):
    s = unicodedata.normalize("NFKD", s)
    s = "".join(c for c in s if not unicodedata.combining(c))
    s = s.replace("&", " and ").replace("'", "")
    s = re.sub(r"[^a-zA-Z0-9]+", "-", s).strip("-").lower()
    return re.sub(r"-+", "-", s)


def dumps(obj):
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


def iso(dt):
    """datetime -> ISO 8601 with offset (seconds precision)."""
    return dt.isoformat(timespec="seconds")


def local(y, mo, d, h=0, mi=0, s=0):
    return _dt.datetime(y, mo, d, h, mi, s, tzinfo=TZ)


def DATE(dt):
    return {"date": dt if isinstance(dt, str) else iso(dt)}


def DUR(seconds):
    return {"duration": int(seconds)}


def PLACE(name, lat, lon, address=None):
    p = {"name": name, "latitude": round(float(lat), 4), "longitude": round(float(lon), 4)}
    if address:
        p["address"] = address
    return {"place": p}


def PERSON(p):
    return {"person": dict(p)}


def REF(type_, id_):
    return {"entity": {"type": type_, "id": id_}}


def hint(rng, lo=20, hi=70, outlier=0.12):
    """rankingHint: mostly 20-70, occasionally anywhere in 0-100."""
    if rng.random() < outlier:
        return rng.choice([rng.randint(0, 19), rng.randint(71, 100)])
    return rng.randint(lo, hi)


def entity(app, type_, id_, title, subtitle=None, description=None, keywords=None,
           properties=None, rankingHint=None):
    e = {"kind": "entity", "app": app, "type": type_, "id": id_, "title": title}
    if subtitle:
        e["subtitle"] = subtitle
    if description:
        e["description"] = description
    if keywords:
        e["keywords"] = list(keywords)
    if properties:
        e["properties"] = properties
    if rankingHint is not None:
        e["rankingHint"] = int(rankingHint)
    return e


def app_record(app, name, synonyms):
    return {"kind": "app", "app": app, "name": name, "synonyms": list(synonyms)}


def intent(app, id_, title, summary, params=()):
    return {"kind": "intent", "app": app, "id": id_, "title": title, "summary": summary,
            "parameters": [dict(p) for p in params]}


def shortcut(app, id_, intent_id, title, symbol, phrases, parameter=None):
    s = {"kind": "shortcut", "app": app, "id": id_, "intent": intent_id, "title": title,
         "symbol": symbol, "phrases": list(phrases)}
    if parameter:
        s["parameter"] = dict(parameter)
    return s


def rows(block):
    """Parse a '|'-separated data block (blank lines and '#' comments skipped)."""
    out = []
    for line in block.strip("\n").split("\n"):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        out.append([c.strip() for c in line.split("|")])
    return out


def kws(s):
    return [k.strip() for k in s.split(",") if k.strip()]


# ---------------------------------------------------------------- people
# The simulated user is Alex Morgan (alex.morgan@example.com), a search engineer
# living in Pacific Grove near Monterey, CA.
PEOPLE = {}
for _row in rows("""
priya|Priya|Raman|priya.raman@example.com
marcus|Marcus|Chen|marcus.chen@example.com
sofia|Sofia|Alvarez|sofia.alvarez@example.com
daniel|Daniel|Okafor|daniel.okafor@example.com
hannah|Hannah|Weiss|hannah.weiss@example.com
tomas|Tomás|Rivera|tomas.rivera@example.com
aisha|Aisha|Khan|aisha.khan@example.com
liam|Liam|O'Connor|liam.oconnor@example.com
emma|Emma|Schultz|emma.schultz@example.com
noah|Noah|Kim|noah.kim@example.com
grace|Grace|Liu|grace.liu@example.com
ravi|Ravi|Patel|ravi.patel@example.com
chloe|Chloe|Martin|chloe.martin@example.com
ben|Ben|Adler|ben.adler@example.com
jiwoo|지우|박|jiwoo.park@example.com
jieun|지은|김|jieun.kim@example.com
ken|健|田中|ken.tanaka@example.jp
yuki|Yuki|Sato|yuki.sato@example.jp
wei|伟|王|wang.wei@example.cn
mei|Mei|Lin|mei.lin@example.com
linda|Linda|Morgan|linda.morgan@example.net
robert|Robert|Morgan|bob.morgan@example.net
kate|Kate|Morgan|kate.morgan@example.net
sam|Sam|Morgan|sam.morgan@example.com
mia|Mia|Morgan|mia.morgan@example.com
ana|Ana|Lopez|ana@example.com
jordan|Jordan|Blake|jordan.blake@example.org
olivia|Olivia|Brooks|olivia.brooks@example.org
diego|Diego|Fernández|diego.fernandez@example.org
nora|Nora|Haddad|nora.haddad@example.org
felix|Felix|Wagner|felix.wagner@example.org
okafor|Adaeze|Okafor|dr.okafor@example.com
coach|Jamie|Reyes|coach.jamie@example.org
"""):
    PEOPLE[_row[0]] = {"givenName": _row[1], "familyName": _row[2], "email": _row[3]}
ME = {"givenName": "Alex", "familyName": "Morgan", "email": "alex.morgan@example.com"}
