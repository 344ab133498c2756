"""Would static word embeddings put more gold counterparts among `hig diff --candidates 3`?

A measurement for issue 30, not a test: it needs the PyPI package `wordllama` (its token table,
`l2_supercat_256.safetensors`, 32,000 tokens of 256 dimensions distilled from LLaMA 2, and its
tokenizer), which hig does not ship. Run it with a virtual environment of its own:

    python3 -m venv /tmp/wl && /tmp/wl/bin/pip install wordllama
    /tmp/wl/bin/python Tests/Gold/rerank-embeddings.py .build/release/hig --db BUNDLE --archive-db ARCHIVE

For each gold link not shown without a flag (as `calibrate.py` counts them), it takes the ten
candidates hig offers each of the two rules and orders them again: hig's order (a rule where its
neighbours went 0.2 higher; kept word for word, then unlike in length, last), with WEIGHT times
the cosine of the two texts' mean token vectors added to the score. It prints, per line and
weight, how many counterparts the first three hold (links shown with a flag count as found, as
in `calibrate.py`), and how many the embedding alone finds among the first three of every rule
of the other edition.
"""

import argparse
import json
import os
import sqlite3
import sys

import numpy as np
from safetensors.numpy import load_file
from tokenizers import Tokenizer

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import calibrate  # noqa: E402
from score import editions  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
GOLD = {"iOS": os.path.join(HERE, "ios-line.jsonl"), "Mac": os.path.join(HERE, "mac-line.jsonl")}


def embedder(db):
    import wordllama
    package = os.path.dirname(wordllama.__file__)
    tokenizer = Tokenizer.from_file(os.path.join(package, "tokenizers", "l2_supercat_tokenizer_config.json"))
    table = next(iter(load_file(os.path.join(package, "weights", "l2_supercat_256.safetensors")).values())).astype(np.float32)
    text = dict(db.execute("SELECT id, text FROM rules"))
    vectors = {}

    def vector(rule):
        if rule not in vectors:
            ids = tokenizer.encode(text[rule], add_special_tokens=False).ids or [0]
            mean = table[np.clip(ids, 0, table.shape[0] - 1)].mean(axis=0)
            vectors[rule] = mean / (np.linalg.norm(mean) or 1.0)
        return vectors[rule]
    return vector


def hig_order(candidate, added):
    last = 2 if candidate.get("unlike_in_length") else 1 if candidate.get("kept_word_for_word") else 0
    return (last, -(candidate["score"] + (0.2 if candidate.get("where_neighbours_went") else 0) + added))


def measure(hig, db_path, gold, weights, threshold):
    db = sqlite3.connect(f"file:{db_path}?mode=ro", uri=True)
    vector = embedder(db)
    rules_of = {}
    for rule, edition in db.execute("SELECT id, edition_id FROM rules"):
        rules_of.setdefault(edition, []).append(rule)
    entries = [json.loads(line) for line in open(gold, encoding="utf-8")]
    rule_at = calibrate.rule_locator(db_path)
    found = {weight: 0 for weight in weights}
    alone = total = 0
    for pair in sorted({e["pair"] for e in entries if e["relation"] == "link"}):
        older, newer = editions(pair)
        plain, flagged, candidates = calibrate.offered(hig, db_path, pair, None, threshold, details=True)
        for a, b in calibrate.not_shown_plainly(entries, pair, plain, rule_at):
            total += 1
            if (a, b) in flagged:
                alone += 1
                for weight in weights:
                    found[weight] += 1
                continue
            for weight in weights:
                def first(rule):
                    listed = sorted(candidates.get(rule, []), key=lambda c: hig_order(c, weight * float(vector(rule) @ vector(c["rule"]))))
                    return [c["rule"] for c in listed[:3]]
                found[weight] += b in first(a) or a in first(b)

            def nearest(rule, edition):
                return [r for _, r in sorted(((float(vector(rule) @ vector(r)), r) for r in rules_of[edition]), reverse=True)[:3]]
            alone += b in nearest(a, newer) or a in nearest(b, older)
    return total, found, alone


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("hig")
    parser.add_argument("--db", required=True, help="the bundle imported (the iOS gold set)")
    parser.add_argument("--archive-db", required=True, help="the bundle with the archive imported (the Mac gold set)")
    parser.add_argument("--weights", default="0,0.15,0.3,0.6", help="weights of the cosine, comma-separated")
    parser.add_argument("--threshold", type=float, default=0.68, help="the confidence under which a link is flagged")
    options = parser.parse_args()
    weights = [float(w) for w in options.weights.split(",")]
    print("| line | gold links not shown plainly | " + " | ".join(f"first three, weight {w:g}" for w in weights)
          + " | embedding alone, first three of every rule |")
    print("|---|---:|" + "---:|" * (len(weights) + 1))
    for line, db in (("iOS", options.db), ("Mac", options.archive_db)):
        total, found, alone = measure(os.path.abspath(options.hig), db, GOLD[line], weights, options.threshold)
        print(f"| {line} | {total} | " + " | ".join(f"{found[w]} ({found[w] / total:.2f})" for w in weights)
              + f" | {alone} ({alone / total:.2f}) |")


if __name__ == "__main__":
    main()
