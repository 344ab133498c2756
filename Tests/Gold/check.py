#!/usr/bin/env python3
"""Check every quote of the gold set against its source text.

Each side of an entry names a file, a 1-based line and a verbatim quote. A quote passes when,
after normalisation, it occurs in the text that starts on the cited line (the quote must begin
on that line; it may run on into the following lines when a passage wraps).

Normalisation, applied to both the quote and the source text: HTML tags (<span id=...>, <br>)
become a space; Markdown emphasis and code marks (** * ` _) are removed; link syntax
[words](target) keeps its words; bullet glyphs (- ● ■ ❏ •) at a line's start are dropped;
runs of whitespace become one space. Letters, punctuation and typographic quotes are compared
exactly (no case folding).

Paths starting with Data/ are relative to the repository root; all others are relative to the
archive folder ../shared/archive beside the repository (override with HIG_ARCHIVE).
A gold pair ("pair": "ios-2014-03>web-2022-23") names two editions by their ids, the older first:
each an edition of the manifest (Data/editions/editions.json) or of the archive catalogue
(Data/archive/catalogue.json), the newer descending from the older in their family tree.
Usage: python3 Tests/Gold/check.py [gold.jsonl ...]   (prints one combined "N passed, M failed")
Without arguments every *.jsonl gold file in Tests/Gold is checked (ios-line.jsonl, mac-line.jsonl).
"""
import glob, json, os, re, sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
ARCHIVE = os.environ.get("HIG_ARCHIVE", os.path.join(os.path.dirname(ROOT), "shared", "archive"))
RUN_ON = 6  # lines after the cited one a quote may run into

def normalise(text):
    text = re.sub(r"<[^>]+>", " ", text)
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    text = re.sub(r"^\s*(?:[-●■❏•]\s+)+", "", text, flags=re.M)
    text = re.sub(r"[*`_]", "", text)
    return re.sub(r"\s+", " ", text).strip()

def family_tree():
    """Each known edition id with its predecessors, from the manifest and the archive catalogue."""
    predecessors = {}
    with open(os.path.join(ROOT, "Data", "editions", "editions.json"), encoding="utf-8") as f:
        for edition in json.load(f)["editions"]:
            predecessors.setdefault(edition["id"], set()).update(edition["predecessors"])
    with open(os.path.join(ROOT, "Data", "archive", "catalogue.json"), encoding="utf-8") as f:
        catalogue = json.load(f)
    for edition in catalogue["documents"] + catalogue["editions_outside_archive"]:
        predecessors.setdefault(edition["id"], set()).update(edition.get("predecessors") or [])
    return predecessors

TREE = family_tree()

def check_pair(pair):
    """Why a gold pair is not two known editions, the newer descending from the older; None if it is."""
    names = pair.split(">")
    if len(names) != 2:
        return "pair %r is not OLDER>NEWER" % pair
    unknown = [name for name in names if name not in TREE]
    if unknown:
        return "pair %r names no edition of the manifest or the catalogue: %s" % (pair, ", ".join(unknown))
    older, newer = names
    seen, todo = set(), [newer]
    while todo:
        for before in TREE.get(todo.pop(), ()):
            if before not in seen:
                seen.add(before)
                todo.append(before)
    return None if older in seen else "pair %r: %s does not descend from %s" % (pair, newer, older)

_cache = {}
def lines_of(path):
    if path not in _cache:
        full = os.path.join(ROOT, path) if path.startswith("Data/") else os.path.join(ARCHIVE, path)
        with open(full, encoding="utf-8") as f:
            _cache[path] = f.read().split("\n")
    return _cache[path]

def check_side(side):
    lines = lines_of(side["file"])
    n = side["line"]
    if not 1 <= n <= len(lines):
        return "line %d out of range" % n
    quote = normalise(side["quote"])
    words = len(quote.split())
    if not 10 <= words <= 25:
        return "quote has %d words (10-25 expected)" % words
    first = normalise(lines[n - 1])
    window = normalise("\n".join(lines[n - 1:n - 1 + RUN_ON]))
    at = window.find(quote)
    while at != -1 and at >= len(first):
        at = -1
    if at == -1:
        return "quote not found starting on line %d" % n
    return None

def check_file(gold):
    """Checks one gold file; returns (passed, failed) and prints each failing entry."""
    passed = failed = 0
    name = os.path.basename(gold)
    with open(gold, encoding="utf-8") as f:
        for number, raw in enumerate(f, 1):
            entry = json.loads(raw)
            problems = []
            if "pair" in entry:
                problem = check_pair(entry["pair"])
                if problem:
                    problems.append(problem)
            for key in ("from", "to"):
                if entry.get(key) is not None:
                    try:
                        problem = check_side(entry[key])
                    except OSError as error:
                        problem = str(error)
                    if problem:
                        problems.append("%s: %s (%s:%d)" % (key, problem, entry[key]["file"], entry[key]["line"]))
            if problems:
                failed += 1
                print("%s entry %d: %s" % (name, number, "; ".join(problems)))
            else:
                passed += 1
    return passed, failed

def main():
    golds = sys.argv[1:] or sorted(glob.glob(os.path.join(HERE, "*.jsonl")))
    passed = failed = 0
    for gold in golds:
        p, f = check_file(gold)
        passed += p
        failed += f
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0

if __name__ == "__main__":
    sys.exit(main())
