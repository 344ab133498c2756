-- Editions as a family tree: each names the editions it was revised from (none, one or several)
-- and the line (family) it belongs to. `editions.position` stays a total order, oldest first,
-- for listings: each edition after its predecessors, dates ordering the rest. Lineage links an
-- edition to its predecessors, and a diff compares an edition with one of its descendants.
ALTER TABLE editions ADD COLUMN line TEXT;            -- 'iphone-ios', 'macintosh', 'web'
ALTER TABLE editions ADD COLUMN prerelease_of TEXT;   -- a draft's final edition, when known

CREATE TABLE edition_predecessors (
    edition_id     TEXT NOT NULL REFERENCES editions(id) ON DELETE CASCADE,
    predecessor_id TEXT NOT NULL REFERENCES editions(id) ON DELETE CASCADE,
    seq            INTEGER NOT NULL,          -- 1 for the first predecessor named, and so on
    PRIMARY KEY (edition_id, predecessor_id)
) STRICT, WITHOUT ROWID;

CREATE INDEX edition_predecessors_by_predecessor ON edition_predecessors(predecessor_id);

-- A database made before the tree had one line of editions: each edition descends from the one
-- before it, until the next import writes what the manifest says.
INSERT INTO edition_predecessors (edition_id, predecessor_id, seq)
SELECT e.id, (SELECT p.id FROM editions p WHERE p.position < e.position ORDER BY p.position DESC LIMIT 1), 1
FROM editions e
WHERE e.position > (SELECT min(position) FROM editions);
