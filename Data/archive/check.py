#!/usr/bin/env python3
"""Checks catalogue.json against the archive and itself. Standard library only.

    python3 Data/archive/check.py [ARCHIVE]        (ARCHIVE as in survey.py)

Prints each failure, then "N passed, M failed"; exits 1 when any check failed.
"""
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True  # no __pycache__ left in Data/archive
sys.path.insert(0, HERE)
import survey  # noqa: E402  (the measures: one implementation for survey and check)

ID_FORM = re.compile(r"^[A-Za-z0-9._-]+$")
DATE_FORM = re.compile(r"^\d{4}(-\d{2}(-\d{2})?)?$")
STATUSES = {"final", "draft", "preliminary", "pre-release"}
LINES_OF_EDITIONS = {"lisa", "apple-ii", "macintosh", "nextstep", "newton", "iphone-ios", "web-apps", "web"}


class Checks:
    def __init__(self):
        self.passed, self.failed = 0, 0

    def expect(self, condition, what):
        if condition:
            self.passed += 1
        else:
            self.failed += 1
            print("FAIL:", what)


def id_date_part(date):
    """The date an id carries: the year, or year and month when the date has a month."""
    return date[:7] if len(date) >= 7 else date[:4]


def quoted_examples(value, path="$"):
    """Every {line, quote} object anywhere under value, with where it sits."""
    if isinstance(value, dict):
        if "line" in value and "quote" in value:
            yield path, value
        for key, inner in value.items():
            yield from quoted_examples(inner, f"{path}.{key}")
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            yield from quoted_examples(inner, f"{path}[{index}]")


def check_structure(c, catalogue, folders):
    documents = catalogue["documents"]
    listed = [d["folder"] for d in documents]
    for folder in folders:
        c.expect(listed.count(folder) == 1, f"folder {folder} has exactly one entry (has {listed.count(folder)})")
    for folder in listed:
        c.expect(folder in folders, f"entry {folder} names a folder of the archive")
    ids = [d["id"] for d in documents] + [e["id"] for e in catalogue.get("editions_outside_archive", [])]
    c.expect(len(ids) == len(set(ids)), "edition ids are unique")
    for d in documents:
        c.expect(bool(ID_FORM.match(d["id"])), f"{d['id']}: id uses letters, digits, '.', '_', '-' only")
        c.expect(bool(DATE_FORM.match(d["date"])), f"{d['id']}: date is YYYY, YYYY-MM or YYYY-MM-DD")
        c.expect(f"-{id_date_part(d['date'])}" in d["id"], f"{d['id']}: id carries its date {id_date_part(d['date'])}")
        c.expect(d["status"] in STATUSES, f"{d['id']}: status {d['status']} is one of {sorted(STATUSES)}")
        c.expect(d["line"] in LINES_OF_EDITIONS, f"{d['id']}: line {d['line']} is a known line")
        c.expect(bool(d["title"]) and bool(d["platforms"]), f"{d['id']}: has a title and platforms")
        abouts = {e["about"] for e in d["evidence"]}
        c.expect({"title", "date"} <= abouts, f"{d['id']}: title and date are backed by evidence")
        if d["status"] != "final":
            c.expect("status" in abouts, f"{d['id']}: a non-final status is backed by evidence")
        coverage = d.get("coverage", "complete")
        c.expect(coverage in {"complete", "partial"}, f"{d['id']}: coverage {coverage} is complete or partial")
        if coverage == "partial":
            c.expect(bool(d.get("coverage_why")), f"{d['id']}: a partial coverage says why (coverage_why)")
        check_scanned(c, d, abouts)
    return {d["id"]: d for d in documents}


def check_scanned(c, d, abouts):
    """`scanned` (absent: false) decides which documents get the importer's OCR repair: a scan
    says why, cites a line that shows it (evidence about "scanned") and lists OCR misreadings."""
    scanned = d.get("scanned", False)
    c.expect(scanned is True or scanned is False, f"{d['id']}: scanned is true or false")
    if scanned is True:
        c.expect(bool(d.get("scanned_why")), f"{d['id']}: a scanned document says why (scanned_why)")
        c.expect("scanned" in abouts, f"{d['id']}: a scanned document is backed by evidence")
        c.expect(bool(d["quirks"]["ocr_examples"]), f"{d['id']}: a scanned document lists OCR misreadings (quirks.ocr_examples)")
    else:
        c.expect("scanned_why" not in d and "scanned" not in abouts, f"{d['id']}: only a scanned document has scanned_why or scanned evidence")


def check_graph(c, catalogue, by_id):
    nodes = dict(by_id)
    for outside in catalogue.get("editions_outside_archive", []):
        nodes[outside["id"]] = outside
    for node_id, node in nodes.items():
        for parent in node["predecessors"]:
            c.expect(parent in nodes, f"{node_id}: predecessor {parent} exists")
            if parent in nodes and node.get("date") and nodes[parent].get("date"):
                c.expect(nodes[parent]["date"] <= node["date"],
                         f"{node_id}: predecessor {parent} ({nodes[parent]['date']}) is not later than it ({node['date']})")
    # No cycle: depth-first search, colouring nodes in progress.
    state = {}

    def visit(node_id, trail):
        if state.get(node_id) == "done":
            return True
        if state.get(node_id) == "open":
            print("cycle:", " -> ".join(trail + [node_id]))
            return False
        state[node_id] = "open"
        ok = all(visit(p, trail + [node_id]) for p in nodes[node_id]["predecessors"] if p in nodes)
        state[node_id] = "done"
        return ok

    c.expect(all(visit(n, []) for n in nodes), "predecessors form no cycle")
    for node_id, d in by_id.items():
        final = d.get("prerelease_of")
        if final is None:
            continue
        c.expect(d["status"] != "final", f"{node_id}: a pre-release is not final")
        c.expect(final in by_id and by_id[final]["status"] == "final", f"{node_id}: prerelease_of {final} is a final edition")
        if final in by_id:
            c.expect(by_id[final]["line"] == d["line"], f"{node_id}: sits in the line of its final {final}")
            c.expect(d["date"] <= by_id[final]["date"], f"{node_id}: comes before its final {final}")
            c.expect(node_id not in by_id[final]["predecessors"],
                     f"{final}: its own pre-release {node_id} sits beside it, not among its predecessors")


def check_quotes(c, archive, by_id, lines_of):
    for node_id, d in by_id.items():
        lines = lines_of[d["folder"]]
        for path, example in quoted_examples(d):
            n, quote = example["line"], example["quote"]
            ok = isinstance(n, int) and 1 <= n <= len(lines) and quote in lines[n - 1]
            c.expect(ok, f"{node_id} {path}: {quote!r} occurs at line {n}")


def check_measures(c, archive, folders, by_id, lines_of):
    lexicon = survey.load_lexicon()
    unigrams, bigrams = survey.archive_word_counts(archive, folders)
    for node_id, d in by_id.items():
        m = survey.measure(archive, d["folder"], lexicon, unigrams, bigrams)
        c.expect(d["measured"] == {"lines": m["lines"], "chunks": m["chunks"], "words": m["words"]},
                 f"{node_id}: lines, chunks and words match the files")
        q = d["quirks"]
        glued = {"raw": m["glued_raw"], "raw_per_1000": m["glued_raw_per_1000"], "confirmed": m["glued_confirmed"],
                 "per_1000": m["glued_per_1000"], "examples": m["glued_first_examples"]}
        c.expect(q["glued_words"] == glued, f"{node_id}: glued-word figures match survey.py")
        c.expect(q["code_fences"] == m["code_fences"], f"{node_id}: code fences match survey.py")
        counted = [x for group in ("running_heads", "scan_metadata") for x in q[group]]
        counted += [x for x in (q["text_to_come"], q["page_anchors"]) if x]
        for entry in counted:
            hits = survey.pattern_hits(lines_of[d["folder"]], survey.PATTERNS[entry["pattern"]])
            c.expect(len(hits) == entry["count"], f"{node_id}: {entry['pattern']} occurs {entry['count']} times (found {len(hits)})")
            if hits:
                c.expect(entry.get("line") == hits[0], f"{node_id}: {entry['pattern']} first occurs at line {entry.get('line')}")
        for parent, percent in d["overlap_with_predecessors"].items():
            if parent not in by_id:
                continue  # reported by check_graph
            measured = survey.overlap(lines_of[d["folder"]], lines_of[by_id[parent]["folder"]])
            c.expect(measured == percent, f"{node_id}: overlap with {parent} is {percent}% (measured {measured}%)")
        if d.get("prerelease_of") in by_id:
            measured = survey.overlap(lines_of[d["folder"]], lines_of[by_id[d["prerelease_of"]]["folder"]])
            c.expect(measured == d.get("overlap_with_final"), f"{node_id}: overlap with its final is {measured}%")


def check_bundled(c, archive, by_id):
    with open(os.path.join(survey.REPO, "Data", "editions", "editions.json"), encoding="utf-8") as handle:
        bundled_ids = {e["id"] for e in json.load(handle)["editions"]}
    for node_id, d in by_id.items():
        bundled = d.get("bundled_as")
        if not bundled:
            continue
        c.expect(bundled["edition"] in bundled_ids, f"{node_id}: bundled edition {bundled['edition']} exists in Data/editions")
        # The bundled folder holds the document's full text and chunks, byte for byte.
        mine_root = os.path.join(survey.REPO, bundled["folder"])
        theirs_root = os.path.join(archive, d["folder"])
        for sub in ["full_document.md"] + ["chunks/" + n for n in sorted(os.listdir(os.path.join(theirs_root, "chunks")))]:
            mine_path = os.path.join(mine_root, sub)
            same = os.path.isfile(mine_path) and open(mine_path, "rb").read() == open(os.path.join(theirs_root, sub), "rb").read()
            c.expect(same, f"{node_id}: {bundled['folder']}/{sub} is the archive's {d['folder']}/{sub} byte for byte")


def main():
    archive = survey.archive_path(sys.argv[1] if len(sys.argv) > 1 else None)
    with open(os.path.join(HERE, "catalogue.json"), encoding="utf-8") as handle:
        catalogue = json.load(handle)
    c = Checks()
    folders = survey.document_folders(archive)
    by_id = check_structure(c, catalogue, folders)
    lines_of = {d["folder"]: survey.read_lines(archive, d["folder"]) for d in by_id.values() if d["folder"] in folders}
    check_graph(c, catalogue, by_id)
    check_quotes(c, archive, by_id, lines_of)
    check_bundled(c, archive, by_id)
    check_measures(c, archive, folders, by_id, lines_of)
    print(f"{c.passed} passed, {c.failed} failed")
    sys.exit(1 if c.failed else 0)


if __name__ == "__main__":
    main()
