#!/usr/bin/env python3
"""Two hig binaries on the same commands, run alternately, as a Markdown table.

Usage: python3 Benchmarks/side_by_side.py --before BIN --after BIN --db DB [--after-db DB]
           [--runs N] --command "diff g1 g2" [--command "show g2-11484411" ...]

`--after-db`: the database the after binary reads, when a migration between them means each
needs its own import of the same editions (default: `--db` for both).

`--fresh`: every run starts without its database (`--db`, and `--after-db` when given, are
removed with their `-wal` and `-shm` files first, and after the last), for timing first
imports, e.g.
`--fresh --command "import --editions Benchmarks/.build/bench-work/n100000/editions"`; the
table then gives each side's median peak resident memory too.

Each command runs N times (default 7) with each binary, before and after alternating, its
stdout kept in memory; the table gives the medians of CPU (user + system, from wait4) and wall
time, and whether the two binaries printed the same bytes. Standard library only.
"""
import argparse
import os
import shlex
import statistics
import subprocess
import sys
import time


def remove_database(db):
    for suffix in ("", "-wal", "-shm"):
        if os.path.lexists(db + suffix):
            os.remove(db + suffix)


def run(binary, db, words, fresh=False):
    if fresh:
        remove_database(db)
    start = time.perf_counter()
    process = subprocess.Popen([binary, "--db", db] + words, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    output = process.stdout.read()
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"side_by_side: {binary} {' '.join(words)} exited {os.waitstatus_to_exitcode(status)}")
    return usage.ru_utime + usage.ru_stime, wall, output, usage.ru_maxrss / 1024


def main():
    parser = argparse.ArgumentParser(description="Two hig binaries, side by side.")
    parser.add_argument("--before", required=True)
    parser.add_argument("--after", required=True)
    parser.add_argument("--db", required=True)
    parser.add_argument("--after-db")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--command", action="append", required=True)
    parser.add_argument("--fresh", action="store_true")
    options = parser.parse_args()
    unit = "CPU / wall ms, peak MiB" if options.fresh else "CPU / wall ms"
    print(f"| command | before {unit} | after {unit} | same output |")
    print("|---|---:|---:|:--|")
    for command in options.command:
        words = shlex.split(command)
        times = {"before": [], "after": []}
        outputs = {}
        for _ in range(options.runs):
            for side in ("before", "after"):
                db = options.after_db if side == "after" and options.after_db else options.db
                cpu, wall, output, peak = run(getattr(options, side), db, words, fresh=options.fresh)
                times[side].append((cpu, wall, peak))
                outputs[side] = output
        cells = []
        for side in ("before", "after"):
            cpu = statistics.median(t[0] for t in times[side]) * 1000
            wall = statistics.median(t[1] for t in times[side]) * 1000
            peak = statistics.median(t[2] for t in times[side])
            cells.append(f"{cpu:.1f} / {wall:.1f}, {peak:.0f}" if options.fresh else f"{cpu:.1f} / {wall:.1f}")
        same = "yes" if outputs["before"] == outputs["after"] else "**no**"
        print(f"| `hig {command}` | {cells[0]} | {cells[1]} | {same} |", flush=True)
    if options.fresh:
        for db in (options.db, options.after_db):
            if db:
                remove_database(db)


if __name__ == "__main__":
    main()
