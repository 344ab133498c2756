-- Rules per source file and kind, written when a file's rules are, so that `hig editions` reads
-- a few rows per file instead of counting every rule of the database on each call. A source's
-- counts go with it (ON DELETE CASCADE), as its rules do.
CREATE TABLE source_rule_counts (
    source_id      INTEGER NOT NULL REFERENCES sources(id) ON DELETE CASCADE,
    kind           TEXT NOT NULL,
    rules          INTEGER NOT NULL CHECK (rules > 0),
    PRIMARY KEY (source_id, kind)
) STRICT, WITHOUT ROWID;

-- Rules imported before this migration.
INSERT INTO source_rule_counts (source_id, kind, rules)
SELECT source_id, kind, count(*) FROM rules GROUP BY source_id, kind;
