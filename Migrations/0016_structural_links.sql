-- Links of two new kinds of evidence:
-- - 'parent': two lead-ins whose bullets became each other's ("Use alert button colors
--   appropriately" and its two bullets on where Cancel goes, then "Place buttons appropriately"
--   and its two bullets on where the likely button goes);
-- - 'family': a lead-in and its bullets, read together, and one paragraph of the other edition
--   that says all of them.
-- SQLite cannot widen a CHECK in place, so the table is rebuilt with its rows. The matcher that
-- makes them changed too (sections aligned first, candidates by lead): the links are made again
-- at the next import, whatever else changed.
CREATE TABLE rule_links_0016 (
    from_rule      TEXT NOT NULL REFERENCES rules(id) ON DELETE CASCADE,   -- the earlier version
    to_rule        TEXT NOT NULL REFERENCES rules(id) ON DELETE CASCADE,   -- the later version
    change         TEXT NOT NULL CHECK (change IN ('unchanged', 'reworded', 'revised', 'replaced', 'split', 'merged', 'restored')),
    similarity     REAL NOT NULL,             -- 0 to 1: cosine of the stemmed, lexicon-mapped words
    method         TEXT NOT NULL CHECK (method IN ('matcher', 'curated')),
    force_from     TEXT NOT NULL,             -- normative force of the earlier lead sentence
    force_to       TEXT NOT NULL,
    force_changed  INTEGER NOT NULL CHECK (force_changed IN (0, 1)),
    reversal       INTEGER NOT NULL CHECK (reversal IN (0, 1)),
    rationale      TEXT,                      -- why a curated link exists; what a flag means
    evidence       TEXT CHECK (evidence IN ('same-words', 'strong-pair', 'mutual-best', 'part-by-words', 'part-by-coverage',
                                            'gap', 'lead-in', 'parent', 'family', 'restoration', 'curated')),
    score          REAL,
    confidence     REAL CHECK (confidence BETWEEN 0 AND 1),
    PRIMARY KEY (from_rule, to_rule)
) STRICT, WITHOUT ROWID;

INSERT INTO rule_links_0016 SELECT from_rule, to_rule, change, similarity, method, force_from, force_to, force_changed, reversal,
    rationale, evidence, score, confidence FROM rule_links;
DROP TABLE rule_links;
ALTER TABLE rule_links_0016 RENAME TO rule_links;
CREATE INDEX rule_links_by_later ON rule_links(to_rule);

DELETE FROM store_facts WHERE key = 'lineage_sha256';
