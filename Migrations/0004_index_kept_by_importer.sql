-- The full-text index is kept in step by the importer, not by per-row triggers.
--
-- A trigger fires once per row, and each firing opens a savepoint on the FTS5 table: at
-- 4 editions x 100k rules that made writing the rules 2.5 times slower than writing them and
-- indexing each file's rules in one statement (Benchmarks/README.md). hig's importer is the only
-- writer of `rules`; it adds a file's rules to the index right after inserting them, and takes
-- them out right before deleting them, in the import's one transaction (Importer.swift,
-- SearchIndex.swift). A tool that edits `rules` by hand must do the same, or run
-- INSERT INTO rules_fts (rules_fts) VALUES ('rebuild').
DROP TRIGGER rules_fts_after_insert;
DROP TRIGGER rules_fts_after_delete;
DROP TRIGGER rules_fts_after_update;
