"""The whole guideline archive imported beside the bundled editions (issue 17), checked end to end.

Usage: python3 archive_test.py PATH/TO/hig [ARCHIVE]

ARCHIVE defaults to $HIG_ARCHIVE, then ../shared/archive/human-interface-markdown beside the
repository. It runs `hig import --archive ARCHIVE` into a new database, then checks what a
researcher relies on: every catalogued document is one edition (the bundled ones once), every
source line is accounted for, links join only an edition to the editions it descends from (a Mac
edition never to an iPhone one), near-duplicate editions link as unchanged, `hig diff` refuses
editions of two lines, and `hig evolution` follows a rule from the 1980s to the 2026 web HIG.
Prints one line per check, then `N passed, M failed`; exits 1 on any failure. The import's time
and peak memory are printed, not checked: Benchmarks/ measures speed (release build).

Expected values were read from Data/archive/catalogue.json (ids, lines, predecessors), by hand
from the documents (the Undo guidance of the 1985 Apple II manual, page 115, and of the 2026 web
HIG's Undo and redo page), and from the catalogue's measured overlap of 1992 and 1995 (98% of
their long paragraphs are the same).
"""

import json
import os
import re
import resource
import sqlite3
import sys
import time

# The harness of the client checks (Tests/clients/harness.py): counting, time limits, clean-up.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "clients"))
from harness import REPOSITORY, check, run, run_checks, temporary_folder  # noqa: E402


def hig(binary, database, *arguments):
    return run([binary, "--db", database, *arguments], timeout=900)


def main(binary, archive=None):
    binary = os.path.abspath(binary)
    default = os.environ.get("HIG_ARCHIVE") or os.path.join(REPOSITORY, "..", "shared", "archive", "human-interface-markdown")
    archive = os.path.abspath(archive or default)
    with open(os.path.join(REPOSITORY, "Data", "archive", "catalogue.json"), encoding="utf-8") as handle:
        catalogue = json.load(handle)
    folder = temporary_folder("hig-archive-test-")
    database = os.path.join(folder, "hig.sqlite")

    started = time.monotonic()
    imported = hig(binary, database, "import", "--archive", archive)
    seconds = time.monotonic() - started
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    print(f"import: {seconds:.1f} s, peak memory {peak:.0f} MiB (this binary's build; Benchmarks/ measures release)")
    check("hig import --archive exits 0 and writes no warning", imported.returncode == 0 and "warning" not in imported.stderr,
          imported.stderr[-2000:])
    if imported.returncode != 0:
        return

    db = sqlite3.connect(database)
    editions = {row[0]: row for row in db.execute("SELECT id, line, prerelease_of FROM editions")}
    predecessors = {}
    for edition, predecessor in db.execute("SELECT edition_id, predecessor_id FROM edition_predecessors ORDER BY edition_id, seq"):
        predecessors.setdefault(edition, []).append(predecessor)

    # Every document is one edition: its own id, or the bundled edition that holds it.
    wanted = [(d["bundled_as"] or {}).get("edition") or d["id"] for d in catalogue["documents"]]
    check("each of the 34 catalogued documents is an edition", len(catalogue["documents"]) == 34 and all(w in editions for w in wanted),
          [w for w in wanted if w not in editions])
    check("the bundled editions and the archive's documents make 38 editions", len(editions) == 38, len(editions))
    shared = db.execute(
        "SELECT sha256, group_concat(edition_id) FROM sources GROUP BY sha256 HAVING count(DISTINCT edition_id) > 1").fetchall()
    check("no document is imported twice (no file's bytes in two editions)", not shared, shared)
    archive_paths = db.execute("SELECT count(*) FROM sources WHERE path LIKE 'human-interface-markdown/%/full_document.md'").fetchone()[0]
    check("30 documents are read from the archive, named by their folder", archive_paths == 30, archive_paths)

    # The family tree is the catalogue's.
    for d in catalogue["documents"]:
        if d["bundled_as"]:
            continue
        if predecessors.get(d["id"], []) != d["predecessors"] or editions[d["id"]][1] != d["line"]:
            check(f"{d['id']}: predecessors and line as catalogued", False, (predecessors.get(d["id"]), editions[d["id"]][1]))
            break
    else:
        check("every archive edition has the catalogue's predecessors and line", True)
    check("the web HIG descends from both lines", predecessors.get("web-2022-23") == ["ios-2014-03", "osx-2014-10"],
          predecessors.get("web-2022-23"))
    captures = {e: predecessors.get(e) for e in ("web-2022", "web-2023-09", "web-2026-07")}
    check("the web captures keep the bundle's chain (each revises the one before, nothing else)",
          captures == {"web-2022": ["web-2022-23"], "web-2023-09": ["web-2022"], "web-2026-07": ["web-2023-09"]}, captures)
    check("a draft names its final edition", editions["mac-1986-12-final-draft"][2] == "mac-1987")

    # Every source line is accounted for.
    sources = json.loads(hig(binary, database, "sources", "--format", "json").stdout)
    unaccounted = [(s["file"], s["unaccounted"]) for s in sources if s["unaccounted"]]
    lines = sum(s["lines"] for s in sources if s["file"].startswith("human-interface-markdown/"))
    check(f"every line of the 30 archive documents ({lines} lines) and of the bundle ends in a rule, a heading, a set-aside or a blank",
          not unaccounted and lines == 149719 - sum(d["measured"]["lines"] for d in catalogue["documents"] if d["bundled_as"]),
          (unaccounted[:5], lines))

    # A back-of-book index holds no rules: the 1992 and 1995 Macintosh HIG, Newton 1996, Mac OS 8
    # and the Mac OS X editions of 2005-2008 print one that their outline reads as a section of
    # the last chapter ("# Index", then "#### I, J I-beam pointer 270 ...").
    in_index = db.execute(
        """SELECT edition_id, count(*) FROM rules
           WHERE section = 'Index' OR section LIKE 'Index › %' OR section LIKE '% › Index' OR section LIKE '% › Index › %'
           GROUP BY edition_id""").fetchall()
    # What stays under an "Index" heading is a colophon after the index: 1987's "THE APPLE
    # PUBLISHING SYSTEM" and Mac OS 8's "Mac OS 8 Human Interface Guidelines / Writer ...".
    check("no rule stands in a back-of-book index (but for two colophons after one)",
          all(edition in ("mac-1987", "macos8-1997") and count <= 2 for edition, count in in_index), in_index)

    # The PDFs' Markdown escapes ASCII punctuation ("\(page 120\)", "kAudioSessionProperty\_..."):
    # the backslashes are the converter's, not the guidelines' words, so no clean text or title
    # holds one; the verbatim lines keep them (hundreds of rules: the check has something to find).
    escape = re.compile(r"\\[!-/:-@\[-`{-~]")
    leaks, kept = [], 0
    for rule, text, title, verbatim in db.execute("SELECT id, text, coalesce(title, ''), verbatim FROM rules"):
        if escape.search(text) or escape.search(title):
            leaks.append((rule, escape.search(text + title).group(0)))
        kept += bool(escape.search(verbatim))
    check(f"no rule's clean text or title holds a Markdown escape such as \\( or \\_ ({kept} rules' verbatim lines do)",
          not leaks and kept > 500, (len(leaks), leaks[:5]))
    # The converter wraps some scanned text in a code block: its fences are markup, set aside,
    # and the lines inside them keep their words (1980 Lisa, lines 425-431).
    fences = db.execute("SELECT id FROM rules WHERE ltrim(text) LIKE '```%'").fetchall()
    inside = db.execute("SELECT count(*) FROM rules WHERE edition_id = 'lisa-1980-09' AND line_start BETWEEN 426 AND 430").fetchone()[0]
    check("no rule is a code block's fence (```); the lines inside one are rules", not fences and inside > 0, (fences[:5], inside))

    # Links join an edition only to the editions it descends from.
    ancestors = {}

    def ancestors_of(edition):
        if edition not in ancestors:
            found = set()
            for p in predecessors.get(edition, []):
                found |= {p} | ancestors_of(p)
            ancestors[edition] = found
        return ancestors[edition]

    pairs = db.execute(
        "SELECT DISTINCT f.edition_id, t.edition_id FROM rule_links l JOIN rules f ON f.id = l.from_rule JOIN rules t ON t.id = l.to_rule"
    ).fetchall()
    stray = [(a, b) for a, b in pairs if a not in ancestors_of(b)]
    check(f"every one of the {len(pairs)} linked pairs of editions joins an edition to one it descends from", not stray, stray)
    crossing = [(a, b) for a, b in pairs if editions[a][1] == "macintosh" and editions[b][1] == "iphone-ios"]
    check("no Mac edition is linked to an iPhone or iOS edition", not crossing, crossing)
    # The OS X line joins the web HIG at the seed Alerts page (web-2022-23), an excerpt; the
    # first whole capture (web-2022) is compared across it with osx-2014-10.
    into_web = db.execute(
        """SELECT count(*) FROM rule_links l JOIN rules f ON f.id = l.from_rule JOIN rules t ON t.id = l.to_rule
           WHERE f.edition_id = 'osx-2014-10' AND t.edition_id = 'web-2022'""").fetchone()[0]
    check(f"osx-2014-10 is linked into the first whole web capture, web-2022 ({into_web} links, 300 or more)",
          into_web >= 300, into_web)

    # Near-duplicates link as unchanged.
    rules_1995 = db.execute("SELECT count(*) FROM rules WHERE edition_id = 'mac-1995'").fetchone()[0]
    unchanged = db.execute(
        """SELECT count(*) FROM rule_links l JOIN rules f ON f.id = l.from_rule JOIN rules t ON t.id = l.to_rule
           WHERE f.edition_id = 'mac-1992-11' AND t.edition_id = 'mac-1995' AND l.change = 'unchanged'""").fetchone()[0]
    check(f"1992 → 1995 (98% of paragraphs shared): {unchanged} of 1995's {rules_1995} rules unchanged, 70% or more",
          unchanged >= 0.7 * rules_1995)

    # hig diff follows descent, and refuses two lines.
    across = hig(binary, database, "diff", "mac-1987", "web-2026-07", "--format", "json")
    answer = json.loads(across.stdout) if across.returncode == 0 else {}
    check("hig diff mac-1987 web-2026-07 follows the Mac line into the web HIG, through osx-2014-10, and finds pairs",
          "osx-2014-10" in answer.get("through", []) and "web-2022-23" in answer.get("through", []) and len(answer.get("changed", [])) > 0,
          (answer.get("through"), len(answer.get("changed", [])), across.stderr))
    merge = json.loads(hig(binary, database, "diff", "ios-2014-03", "web-2026-07", "--format", "json").stdout)
    check("hig diff ios-2014-03 web-2026-07 does not call added the rules that continue the OS X line",
          len(merge["from_other_predecessors"]) > 100 and not set(merge["from_other_predecessors"]) & set(merge["added"]),
          len(merge["from_other_predecessors"]))
    # An excerpt that is a chunk of a PDF may hold part of a chapter: sharing a heading's subject
    # with it leaves no rule "left out" (a whole web page does: CounterpartCandidateTests, on the bundle).
    chunk = json.loads(hig(binary, database, "diff", "macos8-1997", "aqua-adopting-2000-09", "--format", "json").stdout)
    check("hig diff into a PDF excerpt calls no rule left out, only not in the excerpt",
          chunk["left_out"] == [] and len(chunk["not_in_excerpt"]) > 100 and chunk["removed"] == [],
          (len(chunk["left_out"]), len(chunk["not_in_excerpt"])))
    lines_apart = hig(binary, database, "diff", "iphone-2008-11", "mac-1995")
    check("hig diff across two lines is refused with one line naming why",
          lines_apart.returncode == 1 and lines_apart.stderr.count("\n") == 1 and "they share no ancestor" in lines_apart.stderr,
          lines_apart.stderr)
    draft = hig(binary, database, "diff", "mac-1986-12-final-draft", "mac-1987")
    check("a draft and its final edition are compared through the edition both descend from",
          draft.returncode == 1 and "both descend from apple-ii-1985-03-prerelease" in draft.stderr, draft.stderr)

    # hig evolution: the Undo guidance from the 1985 manual to the 2026 web HIG.
    evolution = hig(binary, database, "evolution", "web-2026-07-fee2f95c", "--format", "json")
    versions = json.loads(evolution.stdout)[0]["versions"] if evolution.returncode == 0 else []
    date_of = dict(db.execute("SELECT id, coalesce(date, '2023') FROM editions"))
    dates = {date_of[v["edition"]][:3] for v in versions}
    first = next((v for v in versions if v["edition"] == "apple-ii-1985-03-prerelease"), None)
    check("hig evolution leads from the 1985 Undo guidance to the 2026 web HIG, across five decades",
          dates >= {"198", "199", "200", "201", "202"} and first is not None and first["text"].startswith("Undo reverses the effect of the previous operation"),
          sorted(dates))

    # hig evolution of a topic: the lineages about it first, not the longest one it touches. A
    # menu-bar lineage of forty years, one of whose versions says "on the right", came first.
    topic = hig(binary, database, "evolution", "button colors", "--format", "json")
    lineages = json.loads(topic.stdout) if topic.returncode == 0 else []
    first = " ".join(v["text"] for v in lineages[0]["versions"]) if lineages else ""
    check("hig evolution \"button colors\" on the archive leads with a lineage about buttons, not the menu bar",
          "button" in first.lower() and not first.startswith("The menu bar"), first[:200])

    check_topic_leads(binary, database)
    check_labels_last(binary, database)

    # A second import of the same archive writes nothing.
    again = hig(binary, database, "import", "--archive", archive)
    check("importing the archive again writes no file", again.returncode == 0 and " written" not in again.stdout,
          again.stdout[-500:])


def check_topic_leads(binary, database):
    """The first five lineages of `hig evolution "button colors"` are about buttons, as the readers
    of Tests/Gold/topic-sample.jsonl judged each (by its rules' texts), and they include the
    colour lineage of the iOS line and the action-button placement of the Mac line."""
    with open(os.path.join(REPOSITORY, "Tests", "Gold", "topic-sample.jsonl"), encoding="utf-8") as handle:
        judged = {e["rule"]: e for e in map(json.loads, handle) if e["topic"] == "button colors"}
    answer = hig(binary, database, "evolution", "button colors", "--format", "json", "--limit", "5")
    lineages = json.loads(answer.stdout) if answer.returncode == 0 else []
    verdicts = [next((judged[v["id"]].get("buttons") for v in lineage["versions"] if v["id"] in judged), None) for lineage in lineages]
    firsts = [lineage["versions"][0]["text"][:80] for lineage in lineages]
    check("hig evolution \"button colors\" on the archive: the first five lineages are about buttons (as read)",
          len(verdicts) == 5 and all(verdicts), list(zip(verdicts, firsts)))
    held = {v["id"] for lineage in lineages for v in lineage["versions"]}
    check("... and among them the iOS lineage of dark and light buttons and the Mac one of the action button's corner",
          {"iphone-2008-11-94daf0e5", "macosx-2004-05-214891a2"} <= held, firsts)


def check_labels_last(binary, database):
    """1995's "Modeless dialog boxes, which are useful for getting user input" (line 2866) became
    2001's "Modeless: Enables users to change settings in a dialog" (line 1349; the Mac gold set
    has the pair). 2001's page heads "User Input" (lines 2384 and 2860, the chapter's name
    printed under each page's footer) share more of its words; as bare labels they come after
    every sentence among its candidates."""
    answer = hig(binary, database, "diff", "mac-1995", "aqua-2001-10", "--candidates", "10", "--format", "json")
    candidates = json.loads(answer.stdout).get("candidates", {}).get("mac-1995-c700558a", []) if answer.returncode == 0 else []
    ids = [c["rule"] for c in candidates]
    heads = [c for c in candidates if c["rule"] in ("aqua-2001-10-2cf6d47f", "aqua-2001-10-3e5417a6")]
    check("hig diff mac-1995 aqua-2001-10 --candidates: 1995's modeless dialog boxes get 2001's among the first three, "
          "the page heads \"User Input\" after every sentence",
          "aqua-2001-10-b04f971f" in ids[:3] and len(heads) == 2 and all(c.get("unlike_in_length") for c in heads)
          and ids.index(heads[0]["rule"]) > max(i for i, c in enumerate(candidates) if not c.get("unlike_in_length")),
          [(c["rule"], round(c["score"], 2), c.get("unlike_in_length")) for c in candidates])


if __name__ == "__main__":
    run_checks("archive_test.py PATH/TO/hig [ARCHIVE]", range(1, 3), main)
