-- What the database was built from, so that a later plain `hig import` reads the same sources
-- again: an edition it did not read this time is otherwise taken as removed, and a plain import
-- after `hig import --archive DIR` deleted the whole archive. One row per role: the editions
-- folder ('bundle' when it is the one hig found itself, 'editions folder' when the user named it
-- with --editions or $HIG_EDITIONS) and, when imported, the archive. Each path is absolute.
CREATE TABLE import_sources (
    role  TEXT PRIMARY KEY CHECK (role IN ('editions', 'archive')),
    kind  TEXT NOT NULL CHECK (kind IN ('bundle', 'editions folder', 'archive folder')),
    path  TEXT NOT NULL,
    CHECK ((role = 'archive') = (kind = 'archive folder'))
) STRICT, WITHOUT ROWID;
