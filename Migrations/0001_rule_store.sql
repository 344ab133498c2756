-- The rule store: editions, their source files, and the atomic rules split from them.
-- A shipped migration is never edited: the migrator refuses a database whose applied
-- migration no longer matches its file. Change the schema with a new numbered file.

CREATE TABLE editions (
    id             TEXT PRIMARY KEY,          -- '2008', '2010', '2011', 'current'
    name           TEXT NOT NULL,
    position       INTEGER NOT NULL,          -- chronological order, oldest first
    date           TEXT,                      -- 'YYYY', 'YYYY-MM' or 'YYYY-MM-DD'; NULL when undated
    platform_scope TEXT NOT NULL,             -- 'iPhone OS', 'iOS', 'Apple platforms'
    platforms      TEXT NOT NULL              -- JSON array: the platforms a rule covers by default
) STRICT;

CREATE TABLE sources (
    id             INTEGER PRIMARY KEY,
    edition_id     TEXT NOT NULL REFERENCES editions(id) ON DELETE CASCADE,
    path           TEXT NOT NULL UNIQUE,      -- relative to the repository root
    document       TEXT NOT NULL,             -- title of the document the file was taken from
    chunk          INTEGER,                   -- chunk number of the PDF extraction; NULL for web text
    form           TEXT NOT NULL CHECK (form IN ('pdf-markdown', 'web-text')),
    coverage       TEXT NOT NULL CHECK (coverage IN ('excerpt', 'complete')),
    sha256         TEXT NOT NULL,             -- of the file's bytes
    line_count     INTEGER NOT NULL,
    rules_digest   TEXT NOT NULL              -- of the rules derived from it: unchanged means nothing to rewrite
) STRICT;

CREATE TABLE rules (
    id             TEXT PRIMARY KEY,          -- '<edition>-<8 hex digits>', see README
    edition_id     TEXT NOT NULL REFERENCES editions(id) ON DELETE CASCADE,
    source_id      INTEGER NOT NULL REFERENCES sources(id) ON DELETE CASCADE,
    ordinal        INTEGER NOT NULL,          -- 1-based position in its source file
    parent_id      TEXT REFERENCES rules(id) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED,
    kind           TEXT NOT NULL CHECK (kind IN ('guideline', 'definition', 'note', 'figure', 'context')),
    section        TEXT,                      -- heading path, ' › ' between levels
    title          TEXT,                      -- bold lead (PDF) or lead sentence (web)
    text           TEXT NOT NULL,             -- clean text: no markup, glued words repaired
    verbatim       TEXT NOT NULL,             -- the cited source lines, byte for byte
    line_start     INTEGER NOT NULL,
    line_end       INTEGER NOT NULL,
    page           INTEGER,                   -- printed page of the document, where known
    UNIQUE (source_id, ordinal),
    CHECK (line_start >= 1 AND line_start <= line_end)
) STRICT;

CREATE INDEX rules_by_edition ON rules(edition_id, kind);
CREATE INDEX rules_by_parent ON rules(parent_id);

CREATE TABLE rule_platforms (
    rule_id        TEXT NOT NULL REFERENCES rules(id) ON DELETE CASCADE,
    platform       TEXT NOT NULL,
    PRIMARY KEY (rule_id, platform)
) STRICT, WITHOUT ROWID;

CREATE INDEX rule_platforms_by_platform ON rule_platforms(platform);

-- Every change the cleaner made to a rule's words (markup stripping is not a repair).
CREATE TABLE repairs (
    rule_id        TEXT NOT NULL REFERENCES rules(id) ON DELETE CASCADE,
    seq            INTEGER NOT NULL,
    line           INTEGER NOT NULL,          -- source line of the repaired word
    kind           TEXT NOT NULL CHECK (kind IN ('glued-words', 'glued-punctuation')),
    original       TEXT NOT NULL,
    replacement    TEXT NOT NULL,
    PRIMARY KEY (rule_id, seq)
) STRICT;
