#!/usr/bin/env python3
"""Scores `hig pages --edition web-2023-09` against the page gold (web-pages.jsonl).

Each 2023-09 page's counterparts in web-2022 and in web-2026-07 are pairs; precision is the share
of hig's pairs that the gold holds, recall the share of the gold's pairs hig finds.
Usage: score-pages.py [HIG] [DB] [--min X]   (defaults: .build/debug/hig, hig.sqlite)
With --min, exits 1 when precision or recall is under X (CI: issue 32's 0.98).
"""
import json, os, subprocess, sys

here = os.path.dirname(os.path.abspath(__file__))
args = sys.argv[1:]
minimum = None
if '--min' in args:
    at = args.index('--min')
    minimum = float(args[at + 1])
    del args[at:at + 2]
hig = args[0] if len(args) > 0 else '.build/debug/hig'
db = args[1] if len(args) > 1 else 'hig.sqlite'
folders = {'web-2022': 'Data/editions/web-2022/', 'web-2023-09': 'Data/editions/web-2023-09/',
           'web-2026-07': 'Data/editions/web-2026-07/'}

gold = set()
for line in open(os.path.join(here, 'web-pages.jsonl')):
    row = json.loads(line)
    for edition in ('web-2022', 'web-2026-07'):
        for path in row[edition]:
            gold.add((row['web-2023-09'], edition, path))

out = subprocess.run([hig, '--db', db, 'pages', '--edition', 'web-2023-09', '--format', 'json'],
                     check=True, capture_output=True, text=True).stdout
answer = json.loads(out)
found = set()
for entry in answer['pages']:
    page = entry['page']['path'][len(folders['web-2023-09']):]
    for key, edition in (('previous', answer['previous_edition']), ('next', answer['next_edition'])):
        for c in entry[key]:
            found.add((page, edition, c['path'][len(folders[edition]):]))

right = gold & found
precision = len(right) / len(found) if found else 0
recall = len(right) / len(gold) if gold else 0
print(f'pairs: gold {len(gold)}, hig {len(found)}, both {len(right)}')
print(f'precision {precision:.3f}  recall {recall:.3f}')
for p in sorted(found - gold): print('  wrong:', *p)
for p in sorted(gold - found): print('  missed:', *p)
if minimum is not None and min(precision, recall) < minimum:
    print(f'score-pages.py: precision {precision:.3f} or recall {recall:.3f} is under {minimum}', file=sys.stderr)
    sys.exit(1)
