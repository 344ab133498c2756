"""The whole archive's import, measured: `hig import --archive` into fresh databases.

Usage (from the repository, after `swift build -c release --static-swift-stdlib --product hig`):
    python3 Benchmarks/archive_benchmark.py [--hig .build/release/hig] [--archive DIR] [--runs 3]

Each run is a whole `hig import --archive DIR` process into a new database; its wall time, CPU
time and peak memory come from the kernel (`os.wait4`). One more run with HIG_TIMING=1 gives the
import's stages. Then, per document, its lines, rules and repairs, read from the last database.
Prints Markdown tables for Benchmarks/README.md; checks nothing.
"""

import argparse
import os
import sqlite3
import subprocess
import tempfile
import time


def run(hig, archive, database, environment=None):
    started = time.monotonic()
    process = subprocess.Popen([hig, "--db", database, "import", "--archive", archive],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=environment, text=True)
    stderr = process.stderr.read()
    _, status, usage = os.wait4(process.pid, 0)
    seconds = time.monotonic() - started
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"hig import --archive failed: {stderr.strip()}")
    return seconds, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, stderr


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    repository = os.path.dirname(here)
    parser = argparse.ArgumentParser()
    parser.add_argument("--hig", default=os.path.join(repository, ".build", "release", "hig"))
    parser.add_argument("--archive", default=os.environ.get("HIG_ARCHIVE")
                        or os.path.join(repository, "..", "shared", "archive", "human-interface-markdown"))
    parser.add_argument("--runs", type=int, default=3)
    arguments = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="hig-archive-bench-")

    print("| run | wall s | CPU s | peak MiB |")
    print("|---|---|---|---|")
    database = None
    for index in range(arguments.runs):
        database = os.path.join(folder, f"run{index}.sqlite")
        seconds, cpu, peak, _ = run(arguments.hig, arguments.archive, database)
        print(f"| {index + 1} | {seconds:.2f} | {cpu:.2f} | {peak:.0f} |")

    timed = os.path.join(folder, "timed.sqlite")
    _, _, _, stages = run(arguments.hig, arguments.archive, timed, dict(os.environ, HIG_TIMING="1"))
    print("\nStages (HIG_TIMING=1, one more run):\n")
    print("```")
    print(stages.strip())
    print("```\n")

    db = sqlite3.connect(database)
    rows = db.execute(
        """SELECT e.id, coalesce(e.line, ''), coalesce(e.date, 'undated'),
                  (SELECT sum(line_count) FROM sources s WHERE s.edition_id = e.id),
                  (SELECT count(*) FROM rules r WHERE r.edition_id = e.id),
                  (SELECT count(*) FROM repairs p JOIN rules r ON r.id = p.rule_id WHERE r.edition_id = e.id),
                  (SELECT group_concat(kind || ' ' || n, ', ') FROM
                      (SELECT p.kind, count(*) AS n FROM repairs p JOIN rules r ON r.id = p.rule_id
                       WHERE r.edition_id = e.id GROUP BY p.kind ORDER BY p.kind))
           FROM editions e ORDER BY e.position""").fetchall()
    print("| edition | line | date | lines | rules | repairs | by kind |")
    print("|---|---|---|---|---|---|---|")
    for row in rows:
        print("| " + " | ".join(str(value if value is not None else "") for value in row) + " |")
    total = [sum(row[i] for row in rows) for i in (3, 4, 5)]
    print(f"| all {len(rows)} | | | {total[0]} | {total[1]} | {total[2]} | |")


if __name__ == "__main__":
    main()
