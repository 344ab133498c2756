-- The same CHECK constraints, written as comparisons joined by OR instead of IN lists.
-- SQLite 3.40 evaluates a CHECK's `x IN (...)` of three or more values by building a temporary
-- index of the values, anew for every row written; a rule_links row built three. At 4 x 100k
-- rules that was about 1.9 million such indexes, seconds of an import's writing
-- (Benchmarks/README.md, "CHECK constraints without IN lists"); comparisons cost next to nothing.
-- The values allowed are exactly those before, a NULL passes as before, and the rows, their
-- rowids (which rules_fts and the search statistics name) and the indexes are kept.
-- SQLite cannot change a CHECK in place: each table is rebuilt with its rows, foreign keys off
-- (`Migrator.upgrade`), its view dropped and made again unchanged.

DROP VIEW rules_browse;

CREATE TABLE rules_0021 (
    id             TEXT PRIMARY KEY,          -- '<edition>-<8 hex digits>', see README
    edition_id     TEXT NOT NULL REFERENCES editions(id) ON DELETE CASCADE,
    source_id      INTEGER NOT NULL REFERENCES sources(id) ON DELETE CASCADE,
    ordinal        INTEGER NOT NULL,          -- 1-based position in its source file
    parent_id      TEXT REFERENCES rules(id) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED,
    kind           TEXT NOT NULL CHECK (kind = 'guideline' OR kind = 'definition' OR kind = 'note' OR kind = 'figure'
                                        OR kind = 'context'),
    section        TEXT,                      -- heading path, ' › ' between levels
    title          TEXT,                      -- bold lead (PDF) or lead sentence (web)
    text           TEXT NOT NULL,             -- clean text: no markup, glued words repaired
    verbatim       TEXT NOT NULL,             -- the cited source lines, byte for byte
    line_start     INTEGER NOT NULL,
    line_end       INTEGER NOT NULL,
    page           INTEGER,                   -- printed page of the document, where known
    chunk          INTEGER,                   -- the chunk of a whole PDF document (migration 0010)
    UNIQUE (source_id, ordinal),
    CHECK (line_start >= 1 AND line_start <= line_end)
) STRICT;

INSERT INTO rules_0021 (rowid, id, edition_id, source_id, ordinal, parent_id, kind, section, title, text, verbatim,
    line_start, line_end, page, chunk)
SELECT rowid, id, edition_id, source_id, ordinal, parent_id, kind, section, title, text, verbatim,
    line_start, line_end, page, chunk FROM rules;
DROP TABLE rules;
ALTER TABLE rules_0021 RENAME TO rules;
CREATE INDEX rules_by_edition ON rules(edition_id, kind);
CREATE INDEX rules_by_parent ON rules(parent_id);

CREATE TABLE source_lines_0021 (
    source_id      INTEGER NOT NULL REFERENCES sources(id) ON DELETE CASCADE,
    line_start     INTEGER NOT NULL,
    line_end       INTEGER NOT NULL,
    fate           TEXT NOT NULL CHECK (fate = 'rule' OR fate = 'heading' OR fate = 'set-aside' OR fate = 'blank'
                                        OR fate = 'unaccounted'),
    reason         TEXT,                      -- for a set-aside: why
    PRIMARY KEY (source_id, line_start),
    CHECK (line_start >= 1 AND line_start <= line_end),
    CHECK ((fate = 'set-aside') = (reason IS NOT NULL))
) STRICT, WITHOUT ROWID;

INSERT INTO source_lines_0021 SELECT source_id, line_start, line_end, fate, reason FROM source_lines;
DROP TABLE source_lines;
ALTER TABLE source_lines_0021 RENAME TO source_lines;

CREATE TABLE rule_topics_0021 (
    rule_id        TEXT NOT NULL REFERENCES rules(id) ON DELETE CASCADE,
    topic_slug     TEXT NOT NULL REFERENCES topics(slug) ON DELETE CASCADE,
    via            TEXT NOT NULL CHECK (via = 'match' OR via = 'parent' OR via = 'page' OR via = 'section'),
    PRIMARY KEY (rule_id, topic_slug)
) STRICT, WITHOUT ROWID;

INSERT INTO rule_topics_0021 SELECT rule_id, topic_slug, via FROM rule_topics;
DROP TABLE rule_topics;
ALTER TABLE rule_topics_0021 RENAME TO rule_topics;
CREATE INDEX rule_topics_by_topic ON rule_topics(topic_slug);

CREATE TABLE repairs_0021 (
    rule_id        TEXT NOT NULL REFERENCES rules(id) ON DELETE CASCADE,
    seq            INTEGER NOT NULL,
    line           INTEGER NOT NULL,          -- source line of the repaired word
    kind           TEXT NOT NULL CHECK (kind = 'glued-words' OR kind = 'glued-punctuation' OR kind = 'ocr-misreading'),
    original       TEXT NOT NULL,
    replacement    TEXT NOT NULL,
    PRIMARY KEY (rule_id, seq)
) STRICT;

INSERT INTO repairs_0021 (rowid, rule_id, seq, line, kind, original, replacement)
SELECT rowid, rule_id, seq, line, kind, original, replacement FROM repairs;
DROP TABLE repairs;
ALTER TABLE repairs_0021 RENAME TO repairs;

CREATE TABLE rule_links_0021 (
    from_rule      TEXT NOT NULL REFERENCES rules(id) ON DELETE CASCADE,   -- the earlier version
    to_rule        TEXT NOT NULL REFERENCES rules(id) ON DELETE CASCADE,   -- the later version
    change         TEXT NOT NULL CHECK (change = 'unchanged' OR change = 'reworded' OR change = 'revised'
                                        OR change = 'replaced' OR change = 'split' OR change = 'merged'
                                        OR change = 'restored'),
    similarity     REAL NOT NULL,             -- 0 to 1: cosine of the stemmed, lexicon-mapped words
    method         TEXT NOT NULL CHECK (method IN ('matcher', 'curated')),
    force_from     TEXT NOT NULL,             -- normative force of the earlier lead sentence
    force_to       TEXT NOT NULL,
    force_changed  INTEGER NOT NULL CHECK (force_changed IN (0, 1)),
    reversal       INTEGER NOT NULL CHECK (reversal IN (0, 1)),
    rationale      TEXT,                      -- why a curated link exists; what a flag means
    evidence       TEXT CHECK (evidence = 'same-words' OR evidence = 'strong-pair' OR evidence = 'mutual-best'
                               OR evidence = 'part-by-words' OR evidence = 'part-by-coverage' OR evidence = 'gap'
                               OR evidence = 'lead-in' OR evidence = 'parent' OR evidence = 'family'
                               OR evidence = 'restoration' OR evidence = 'curated'),
    score          REAL,
    confidence     REAL CHECK (confidence BETWEEN 0 AND 1),
    doubt          TEXT CHECK (doubt = 'kind' OR doubt = 'place' OR doubt = 'rival'),
    runner_up      REAL,
    PRIMARY KEY (from_rule, to_rule)
) STRICT, WITHOUT ROWID;

INSERT INTO rule_links_0021 SELECT from_rule, to_rule, change, similarity, method, force_from, force_to, force_changed, reversal,
    rationale, evidence, score, confidence, doubt, runner_up FROM rule_links;
DROP TABLE rule_links;
ALTER TABLE rule_links_0021 RENAME TO rule_links;
CREATE INDEX rule_links_by_later ON rule_links(to_rule);

-- Migration 0011's view, unchanged.
CREATE VIEW rules_browse AS
SELECT r.rowid AS rule_rowid,
       r.id,
       r.edition_id AS edition,
       r.kind,
       r.section,
       r.title,
       r.text,
       (SELECT json_group_array(topic_slug) FROM
           (SELECT rt.topic_slug FROM rule_topics rt JOIN topics t ON t.slug = rt.topic_slug
            WHERE rt.rule_id = r.id ORDER BY t.position)) AS topics,
       (SELECT json_group_array(platform) FROM
           (SELECT platform FROM rule_platforms p WHERE p.rule_id = r.id ORDER BY platform)) AS platforms,
       s.path || ':' || r.line_start || CASE WHEN r.line_end > r.line_start THEN '-' || r.line_end ELSE '' END AS source,
       r.page,
       coalesce(r.chunk, s.chunk) AS chunk,
       s.document,
       s.url
FROM rules r
JOIN sources s ON s.id = r.source_id;
