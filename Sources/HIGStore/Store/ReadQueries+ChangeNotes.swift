/// Apple's own change notes (`change_notes`, written at import from PDF revision histories and
/// web pages' change logs), as the read side shows them.
extension ReadQueries {
    /// One edition's change notes with the file each is written in, in file and line order.
    static let editionChangeNotes = """
        SELECT s.path, coalesce(s.title, s.document) AS document, n.line_start, n.line_end, n.date, n.text
        FROM change_notes n JOIN sources s ON s.id = n.source_id
        WHERE s.edition_id = ?1
        ORDER BY s.path, n.line_start
        """

    /// One edition's rules with the file each is read from.
    static let editionRuleFiles = """
        SELECT r.id, s.path
        FROM rules r JOIN sources s ON s.id = r.source_id
        WHERE r.edition_id = ?1
        """
}

extension RuleStore {
    /// Every change note of one edition's source files (an alias names its edition), in file and
    /// line order.
    public func changeNotes(edition: String) throws -> [EditionChangeNote] {
        try answering {
            let edition = try editionID(edition)
            return try db.rows(ReadQueries.editionChangeNotes, edition).map {
                EditionChangeNote(
                    edition: edition, file: $0.string("path"), document: $0.string("document"),
                    lineStart: $0.int("line_start"), lineEnd: $0.int("line_end"),
                    date: $0.optionalString("date"), text: $0.string("text"))
            }
        }
    }

    /// The change notes of the files of `edition` that hold one of `ruleIDs`: what Apple said
    /// about the pages a diff or a lineage shows changed.
    package func changeNotes(edition: String, filesHolding ruleIDs: some Sequence<String>) throws -> [EditionChangeNote] {
        let wanted = Set(ruleIDs)
        guard !wanted.isEmpty else { return [] }
        var files: Set<String> = []
        try db.forEachRow(ReadQueries.editionRuleFiles, arguments: [edition]) { row in
            if wanted.contains(row.string(0)) { files.insert(row.string(1)) }
        }
        return try changeNotes(edition: edition).filter { files.contains($0.file) }
    }
}
