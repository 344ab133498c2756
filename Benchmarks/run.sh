#!/usr/bin/env bash
# The benchmark in one command: builds hig and hig-bench (release) in this package, then runs
# `hig-bench run` with the options given, e.g.
#   Benchmarks/run.sh --sizes 1000,10000,100000
# Needs what the root package needs (libsqlite3-dev, libssl-dev, pkg-config) and the sqlite3
# command-line tool for the import floor (Debian package `sqlite3`).
set -euo pipefail
cd "$(dirname "$0")"
# Without the build-manifest cache: this package builds the root package by path, and a cached
# manifest does not see source files added there since the last build.
# hig as Scripts/install.sh builds it, with the Swift runtime linked in (a faster start).
swift build -c release --static-swift-stdlib --product hig-bench --disable-build-manifest-caching >&2
swift build -c release --static-swift-stdlib --product hig --disable-build-manifest-caching >&2
exec .build/release/hig-bench run "$@"
