import HIGDatabase

/// Keeps the full-text index (`rules_fts`, external content over `rules`) in step with the
/// rules the importer writes and deletes (Migrations/0004: no triggers).
///
/// Each runs as one statement whatever the number of files: FTS5 writes its pending words to
/// disk as a new segment at every statement (its savepoint), so indexing file by file, or row
/// by row, made hundreds of small segments to merge. Both run inside the import's transaction,
/// so the index never disagrees with the rules a reader sees.
enum SearchIndex {
    /// Indexes the rules of every source whose id is above `sourceID`: the files this import
    /// inserted, since new sources get ids above every kept one.
    static func add(sourcesAbove sourceID: Int, _ db: Database) throws(SQLiteError) {
        try db.execute(
            """
            INSERT INTO rules_fts (rowid, title, text) SELECT rowid, title, text FROM rules WHERE source_id > ?
            """, sourceID)
    }

    /// Takes the rules of `sourceIDs` out of the index; call before deleting them. External
    /// content needs the words that were indexed, which are the rows' own until they are deleted.
    static func remove(sources sourceIDs: [Int], _ db: Database) throws(SQLiteError) {
        guard !sourceIDs.isEmpty else { return }
        let list = "[" + sourceIDs.map(String.init).joined(separator: ",") + "]"
        try db.execute(
            """
            INSERT INTO rules_fts (rules_fts, rowid, title, text)
            SELECT 'delete', rowid, title, text FROM rules WHERE source_id IN (SELECT value FROM json_each(?))
            """, list)
    }
}
