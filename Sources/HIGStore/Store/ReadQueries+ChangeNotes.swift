import HIGDatabase

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

    /// The files of edition `?2` that hold one of the rules of the JSON array `?1` (each rule
    /// found by its key: a lineage's few rules in an edition of 100,000 read a few rows).
    static let editionFilesHoldingRules = """
        SELECT DISTINCT s.path
        FROM rules r JOIN sources s ON s.id = r.source_id
        WHERE r.id IN (SELECT value FROM json_each(?1)) AND r.edition_id = ?2
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
        // The notes first: most editions have none (a diff of two editions of 100,000 rules
        // would otherwise look up the files of 25,000 rules for nothing).
        let notes = try changeNotes(edition: edition)
        let wanted = Array(Set(ruleIDs))
        guard !wanted.isEmpty && !notes.isEmpty else { return [] }
        var files: Set<String> = []
        let array = try JSONArgument.array(wanted)
        try db.forEachRow(ReadQueries.editionFilesHoldingRules, arguments: [array, edition]) { files.insert($0.string(0)) }
        return notes.filter { files.contains($0.file) }
    }
}

/// What `hig changes` reads besides a diff: each rule's page, and which rules and pages a
/// platform or a topic keeps.
extension ReadQueries {
    /// One edition's rules with their words, lines, file, page title and headings.
    static let editionRulePages = """
        SELECT r.id, r.text, r.line_start, r.line_end, s.path, coalesce(s.title, s.document), s.title IS NOT NULL, r.section
        FROM rules r JOIN sources s ON s.id = r.source_id
        WHERE r.edition_id = ?1
        """

    /// One edition's rules that apply to a platform (case aside, as `RuleFilter` compares).
    static let editionRulesOfPlatform = """
        SELECT r.id FROM rules r JOIN rule_platforms p ON p.rule_id = r.id
        WHERE r.edition_id = ?1 AND p.platform = ?2 COLLATE NOCASE
        """

    /// One edition's pages whose subject is a topic: their rules have it from the page.
    static let editionPagesOfTopic = """
        SELECT DISTINCT s.path
        FROM rule_topics t JOIN rules r ON r.id = t.rule_id JOIN sources s ON s.id = r.source_id
        WHERE r.edition_id = ?1 AND t.topic_slug = ?2 AND t.via = 'page'
        """
}
