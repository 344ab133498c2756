#!/usr/bin/env python3
"""Writes the backbone of Data/taxonomy/subjects.json from the web HIG's own structure
(Data/editions/web-2026-07: a group page `Components.md` beside its folder `Components/`, whose
pages and subgroups are its children), keeping the aliases already written by hand.

    python3 Scripts/make-subjects.py > /tmp/subjects.json   # then compare, and copy over
"""
import json, os, re, sys

ROOT = os.path.join(os.path.dirname(__file__), "..", "Data", "editions", "web-2026-07")
OUT = os.path.join(os.path.dirname(__file__), "..", "Data", "taxonomy", "subjects.json")


def slug(title):
    return re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")


def title_of(path):
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("# "):
                return line[2:].strip()
    return os.path.splitext(os.path.basename(path))[0]


def walk(folder, parent, out):
    for name in sorted(os.listdir(folder), key=lambda n: n.encode()):
        path = os.path.join(folder, name)
        if not name.endswith(".md") or name == "README.md":
            continue
        title = title_of(path)
        page = os.path.relpath(path, ROOT)
        out.append({"slug": slug(title), "name": title, "parent": parent, "page": page})
        sub = os.path.splitext(path)[0]
        if os.path.isdir(sub):
            walk(sub, slug(title), out)


subjects = []
walk(ROOT, None, subjects)
old = {}
if os.path.exists(OUT):
    with open(OUT, encoding="utf-8") as f:
        old = {s["slug"]: s for s in json.load(f)["subjects"]}
slugs = [s["slug"] for s in subjects]
dupes = {s for s in slugs if slugs.count(s) > 1}
if dupes:
    sys.exit(f"slugs taken twice: {sorted(dupes)}")
for s in subjects:
    s["aliases"] = old.get(s["slug"], {}).get("aliases", [])
json.dump({"format": 1, "note": old and json.load(open(OUT))["note"] or "", "subjects": subjects}, sys.stdout, indent=2, ensure_ascii=False)
print()
