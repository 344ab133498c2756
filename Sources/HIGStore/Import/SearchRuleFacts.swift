import HIGDatabase
import HIGText

/// Each rule's kind and section, as search weighs them, written at import (Migrations/0020 says
/// why; `SearchRankWeights` reads it): the distinct sections in `search_sections`, their terms
/// in `search_section_terms`, and each rowid's kind and section number in `search_rule_blocks`,
/// as `RowidBlocks` of 32-bit numbers.
enum SearchRuleFacts {
    /// The kinds' codes, 1 up, in the order Migrations/0020 gives (that of `rules.kind`'s
    /// CHECK): stored in the databases, so never reordered.
    static let kindCodes: [RuleKind] = [.guideline, .definition, .note, .figure, .context]

    /// Sections are numbered below 2^24, the bits a rule's facts give them.
    static let sectionLimit = 1 << 24

    /// A rule's facts as stored: its kind's code in the high 8 bits, its section's number below.
    static func facts(kind: RuleKind, section: Int) -> UInt32 {
        precondition(section >= 0 && section < sectionLimit, "section number \(section) out of range")
        let code = (kindCodes.firstIndex(of: kind) ?? kindCodes.count) + 1
        return UInt32(code) << 24 | UInt32(section)
    }

    /// The kind's code of stored facts (0: no rule).
    static func kindCode(_ facts: UInt32) -> Int { Int(facts >> 24) }

    /// The section's number of stored facts (0: none).
    static func sectionNumber(_ facts: UInt32) -> Int { Int(facts & 0xFF_FFFF) }

    /// The kind and section number of stored facts; nil for 0 (no rule) or an unknown code.
    static func kindAndSection(_ facts: UInt32) -> (kind: RuleKind, section: Int)? {
        let code = kindCode(facts)
        guard code >= 1, code <= kindCodes.count else { return nil }
        return (kindCodes[code - 1], sectionNumber(facts))
    }

    /// True when rules exist but their facts do not: a database imported before migration 0020.
    static func areMissing(_ db: Database) throws -> Bool {
        try db.scalar("SELECT EXISTS (SELECT 1 FROM rules) AND NOT EXISTS (SELECT 1 FROM search_rule_blocks)")?.int == 1
    }

    /// Writes the three tables anew from `rules`, in one pass over them in rowid order (a
    /// section is numbered when its first rule is read), the sections' terms by `tokenizer`
    /// (the index's). Call inside the import's transaction.
    static func rebuild(_ db: Database, tokenizer: SearchTokenizer) throws {
        for table in ["search_rule_blocks", "search_section_terms", "search_sections"] { try db.execute("DELETE FROM \(table)") }
        var numbers: [String: Int] = [:]
        var sections: [String] = []
        var facts = RowidBlocks.Writer<UInt32>(db, into: "search_rule_blocks", column: "facts")
        // Neighbouring rules mostly share their section: the last one is tried first.
        var last: (section: String, number: Int)?
        try db.forEachRow("SELECT rowid, kind, section FROM rules ORDER BY rowid") { row in
            guard let kind = RuleKind(rawValue: row.string(1)) else { return }
            var number = 0
            if let section = row.optionalString(2) {
                if let last, last.section == section {
                    number = last.number
                } else if let known = numbers[section] {
                    number = known
                } else {
                    sections.append(section)
                    number = sections.count
                    numbers[section] = number
                }
                last = (section, number)
            }
            // A rule whose section is past the numbers' bits has no facts: search reads its row.
            guard number < sectionLimit else { return }
            try facts.set(Self.facts(kind: kind, section: number), of: Int64(row.int(0)))
        }
        try facts.finish()
        var sectionRows = BatchInsert(db, into: "search_sections", columns: ["number", "section"], rowsPerStatement: 64)
        var termRows = BatchInsert(db, into: "search_section_terms", columns: ["term", "section"], rowsPerStatement: 128)
        for (index, section) in sections.enumerated() {
            try sectionRows.append([index + 1, section])
            for term in Set(tokenizer.terms(section)).sorted() { try termRows.append([term, index + 1]) }
        }
        try sectionRows.finish()
        try termRows.finish()
    }
}
