-- The full-text index declared again so that tools that read the schema find it.
--
-- Datasette (and tools that follow it) find a table's FTS index by the text of the index's
-- declaration: `content="rules"` or `content=[rules]`. Migration 0002 wrote `content = 'rules'`,
-- which FTS5 reads the same but those tools do not recognise, so Datasette offered no search
-- box on `rules`. A virtual table's declaration cannot be altered, so the index is dropped and
-- declared again with the same columns, tokenizer and options, then rebuilt from `rules`: the
-- same words are indexed under the same rowids, so search results, ranks and the statistics of
-- Migrations/0006 are unchanged. Upgrading a database rebuilds its index once (about a second
-- at 400k rules); a new database pays nothing, its index being empty here.
DROP TABLE rules_fts;

CREATE VIRTUAL TABLE rules_fts USING fts5(
    title, text,
    content="rules", content_rowid="rowid",
    tokenize = 'porter unicode61 remove_diacritics 2'
);

INSERT INTO rules_fts (rules_fts) VALUES ('rebuild');

-- Migration 0007's setting lived in the dropped index's configuration.
INSERT INTO rules_fts (rules_fts, rank) VALUES ('hashsize', 67108864);
