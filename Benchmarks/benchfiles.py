"""What the focused benchmarks (Benchmarks/shards, Benchmarks/suggest) share:
their results written as NAME.json and NAME.md (which Benchmarks/report.py
puts into BENCHMARKS.md), and the median of their runs."""
import json
import os


def write(out, results, md):
    """`results` to OUT (JSON) and `md` beside it as .md; prints the Markdown."""
    os.makedirs(os.path.dirname(out), exist_ok=True)
    with open(out, "w") as f:
        json.dump(results, f, indent=1)
    with open(os.path.splitext(out)[0] + ".md", "w") as f:
        f.write(md)
    print(md)


def median(v):
    s = sorted(v)
    return s[len(s) // 2] if len(s) % 2 else (s[len(s) // 2 - 1] + s[len(s) // 2]) / 2
