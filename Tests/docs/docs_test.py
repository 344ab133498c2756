"""Runs every `hig` command that README.md and docs/*.md show, and checks the output they show.

Usage: python3 Tests/docs/docs_test.py PATH/TO/hig [--archive DIR] [--update] [--only FILE] [--keep DIR]

What counts as a command shown:
- a ```console block: each `$ hig ...` line is run, and the lines after it, up to the next `$`
  line, are its expected output (stdout and stderr together, as a terminal shows them; piped,
  so nothing is cut or coloured). A line `[...]` (indented or not) stands for any lines, none
  included. A block
  opened as ```console archive runs on a database with the archive imported.
- a ```sh block: each line whose command is `hig` (or `swift run hig`) is run and must exit 0.
- an inline `hig ...` span in the prose: run, and must exit 0, unless it holds a placeholder in
  capitals (`hig diff FROM TO`) or brackets (`[--format text|json]`, `<Tab>`), which is syntax, not
  an example; one that hig refuses for a
  missing argument (`hig show`, `hig import --archive`) is a command's name, and is skipped.
  These run on the archive's database when the archive is there.
Commands that are not hig's (`swift test`, `git clone`, `pip install`) are not run here: CI runs
them itself (.ci/run). A command that writes (import, link, export with -o) runs on a copy of
the database, in a temporary folder; the others on one shared database, from a temporary folder.

An example's `--archive PATH` runs with the archive found (--archive, $HIG_ARCHIVE, or
../shared/archive/human-interface-markdown beside the repository).

--update writes the real output into the ```console blocks in place (keeping `[...]` lines and
what they stand for out), so figures are written by the tool; read the diff before committing.
A time a page states (`5-6 s`, `34 ms`) is a measurement of one build, and a debug build (`swift
run`) is several times slower than a release one: each paragraph, list item or table row that
states one names the build it was measured with ("release build", "debug build"). A duration
that is a limit or an interval ("stopped after 0.5 s", "every 2 s"), or is quoted, is none.

Prints one line per check, then `N passed, M failed, K skipped`; exits 1 on any failure.
"""

import argparse
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
PLACEHOLDER = re.compile(r"(?<![\w-])[A-Z][A-Z_]*(?![\w-])")
WRITES = re.compile(r"^hig (import|link (confirm|reject|forget))\b|\s(-o|--output)[ =]")
DURATION = re.compile(r"(?<![\w.])\d+(?:[.,]\d+)?(?:\s?[-–]\s?\d+(?:\.\d+)?)?\s?(?:ms|s|min|minutes?|seconds?)\b(?!-)")
NOT_A_MEASUREMENT = re.compile(r"\b(after|every|up to|under|within|at most|default:?|timeout|target:?)\s*$", re.I)
BUILD = re.compile(r"\b(release|debug)\b")

passed = failed = skipped = 0


def report(status, where, command, detail=""):
    global passed, failed, skipped
    if status == "ok":
        passed += 1
    elif status == "skip":
        skipped += 1
    else:
        failed += 1
    line = f"{status:5} {where}  {command}"
    print(line + (f"\n      {detail}" if detail else ""), flush=True)


def documents(only):
    names = ["README.md"] + sorted(os.path.join("docs", n) for n in os.listdir(os.path.join(ROOT, "docs")) if n.endswith(".md"))
    return [n for n in names if only is None or n == only]


def parse(text):
    """Yields (kind, line_number, command, expected_lines, block_index, flags) for every example."""
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        fence = re.match(r"^```(\w*)\s*(.*)$", lines[i])
        if fence:
            kind, flags = fence.group(1), fence.group(2).split()
            j = i + 1
            while j < len(lines) and not lines[j].startswith("```"):
                j += 1
            body = lines[i + 1:j]
            if kind == "console":
                k = 0
                while k < len(body):
                    if body[k].startswith("$ "):
                        start = k
                        k += 1
                        while k < len(body) and not body[k].startswith("$ "):
                            k += 1
                        yield ("console", i + 2 + start, body[start][2:], body[start + 1:k], (i + 1 + start + 1, i + 1 + k), flags)
                    else:
                        k += 1
            elif kind == "sh":
                for k, line in enumerate(body):
                    command = re.sub(r"\s+#.*$", "", line).strip()
                    command = re.sub(r"^swift run hig\b", "hig", command)
                    if command.startswith("hig "):
                        yield ("sh", i + 2 + k, command, None, None, flags)
            i = j + 1
            continue
        for span in re.findall(r"`(hig [^`]+)`", lines[i]):
            if not PLACEHOLDER.search(span.replace("hig ", "", 1)) and not re.search(r"\.\.\.|…|\[|<|\\\|", span):
                yield ("inline", i + 1, span, None, None, [])
        i += 1


def paragraphs(text):
    """Yields (line_number, text) for each paragraph of prose: a list item and a table row are
    paragraphs of their own, headings and fenced blocks are none."""
    block, start, fenced = [], 0, False
    for number, line in enumerate(text.split("\n"), 1):
        if line.startswith("```"):
            fenced = not fenced
            if block:
                yield start, " ".join(block)
            block = []
            continue
        if fenced:
            continue
        if not line.strip() or line.startswith(("|", "#")) or re.match(r"^\s*[-*] ", line):
            if block:
                yield start, " ".join(block)
            block = [line] if line.strip() and not line.startswith("#") else []
            start = number
            continue
        if not block:
            start = number
        block.append(line)
    if block:
        yield start, " ".join(block)


def unbuilt_figures(text):
    """Yields (line_number, figures) for each paragraph that states a time without its build."""
    for start, paragraph in paragraphs(text):
        prose = re.sub(r"`[^`]*`|\"[^\"]*\"|“[^”]*”", "", paragraph)
        figures = [m.group(0) for m in DURATION.finditer(prose) if not NOT_A_MEASUREMENT.search(prose[:m.start()])]
        if figures and not BUILD.search(prose):
            yield start, figures


def matches(expected, actual):
    """Whether the actual lines match the expected ones, `[...]` standing for any lines."""
    expected = [line.rstrip() for line in expected]
    actual = [line.rstrip() for line in actual]
    while expected and expected[-1] == "":
        expected.pop()
    while actual and actual[-1] == "":
        actual.pop()

    def match(e, a):
        if e == len(expected):
            return a == len(actual)
        if expected[e].strip() == "[...]":
            return any(match(e + 1, k) for k in range(a, len(actual) + 1))
        return a < len(actual) and expected[e] == actual[a] and match(e + 1, a + 1)

    return match(0, 0)


class Databases:
    def __init__(self, hig, archive, work, keep):
        self.hig, self.archive, self.work, self.keep = hig, archive, work, keep
        self.paths = {}

    def get(self, name):
        if name not in self.paths:
            path = os.path.join(self.keep or self.work, f"{name}.sqlite")
            command = [self.hig, "--db", path, "import"] + (["--archive", self.archive] if name == "archive" else [])
            subprocess.run(command, check=True, capture_output=True, cwd=self.work)
            self.paths[name] = path
        return self.paths[name]


def run(command, databases, needs_archive):
    # An example's `--archive PATH` is wherever the reader cloned the archive: here, the one found.
    if databases.archive:
        command = re.sub(r"--archive [^ ]+", f"--archive {databases.archive}", command)
    name = "archive" if needs_archive else "bundle"
    db = databases.get(name)
    folder = tempfile.mkdtemp(dir=databases.work)
    if WRITES.search(command):
        copy = os.path.join(folder, "hig.sqlite")
        shutil.copyfile(db, copy)
        db = copy
    script = f'hig() {{ "$HIG_BIN" "$@"; }}\ncd "$HIG_DOCS_ROOT" && {command}' if "Data/" in command or "../" in command else f'hig() {{ "$HIG_BIN" "$@"; }}\n{command}'
    environment = dict(os.environ, HIG_BIN=databases.hig, HIG_DB=db, HIG_DOCS_ROOT=ROOT, NO_COLOR="1", SOURCE_DATE_EPOCH="1764115200")
    environment.pop("HIG_EDITIONS", None)
    # In a session of its own, so that a command that runs too long is stopped with its children.
    process = subprocess.Popen(["bash", "-c", script], cwd=folder, env=environment, stdin=subprocess.DEVNULL,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True)
    try:
        output, _ = process.communicate(timeout=600)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        output, _ = process.communicate()
        return 124, output + "\n(stopped after 600 s)"
    # The clone's own path (in "read from the bundled editions (...)") reads as a reader's clone.
    return process.returncode, output.replace(os.path.realpath(ROOT), "~/hig")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("hig")
    parser.add_argument("--archive", default=os.environ.get("HIG_ARCHIVE") or os.path.join(ROOT, "..", "shared", "archive", "human-interface-markdown"))
    parser.add_argument("--update", action="store_true")
    parser.add_argument("--only")
    parser.add_argument("--keep", help="a folder where the two databases are kept and reused (imported again: a no-op when up to date)")
    options = parser.parse_args()
    hig = os.path.abspath(options.hig)
    archive = os.path.abspath(options.archive) if os.path.isdir(options.archive) else None
    # Inside the clone's .build: a report's links to the sources are relative, so their lengths
    # (and the byte counts the docs show) stay the same wherever the clone is.
    os.makedirs(os.path.join(ROOT, ".build"), exist_ok=True)
    work = tempfile.mkdtemp(prefix="hig-docs-", dir=os.path.join(ROOT, ".build"))
    databases = Databases(hig, archive, work, os.path.abspath(options.keep) if options.keep else None)
    try:
        for name in documents(options.only):
            path = os.path.join(ROOT, name)
            text = open(path, encoding="utf-8").read()
            replacements = []
            unbuilt = list(unbuilt_figures(text))
            report("FAIL" if unbuilt else "ok", name, "every time stated names its build (release or debug)",
                   "; ".join(f"line {line}: {', '.join(figures)}" for line, figures in unbuilt))
            for kind, line, command, expected, span, flags in parse(text):
                where = f"{name}:{line}"
                # A command in the prose may name an edition of the archive: it runs on the bundle, and
                # again on the archive's database (which holds the bundle too) when the bundle lacks
                # what it names. Not on the archive first: a whole-database command (an export of
                # every page) takes minutes there.
                needs_archive = kind == "console" and "archive" in flags
                if needs_archive and archive is None:
                    report("skip", where, command, "the archive is absent (../shared/archive/human-interface-markdown)")
                    continue
                status, output = run(command, databases, needs_archive)
                if kind != "console" and status != 0 and archive is not None:
                    status, output = run(command, databases, True)
                actual = output.rstrip("\n").split("\n") if output else []
                if kind == "console":
                    if matches(expected, actual):
                        report("ok", where, command)
                    elif options.update and not any(line.strip() == "[...]" for line in expected):
                        replacements.append((span, actual))
                        report("ok", where, command, "updated")
                    else:
                        first = next((f"expected {e!r}, got {a!r}" for e, a in zip(expected, actual) if e.rstrip() != a.rstrip() and e.strip() != "[...]"),
                                     f"expected {len(expected)} lines, got {len(actual)}")
                        report("FAIL", where, command, first)
                elif status == 0:
                    report("ok", where, command)
                elif kind == "inline" and re.search(r"hig: error: Missing (expected argument|value for)", output):
                    # `hig show`, `hig import --archive`: a command named in the prose, not an example.
                    report("skip", where, command, "a command's name, not an example")
                else:
                    report("FAIL", where, command, f"exit {status}: {output.strip()[-300:]}")
            if replacements:
                lines = text.split("\n")
                for (start, end), actual in sorted(replacements, reverse=True):
                    lines[start:end] = actual
                open(path, "w", encoding="utf-8").write("\n".join(lines))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"{passed} passed, {failed} failed, {skipped} skipped")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
