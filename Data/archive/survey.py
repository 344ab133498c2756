#!/usr/bin/env python3
"""Measures the archive's documents: the figures under `measured` in catalogue.json.

Standard library only. `python3 Data/archive/survey.py [ARCHIVE]` prints, per document folder, the
figures as JSON; check.py recomputes them with these same functions, so a figure in the catalogue
is never copied by hand. ARCHIVE defaults to ../shared/archive/human-interface-markdown beside
the repository (or $HIG_ARCHIVE).

The measures are rough on purpose (the brief: "measure it roughly"); README.md says what each
one counts.
"""
import collections
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
LEXICON_FILES = ("english-words.txt", "interface-words.txt")

# Two-letter and one-letter pieces a glued word may hold: the repair's own list (the English list
# also holds abbreviations like "rs" and "st" that must not count as pieces).
SHORT_PIECES = {
    line.strip() for line in open(os.path.join(REPO, "Data", "lexicon", "short-pieces.txt"), encoding="utf-8")
    if line.strip() and not line.startswith("#")
}

# Regular expressions counted line by line (re.search); the catalogue cites them by name.
PATTERNS = {
    "page_anchor": r'<span id="page-',
    "text_to_come": r"(?i)<text to come>",
    "chapter_label": r"^#{1,6} \*\*(C ?HAPTER|A ?PPENDIX|P ?ART) [0-9A-Z]+( [0-9A-Z]+)?\*\*\s*$",
    "title_page_footer": r"^[A-Za-z][^#|]{0,80}? \*\*(\d+|[ivxlc]+|\d+-\d+)\*\*\s*$",
    "dated_footer": r"(\d{4}-\d{2}-\d{2}|[A-Z][a-z]+ \d{1,2}, \d{4}) \| © ",
    "tognazzini_footer": r"\d{1,2}/\d{1,2}/8\d Tognazzini",
    "craig_scan_source": r"Source: David T Craig",
    "pict_scan_metadata": r'"DTCLISADOC-\d+-\d+-\d+\.PICT" \d+ KB',
    "scan_page_of": r"Page \d{4} of \d{4}",
    "digibarn_licence_footer": r"Distributed under the Creative Commons License on page \d+",
    "lisa_1980_running_head": r"^LISA User Interface Standards$",
}


def archive_path(argument=None):
    if argument:
        return argument
    if os.environ.get("HIG_ARCHIVE"):
        return os.environ["HIG_ARCHIVE"]
    return os.path.join(os.path.dirname(REPO), "shared", "archive", "human-interface-markdown")


def document_folders(archive):
    return sorted(
        name for name in os.listdir(archive)
        if os.path.isdir(os.path.join(archive, name)) and not name.startswith(".")
    )


def read_lines(archive, folder):
    """The lines of full_document.md, numbered from 1 by index + 1 (no line ends kept)."""
    with open(os.path.join(archive, folder, "full_document.md"), encoding="utf-8") as handle:
        text = handle.read()
    lines = text.split("\n")
    if text.endswith("\n"):
        lines.pop()
    return lines


def load_lexicon():
    words = set()
    for name in LEXICON_FILES:
        with open(os.path.join(REPO, "Data", "lexicon", name), encoding="utf-8") as handle:
            for line in handle:
                word = line.strip()
                if word and not word.startswith("#"):
                    words.add(word)
    # /usr/share/dict/words is read too when the machine has it (it does not on the build machine).
    if os.path.exists("/usr/share/dict/words"):
        with open("/usr/share/dict/words", encoding="utf-8", errors="replace") as handle:
            words.update(w.strip().lower() for w in handle if w.strip().isalpha())
    return words


def archive_word_counts(archive, folders):
    """Counts of every lowercased word and word pair over all documents: the corpus evidence
    that tells a glued pair ("ifyou": "if you" is far more common) from a compound ("modeless")."""
    unigrams, bigrams = collections.Counter(), collections.Counter()
    for folder in folders:
        for line in read_lines(archive, folder):
            words = [w.lower() for w in re.findall(r"[A-Za-z]+", line)]
            unigrams.update(words)
            bigrams.update(zip(words, words[1:]))
    return unigrams, bigrams


def two_word_split(word, lexicon):
    for cut in range(1, len(word)):
        left, right = word[:cut], word[cut:]
        if all((len(p) >= 3 or p in SHORT_PIECES) and p in lexicon for p in (left, right)):
            return left, right
    return None


def glued_words(lines, lexicon, unigrams, bigrams):
    """(words, raw, confirmed): raw are tokens not in the lexicon that split into two known
    words (the brief's measure); confirmed are those whose two words stand apart in the archive
    more often than joined (so "modeless", "submenu", "filename" drop out)."""
    words, raw, confirmed = 0, [], []
    for number, line in enumerate(lines, 1):
        for token in line.split():
            match = re.search(r"[A-Za-z](.*[A-Za-z])?", token)
            if not match:
                continue
            words += 1
            core = match.group(0)
            if len(core) < 5 or not (core.isascii() and core.isalpha()) or not core[1:].islower():
                continue
            lower = core.lower()
            if lower in lexicon:
                continue
            pieces = two_word_split(lower, lexicon)
            if not pieces:
                continue
            raw.append((number, core))
            if bigrams[pieces] > unigrams[lower]:
                confirmed.append((number, core))
    return words, raw, confirmed


def code_fences(lines):
    """Fenced blocks as (first line, last line, kind): kind is "toc" (page-numbered lines in
    the first 15% of the file), "index" (in the last 15%) or "other"."""
    marks = [n for n, line in enumerate(lines, 1) if re.match(r"^\s*```", line)]
    blocks = []
    for start, end in zip(marks[0::2], marks[1::2]):
        body = [line for line in lines[start:end - 1] if line.strip()]
        numbered = sum(
            1 for line in body
            if re.search(r"(^\s*[0-9ivx]+(\s+\S|\s*$))|(\S\s+[0-9ivx]+(-[0-9]+)?\s*$)", line)
        )
        kind = "other"
        if len(body) >= 5 and numbered >= 0.4 * len(body):
            if start <= 0.15 * len(lines):
                kind = "toc"
            elif start >= 0.85 * len(lines):
                kind = "index"
        blocks.append([start, end, kind])
    return blocks


def pattern_hits(lines, pattern):
    return [n for n, line in enumerate(lines, 1) if re.search(pattern, line)]


def chunk_count(archive, folder):
    return len([n for n in os.listdir(os.path.join(archive, folder, "chunks")) if n.endswith(".md")])


def long_paragraphs(lines):
    """Letters-only forms of the non-table lines with at least 80 letters: a paragraph found
    again verbatim, even with its words glued differently."""
    found = set()
    for line in lines:
        if line.lstrip().startswith("|"):
            continue
        key = re.sub(r"[^a-z]", "", line.lower())
        if len(key) >= 80:
            found.add(key)
    return found


def measure(archive, folder, lexicon, unigrams, bigrams):
    lines = read_lines(archive, folder)
    words, raw, confirmed = glued_words(lines, lexicon, unigrams, bigrams)
    result = {
        "lines": len(lines),
        "chunks": chunk_count(archive, folder),
        "words": words,
        "glued_raw": len(raw),
        "glued_raw_per_1000": round(1000 * len(raw) / words, 1) if words else 0.0,
        "glued_confirmed": len(confirmed),
        "glued_per_1000": round(1000 * len(confirmed) / words, 1) if words else 0.0,
        "glued_first_examples": [{"line": n, "quote": w} for n, w in confirmed[:3]],
        "code_fences": code_fences(lines),
        "patterns": {},
    }
    for name, pattern in PATTERNS.items():
        hits = pattern_hits(lines, pattern)
        if hits:
            result["patterns"][name] = {"count": len(hits), "first_line": hits[0]}
    return result


def overlap(successor_lines, predecessor_lines):
    """Percent of the successor's long paragraphs found verbatim in the predecessor."""
    mine, theirs = long_paragraphs(successor_lines), long_paragraphs(predecessor_lines)
    return round(100 * len(mine & theirs) / len(mine), 1) if mine else 0.0


def main():
    archive = archive_path(sys.argv[1] if len(sys.argv) > 1 else None)
    folders = document_folders(archive)
    lexicon = load_lexicon()
    unigrams, bigrams = archive_word_counts(archive, folders)
    out = {folder: measure(archive, folder, lexicon, unigrams, bigrams) for folder in folders}
    json.dump(out, sys.stdout, indent=1, ensure_ascii=False)
    print()


if __name__ == "__main__":
    main()
