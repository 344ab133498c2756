#!/usr/bin/env bash
# CI: the benchmark's checks, and its measurements at the smallest size, bounded in time.
#   1. hig-bench check at 10,000 rules x 4 editions: hig imports every generated rule exactly as
#      generated (position, clean text, glued-word repairs), the truth names every rule, a seed
#      writes the same bytes, and the database has the committed digest
#      (../Digests/generated-10k-seed1.tsv: a change to the import's output must be meant);
#   2. hig-bench run --quick at 1,000 rules: the measurement tables, so a broken measurement fails CI.
# Needs what the root package needs (libsqlite3-dev, libssl-dev, pkg-config) and the sqlite3
# command-line tool (Debian package `sqlite3`), which .ci/run installs when missing.
# HIG_BENCH_TIMEOUT (seconds, default 600) bounds the whole script, build included.
set -euo pipefail
cd "$(dirname "$0")"

if ! command -v sqlite3 >/dev/null 2>&1; then
    echo "ci-small: the sqlite3 command-line tool is missing: apt-get install -y sqlite3" >&2
    exit 1
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export work
timeout --kill-after=30 "${HIG_BENCH_TIMEOUT:-600}" bash -euo pipefail -c '
    swift build -c release --product hig-bench --disable-build-manifest-caching
    swift build -c release --product hig --disable-build-manifest-caching
    .build/release/hig-bench check --rules 10000 --editions 4 --seed 1 --work "$work/check" \
        --expect-digest ../Digests/generated-10k-seed1.tsv
    .build/release/hig-bench run --sizes 1000 --editions 4 --seed 1 --quick --work "$work/run"
' || {
    status=$?
    if [ "$status" -eq 124 ] || [ "$status" -eq 137 ]; then
        echo "ci-small: stopped after ${HIG_BENCH_TIMEOUT:-600} s" >&2
    fi
    exit "$status"
}
