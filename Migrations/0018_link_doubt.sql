-- Why a link the matcher took may still be wrong, whatever its confidence (LinkDoubt):
-- - doubt: 'kind' (guidance linked to a figure, a note or a description), 'place' (the two rules
--   stand on different pages) or 'rival' (another candidate scored nearly as well); NULL when
--   none, for a curated link, or where the words are nearly the same;
-- - runner_up: the best score of a rival pair for either rule, NULL when none.
-- The links are recomputed at the next import.
ALTER TABLE rule_links ADD COLUMN doubt TEXT CHECK (doubt IN ('kind', 'place', 'rival'));
ALTER TABLE rule_links ADD COLUMN runner_up REAL;

DELETE FROM store_facts WHERE key = 'lineage_sha256';
