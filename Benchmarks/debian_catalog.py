#!/usr/bin/env python3
"""The Debian package catalog as Limelight records (JSON Lines).

Reads `apt-cache dumpavail` (package, synopsis, section, debtags) and the long
descriptions from apt's English translation lists under /var/lib/apt/lists
(fetched with `apt-get update -o Acquire::Languages=en`; this script runs it
when they are missing and it is allowed to), and writes:

    {"kind":"app","app":"com.debian.packages","name":"Debian Packages",...}
    {"kind":"entity","app":"com.debian.packages","type":"Package","id":<name>,
     "title":<name>,"subtitle":<synopsis>,"description":<long description>,
     "keywords":[<section>, <debtag>...]}

Deterministic: packages in name order; `--limit N` keeps N packages spread
evenly over the catalog (so a small corpus still has every initial letter).

    python3 Benchmarks/debian_catalog.py --out Benchmarks/data/debian.jsonl [--limit 5000]
"""
import argparse
import glob
import json
import os
import subprocess
import sys

APP = "com.debian.packages"
LISTS = "/var/lib/apt/lists"
# Limelight's documented limits (RecordLimits): keep records valid.
MAX_TEXT = 20_000
MAX_TITLE = 1_000


def stanzas(text):
    """Yields dicts of Debian control stanzas (continuation lines joined with \\n)."""
    cur, key = {}, None
    for line in text.split("\n"):
        if not line:
            if cur:
                yield cur
            cur, key = {}, None
        elif line[0] in " \t":
            if key:
                cur[key] += "\n" + line
        else:
            k, _, v = line.partition(":")
            key = k
            cur[key] = v.strip()
    if cur:
        yield cur


def translation_files():
    return sorted(glob.glob(os.path.join(LISTS, "*_i18n_Translation-en*")))


def read_list(path):
    # apt-helper decompresses whatever apt stored (.lz4, .gz, .xz or plain).
    out = subprocess.run(["/usr/lib/apt/apt-helper", "cat-file", path],
                         check=True, capture_output=True)
    return out.stdout.decode("utf-8", "replace")


def long_description(raw):
    """Debian's description format: first line is the synopsis; following lines
    start with a space; ' .' is a blank line."""
    lines = raw.split("\n")[1:]
    out = []
    for l in lines:
        l = l[1:] if l.startswith(" ") else l
        out.append("" if l.strip() == "." else l)
    text = "\n".join(out).strip()
    text = "".join(c if (c >= " " or c in "\n\t") and c != "\x7f" else " " for c in text)
    return text[:MAX_TEXT]


def clean(s, limit):
    s = "".join(c if c >= " " and c != "\x7f" else " " for c in s)
    return s[:limit]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", required=True)
    ap.add_argument("--limit", type=int, default=0, help="keep N packages, spread evenly (0 = all)")
    ap.add_argument("--no-update", action="store_true", help="never run apt-get update")
    args = ap.parse_args()

    if not translation_files() and not args.no_update:
        print("debian_catalog: no English translation lists; running apt-get update -o Acquire::Languages=en",
              file=sys.stderr)
        subprocess.run(["apt-get", "update", "-qq", "-o", "Acquire::Languages=en"], check=True)
    if not translation_files():
        # Without them the catalog has no long descriptions, and every figure
        # made from it measures another catalog (an apt-get update without
        # Acquire::Languages=en drops them: make eval once ranked packages
        # by 2 descriptions of 63,697 and printed the figures as usual).
        sys.exit(f"debian_catalog: no English translation lists (*_i18n_Translation-en*) in {LISTS}: "
                 "run apt-get update -o Acquire::Languages=en")
    longs = {}  # (package, md5) and md5 -> long description
    for f in translation_files():
        for st in stanzas(read_list(f)):
            d = st.get("Description-en")
            if d is None:
                continue
            text = long_description(d)
            longs[(st.get("Package"), st.get("Description-md5"))] = text
            longs.setdefault(st.get("Description-md5"), text)

    dump = subprocess.run(["apt-cache", "dumpavail"], check=True, capture_output=True).stdout.decode("utf-8", "replace")
    pkgs = {}
    for st in stanzas(dump):
        name = st.get("Package")
        if not name or name in pkgs:
            continue
        synopsis = st.get("Description", "").split("\n")[0].strip()
        md5 = st.get("Description-md5")
        desc = longs.get((name, md5)) or longs.get(md5)
        if desc is None and "\n" in st.get("Description", ""):
            desc = long_description(st["Description"])
        keywords = []
        if st.get("Section"):
            keywords.append(st["Section"])
        for t in st.get("Tag", "").replace("\n", " ").split(","):
            t = t.strip()
            if t and t not in keywords:
                keywords.append(t)
        e = {"kind": "entity", "app": APP, "type": "Package", "id": name, "title": clean(name, MAX_TITLE)}
        if synopsis:
            e["subtitle"] = clean(synopsis, MAX_TITLE)
        if desc:
            e["description"] = desc
        if keywords:
            e["keywords"] = [clean(k, MAX_TITLE) for k in keywords]
        pkgs[name] = e

    names = sorted(pkgs)
    if not names:
        sys.exit("debian_catalog: apt-cache dumpavail listed no packages (run apt-get update first)")
    if args.limit and args.limit < len(names):
        step = len(names) / args.limit
        names = [names[int(i * step)] for i in range(args.limit)]
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    with_desc = 0
    with open(args.out, "w", encoding="utf-8") as f:
        f.write(json.dumps({"kind": "app", "app": APP, "name": "Debian Packages", "synonyms": ["apt", "Debian"]},
                           ensure_ascii=False) + "\n")
        for n in names:
            with_desc += "description" in pkgs[n]
            f.write(json.dumps(pkgs[n], ensure_ascii=False) + "\n")
    print(f"debian_catalog: {len(names)} packages ({with_desc} with long descriptions) -> {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
