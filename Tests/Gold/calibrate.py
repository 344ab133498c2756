#!/usr/bin/env python3
"""How far a link's confidence and doubt can be trusted, held out by pair of editions.

Usage: python3 Tests/Gold/calibrate.py HIG --db BUNDLE.sqlite [--archive-db ARCHIVE.sqlite]
           [--write-docs docs/lineage.md] [--write-model Data/taxonomy/lineage-confidence.json]
           [--check docs/lineage.md]

BUNDLE.sqlite is a database of the bundled editions (scored with Tests/Gold/ios-line.jsonl),
ARCHIVE.sqlite one with `hig import --archive` (scored with mac-line.jsonl; without it the Mac
line is left out). HIG is the hig binary that made them: `hig diff --candidates 3` gives what a
reader is offered.

Leave one pair out: for each pair of editions the gold sets judge links of (iOS and Mac lines),
the confidence model of Scripts/fit-link-confidence.py (the pass, the score, the share of the
pair's links that join the same words; a link of the same words has the share of such links
found right, with Laplace's rule) is fitted on the other pairs and applied to the pair left out,
as to an edition it never saw. A link is shown without a flag when it has no doubt (`rule_links
.doubt`, made at link time by rules no fit reads) and its held-out confidence is at least the
threshold. The threshold is the lowest at which the links shown without a flag stay right 95
times in 100 on each line, held out (`--write-model` writes it into the model file with the
weights fitted on every pair; hig and score.py read it there).

A gold pair through editions between (web-2022-23>web-2026-07 across the web captures of 2022
and 2023-09, osx-2014-10>web-2026-07) is judged on chains of links, as `hig diff` across several
editions shows them: a chain's confidence is the product of its links' (held out: each link's
from the model fitted on the other gold pairs; the links of a chain lie in pairs no gold set
judges), its doubt the first of theirs, its class the strongest change on the way. A chain is
never fitted on: the model is fitted on single links only.

The candidates: for each gold link not shown confidently (missed, joined to another rule, or
shown with a flag), whether `hig diff OLDER NEWER --candidates 3` offers its counterpart: among
the likely counterparts of its older rule (when that is removed or its link flagged) or of its
newer rule (added, or its link flagged), or as the flagged link itself.

--write-docs replaces the text between the markers `<!-- calibrate.py: begin -->` and
`<!-- calibrate.py: end -->` with the tables; --check fails (exit 1) when the held-out precision
of links shown without a flag, or the count of gold links whose counterpart the candidates offer,
on either line, is under what that text says.
Standard library only; deterministic.
"""
import csv
import importlib.util
import json
import os
import re
import sqlite3
import subprocess
import sys
import tempfile
from collections import defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
MODEL = os.path.join(ROOT, "Data", "taxonomy", "lineage-confidence.json")
BEGIN, END = "<!-- calibrate.py: begin -->", "<!-- calibrate.py: end -->"
TARGET = 0.95
CANDIDATES = 3

_spec = importlib.util.spec_from_file_location("fit", os.path.join(ROOT, "Scripts", "fit-link-confidence.py"))
fit = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(fit)
FEATURES = ["score", "same_share"]
sys.path.insert(0, HERE)
from score import editions  # noqa: E402


def judged_links(hig_db, gold):
    """The gold set's judged links of a database, with what made them: a list of dicts."""
    with tempfile.TemporaryDirectory() as folder:
        labels = os.path.join(folder, "labels.tsv")
        subprocess.run([sys.executable, os.path.join(HERE, "score.py"), hig_db, "--gold", gold, "--labels", labels],
                       check=True, stdout=subprocess.DEVNULL)
        rows = list(csv.DictReader(open(labels, encoding="utf-8"), delimiter="\t"))
    db = sqlite3.connect(f"file:{hig_db}?mode=ro", uri=True)
    edition_of = dict(db.execute("SELECT id, edition_id FROM rules"))
    links, same, total = {}, defaultdict(int), defaultdict(int)
    for a, b, evidence, score, similarity, confidence, doubt, change in db.execute(
            "SELECT from_rule, to_rule, evidence, score, similarity, confidence, doubt, change FROM rule_links"):
        links[(a, b)] = (evidence, score, similarity, confidence, doubt, change)
        pair = (edition_of[a], edition_of[b])
        total[pair] += 1
        same[pair] += evidence == "same-words"
    def link(key):
        evidence, score, similarity, confidence, doubt, change = links[key]
        pair = (edition_of[key[0]], edition_of[key[1]])
        return {"evidence": evidence, "score": score or 0.0, "similarity": similarity or 0.0,
                "same_share": same[pair] / total[pair], "stored": confidence, "doubt": doubt, "change": change}

    later = defaultdict(list)
    for a, b in links:
        later[a].append(b)
    out = []
    for row in rows:
        key = (row["from"], row["to"])
        judged = {"pair": row["pair"], "from": key[0], "to": key[1], "right": int(row["right"]),
                  "class": row.get("class", "")}
        if key in links:  # one link, whether its pair is compared directly or across an excerpt
            out.append({**judged, **link(key)})
            continue
        paths = chains(later, key[0], key[1], editions(row["pair"])[1], edition_of)
        if not paths:  # a wrong link reached only through a rule of the newer edition: no chain of its own
            continue
        steps = max(([link(k) for k in path] for path in paths), key=lambda steps: (product(s["stored"] for s in steps), len(steps)))
        out.append({**judged, **chain(steps)})
    return out


def chains(later, a, b, newer, edition_of):
    """The chains of links from rule `a` to rule `b` that pass no other rule of edition `newer`,
    as `hig diff` follows them: lists of (from, to) keys."""
    found, stack = [], [(a, [])]
    while stack:
        x, path = stack.pop()
        for y in sorted(later[x]):
            if y == b:
                found.append(path + [(x, y)])
            elif edition_of.get(y) != newer and len(path) < 16:
                stack.append((y, path + [(x, y)]))
    return found


def product(values):
    result = 1.0
    for v in values:
        if v is None:
            return None
        result *= v
    return result


STRENGTH = ["unchanged", "reworded", "revised", "replaced"]


def chain(steps):
    """A chain of links read as one pair, as `hig diff` reads it: the product of the confidences,
    the first doubt, the strongest change (a split, merge or restoration on the way is that)."""
    changes = [s["change"] for s in steps]
    change = next((c for c in ("merged", "split", "restored") if c in changes), None) \
        or max(changes, key=lambda c: STRENGTH.index(c) if c in STRENGTH else 0)
    return {"evidence": "chain", "steps": steps, "stored": product(s["stored"] for s in steps),
            "doubt": next((s["doubt"] for s in steps if s["doubt"] is not None), None), "change": change}


def gold_links(gold):
    """The gold links per pair and class (a restoration spans editions lineage does not compare
    directly: left out)."""
    counts = defaultdict(int)
    entries = [json.loads(line) for line in open(gold, encoding="utf-8")]
    for e in entries:
        if e["relation"] == "link" and e["class"] != "restored":
            counts[(e["pair"], e["class"])] += 1
    return counts, entries


def scored(link):
    return link["evidence"] not in ("curated", "same-words", "chain")


def vector(link):
    return fit.features(link["evidence"], link["score"], link["similarity"], link["same_share"], FEATURES)


def fitted(train):
    """The model fitted on `train`: the weights, and the confidence of a link of the same words."""
    rows = [x for x in train if scored(x)]
    w = fit.fit([vector(x) for x in rows], [x["right"] for x in rows])
    same = [x["right"] for x in train if x["evidence"] == "same-words"]  # chains aside, as in scored
    return w, (sum(same) + 1) / (len(same) + 2)


def confidence(model, link):
    w, same_words = model
    if link["evidence"] == "chain":
        return product(confidence(model, step) for step in link["steps"])
    if link["evidence"] == "curated":
        return 1.0
    if link["evidence"] == "same-words":
        return same_words
    return fit.predict(w, vector(link))


def held_out(links):
    """Each link's confidence from a model fitted on the other pairs; for a chain also the
    smallest of its links' (`held_out_weakest`), the other way a chain's confidence could be read."""
    for left in sorted({x["pair"] for x in links}):
        model = fitted([x for x in links if x["pair"] != left])
        for x in links:
            if x["pair"] == left:
                x["held_out"] = confidence(model, x)
                if x["evidence"] == "chain":
                    x["held_out_weakest"] = min(confidence(model, step) for step in x["steps"])


def brier(links, key):
    return sum((x[key] - x["right"]) ** 2 for x in links) / len(links)


def shown_plain(link, threshold, key="held_out"):
    return link["doubt"] is None and link[key] >= threshold


def precision(links, threshold, key="held_out"):
    plain = [x for x in links if shown_plain(x, threshold, key)]
    return (sum(x["right"] for x in plain) / len(plain)) if plain else 1.0, plain


def lowest_threshold(lines):
    """The lowest threshold (in hundredths) at which each line's links shown without a flag are
    right 95 times in 100, held out."""
    for hundredths in range(50, 100):
        t = hundredths / 100
        if all(precision(links, t)[0] >= TARGET for links in lines.values()):
            return t
    return 1.0


def offered(hig, db, pair, gold_pairs, threshold, details=False):
    """What `hig diff --candidates 3` offers for a gold pair: the rules shown removed, added or
    in a flagged link, with their candidates (with `details`, each as the JSON gives it, all ten
    at most); the links shown without a flag."""
    older, newer = editions(pair)
    diff = json.loads(subprocess.run(
        [hig, "--db", db, "diff", older, newer, "--candidates", str(10 if details else CANDIDATES), "--format", "json"],
        check=True, capture_output=True, text=True).stdout)
    plain, flagged = set(), set()
    for change in diff["changed"]:
        key = (change["from"], change["to"])
        if change.get("doubt") is None and (change.get("confidence") is None or change["confidence"] >= threshold):
            plain.add(key)
        else:
            flagged.add(key)
    plain.update(tuple(p) for p in diff["unchanged"])
    if details:
        return plain, flagged, diff.get("candidates") or {}
    candidates = {rule: [c["rule"] for c in found[:CANDIDATES]] for rule, found in (diff.get("candidates") or {}).items()}
    return plain, flagged, candidates


def not_shown_plainly(entries, pair, plain, rule_at):
    """The gold links of `pair` (restorations aside) not among the links shown without a flag,
    as (older rule, newer rule)."""
    for e in entries:
        if e["pair"] != pair or e["relation"] != "link" or e["class"] == "restored":
            continue
        a, b = rule_at(e["from"]), rule_at(e["to"])
        if a is not None and b is not None and (a, b) not in plain:
            yield a, b


def candidates_found(hig, db, entries, pairs, threshold, rule_at):
    """Per pair: gold links not shown confidently, and how many of them the diff offers."""
    result = {}
    for pair in pairs:
        plain, flagged, candidates = offered(hig, db, pair, pairs, threshold)
        total = hits = 0
        for a, b in not_shown_plainly(entries, pair, plain, rule_at):
            total += 1
            hits += (a, b) in flagged or b in candidates.get(a, []) or a in candidates.get(b, [])
        result[pair] = (total, hits)
    return result


def rule_locator(hig_db):
    """The rule of a gold passage (score.py's `rule_at`)."""
    from score import bundled_path
    db = sqlite3.connect(f"file:{hig_db}?mode=ro", uri=True)
    rules_of = defaultdict(list)
    for rule_id, source, start, end in db.execute(
            "SELECT r.id, s.path, r.line_start, r.line_end FROM rules r JOIN sources s ON s.id = r.source_id"):
        rules_of[source].append((start, end, rule_id))

    def rule_at(place):
        for start, end, rule_id in rules_of.get(bundled_path(place["file"]), []):
            if start <= place["line"] <= end:
                return rule_id
        return None
    return rule_at


def share(right, n):
    return f"{right / n:.2f}" if n else "—"


def tables(lines, golds, threshold, stored_threshold, candidates):
    out = [f"Held out by pair (`python3 Tests/Gold/calibrate.py`; every figure below is written by it). "
           f"Low confidence below **{threshold}**: the lowest threshold at which the links shown without a flag "
           f"are right {TARGET:.2f} of the time on each line, held out. "
           + "; ".join(f"{name}: **{precision(links, threshold)[0]:.3f}** held-out precision of links shown without a flag"
                       for name, links in lines.items()) + ".", ""]
    out += ["| threshold | " + " | ".join(f"{n}: shown without a flag | precision | recall" for n in lines) + " |",
            "|---:|" + "---:|---:|---:|" * len(lines)]
    for t in sorted({0.5, 0.6, 0.7, 0.8, 0.9, threshold}):
        cells = []
        for name, links in lines.items():
            p, plain = precision(links, t)
            gold_n = sum(golds[name].values())
            cells += [str(len(plain)), f"{p:.3f}", share(sum(x["right"] for x in plain), gold_n)]
        out.append(f"| {'**' + str(t) + '**' if t == threshold else t} | " + " | ".join(cells) + " |")
    out.append("")
    bands = [(0, 0.5), (0.5, 0.6), (0.6, 0.7), (0.7, 0.8), (0.8, 0.9), (0.9, 0.95), (0.95, 1.01)]
    out += ["| held-out confidence | " + " | ".join(f"{n} links | {n} right | share" for n in lines) + " |",
            "|---|" + "---:|---:|---:|" * len(lines)]
    for low, high in bands:
        cells = []
        for links in lines.values():
            inside = [x for x in links if low <= x["held_out"] < high]
            right = sum(x["right"] for x in inside)
            cells += [str(len(inside)), str(right), share(right, len(inside))]
        label = f"{low:.2f}–{min(high, 1):.2f}"
        out.append(f"| {label} | " + " | ".join(cells) + " |")
    chains = [x for links in lines.values() for x in links if x["evidence"] == "chain"]
    if chains:
        out += ["", f"Chains of links (pairs across editions between): {len(chains)} judged, "
                f"{sum(x['right'] for x in chains)} right; the Brier score of their held-out confidence is "
                f"**{brier(chains, 'held_out'):.3f}** as the product of their links' (what hig shows) and "
                f"{brier(chains, 'held_out_weakest'):.3f} as the smallest of them."]
    out += ["", "Per pair: the links shown without a flag, held out (precision: right of them; recall: right "
            "of them against the gold links), and as hig shows them (the confidence stored in the database, from "
            f"the model fitted on every pair, and the model file's threshold: in sample); candidates: of the gold links not shown without a flag (missed, joined to another "
            f"rule, or flagged), those whose counterpart `hig diff --candidates {CANDIDATES}` offers.", "",
            "| pair | gold links | shown without a flag | right | precision | recall | as shown: precision | recall "
            f"| not shown confidently | counterpart in first {CANDIDATES} |",
            "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for name, links in lines.items():
        counts = golds[name]
        pairs = list(dict.fromkeys(p for p, _ in counts))  # in the gold file's order: oldest first
        totals = defaultdict(int)
        for pair in pairs:
            gold_n = sum(n for (p, _), n in counts.items() if p == pair)
            mine = [x for x in links if x["pair"] == pair]
            _, plain = precision(mine, threshold)
            _, stored_plain = precision(mine, stored_threshold, "stored")
            right = sum(x["right"] for x in plain)
            stored_right = sum(x["right"] for x in stored_plain)
            total, hits = candidates.get(pair, (0, 0))
            for k, v in (("gold", gold_n), ("plain", len(plain)), ("right", right), ("stored_plain", len(stored_plain)),
                         ("stored_right", stored_right), ("total", total), ("hits", hits)):
                totals[k] += v
            if not mine:
                out.append(f"| {name} {pair} (through editions between: no one link judged) | {gold_n} | — | — | — | — "
                           f"| — | — | {total} | {hits} ({share(hits, total)}) |")
                continue
            through = " (through editions between: chains of links)" if any(x["evidence"] == "chain" for x in mine) else ""
            out.append(f"| {name} {pair}{through} | {gold_n} | {len(plain)} | {right} | {share(right, len(plain))} | "
                       f"{share(right, gold_n)} | {share(stored_right, len(stored_plain))} | {share(stored_right, gold_n)} | "
                       f"{total} | {hits} ({share(hits, total)}) |")
        t = totals
        out.append(f"| **{name}, all** | {t['gold']} | {t['plain']} | {t['right']} | {share(t['right'], t['plain'])} | "
                   f"{share(t['right'], t['gold'])} | {share(t['stored_right'], t['stored_plain'])} | "
                   f"{share(t['stored_right'], t['gold'])} | {t['total']} | {t['hits']} ({share(t['hits'], t['total'])}) |")
    out += ["", "Per class, held out: precision by the class the link is shown with, recall by the gold class.", "",
            "| class | " + " | ".join(f"{n} shown without a flag | right | precision | gold links | recall" for n in lines) + " |",
            "|---|" + "---:|---:|---:|---:|---:|" * len(lines)]
    classes = ["unchanged", "reworded", "revised", "replaced", "split", "merged"]
    for kind in classes:
        cells = []
        for name, links in lines.items():
            _, plain = precision(links, threshold)
            shown = [x for x in plain if x["change"] == kind]
            right = sum(x["right"] for x in shown)
            gold_n = sum(n for (_, c), n in golds[name].items() if c == kind)
            found = sum(1 for x in plain if x["right"] and x["class"] == kind)
            cells += [str(len(shown)), str(right), share(right, len(shown)), str(gold_n), share(found, gold_n)]
        out.append(f"| {kind} | " + " | ".join(cells) + " |")
    return "\n".join(out)


def main(argv):
    if len(argv) < 2 or "--db" not in argv:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    hig = argv[1]
    options = dict(zip(argv[2::2], argv[3::2]))
    sources = {"iOS": (options["--db"], os.path.join(HERE, "ios-line.jsonl"))}
    if "--archive-db" in options:
        sources["Mac"] = (options["--archive-db"], os.path.join(HERE, "mac-line.jsonl"))
    lines, golds, entries = {}, {}, {}
    for name, (db, gold) in sources.items():
        lines[name] = judged_links(db, gold)
        golds[name], entries[name] = gold_links(gold)
    everything = [x for links in lines.values() for x in links]
    held_out(everything)
    threshold = lowest_threshold(lines)
    stored_threshold = json.load(open(MODEL, encoding="utf-8"))["low_confidence_below"]
    candidates = {}
    for name, (db, _) in sources.items():
        pairs = sorted({p for p, _ in golds[name]})
        candidates.update(candidates_found(hig, db, entries[name], pairs, stored_threshold, rule_locator(db)))
    text = tables(lines, golds, threshold, stored_threshold, candidates)
    print(text)
    if "--write-model" in options:
        write_model(options["--write-model"], everything, threshold)
    if "--write-docs" in options:
        path = options["--write-docs"]
        page = open(path, encoding="utf-8").read()
        start, end = page.index(BEGIN) + len(BEGIN), page.index(END)
        open(path, "w", encoding="utf-8").write(page[:start] + "\n" + text + "\n" + page[end:])
        print(f"wrote {path}")
    if "--check" in options:
        page = open(options["--check"], encoding="utf-8").read()
        block = page[page.index(BEGIN):page.index(END)]
        ok = True
        for name, links in lines.items():
            said = re.search(rf"{name}: \*\*([0-9.]+)\*\* held-out precision", block)
            now = precision(links, stored_threshold)[0]
            if said is None or round(now, 3) < float(said.group(1)):
                print(f"calibrate.py: {name} held-out precision of links shown without a flag is {now:.3f}, "
                      f"under the {said.group(1) if said else '(none)'} {options['--check']} says", file=sys.stderr)
                ok = False
            # The right candidates: as many gold links' counterparts offered as the page says.
            row = re.search(rf"\| \*\*{name}, all\*\* \|.* \| (\d+) \([0-9.—]+\) \|", block)
            pairs = {p for p, _ in golds[name]}
            offered_now = sum(hits for pair, (_, hits) in candidates.items() if pair in pairs)
            if row is None or offered_now < int(row.group(1)):
                print(f"calibrate.py: {name}: {offered_now} gold links not shown confidently have their counterpart "
                      f"among the first {CANDIDATES} candidates, under the {row.group(1) if row else '(none)'} "
                      f"{options['--check']} says", file=sys.stderr)
                ok = False
        return 0 if ok else 1
    return 0


def write_model(path, links, threshold):
    """The model fitted on every pair, with the threshold: what hig ships."""
    w, same_words = fitted(links)
    model = {
        "format": 1,
        "note": "Written by Tests/Gold/calibrate.py from the gold sets (Tests/Gold, iOS and Mac lines): the probability "
                "that a link is right is 1 / (1 + exp(-(base[evidence] + score_weight * min(score, score_cap) + "
                "same_words_share_weight * share))), share being the part of its pair of editions' links that join the "
                "same words; a same-words link has same_words (Laplace's rule over the gold sets' ones), a curated link 1. "
                "Below low_confidence_below a link is shown as of low confidence: the lowest threshold at which the "
                "links shown without a flag are right 95 times in 100 on each line, held out by pair. See "
                "docs/lineage.md, 'How sure a link is'.",
        "same_words": round(same_words, 6),
        "base": {evidence: round(w[fit.GROUP_NAMES.index(group)], 6) for evidence, group in fit.GROUPS.items()},
        "score_weight": round(w[3], 6),
        "score_cap": fit.SCORE_CAP,
        "same_words_share_weight": round(w[4], 6),
        "low_confidence_below": threshold,
    }
    with open(path, "w", encoding="utf-8") as out:
        json.dump(model, out, indent=2)
        out.write("\n")
    print(f"wrote {path}")


if __name__ == "__main__":
    sys.exit(main(sys.argv))
