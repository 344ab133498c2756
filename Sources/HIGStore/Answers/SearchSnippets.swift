import HIGDatabase

/// The snippets of a search's hits, made by FTS5's `snippet` in a small index of the hits alone.
///
/// `snippet` needs its row to be a match of the query, and reaching one row of the rules'
/// index through a query seeks every phrase's list of rules: for a query of common words
/// ("the", "of", "at" are in half the rules), ten snippets cost as much as ranking every match
/// (Benchmarks/README.md). What
/// `snippet` computes depends on the row alone (the phrases' places in its text), so the hits
/// are copied into an index of their own, with the same columns and tokenizer, and their
/// snippets read there in one query: the same snippets, for a few microseconds each.
///
/// It lives in an in-memory database of its own, so that searching never writes through the
/// store's connection, whose snapshot stays as it was opened.
final class SearchSnippets {
    private let db: Database

    init() throws(SQLiteError) {
        db = try Database(path: ":memory:", mode: .create)
        try db.execute(
            """
            CREATE VIRTUAL TABLE hits USING fts5(title, text, tokenize = '\(FullTextTokenizer.spec)')
            """)
    }

    /// Each hit's snippet by its rowid, the marked words between `SearchHit.open` and
    /// `SearchHit.close`: the phrases of the first of `expressions` that the hit matches (the
    /// words that carry the query first, then the whole query the hits matched).
    func snippets(_ expressions: [String], hits: [(rowid: Int64, title: String?, text: String)]) throws -> [Int64: String] {
        try db.transaction {
            try db.execute("DELETE FROM hits")
            for hit in hits {
                try db.execute("INSERT INTO hits (rowid, title, text) VALUES (?, ?, ?)", hit.rowid, hit.title, hit.text)
            }
            var snippets: [Int64: String] = [:]
            for expression in expressions where snippets.count < hits.count {
                try db.forEachRow(
                    """
                    SELECT rowid, snippet(hits, -1, char(1), char(2), '…', 20) FROM hits WHERE hits MATCH ?
                    """, arguments: [expression]
                ) { row in
                    let rowid = Int64(row.int(0))
                    if snippets[rowid] == nil { snippets[rowid] = row.string(1) }
                }
            }
            return snippets
        }
    }
}
