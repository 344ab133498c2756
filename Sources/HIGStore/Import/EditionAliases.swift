import HIGDatabase
import HIGLineage
import HIGText

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

    /// `ExactRows` for a table of text columns keyed by its first.
    private static func replace(_ table: String, columns: [String], with rows: [[String]], _ db: Database) throws {
        try ExactRows.write(table, columns: columns, orderedBy: [columns[0]], rows: rows.map { $0.map { .text($0) } }, db)
    }
}
