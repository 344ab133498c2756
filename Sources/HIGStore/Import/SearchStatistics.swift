import HIGDatabase

/// What search's ranking needs to know of the index, written at import (Migrations/0006 says
/// why; `SearchRanking` reads it):
/// - each indexed rule's length in tokens, in `search_lengths`, 1,024 rules to a row, so that
///   ranking reads one row per 1,024 matched rules instead of one FTS5 `docsize` row per rule;
/// - how many rules hold each term, in `search_terms`, so that ranking a word does not read its
///   whole list of rules to count them;
/// - each rule's kind and section, as `SearchRuleFacts` stores them, so that ranking weighs a
///   match without reading its row.
///
/// `search_lengths` holds the lengths as `RowidBlocks` of 16-bit numbers: 0 where no rule or no
/// count is known, `tooLong` for 65,535 tokens or more. The ranking asks FTS5 for both.
enum SearchStatistics {
    /// Stored for a rule of 65,535 tokens or more: its length is asked of FTS5.
    static let tooLong = UInt16.max

    /// True when rules exist but some of their statistics do not: a database imported before
    /// migration 0006 or 0020.
    static func areMissing(_ db: Database) throws -> Bool {
        try db.scalar("SELECT EXISTS (SELECT 1 FROM rules) AND NOT EXISTS (SELECT 1 FROM search_lengths)")?.int == 1
            || SearchRuleFacts.areMissing(db)
    }

    /// Writes every table anew, the lengths and counts from FTS5's own. Call inside the import's
    /// transaction, after the index is up to date.
    static func rebuild(_ db: Database) throws {
        try rebuildLengths(db)
        try rebuildTerms(db)
        try SearchRuleFacts.rebuild(db, tokenizer: SearchTokenizer.of(db))
    }

    /// Every `docsize` row read once; one row written per 1,024 rules.
    private static func rebuildLengths(_ db: Database) throws {
        try db.execute("DELETE FROM search_lengths")
        var lengths = RowidBlocks.Writer<UInt16>(db, into: "search_lengths", column: "lengths")
        try db.forEachRow("SELECT id, sz FROM rules_fts_docsize ORDER BY id") { row in
            let tokens = row.withBlob(1) { tokenCount(docsize: $0) }
            try lengths.set(tokens.map { UInt16(clamping: $0) } ?? 0, of: Int64(row.int(0)))
        }
        try lengths.finish()
    }

    /// FTS5's own count of each term's rules, read through an `fts5vocab` table (it reads the
    /// whole index once).
    private static func rebuildTerms(_ db: Database) throws {
        try db.execute("DELETE FROM search_terms")
        try db.execute("CREATE VIRTUAL TABLE IF NOT EXISTS temp.rules_fts_terms USING fts5vocab(main, rules_fts, row)")
        try db.execute("INSERT INTO search_terms (term, rules) SELECT term, doc FROM temp.rules_fts_terms")
    }

    /// The tokens of a row, all columns together, from its FTS5 `docsize` blob: one SQLite
    /// varint per column. Nil for a blob that is cut short.
    static func tokenCount(docsize bytes: UnsafeRawBufferPointer) -> Int? {
        var total = 0
        var index = 0
        while index < bytes.count {
            guard let (value, length) = varint(bytes, at: index) else { return nil }
            total += Int(clamping: value)
            index += length
        }
        return total
    }

    /// An SQLite varint (big-endian, 7 bits a byte while the high bit is set; a ninth byte gives
    /// all 8 bits) and its length in bytes; nil when the bytes end first.
    static func varint(_ bytes: UnsafeRawBufferPointer, at start: Int) -> (UInt64, Int)? {
        var value: UInt64 = 0
        for length in 1...9 {
            let index = start + length - 1
            guard index < bytes.count else { return nil }
            let byte = bytes[index]
            if length == 9 { return (value << 8 | UInt64(byte), 9) }
            value = value << 7 | UInt64(byte & 0x7F)
            if byte & 0x80 == 0 { return (value, length) }
        }
        return nil
    }
}
