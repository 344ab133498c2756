-- A repair of a new kind: 'ocr-misreading', a word that OCR misread in a scanned document of the
-- archive ("infonnation" -> "information"), read again by the importer and recorded like the
-- glued-word repairs. SQLite cannot widen a CHECK in place, so the table is rebuilt with its rows.
CREATE TABLE repairs_0015 (
    rule_id        TEXT NOT NULL REFERENCES rules(id) ON DELETE CASCADE,
    seq            INTEGER NOT NULL,
    line           INTEGER NOT NULL,          -- source line of the repaired word
    kind           TEXT NOT NULL CHECK (kind IN ('glued-words', 'glued-punctuation', 'ocr-misreading')),
    original       TEXT NOT NULL,
    replacement    TEXT NOT NULL,
    PRIMARY KEY (rule_id, seq)
) STRICT;

INSERT INTO repairs_0015 (rule_id, seq, line, kind, original, replacement)
SELECT rule_id, seq, line, kind, original, replacement FROM repairs;
DROP TABLE repairs;
ALTER TABLE repairs_0015 RENAME TO repairs;
