-- How each lineage link was made and how sure it is: the matcher's pass that took it (or
-- 'curated' for a hand-made link), the matcher's score of the pair (NULL for a curated link),
-- and the probability that the link is right, read from both by the calibration in
-- Data/taxonomy/lineage-confidence.json (1 for a curated link). Filled at the next import.
ALTER TABLE rule_links ADD COLUMN evidence TEXT
    CHECK (evidence IN ('same-words', 'strong-pair', 'mutual-best', 'part-by-words', 'part-by-coverage', 'gap', 'lead-in', 'curated'));
ALTER TABLE rule_links ADD COLUMN score REAL;
ALTER TABLE rule_links ADD COLUMN confidence REAL CHECK (confidence BETWEEN 0 AND 1);

DELETE FROM store_facts WHERE key = 'lineage_sha256';
