-- The whole Human Interface Guidelines: whole documents and web pages as sources, each read into
-- rules, headings, set-aside lines and change notes; every line of every source accounted for;
-- editions named by what they are, with aliases (`current`) and former ids that keep resolving.
--
-- `sources.form` gains 'web-markdown', and a CHECK constraint cannot be altered. Everything in
-- the store is derived from the editions folder and is written again by the next `hig import`,
-- so this migration empties the store and declares `sources` anew rather than copying rows
-- through a rebuilt table (which, with foreign keys on, would cascade-delete every rule anyway).
-- A database upgraded by a read command is empty until the next import, which says so.

DROP VIEW rules_browse;

DELETE FROM rule_links;
DELETE FROM rule_force;
DELETE FROM rule_topics;
DELETE FROM repairs;
DELETE FROM rule_platforms;
DELETE FROM source_rule_counts;
DELETE FROM rules;
INSERT INTO rules_fts (rules_fts) VALUES ('delete-all');
DELETE FROM search_lengths;
DELETE FROM search_terms;
DELETE FROM sources;
DELETE FROM editions;
DELETE FROM topics;
DELETE FROM store_facts;

DROP TABLE sources;

CREATE TABLE sources (
    id             INTEGER PRIMARY KEY,
    edition_id     TEXT NOT NULL REFERENCES editions(id) ON DELETE CASCADE,
    path           TEXT NOT NULL UNIQUE,      -- relative to the repository root
    document       TEXT NOT NULL,             -- title of the document the file was taken from
    chunk          INTEGER,                   -- the chunk a chunk file is; NULL for a whole document or a web page
    form           TEXT NOT NULL CHECK (form IN ('pdf-markdown', 'web-text', 'web-markdown')),
    coverage       TEXT NOT NULL CHECK (coverage IN ('excerpt', 'complete')),
    title          TEXT,                      -- a web page's own title ('Alerts')
    url            TEXT,                      -- a web page's address, as the page gives it
    sha256         TEXT NOT NULL,             -- of the file's bytes
    line_count     INTEGER NOT NULL,
    rules_digest   TEXT NOT NULL              -- of everything derived from it: unchanged means nothing to rewrite
) STRICT;

CREATE INDEX sources_by_edition ON sources(edition_id);

-- The chunk of a whole PDF document that holds the rule's first line (a chunk file's rules
-- carry the file's chunk).
ALTER TABLE rules ADD COLUMN chunk INTEGER;

-- Every heading of every source, with the path of headings it sits under: an edition's table
-- of contents (`hig sections`). `path` joins the headings with ' › ', as `rules.section` does.
CREATE TABLE sections (
    source_id      INTEGER NOT NULL REFERENCES sources(id) ON DELETE CASCADE,
    line           INTEGER NOT NULL,
    depth          INTEGER NOT NULL CHECK (depth >= 1),   -- 1 for a chapter or a page title
    title          TEXT NOT NULL,
    path           TEXT NOT NULL,
    PRIMARY KEY (source_id, line)
) STRICT, WITHOUT ROWID;

CREATE INDEX sections_by_path ON sections(path);

-- What became of every line of every source, as runs of lines with one fate: words of a rule,
-- a heading, lines set aside for a named reason (running head, page footer, table of contents,
-- index, legal text, image, converter chrome, change log, ...), blank, or unaccounted: a line
-- of words that ends in nothing (an import warning).
CREATE TABLE source_lines (
    source_id      INTEGER NOT NULL REFERENCES sources(id) ON DELETE CASCADE,
    line_start     INTEGER NOT NULL,
    line_end       INTEGER NOT NULL,
    fate           TEXT NOT NULL CHECK (fate IN ('rule', 'heading', 'set-aside', 'blank', 'unaccounted')),
    reason         TEXT,                      -- for a set-aside: why
    PRIMARY KEY (source_id, line_start),
    CHECK (line_start >= 1 AND line_start <= line_end),
    CHECK ((fate = 'set-aside') = (reason IS NOT NULL))
) STRICT, WITHOUT ROWID;

-- Apple's own change notes: a web page's dated change log, a PDF's revision history.
CREATE TABLE change_notes (
    source_id      INTEGER NOT NULL REFERENCES sources(id) ON DELETE CASCADE,
    line_start     INTEGER NOT NULL,
    line_end       INTEGER NOT NULL,
    date           TEXT,                      -- 'YYYY-MM-DD', 'YYYY-MM' or 'YYYY' where the note gives one
    text           TEXT NOT NULL,
    PRIMARY KEY (source_id, line_start)
) STRICT, WITHOUT ROWID;

-- Other names of an edition: `current` (the newest edition, moved by each import) and the ids
-- editions had before they were named by what they are ('2008' for 'iphone-2008-11').
CREATE TABLE edition_aliases (
    alias          TEXT PRIMARY KEY,
    edition_id     TEXT NOT NULL REFERENCES editions(id) ON DELETE CASCADE,
    note           TEXT NOT NULL              -- what the alias stands for
) STRICT, WITHOUT ROWID;

-- Rule ids from before an edition was renamed, each pointing at the rule that holds the same
-- words now, so that old citations keep resolving.
CREATE TABLE former_rule_ids (
    former_id      TEXT PRIMARY KEY,
    rule_id        TEXT NOT NULL REFERENCES rules(id) ON DELETE CASCADE,
    note           TEXT NOT NULL
) STRICT, WITHOUT ROWID;

CREATE INDEX former_rule_ids_by_rule ON former_rule_ids(rule_id);

-- Migration 0009's view, with the rule's chunk and its page's address.
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
