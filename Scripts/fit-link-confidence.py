#!/usr/bin/env python3
"""Fits the lineage links' confidence: the probability that a link is right, from what made it.

Usage: python3 Scripts/fit-link-confidence.py DATABASE LABELS

DATABASE is a hig database of the bundled editions; LABELS the links of it the gold set judges
(`python3 Tests/Gold/score.py DATABASE --labels LABELS`: pair, from, to, right). Each judged link
that the matcher made (curated links are sure by definition) is described by its evidence (the
matcher's pass), its score, its similarity and the share of its pair of editions' links that
join the same words (low where Apple rewrote the text: a weak link is worth less there).

A logistic model is fitted to them (Newton's method, a little L2 so the rare passes stay
finite) and judged by leaving one pair of editions out at a time: fitted on the other pairs,
scored on the one left out, as a new edition would be. The script prints the held-out Brier
score and log loss against simpler models (one rate for all, the pass alone, ...), and a reliability table (predicted against
observed, by band of predicted confidence). The model hig ships, fitted on every pair of both gold
sets with its low-confidence threshold, is written by Tests/Gold/calibrate.py --write-model, which
reads the functions here.
Standard library only; deterministic.
"""
import csv
import math
import sqlite3
import sys
from collections import defaultdict

# Passes with few links share one weight: alone they would be fitted on a handful.
# A restoration (a strong pair across an edition that lacked the rule) is too rare in the gold set
# to fit: it shares the weakest one-to-one pass's weight.
GROUPS = {"strong-pair": "strong-pair", "mutual-best": "mutual-best", "restoration": "mutual-best",
          "part-by-words": "part", "part-by-coverage": "part", "gap": "part", "lead-in": "part", "parent": "part",
          "family": "part"}
GROUP_NAMES = ["strong-pair", "mutual-best", "part"]
L2 = 1.0
SCORE_CAP = 1.5


def features(evidence, score, similarity, same_share, model):
    group = GROUPS[evidence]
    x = [1.0 if group == g else 0.0 for g in GROUP_NAMES]
    if "score" in model:
        x.append(min(score, SCORE_CAP))
    if "similarity" in model:
        x.append(similarity)
    if "same_share" in model:
        x.append(same_share)
    return x


def fit(xs, ys):
    n = len(xs[0])
    w = [0.0] * n
    for _ in range(50):
        grad = [L2 * wi for wi in w]
        hess = [[(L2 if i == j else 0.0) for j in range(n)] for i in range(n)]
        for x, y in zip(xs, ys):
            p = 1 / (1 + math.exp(-sum(wi * xi for wi, xi in zip(w, x))))
            for i in range(n):
                grad[i] += (p - y) * x[i]
                for j in range(n):
                    hess[i][j] += p * (1 - p) * x[i] * x[j]
        step = solve(hess, grad)
        w = [wi - si for wi, si in zip(w, step)]
        if max(abs(s) for s in step) < 1e-10:
            break
    return w


def solve(a, b):
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        pivot = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[pivot] = m[pivot], m[c]
        for r in range(n):
            if r != c:
                f = m[r][c] / m[c][c]
                m[r] = [vr - f * vc for vr, vc in zip(m[r], m[c])]
    return [m[i][n] / m[i][i] for i in range(n)]


def predict(w, x):
    return 1 / (1 + math.exp(-sum(wi * xi for wi, xi in zip(w, x))))


def main(argv):
    if len(argv) < 3:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    db = sqlite3.connect(f"file:{argv[1]}?mode=ro", uri=True)
    edition = dict(db.execute("SELECT id, edition_id FROM rules"))
    links = {}
    same, total = defaultdict(int), defaultdict(int)
    for a, b, evidence, score, similarity in db.execute(
            "SELECT from_rule, to_rule, evidence, score, similarity FROM rule_links"):
        links[(a, b)] = (evidence, score, similarity)
        pair = (edition[a], edition[b])
        total[pair] += 1
        same[pair] += evidence == "same-words"
    rows = []
    for row in csv.DictReader(open(argv[2], encoding="utf-8"), delimiter="\t"):
        if row.get("chain") == "1":  # a pair through editions between: no one link to fit
            continue
        evidence, score, similarity = links[(row["from"], row["to"])]
        if evidence in ("curated", "same-words"):
            continue
        pair = (edition[row["from"]], edition[row["to"]])
        rows.append((row["pair"], evidence, score, similarity, same[pair] / total[pair], int(row["right"])))
    models = {"evidence only": [], "evidence + score": ["score"],
              "evidence + score + similarity + same-words share": ["score", "similarity", "same_share"],
              "evidence + score + same-words share": ["score", "same_share"]}
    pairs = sorted({r[0] for r in rows})
    print(f"{len(rows)} judged links made by the matcher's scored passes ({sum(r[5] for r in rows)} right), "
          f"{len(pairs)} pairs of editions")
    held_out = {}
    constant = []
    for left in pairs:
        train = [r[5] for r in rows if r[0] != left]
        constant += [(sum(train) / len(train), r[5]) for r in rows if r[0] == left]
    print(f"  {'one rate for all (the other pairs share of right links)':50s} held-out Brier "
          f"{sum((p - y) ** 2 for p, y in constant) / len(constant):.3f}, log loss "
          f"{-sum(math.log(p if y else 1 - p) for p, y in constant) / len(constant):.3f}")
    for name, model in models.items():
        predictions = []
        for left in pairs:
            train = [r for r in rows if r[0] != left]
            w = fit([features(*r[1:5], model) for r in train], [r[5] for r in train])
            predictions += [(predict(w, features(*r[1:5], model)), r[5], r[0]) for r in rows if r[0] == left]
        brier = sum((p - y) ** 2 for p, y, _ in predictions) / len(predictions)
        loss = -sum(math.log(p if y else 1 - p) for p, y, _ in predictions) / len(predictions)
        held_out[name] = predictions
        print(f"  {name:50s} held-out Brier {brier:.3f}, log loss {loss:.3f}")
    chosen = "evidence + score + same-words share"
    print(f"\nreliability of '{chosen}', held out by pair (band: links, mean predicted, observed right):")
    bands = defaultdict(list)
    for p, y, _ in held_out[chosen]:
        bands[min(int(p * 5), 4)].append((p, y))
    for band in sorted(bands):
        values = bands[band]
        print(f"  {band / 5:.1f}-{(band + 1) / 5:.1f}: {len(values):3d} links, predicted "
              f"{sum(p for p, _ in values) / len(values):.2f}, observed {sum(y for _, y in values) / len(values):.2f}")
    for pair in pairs:
        values = [(p, y) for p, y, q in held_out[chosen] if q == pair]
        print(f"  {pair:14s} {len(values):3d} links, predicted {sum(p for p, _ in values) / len(values):.2f}, "
              f"observed {sum(y for _, y in values) / len(values):.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
