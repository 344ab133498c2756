import HIGDatabase

/// Makes a small table the importer derives from the manifest (edition aliases, former rule ids,
/// predecessors) hold exactly the rows wanted, writing only when it does not: a re-import of an
/// unchanged manifest writes nothing.
enum ExactRows {
    /// `rows` must come in the order of `orderedBy` (the table's key columns, byte order).
    /// Table and column names are the importer's constants, never a user's words. True when it wrote.
    @discardableResult
    static func write(
        _ table: String, columns: [String], orderedBy order: [String], rows: [[DatabaseValue]], _ db: Database
    ) throws -> Bool {
        let stored = try db.rows("SELECT \(columns.joined(separator: ", ")) FROM \(table) ORDER BY \(order.joined(separator: ", "))")
            .map { row in columns.map { row[$0] } }
        guard stored != rows else { return false }
        try db.execute("DELETE FROM \(table)")
        var batch = BatchInsert(db, into: table, columns: columns)
        for row in rows { try batch.append(values: row) }
        try batch.finish()
        return true
    }
}
