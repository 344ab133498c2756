#!/usr/bin/env bash
# The benchmark in one command: builds hig and hig-bench (release) in this package, then runs
# `hig-bench run` with the options given, e.g.
#   Benchmarks/run.sh --sizes 1000,10000,100000
# Needs what the root package needs (libsqlite3-dev, libssl-dev, pkg-config) and the sqlite3
# command-line tool for the import floor (Debian package `sqlite3`).
set -euo pipefail
cd "$(dirname "$0")"
swift build -c release --product hig-bench >&2
swift build -c release --product hig >&2
exec .build/release/hig-bench run "$@"
