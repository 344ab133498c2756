#!/usr/bin/env python3
"""Scores the lineage of a hig database against a gold set (ios-line.jsonl by default).

Usage: python3 Tests/Gold/score.py DATABASE [--gold FILE] [--min-recall R] [--min-precision P] [--json] [--wrong] [--missed] [--labels FILE]

Near-reprints (the gold links of classes unchanged and reworded) are scored apart: how many the
database makes, and how many of its judged links at those passages are right (web-line.jsonl,
issue 32's targets: precision 0.97, recall 0.95).

Each gold entry names its passages by file and line. A passage is found in the database as the
rule whose cited lines hold that line, in the source bundled from the same archive file
(`Data/editions/<edition>/...`, byte for byte the archive's). Then, per pair of editions:
- a `link` is found when the database links the two rules directly (or, for `restored`, through
  any chain of links); its class agrees when the database's change class is the gold class
  (`restored` accepts any);
- a `non-link` is respected when the database does not link the two rules;
- a `removed` passage is respected when the database links its rule to no rule of the newer
  edition, an `added` one when no rule of the older edition links to it.
A pair the database does not compare directly (its newer edition does not name the older as a
predecessor: osx-2014-10 > web-2026-07 goes through the seed page web-2022-23, mac-1995 >
aqua-2001-10 through two partial documents) is judged on chains of links through the editions
between: a link is found when a chain from its rule reaches the other, its class is not judged,
and a wrong link is a rule of the newer edition a chain reaches that the gold set does not name.
A wrong link is judged only from a rule whose fate the gold set gives from its start: a passage
whose quote starts at a later sentence of its rule (the gold format's passage runs "from the quote
on") says nothing of where the rule's first sentences went, nor, on the newer side, of where they
came from. Non-links, removed and added passages are judged on the whole rule, as before.
Recall = links found / gold links; precision = 1 - (non-links violated / non-links). Entries whose
passage the database does not hold as a rule (a heading, a set-aside line) are reported apart.
The figures are printed; with --min-recall / --min-precision the exit status says whether they
hold (for CI). --wrong lists the wrong links, --missed the gold links not found; --labels FILE
writes every link of the database the gold set judges, as TSV (pair, from, to, right: 1 or 0, and
the gold class of a right one),
for Scripts/fit-link-confidence.py. The judged links are also counted by what a reader is shown
(when the database has the `doubt` column): no flag, a possible counterpart (a doubt), or low
confidence alone, in all and per pair: the precision of the links shown without a flag.
--gold FILE scores another gold file (for example Tests/Gold/mac-line.jsonl). A pair is named by
the ids of its two editions, the older first (iphone-2008-11>iphone-2010-03, mac-1987>mac-1992-11):
the ids of the manifest (Data/editions/editions.json) and of the archive catalogue, as check.py
checks. A file under human-interface-markdown/ that is not bundled is found in the database by that
same path (the archive's sources.path); a Data/editions/... file by its own path.
With --labels, a link judged on a chain (a pair through editions between) is written too, with
`chain` 1: a gold link the chain reaches (1), or a non-link or a wrong link it reaches (0); no one
link of the database is that pair, so calibrate.py reads the chain's links in it.
Nothing here consults hig's code: only the database and the gold file.
"""
import json
import os
import re
import sqlite3
import sys
from collections import Counter, defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))

# Where each archive folder is bundled (Data/editions/<edition>/, byte for byte).
BUNDLED = {
    "human-interface-markdown/2008-11-iphone-human-interface-guidelines/": "Data/editions/iphone-2008-11/",
    "human-interface-markdown/2010-03-iphone-human-interface-guidelines/": "Data/editions/iphone-2010-03/",
    "human-interface-markdown/2011-ios-human-interface-guidelines/": "Data/editions/ios-2011-03/",
    "human-interface-markdown/2014-ios-human-interface-guidelines/": "Data/editions/ios-2014-03/",
    "hig-web-2022/": "Data/editions/web-2022/",
    "hig-web-2023-09/": "Data/editions/web-2023-09/",
    "hig-web-2026-07/": "Data/editions/web-2026-07/",
}


# Below this confidence a link is shown as of low confidence: the model file's threshold, read
# here as hig reads it (written by Tests/Gold/calibrate.py).
with open(os.path.join(HERE, "..", "..", "Data", "taxonomy", "lineage-confidence.json"), encoding="utf-8") as _model:
    LOW_BELOW = json.load(_model)["low_confidence_below"]


def editions(pair):
    """The two edition ids of a gold pair ("ios-2014-03>web-2022-23"), the older first."""
    older, newer = pair.split(">")
    return older, newer


def bundled_path(file):
    for archive, bundled in BUNDLED.items():
        if file.startswith(archive):
            return bundled + file[len(archive):]
    return file


# A Markdown link in a quote ("[Figure](#page-64-1) 6-7"): its text is what the rule holds.
MARKDOWN_LINK = re.compile(r"\[([^\]]*)\]\([^)]*\)")


def squeezed(text):
    """Letters and digits alone, lowercased: a quote and a rule's text compared apart from markup,
    punctuation and spacing."""
    return "".join(c for c in text.lower() if c.isalnum())


def quote_start(place):
    """A gold passage's quote as compared with a rule's text: links' words kept, squeezed."""
    return squeezed(MARKDOWN_LINK.sub(r"\1", place["quote"]))


def main(argv):
    if len(argv) < 2:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    path = argv[1]
    flags = [a for a in argv[2:] if a in ("--json", "--wrong", "--missed")]
    rest = [a for a in argv[2:] if a not in flags]
    options = dict(zip(rest[0::2], rest[1::2]))
    gold = options.get("--gold", os.path.join(HERE, "ios-line.jsonl"))
    if not os.path.isfile(gold):
        print(f"score.py: error: no gold file at {gold}", file=sys.stderr)
        return 2
    if not os.path.isfile(path):
        print(f"score.py: error: no database at {path}; build one with hig --db {path} import", file=sys.stderr)
        return 2
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    rules_of = defaultdict(list)
    text_of = {}
    for rule_id, source, start, end, text in db.execute(
            "SELECT r.id, s.path, r.line_start, r.line_end, r.text FROM rules r JOIN sources s ON s.id = r.source_id"):
        rules_of[source].append((start, end, rule_id))
        text_of[rule_id] = text
    edition_of = dict(db.execute("SELECT id, edition_id FROM rules"))
    edition_rules = defaultdict(list)
    for rule_id, edition_id in edition_of.items():
        edition_rules[edition_id].append(rule_id)
    links = {(a, b): change for a, b, change in db.execute("SELECT from_rule, to_rule, change FROM rule_links")}
    later = defaultdict(set)
    for a, b in links:
        later[a].add(b)
    # The family tree: a pair of editions the database compares directly, or one it reaches
    # through editions between them (a gold pair that skips an excerpt, such as osx-2014-10 >
    # web-2026-07 across the seed page web-2022-23, is judged on chains of links).
    try:
        compared = set(db.execute("SELECT predecessor_id, edition_id FROM edition_predecessors"))
    except sqlite3.OperationalError:
        compared = None

    def direct(pair):
        return compared is None or editions(pair) in compared

    def reached(a, newer):
        """The rules of edition `newer` that chains of links from rule `a` reach."""
        seen, todo, found = set(), [a], set()
        while todo:
            x = todo.pop()
            for y in later[x]:
                if y in seen:
                    continue
                seen.add(y)
                if edition_of.get(y) == newer:
                    found.add(y)
                else:
                    todo.append(y)
        return found

    def starts_rule(place, rule_id):
        """Whether the passage starts where its rule does (its quote's first words open the rule's
        text, give or take a list mark or a bold lead's markup): a passage from a later sentence on
        says nothing of the rule's first sentences. A quote that runs on past a short rule is
        compared on the rule's length."""
        text = squeezed(text_of[rule_id])
        quote = quote_start(place)[:min(24, len(text))]
        return bool(quote) and 0 <= text.find(quote) <= 12

    def rule_at(place):
        """The rule that holds the passage's line; of several (a figure and the guideline glued
        after it on one line), the one whose text holds the quote's first words."""
        file = bundled_path(place["file"])
        holding = [rule_id for start, end, rule_id in rules_of.get(file, []) if start <= place["line"] <= end]
        if len(holding) > 1:
            quote = quote_start(place)[:24]
            for rule_id in holding:
                if quote and quote in squeezed(text_of[rule_id]):
                    return rule_id
        return holding[0] if holding else None

    def reaches(a, b):
        seen, todo = set(), [a]
        while todo:
            x = todo.pop()
            if x == b:
                return True
            if x in seen:
                continue
            seen.add(x)
            todo.extend(later[x])
        return False

    counts = Counter()
    missing = []
    missed = []
    per_pair = defaultdict(Counter)
    per_class = defaultdict(Counter)
    entries = [json.loads(line) for line in open(gold, encoding="utf-8")]
    for e in entries:
        a = rule_at(e["from"]) if e["from"] else None
        b = rule_at(e["to"]) if e["to"] else None
        pair = e["pair"]
        relation = e["relation"]
        if (e["from"] and a is None) or (e["to"] and b is None):
            missing.append(e)
            counts[relation + " (passage not a rule)"] += 1
            continue
        chained = not direct(pair)
        newer = editions(pair)[1]
        if relation == "link":
            if e["class"] == "restored":
                found = reaches(a, b)
            elif chained:
                found = b in reached(a, newer)
            else:
                found = (a, b) in links
            counts["link"] += 1
            if not found:
                missed.append((pair, a, b, e["class"], e.get("note", "")))
            per_pair[pair]["links"] += 1
            per_class[e["class"]]["links"] += 1
            if found:
                counts["link found"] += 1
                per_pair[pair]["found"] += 1
                per_class[e["class"]]["found"] += 1
                # Across editions between, the class of one link is not the pair's: not judged.
                if e["class"] == "restored" or (not chained and links.get((a, b)) == e["class"]):
                    counts["class agrees"] += 1
                    per_class[e["class"]]["agrees"] += 1
        elif relation == "non-link":
            counts["non-link"] += 1
            per_pair[pair]["non-links"] += 1
            if (b in reached(a, newer)) if chained else ((a, b) in links):
                counts["non-link violated"] += 1
                per_pair[pair]["violated"] += 1
        elif relation == "removed":
            counts["removed"] += 1
            if not (reached(a, newer) if chained else any(edition_of.get(x) == newer for x in later[a])):
                counts["removed respected"] += 1
        elif relation == "added":
            counts["added"] += 1
            older = editions(pair)[0]
            if chained:
                respected = not any(b in reached(x, newer) for x in edition_rules[older])
            else:
                respected = not any(y == b and edition_of.get(x) == older for (x, y) in links)
            if respected:
                counts["added respected"] += 1
    # Wrong links: a link of the database from a passage whose fate in that pair the gold set
    # gives (its links, or removed) to a rule of the newer edition the gold set does not name,
    # or to a passage whose origin it gives (its links, or added) from a rule it does not name.
    gold_to, gold_from = defaultdict(set), defaultdict(set)
    # The rules whose whole fate (or origin) a passage gives: one that starts where its rule does.
    whole_from, whole_to = set(), set()
    for e in entries:
        a = rule_at(e["from"]) if e["from"] else None
        b = rule_at(e["to"]) if e["to"] else None
        # A restored link spans editions that lineage does not compare directly
        # (iphone-2008-11>ios-2014-03, mac-1995>macosx-2004-05): it says nothing about the links
        # of one compared pair.
        if e["class"] == "restored" or (e["from"] and a is None) or (e["to"] and b is None):
            continue
        if e["relation"] in ("link", "removed") and a:
            gold_to[(e["pair"], a)].update([b] if b else [])
            if starts_rule(e["from"], a):
                whole_from.add((e["pair"], a))
        if e["relation"] in ("link", "added") and b:
            gold_from[(e["pair"], b)].update([a] if a else [])
            if starts_rule(e["to"], b):
                whole_to.add((e["pair"], b))
    wrong = set()
    for (pair, a), targets in gold_to.items():
        if (pair, a) not in whole_from:
            continue
        newer = editions(pair)[1]
        reach = reached(a, newer) if not direct(pair) else {x for x in later[a] if edition_of.get(x) == newer}
        wrong.update((pair, a, x) for x in reach if x not in targets)
    for (pair, b), origins in gold_from.items():
        if (pair, b) not in whole_to:
            continue
        older, newer = editions(pair)
        if direct(pair):
            sources = {x for (x, y) in links if y == b and edition_of.get(x) == older}
        else:
            sources = {x for x in edition_rules[older] if later[x] and b in reached(x, newer)}
        wrong.update((pair, x, b) for x in sources if x not in origins)
    for pair, a, b in wrong:
        per_pair[pair]["wrong"] += 1
    counts["wrong link"] = len(wrong)
    if "--wrong" in argv:
        for pair, a, b in sorted(wrong):
            print(f"wrong {pair}: {a} -> {b}")
    if "--missed" in argv:
        for pair, a, b, kind, note in missed:
            print(f"missed {pair}: {a} -> {b} ({kind}: {note})")
    # The links the gold set judges. Right: a gold link the database makes directly, or reaches
    # by a chain of links in a pair through editions between. Wrong: a wrong link, or a non-link
    # made (or reached).
    judged = {}
    gold_class = {}
    for e in entries:
        a = rule_at(e["from"]) if e["from"] else None
        b = rule_at(e["to"]) if e["to"] else None
        if a is None or b is None:
            continue
        if (a, b) not in links if direct(e["pair"]) else b not in reached(a, editions(e["pair"])[1]):
            continue
        if e["relation"] == "link" and e["class"] != "restored":
            judged[(e["pair"], a, b)] = 1
            gold_class[(e["pair"], a, b)] = e["class"]
        elif e["relation"] == "non-link":
            judged.setdefault((e["pair"], a, b), 0)
    for pair, a, b in wrong:
        judged.setdefault((pair, a, b), 0)
    if "--labels" in options:
        with open(options["--labels"], "w", encoding="utf-8") as out:
            out.write("pair\tfrom\tto\tright\tclass\tchain\n")
            for (pair, a, b), right in sorted(judged.items()):
                out.write(f"{pair}\t{a}\t{b}\t{right}\t{gold_class.get((pair, a, b), '')}\t{int(not direct(pair))}\n")
    # How often a link is right, by its confidence (when the database has one).
    confidence = dict(((a, b), c) for a, b, c in db.execute("SELECT from_rule, to_rule, confidence FROM rule_links"))
    bands = defaultdict(lambda: [0, 0])
    for (pair, a, b), right in judged.items():
        if confidence.get((a, b)) is not None:
            band = f"under {LOW_BELOW}" if confidence[(a, b)] < LOW_BELOW else f"{LOW_BELOW} or more"
            bands[band][0] += 1
            bands[band][1] += right
    # How often a link is right by what a reader is shown: no flag (confidence LOW_BELOW or more, no
    # doubt), a possible counterpart (a doubt, `LinkDoubt`), or low confidence alone; per pair too.
    columns = {row[1] for row in db.execute("PRAGMA table_info(rule_links)")}
    shown_bands = defaultdict(lambda: [0, 0])
    shown_per_pair = defaultdict(lambda: defaultdict(lambda: [0, 0]))
    if "doubt" in columns:
        shown = dict(((a, b), (c, d)) for a, b, c, d in db.execute("SELECT from_rule, to_rule, confidence, doubt FROM rule_links"))
        for (pair, a, b), right in judged.items():
            if (a, b) not in shown:  # judged on a chain of links: no one link is shown
                continue
            c, d = shown[(a, b)]
            band = "possible counterpart" if d else ("low confidence" if c is not None and c < LOW_BELOW else "no flag")
            shown_bands[band][0] += 1
            shown_bands[band][1] += right
            shown_per_pair[pair][band][0] += 1
            shown_per_pair[pair][band][1] += right
    # Near-reprints (issue 32): the gold links of classes unchanged and reworded, the same guidance
    # with small edits. Recall: those the database makes (or reaches, across editions between).
    # Precision: of the database's judged links that start or end at such a passage, the right ones
    # (a wrong link or a made non-link there counts against it).
    near_passages, near_found, near_total = set(), 0, 0
    for e in entries:
        if e["relation"] != "link" or e["class"] not in ("unchanged", "reworded"):
            continue
        a, b = rule_at(e["from"]), rule_at(e["to"])
        if a is None or b is None:
            continue
        near_total += 1
        near_found += ((a, b) in links) if direct(e["pair"]) else (b in reached(a, editions(e["pair"])[1]))
        near_passages.update([(e["pair"], "from", a), (e["pair"], "to", b)])
    near_judged = [right for (pair, a, b), right in judged.items()
                   if (pair, "from", a) in near_passages or (pair, "to", b) in near_passages]
    near = {"links": near_total, "found": near_found, "judged": len(near_judged), "right": sum(near_judged)}
    recall = counts["link found"] / counts["link"] if counts["link"] else 0.0
    precision = 1 - counts["non-link violated"] / counts["non-link"] if counts["non-link"] else 1.0
    result = {
        "links": counts["link"], "links_found": counts["link found"], "classes_agree": counts["class agrees"],
        "recall": round(recall, 3), "non_links": counts["non-link"], "non_links_violated": counts["non-link violated"],
        "precision": round(precision, 3),
        "removed": counts["removed"], "removed_respected": counts["removed respected"],
        "added": counts["added"], "added_respected": counts["added respected"],
        "passages_not_rules": len(missing), "wrong_links": counts["wrong link"],
        "per_pair": {p: dict(c) for p, c in sorted(per_pair.items())},
        "per_class": {k: dict(c) for k, c in sorted(per_class.items())},
        "by_confidence": {band: {"judged": n, "right": right} for band, (n, right) in sorted(bands.items())},
        "by_flag": {band: {"judged": n, "right": right} for band, (n, right) in sorted(shown_bands.items())},
        "near_reprints": near,
    }
    if "--json" in argv:
        print(json.dumps(result, indent=2))
    else:
        print(f"links found: {counts['link found']}/{counts['link']} (recall {recall:.3f}), "
              f"class agrees: {counts['class agrees']}")
        print(f"non-links violated: {counts['non-link violated']}/{counts['non-link']} (precision {precision:.3f})")
        print(f"removed respected: {counts['removed respected']}/{counts['removed']}, "
              f"added respected: {counts['added respected']}/{counts['added']}")
        order = list(dict.fromkeys(e["pair"] for e in entries))  # the gold file's: oldest first
        for p, c in sorted(per_pair.items(), key=lambda item: order.index(item[0])):
            print(f"  {p}: links {c['found']}/{c['links']}, non-links violated {c['violated']}/{c['non-links']}, "
                  f"wrong links {c['wrong']} (link precision {c['found'] / max(1, c['found'] + c['wrong']):.3f})")
        if near["links"]:
            print(f"near-reprint links (unchanged, reworded): {near['found']}/{near['links']} found "
                  f"(recall {near['found'] / near['links']:.3f}); {near['right']}/{near['judged']} of the judged links "
                  f"at those passages right (precision {near['right'] / max(1, near['judged']):.3f})")
        for name, c in sorted(per_class.items()):
            print(f"  class {name}: links {c['found']}/{c['links']} (recall {c['found'] / max(1, c['links']):.2f}), "
                  f"class agrees {c['agrees']}")
        for band in (f"{LOW_BELOW} or more", f"under {LOW_BELOW}"):
            if band in bands:
                n, right = bands[band]
                print(f"  confidence {band}: {n} judged links, {right} right ({right / n:.2f})")
        for band in ("no flag", "possible counterpart", "low confidence"):
            if band in shown_bands:
                n, right = shown_bands[band]
                print(f"  shown with {band}: {n} judged links, {right} right ({right / n:.2f})")
        for p, bands_of_pair in sorted(shown_per_pair.items(), key=lambda item: order.index(item[0])):
            print(f"    {p}: " + ", ".join(f"{band} {right}/{n}" for band, (n, right) in sorted(bands_of_pair.items())))
        if missing:
            print(f"{len(missing)} gold passages are no rule of the database (first: "
                  f"{(missing[0]['from'] or missing[0]['to'])['file']}:{(missing[0]['from'] or missing[0]['to'])['line']})")
    # The targets a caller gives (CI: Tests/Gold/README.md), each checked the same way.
    near_recall = near["found"] / near["links"] if near["links"] else 1.0
    near_precision = near["right"] / near["judged"] if near["judged"] else 1.0
    ok = True
    for option, name, value in (("--min-recall", "recall", recall), ("--min-precision", "precision", precision),
                                ("--min-near-recall", "near-reprint recall", near_recall),
                                ("--min-near-precision", "near-reprint precision", near_precision)):
        if option in options and value < float(options[option]):
            print(f"score.py: {name} {value:.3f} is under {options[option]}", file=sys.stderr)
            ok = False
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
