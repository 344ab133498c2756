import HIGDatabase

/// Stems words exactly as the search index does (SQLite's Porter tokenizer), by running them
/// through a throwaway FTS5 table in the connection's temp schema.
///
/// So the lexicon's plain words meet the rules' indexed terms in the same form, without a
/// second stemming algorithm to keep in agreement.
enum Stemmer {
    /// Each word's stems (a word like "dark-colored" has two).
    static func stems(of words: [String], in db: Database) throws -> [String: [String]] {
        // In one transaction: outside one (the connection lineage's prepared terms stem in has
        // none), each word's insert committed on its own, and the probe took 7.6% of the
        // archive's import (Benchmarks/README.md, "The stemmer's probe in one transaction").
        if db.isInTransaction { return try probe(words, in: db) }
        return try db.transaction { try probe(words, in: db) }
    }

    private static func probe(_ words: [String], in db: Database) throws -> [String: [String]] {
        try db.execute(
            """
            CREATE VIRTUAL TABLE IF NOT EXISTS temp.stem_probe
            USING fts5(word, tokenize = '\(FullTextTokenizer.spec)')
            """)
        try db.execute("CREATE VIRTUAL TABLE IF NOT EXISTS temp.stem_probe_terms USING fts5vocab(temp, stem_probe, instance)")
        try db.execute("DELETE FROM temp.stem_probe")
        for (index, word) in words.enumerated() {
            try db.execute("INSERT INTO temp.stem_probe (rowid, word) VALUES (?, ?)", index + 1, word)
        }
        var result: [String: [String]] = [:]
        try db.forEachRow("SELECT doc, term FROM temp.stem_probe_terms ORDER BY doc, offset") { row in
            result[words[row.int(0) - 1], default: []].append(row.string(1))
        }
        try db.execute("DELETE FROM temp.stem_probe")
        return result
    }
}
