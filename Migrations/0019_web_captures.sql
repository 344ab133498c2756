-- The web captures a user imported (`hig import --capture DIR --date D`), so that a later plain
-- `hig import` reads each again from its folder, as it reads the archive again: an edition it did
-- not read is otherwise taken as removed. One row per capture: its edition, the day its pages
-- were copied, the edition it follows (chosen once, at its first import: the newest capture then)
-- and its folder's absolute path.
CREATE TABLE web_captures (
    edition_id   TEXT PRIMARY KEY,
    date         TEXT NOT NULL CHECK (date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
    predecessor  TEXT NOT NULL,
    path         TEXT NOT NULL
) STRICT, WITHOUT ROWID;
