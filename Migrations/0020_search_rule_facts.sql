-- What search needs of each matched rule to place it among the hits, stored at import like the
-- lengths of migration 0006 (Import/SearchRuleFacts.swift writes it, Answers/SearchRankWeights.swift
-- reads it).
--
-- A hit's rank is its bm25 score times the weight of its kind and of its subject (whether its
-- section holds the search's words). Read from `rules` one matched rule at a time, those cost
-- a B-tree search each: a common word at 4 x 100k rules read thousands of rows to find its ten
-- best hits, two thirds of the search. Stored here, the search weighs every match as it scores
-- it, and reads the rows of its hits alone.
--
-- The importer writes the three tables anew whenever it writes the other search statistics.
-- Where they are missing (a database not imported again since this migration), the search reads
-- each candidate's row, as before: slower, the same hits.

-- Each distinct section of `rules`, numbered from 1 in the order of their first rules' rowids.
CREATE TABLE search_sections (
    number         INTEGER PRIMARY KEY CHECK (number >= 1),
    section        TEXT NOT NULL
) STRICT;

-- The terms of each section as the index folds and stems them (`rules_fts`' tokenizer): the
-- sections holding every word of a search are those listed under each of its terms.
CREATE TABLE search_section_terms (
    term           TEXT NOT NULL,
    section        INTEGER NOT NULL,
    PRIMARY KEY (term, section)
) STRICT, WITHOUT ROWID;

-- For rowids block * 1024 to block * 1024 + 1023 of `rules`, each rule's kind and section as a
-- little-endian 32-bit number: the kind in the high 8 bits (1 guideline, 2 definition, 3 note,
-- 4 figure, 5 context: the order of `rules.kind`'s CHECK), the section's number in the low 24
-- (0 for none); 0 where there is no rule.
CREATE TABLE search_rule_blocks (
    block          INTEGER PRIMARY KEY,
    facts          BLOB NOT NULL
) STRICT;
