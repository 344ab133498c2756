-- How each lineage link was made and how sure it is, and links that skip an edition:
-- - evidence: the matcher's pass that took the link, or 'curated' for a hand-made one;
-- - score: the matcher's score of the pair (NULL for a curated link);
-- - confidence: the probability that the link is right, read from both by the calibration in
--   Data/taxonomy/lineage-confidence.json (1 for a curated link);
-- - the change class 'restored': a rule that an edition between the two lacked, back.
-- SQLite cannot widen a CHECK in place, so the table is rebuilt; the links are recomputed at the
-- next import.
CREATE TABLE rule_links_0013 (
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
                                            'gap', 'lead-in', 'restoration', 'curated')),
    score          REAL,
    confidence     REAL CHECK (confidence BETWEEN 0 AND 1),
    PRIMARY KEY (from_rule, to_rule)
) STRICT, WITHOUT ROWID;

INSERT INTO rule_links_0013 (from_rule, to_rule, change, similarity, method, force_from, force_to, force_changed, reversal, rationale)
SELECT from_rule, to_rule, change, similarity, method, force_from, force_to, force_changed, reversal, rationale FROM rule_links;
DROP TABLE rule_links;
ALTER TABLE rule_links_0013 RENAME TO rule_links;
CREATE INDEX rule_links_by_later ON rule_links(to_rule);

DELETE FROM store_facts WHERE key = 'lineage_sha256';
