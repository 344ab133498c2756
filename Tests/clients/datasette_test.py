"""Datasette (PyPI `datasette`) on a hig database with Datasette/metadata.json: the full-text
index is found, search and facets work, and each canned query answers.

Usage: python datasette_test.py PATH/TO/hig PATH/TO/metadata.json

It imports the five seed files (Tests/Fixtures/seed-editions) into a new hig.sqlite, asks
Datasette for pages with `datasette hig.sqlite --metadata ... --get PATH` (no server), prints one
line per check, then `N passed, M failed`, and exits 1 on any failure. Expected values were read
by hand from those files through `hig search tap`, `hig editions`, `hig show 2010-be6ca266` and
`hig diff 2010 2011`. A last check imports the bundle (the whole HIG) and browses its editions.
"""

import collections
import json
import os
import sqlite3
import subprocess
import sys

from harness import REPOSITORY, SEED_EDITIONS, check, run, run_checks, temporary_folder

# The canned edition_diff's order (Datasette/metadata.json's description): reversals, then
# changes of normative force, then by change class, the rules outside an excerpt last.
CHANGE_ORDER = ["replaced", "revised", "split", "merged", "restored", "reworded", "removed", "left-out", "added", "unchanged",
                "not-in-excerpt", "not-in-from-excerpt"]


def importance(row):
    return (0 if row["reversal"] else 1 if row["force_changed"] else 2, CHANGE_ORDER.index(row["change"]))


def main(hig, metadata):
    hig, metadata = os.path.abspath(hig), os.path.abspath(metadata)
    folder = temporary_folder("hig-datasette-test-")
    database = os.path.join(folder, "hig.sqlite")
    run([hig, "--db", database, "import", "--editions", SEED_EDITIONS], timeout=300, check=True)
    datasette = os.path.join(os.path.dirname(sys.executable), "datasette")

    def get(path):
        done = run([datasette, database, "--metadata", metadata, "--get", path], timeout=120)
        if done.returncode != 0:
            raise RuntimeError(f"datasette --get {path} failed: {done.stderr.strip()[-300:]}")
        return json.loads(done.stdout)

    searched = run([hig, "--db", database, "search", "tap", "--limit", "100", "--format", "json"], timeout=60, check=True)
    answer = json.loads(searched.stdout)  # an object whose `rules` are the hits (an array before)
    hig_ids = sorted(rule["id"] for rule in (answer["rules"] if isinstance(answer, dict) else answer))

    page = get("/hig/rules.json?_search=tap&_shape=objects&_col=id")
    check("rules: Datasette finds the full-text index and searches it as hig does",
          sorted(row["id"] for row in page["rows"]) == hig_ids and "search matches" in page["human_description_en"],
          (page["human_description_en"], [row["id"] for row in page["rows"]], hig_ids))

    page = get("/hig/rules_browse.json?_search=tap&_shape=objects")
    facets = {name: {item["value"]: item["count"] for item in facet["results"]} for name, facet in page["facet_results"].items()}
    check("rules_browse: the search box searches the index", sorted(row["id"] for row in page["rows"]) == hig_ids)
    check("rules_browse: facets of a search (edition 2010: 3, 2011: 4; topic referring-to-buttons: 5)",
          facets["edition"] == {"2010": 3, "2011": 4} and facets["topics"].get("referring-to-buttons") == 5, facets)

    page = get("/hig/rules_browse.json?_size=0")
    facets = {name: {item["value"]: item["count"] for item in facet["results"]} for name, facet in page["facet_results"].items()}
    check("rules_browse: facets on edition, kind, topic and platform",
          set(facets) == {"edition", "kind", "topics", "platforms"}, sorted(facets))
    check("rules_browse: the edition facet counts 14, 24, 39 and 37 rules",
          facets["edition"] == {"2008": 14, "2010": 24, "2011": 39, "web-2022-23": 37}, facets["edition"])
    check("rules_browse: the platform facet holds macOS", "macOS" in facets["platforms"], facets["platforms"])

    page = get("/hig/rule_evolution.json?id=2010-be6ca266&_shape=objects")
    rows = page["rows"]
    check("canned rule_evolution: 2010-be6ca266, then 2011-2fcb6d8b reworded from it, each cited",
          [row["id"] for row in rows] == ["2010-be6ca266", "2011-2fcb6d8b"]
          and rows[1]["came_from"].startswith("2010-be6ca266 (reworded")
          and rows[1]["source"] == "Tests/Fixtures/seed-editions/2011-chunk131.md:35", rows)

    page = get("/hig/edition_diff.json?from=2010&to=2011&_shape=objects")
    rows = page["rows"]
    counts = collections.Counter(row["change"] for row in rows)
    # As `hig diff 2010 2011` counts them (JSONLinesTests): "The infrequency with which alerts
    # appear ..." drops a clause in 2011, so it is revised.
    check("canned edition_diff 2010 2011: 9 unchanged, 9 reworded, 4 revised, 17 not in the 2010 excerpt, 2 not in the 2011 one",
          counts == {"unchanged": 9, "reworded": 9, "revised": 4, "not-in-from-excerpt": 17, "not-in-excerpt": 2}, counts)
    check("canned edition_diff 2010 2011: what matters first: the 13 revised and reworded rules (changes of force first), "
          "then unchanged, then the rules outside an excerpt",
          [importance(row) for row in rows] == sorted(importance(row) for row in rows)
          and {row["change"] for row in rows[:13]} == {"revised", "reworded"} and rows[13]["change"] == "unchanged",
          [(row["change"], row["force_changed"]) for row in rows[:15]])
    check("canned edition_diff 2010 2011: one page, its rows numbered 1 to 41 of 41",
          [row["row"] for row in rows] == list(range(1, 42)) and {row["of_rows"] for row in rows} == {41})
    page = get("/hig/edition_diff.json?from=2010&to=2011&page=2&_shape=objects")
    check("canned edition_diff 2010 2011, page 2: empty", page["rows"] == [], page["rows"][:2])

    page = get("/-/metadata.json")
    check("the metadata's title, licence and source are served",
          page["title"].startswith("hig") and page["license"] and page["source_url"].startswith("https://"))
    with open(os.path.join(REPOSITORY, "Data", "editions", "editions.json")) as manifest:
        bundled = [edition["id"] for edition in json.load(manifest)["editions"]]
    check("the metadata's source names every bundled edition", all(e in page["source"] for e in bundled),
          (bundled, page["source"]))

    # The bundle: six editions, and the facet counts every rule once.
    # Named hig.sqlite: the metadata's facets are those of the database named hig.
    os.makedirs(os.path.join(folder, "whole"))
    whole = os.path.join(folder, "whole", "hig.sqlite")
    run([hig, "--db", whole, "import"], timeout=600, check=True)
    done = run([datasette, whole, "--metadata", metadata, "--get", "/hig/rules_browse.json?_size=0"], timeout=300)
    facets = {f: {i["value"]: i["count"] for i in r["results"]} for f, r in json.loads(done.stdout)["facet_results"].items()}
    with sqlite3.connect(f"file:{whole}?mode=ro", uri=True) as db:
        counted = dict(db.execute("SELECT edition_id, count(*) FROM rules GROUP BY edition_id"))
    check("the bundle: the edition facet names the eight editions, each with all its rules",
          facets["edition"] == counted and sorted(counted) == ["ios-2011-03", "ios-2014-03", "iphone-2008-11",
                                                                "iphone-2010-03", "web-2022", "web-2022-23",
                                                                "web-2023-09", "web-2026-07"],
          (facets["edition"], counted))

    # Issue 29: ios-2014-03 -> web-2022-23 (the Alerts page, an excerpt) has some 1,400 rules of
    # 2014 outside the excerpt; sorted by change name, they hid the changes past 1,000 rows.
    def whole_page(number):
        done = subprocess.run([datasette, whole, "--metadata", metadata, "--get",
                               f"/hig/edition_diff.json?from=ios-2014-03&to=web-2022-23&page={number}&_shape=objects"],
                              capture_output=True, text=True, timeout=300)
        return json.loads(done.stdout)["rows"]

    first = whole_page(1)
    total = first[0]["of_rows"]
    pages = [first] + [whole_page(n) for n in range(2, (total + 99) // 100 + 2)]
    rows = [row for page_rows in pages for row in page_rows]
    check("the bundle: edition_diff ios-2014-03 web-2022-23 gives 100 rows a page, every row once, the page past them empty",
          len(first) == 100 and [row["row"] for row in rows] == list(range(1, total + 1)) and pages[-1] == [], total)
    # `hig diff --format json` of the same editions, computed apart from the canned query.
    done = subprocess.run([hig, "--db", whole, "diff", "ios-2014-03", "web-2022-23", "--format", "json"],
                          capture_output=True, text=True, check=True, timeout=300)
    diff = json.loads(done.stdout)
    expected = collections.Counter(change["change"] for change in diff["changed"])
    expected.update({"added": len(diff["added"]), "removed": len(diff["removed"]), "unchanged": len(diff["unchanged"]),
                     "left-out": len(diff["left_out"]), "not-in-excerpt": len(diff["not_in_excerpt"])})
    check("the bundle: its rows are those of hig diff ios-2014-03 web-2022-23",
          collections.Counter(row["change"] for row in rows) == +expected, (collections.Counter(row["change"] for row in rows), expected))
    changes = len(diff["changed"]) + len(diff["left_out"]) + len(diff["added"])
    check(f"the bundle: what matters first: reversals, changes of force, then by change class; the {changes} changed, "
          "left out and added rules all on the first page",
          [importance(row) for row in rows] == sorted(importance(row) for row in rows) and 0 < changes <= 100
          and all(row["change"] not in ("not-in-excerpt", "unchanged") for row in first[:changes]),
          [(row["change"], row["reversal"], row["force_changed"]) for row in first[:changes + 2]])


if __name__ == "__main__":
    run_checks("datasette_test.py PATH/TO/hig PATH/TO/metadata.json", range(2, 3), main)
