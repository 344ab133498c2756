/// Writes the other names of editions and rules: `current` for the newest edition, the former
/// ids of renamed editions, and the former ids of their rules. Written anew at every import:
/// the newest edition changes as editions are added, and former rule ids point at rules that a
/// rewrite of their file replaces.
enum EditionAliases {
    static func write(_ corpus: Corpus, _ db: Database) throws {
        try db.execute("DELETE FROM edition_aliases")
        let ordered = corpus.manifest.orderedEditions
        if let newest = ordered.last {
            try db.execute(
                "INSERT INTO edition_aliases (alias, edition_id, note) VALUES (?, ?, ?)", EditionManifest.newestAlias, newest.id,
                "the newest edition")
        }
        for edition in ordered {
            for former in edition.formerIDs ?? [] {
                try db.execute(
                    "INSERT INTO edition_aliases (alias, edition_id, note) VALUES (?, ?, ?)", former, edition.id,
                    "the edition's id before it was named \(edition.id)")
            }
        }
    }

    static func writeFormerRuleIDs(_ corpus: Corpus, _ db: Database) throws {
        try db.execute("DELETE FROM former_rule_ids")
        var rows = BatchInsert(db, into: "former_rule_ids", columns: ["former_id", "rule_id", "note"])
        for former in corpus.formerRuleIDs.sorted(by: { KeyOrder.precedes($0.formerID, $1.formerID) }) {
            try rows.append(values: [.text(former.formerID), .text(former.ruleID), .text(former.note)])
        }
        try rows.finish()
    }
}
