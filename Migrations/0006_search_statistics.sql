-- What search's ranking needs to know of the index, stored once at import instead of counted
-- at every query (Answers/SearchRanking.swift, Import/SearchStatistics.swift).
--
-- bm25 needs the length of every rule a query matches, and how many rules hold each word of
-- the query. FTS5's own `bm25` reads a length from its `docsize` table, one B-tree search per
-- matched rule, and counts a word's rules by reading the word's whole list of rules: at
-- 4 x 100k rules, ranking a common word ("button", 87k rules) took 55 ms, five sixths of it
-- lengths, and the nine words of "concise error message at the top of the screen" 13 ms,
-- two thirds of it counting. hig's `hig_bm25` computes the same scores from these tables.
--
-- The importer writes both tables anew, in the import's transaction, whenever it writes or
-- removes rules. A tool that edits `rules` by hand and rebuilds the index must delete their
-- rows; where they are missing the ranking asks FTS5, as `bm25` does (slower, same scores).

-- Each indexed rule's length, 1,024 rules to a row: for rowids block * 1024 to
-- block * 1024 + 1023 of `rules`, its token count (title and text, as FTS5 counts them) as a
-- little-endian 16-bit number; 0 where there is no rule, 65535 for 65,535 tokens or more.
CREATE TABLE search_lengths (
    block          INTEGER PRIMARY KEY,
    lengths        BLOB NOT NULL
) STRICT;

-- How many rules hold each term of the index (as FTS5 stores it: stemmed, folded).
CREATE TABLE search_terms (
    term           TEXT PRIMARY KEY,
    rules          INTEGER NOT NULL
) STRICT, WITHOUT ROWID;
