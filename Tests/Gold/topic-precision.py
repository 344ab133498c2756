"""Topic precision: how many of the first five lineages of `hig evolution TOPIC` are about it.

Usage: python3 topic-precision.py PATH/TO/hig DATABASE

For each topic of topic-sample.jsonl it runs `hig evolution TOPIC --format json` on DATABASE (one
with the archive imported, docs/archive.md) and judges each of the first five lineages by the
sample: a lineage holding a rule the sample names is about the topic or not as that entry says
(and, for "button colors", about buttons or not). A lineage the sample does not name is printed
as "unjudged": read its rules, and add a line. Each entry was judged by reading the rules' texts
in the archive, not hig's topics.
"""

import json
import os
import subprocess
import sys

FIRST = 5


def main(hig, database):
    with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "topic-sample.jsonl"), encoding="utf-8") as handle:
        sample = [json.loads(line) for line in handle if line.strip()]
    topics = list(dict.fromkeys(entry["topic"] for entry in sample))
    unjudged = 0
    for topic in topics:
        judged = {entry["rule"]: entry for entry in sample if entry["topic"] == topic}
        answer = subprocess.run([hig, "--db", database, "evolution", topic, "--format", "json", "--limit", str(FIRST)],
                                capture_output=True, text=True, check=True)
        marks = []
        for rank, lineage in enumerate(json.loads(answer.stdout), 1):
            entry = next((judged[v["id"]] for v in lineage["versions"] if v["id"] in judged), None)
            if entry is None:
                unjudged += 1
                print(f"  {topic} {rank}: unjudged: {lineage['versions'][0]['id']} {lineage['versions'][0]['text'][:100]!r}")
            marks.append(entry)
        about = sum(1 for entry in marks if entry and entry["about"])
        buttons = sum(1 for entry in marks if entry and entry.get("buttons"))
        extra = f", about buttons {buttons}/{len(marks)}" if topic == "button colors" else ""
        print(f"{topic}: about the topic {about}/{len(marks)}{extra}")
    return 1 if unjudged else 0


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    sys.exit(main(*sys.argv[1:]))
