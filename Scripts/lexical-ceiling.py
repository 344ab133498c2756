#!/usr/bin/env python3
"""How far words alone can take lineage: where the gold counterpart ranks by word likeness.

Usage: python3 Scripts/lexical-ceiling.py DATABASE GOLD [--wordnet DIR]

For each gold link (`Tests/Gold/*.jsonl`) of a pair the database compares directly whose class is
neither `unchanged` nor `restored`, every rule of the newer edition is ranked by its likeness to
the older passage, and the script prints how often the gold counterpart ranks first (top1), among
the first three (top3), and the mean reciprocal rank (MRR), for three measures of likeness:
- `tfidf`: the cosine of TF-IDF vectors of stemmed words (what hig's matcher starts from);
- `+vectors`: half that, half the cosine of the two rules' word vectors learned from the
  database's own text (co-occurrence within 5 words, positive PMI, 100 dimensions by SVD): words
  used alike ("dismiss", "close", "cancel") count as alike;
- `+wordnet`: 0.65 the TF-IDF cosine, 0.35 the cosine over WordNet synsets (the first two senses of each
  word; `--wordnet` is Debian's wordnet-base folder, /usr/share/wordnet by default; skipped when
  absent): synonyms count as alike.
A matcher that ranks by likeness alone, however its thresholds are set, finds no more of these
links first than top1 says; what else it reads (a rule's place, its section) has to make up the
rest. Needs numpy and scipy; deterministic (the SVD's starting vector is
fixed). Nothing here consults hig's matcher: only the database's rules and the gold file.
"""
import collections
import json
import math
import os
import re
import sqlite3
import sys

import numpy as np
import scipy.sparse as sp
import scipy.sparse.linalg as sla

# The gold set's edition names and bundled paths, as the scorer reads them (one definition).
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "Gold"))
from score import bundled_path, edition  # noqa: E402

# The matcher's own stopwords (Data/taxonomy/lineage.json), so that "what words alone reach" is
# measured on the words the matcher weighs.
STOP = set(json.load(open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Data", "taxonomy", "lineage.json"),
                          encoding="utf-8"))["stopwords"])
SUFFIXES = ("ational", "ization", "fulness", "ousness", "iveness", "ations", "ation", "ingly", "ments", "ement",
            "ment", "ness", "ings", "ing", "edly", "ies", "ied", "ers", "er", "ed", "es", "ly", "s")


def words(text):
    return [w for w in re.findall(r"[a-z][a-z']*", text.lower().replace("\u2019", "'")) if w not in STOP and len(w) > 1]


def stem(word):
    for suffix in SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            return word[:-len(suffix)]
    return word


def load(path):
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    rules, by_file, by_edition = {}, collections.defaultdict(list), collections.defaultdict(list)
    for rule, edition_id, file, start, end, text in db.execute(
            "SELECT r.id, r.edition_id, s.path, r.line_start, r.line_end, r.text FROM rules r "
            "JOIN sources s ON s.id = r.source_id ORDER BY s.id, r.ordinal"):
        rules[rule] = text
        by_file[file].append((start, end, rule))
        by_edition[edition_id].append(rule)
    compared = set(db.execute("SELECT predecessor_id, edition_id FROM edition_predecessors"))
    return rules, by_file, by_edition, compared


def gold_links(path, by_file, compared):
    def rule_at(place):
        for start, end, rule in by_file.get(bundled_path(place["file"]), []):
            if start <= place["line"] <= end:
                return rule
        return None
    links = []
    for line in open(path, encoding="utf-8"):
        entry = json.loads(line)
        if entry["relation"] != "link" or entry["class"] in ("unchanged", "restored"):
            continue
        older, newer = (edition(name) for name in entry["pair"].split(">"))
        if (older, newer) not in compared:
            continue
        a, b = rule_at(entry["from"]), rule_at(entry["to"])
        if a and b:
            links.append((newer, a, b))
    return links


def tfidf(rules):
    stems = {rule: [stem(w) for w in words(text)] for rule, text in rules.items()}
    df = collections.Counter(s for d in stems.values() for s in set(d))
    vectors = {}
    for rule, d in stems.items():
        v = {s: (1 + math.log(n)) * math.log(len(stems) / df[s]) for s, n in collections.Counter(d).items()}
        norm = math.sqrt(sum(x * x for x in v.values())) or 1
        vectors[rule] = {s: x / norm for s, x in v.items()}
    return vectors


def word_vectors(rules, window=5, dimensions=100):
    corpus = [[stem(w) for w in words(text)] for text in sorted(set(rules.values()))]
    counts = collections.Counter(s for d in corpus for s in d)
    vocabulary = sorted(s for s, n in counts.items() if n >= 3)
    index = {s: i for i, s in enumerate(vocabulary)}
    pairs = collections.Counter()
    for d in corpus:
        ids = [index.get(s) for s in d]
        for p, u in enumerate(ids):
            if u is None:
                continue
            for q in range(max(0, p - window), min(len(ids), p + window + 1)):
                if q != p and ids[q] is not None:
                    pairs[(u, ids[q])] += 1
    rows = np.array([k[0] for k in pairs]); cols = np.array([k[1] for k in pairs])
    values = np.array(list(pairs.values()), float)
    total = values.sum()
    row_sums = np.bincount(rows, weights=values, minlength=len(vocabulary))
    col_sums = np.bincount(cols, weights=values, minlength=len(vocabulary)) ** 0.75
    col_sums /= col_sums.sum()
    pmi = np.maximum(np.log(values / total / (row_sums[rows] / total) / col_sums[cols]), 0)
    matrix = sp.csr_matrix((pmi, (rows, cols)), shape=(len(vocabulary), len(vocabulary)))
    u, s, _ = sla.svds(matrix, k=dimensions, v0=np.ones(len(vocabulary)))
    embedding = u * np.sqrt(s)
    embedding /= np.linalg.norm(embedding, axis=1, keepdims=True) + 1e-9
    return index, embedding


def wordnet_synsets(folder, senses=2):
    synsets = collections.defaultdict(set)
    for pos in ("noun", "verb", "adj", "adv"):
        for line in open(os.path.join(folder, f"index.{pos}"), encoding="utf-8"):
            if line.startswith(" "):
                continue
            fields = line.split()
            pointers = int(fields[3])
            for offset in fields[4 + pointers + 2:][:senses]:
                synsets[fields[0]].add(pos[0] + offset)
    return synsets


def lemma_synsets(word, synsets):
    for candidate in (word, word[:-1] if word.endswith("s") else None, word[:-2] if word.endswith("es") else None,
                      word[:-2] if word.endswith("ed") else None, word[:-1] if word.endswith("ed") else None,
                      word[:-3] if word.endswith("ing") else None, word[:-3] + "e" if word.endswith("ing") else None):
        if candidate and candidate in synsets:
            return synsets[candidate]
    return set()


def dot(a, b):
    if len(a) > len(b):
        a, b = b, a
    return sum(x * b.get(k, 0) for k, x in a.items())


def main(argv):
    if len(argv) < 3:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    options = dict(zip(argv[3::2], argv[4::2]))
    rules, by_file, by_edition, compared = load(argv[1])
    links = gold_links(argv[2], by_file, compared)
    words_tfidf = tfidf(rules)
    index, embedding = word_vectors(rules)
    dense = {}
    for rule, v in words_tfidf.items():
        e = np.zeros(embedding.shape[1])
        for s, x in v.items():
            if s in index:
                e += x * embedding[index[s]]
        n = np.linalg.norm(e)
        dense[rule] = e / n if n else e
    folder = options.get("--wordnet", "/usr/share/wordnet")
    synsets = wordnet_synsets(folder) if os.path.isdir(folder) else None
    senses = {}
    if synsets:
        for rule, text in rules.items():
            v = {}
            for w in set(words(text)):
                weight = words_tfidf[rule].get(stem(w))
                if weight:
                    for o in lemma_synsets(w, synsets):
                        v[o] = max(v.get(o, 0), weight)
            norm = math.sqrt(sum(x * x for x in v.values())) or 1
            senses[rule] = {o: x / norm for o, x in v.items()}
    measures = {"tfidf": lambda t, e, w: t, "+vectors": lambda t, e, w: 0.5 * t + 0.5 * e}
    if synsets:
        measures["+wordnet"] = lambda t, e, w: 0.65 * t + 0.35 * w
    tally = {name: collections.Counter() for name in measures}
    for newer, a, b in links:
        ids = by_edition[newer]
        t = np.array([dot(words_tfidf[a], words_tfidf[x]) for x in ids])
        e = np.array([dense[x] for x in ids]) @ dense[a]
        w = np.array([dot(senses[a], senses[x]) for x in ids]) if synsets else t
        at = ids.index(b)
        for name, measure in measures.items():
            likeness = measure(t, e, w)
            rank = 1 + int((likeness > likeness[at]).sum())
            tally[name]["top1"] += rank == 1
            tally[name]["top3"] += rank <= 3
            tally[name]["rr"] += 1 / rank
    print(f"{len(links)} gold links (neither unchanged nor restored) of directly compared pairs in {os.path.basename(argv[2])}")
    for name, c in tally.items():
        n = max(1, len(links))
        print(f"  {name:9s} top1 {c['top1'] / n:.3f}  top3 {c['top3'] / n:.3f}  MRR {c['rr'] / n:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
