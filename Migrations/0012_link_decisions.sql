-- Decisions about lineage links that no matcher makes: a link confirmed, or a pair of rules
-- that must not be linked. They come from the editions' curated-links file (origin 'editions',
-- replaced at each import) or from a reader (`hig link confirm|reject`, origin 'reader', kept
-- across imports until `hig link forget`). They name rules by id, and a rule id is the hash of
-- its own source lines, so a decision outlives re-imports and editions inserted around it; a
-- decision whose rule is gone (its words changed, its edition was removed) is kept and shown as
-- no longer applying, with the words it was made on. No foreign keys, for that reason.
CREATE TABLE link_decisions (
    from_rule      TEXT NOT NULL,             -- the earlier rule
    to_rule        TEXT NOT NULL,             -- the later rule
    origin         TEXT NOT NULL CHECK (origin IN ('editions', 'reader')),
    verdict        TEXT NOT NULL CHECK (verdict IN ('confirm', 'reject')),
    change         TEXT CHECK (change IN ('unchanged', 'reworded', 'revised', 'replaced', 'split', 'merged')),
    why            TEXT NOT NULL CHECK (length(trim(why)) > 0),
    from_text      TEXT NOT NULL,             -- the rules' words when the decision was made
    to_text        TEXT NOT NULL,
    decided_at     TEXT,                      -- UTC, ISO 8601, for a reader's; NULL for the file's (it has no date)
    PRIMARY KEY (from_rule, to_rule, origin),
    CHECK (verdict = 'confirm' OR change IS NULL),
    CHECK ((origin = 'reader') = (decided_at IS NOT NULL))
) STRICT, WITHOUT ROWID;

CREATE INDEX link_decisions_by_later ON link_decisions(to_rule);

-- Lineage is recomputed at the next import, with the decisions.
DELETE FROM store_facts WHERE key = 'lineage_sha256';
