/// Writes the other names of editions and rules: `current` for the newest edition, the former
/// ids of renamed editions, and the former ids of their rules. Worked out anew at every import
/// (the newest edition changes as editions are added; former rule ids point at rules that a
/// rewrite of their file replaces), and written only when they differ from what is stored: a
/// re-import of unchanged sources writes nothing.
enum EditionAliases {
    static func write(_ corpus: Corpus, _ db: Database) throws {
        var wanted: [[String]] = []
        let ordered = corpus.manifest.orderedEditions
        if let newest = ordered.last {
            wanted.append([EditionManifest.newestAlias, newest.id, "the newest edition"])
        }
        for edition in ordered {
            for former in edition.formerIDs ?? [] {
                wanted.append([former, edition.id, "the edition's id before it was named \(edition.id)"])
            }
        }
        try replace(
            "edition_aliases", columns: ["alias", "edition_id", "note"], with: wanted.sorted { KeyOrder.precedes($0[0], $1[0]) }, db)
    }

    static func writeFormerRuleIDs(_ corpus: Corpus, _ db: Database) throws {
        let wanted = corpus.formerRuleIDs.sorted { KeyOrder.precedes($0.formerID, $1.formerID) }.map { [$0.formerID, $0.ruleID, $0.note] }
        try replace("former_rule_ids", columns: ["former_id", "rule_id", "note"], with: wanted, db)
    }

    /// Makes `table` (keyed by its first column) hold exactly `rows`, writing only when it does not.
    private static func replace(_ table: String, columns: [String], with rows: [[String]], _ db: Database) throws {
        // Table and column names are this file's constants, never a user's words.
        let stored = try db.rows("SELECT \(columns.joined(separator: ", ")) FROM \(table) ORDER BY \(columns[0])")
            .map { row in columns.map { row.string($0) } }
        guard stored != rows else { return }
        try db.execute("DELETE FROM \(table)")
        var batch = BatchInsert(db, into: table, columns: columns)
        for row in rows { try batch.append(values: row.map { .text($0) }) }
        try batch.finish()
    }
}
