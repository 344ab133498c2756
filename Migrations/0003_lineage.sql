-- Lineage: each rule linked to its counterpart(s) in earlier editions.

-- A link from an earlier rule to a later one. A rule with several links in the same direction
-- was split (one earlier, many later) or merged (many earlier, one later).
CREATE TABLE rule_links (
    from_rule      TEXT NOT NULL REFERENCES rules(id) ON DELETE CASCADE,   -- the earlier version
    to_rule        TEXT NOT NULL REFERENCES rules(id) ON DELETE CASCADE,   -- the later version
    change         TEXT NOT NULL CHECK (change IN ('unchanged', 'reworded', 'revised', 'replaced', 'split', 'merged')),
    similarity     REAL NOT NULL,             -- 0 to 1: cosine of the stemmed, lexicon-mapped words
    method         TEXT NOT NULL CHECK (method IN ('matcher', 'curated')),
    force_from     TEXT NOT NULL,             -- normative force of the earlier lead sentence
    force_to       TEXT NOT NULL,
    force_changed  INTEGER NOT NULL CHECK (force_changed IN (0, 1)),
    reversal       INTEGER NOT NULL CHECK (reversal IN (0, 1)),
    rationale      TEXT,                      -- why a curated link exists; what a flag means
    PRIMARY KEY (from_rule, to_rule)
) STRICT, WITHOUT ROWID;

CREATE INDEX rule_links_by_later ON rule_links(to_rule);

-- The normative force of every rule's lead sentence (must, imperative, hedged, should, may,
-- avoid, dont, none), for filters and for the flags on links.
CREATE TABLE rule_force (
    rule_id        TEXT PRIMARY KEY REFERENCES rules(id) ON DELETE CASCADE,
    force          TEXT NOT NULL
) STRICT, WITHOUT ROWID;
