-- Topics and full-text search.

-- The topic taxonomy (Data/taxonomy/topics.json), copied in at import.
CREATE TABLE topics (
    slug           TEXT PRIMARY KEY,
    name           TEXT NOT NULL,
    description    TEXT NOT NULL,
    position       INTEGER NOT NULL,          -- order in the taxonomy file
    query          TEXT NOT NULL              -- the FTS5 expression that matches its rules
) STRICT;

-- Which rules a topic covers. 'match': the rule's own words match the topic's query;
-- 'parent': the rule matched nothing itself and takes the topics of the rule it belongs to.
CREATE TABLE rule_topics (
    rule_id        TEXT NOT NULL REFERENCES rules(id) ON DELETE CASCADE,
    topic_slug     TEXT NOT NULL REFERENCES topics(slug) ON DELETE CASCADE,
    via            TEXT NOT NULL CHECK (via IN ('match', 'parent')),
    PRIMARY KEY (rule_id, topic_slug)
) STRICT, WITHOUT ROWID;

CREATE INDEX rule_topics_by_topic ON rule_topics(topic_slug);

-- Facts about the last import, e.g. the digest of the taxonomy its topics were computed with.
CREATE TABLE store_facts (
    key            TEXT PRIMARY KEY,
    value          TEXT NOT NULL
) STRICT;

-- Full-text index over titles and clean texts: Porter stemming over Unicode word breaking,
-- diacritics folded. External content: the words live once, in `rules`; the triggers keep the
-- index in step with every insert, update and delete, whoever makes them.
CREATE VIRTUAL TABLE rules_fts USING fts5(
    title, text,
    content = 'rules', content_rowid = 'rowid',
    tokenize = 'porter unicode61 remove_diacritics 2'
);

CREATE TRIGGER rules_fts_after_insert AFTER INSERT ON rules BEGIN
    INSERT INTO rules_fts (rowid, title, text) VALUES (new.rowid, new.title, new.text);
END;

CREATE TRIGGER rules_fts_after_delete AFTER DELETE ON rules BEGIN
    INSERT INTO rules_fts (rules_fts, rowid, title, text) VALUES ('delete', old.rowid, old.title, old.text);
END;

CREATE TRIGGER rules_fts_after_update AFTER UPDATE OF title, text ON rules BEGIN
    INSERT INTO rules_fts (rules_fts, rowid, title, text) VALUES ('delete', old.rowid, old.title, old.text);
    INSERT INTO rules_fts (rowid, title, text) VALUES (new.rowid, new.title, new.text);
END;

-- Rules imported before this migration.
INSERT INTO rules_fts (rules_fts) VALUES ('rebuild');
