/// Inserts rows into one table with one statement per `rowsPerStatement` rows.
///
/// Each statement SQLite runs opens cursors on the table, its indexes and the tables its
/// foreign keys name, and seeks each from the root; a statement of many rows does that once.
/// Rows are sent as they come, so a whole table is never held in memory. The values are bound
/// parameters; `table` and `columns` are the caller's constants.
struct BatchInsert {
    private let db: Database
    private let table: String
    private let columns: [String]
    private let rowsPerStatement: Int
    /// The statement of a full batch, made once: it is most of the statements run.
    private let fullBatchSQL: String
    private var pending: [DatabaseValue] = []
    private var pendingRows = 0

    init(_ db: Database, into table: String, columns: [String], rowsPerStatement: Int = 64) {
        self.db = db
        self.table = table
        self.columns = columns
        self.rowsPerStatement = rowsPerStatement
        fullBatchSQL = Self.sql(table, columns, rows: rowsPerStatement)
        pending.reserveCapacity(columns.count * rowsPerStatement)
    }

    /// Appends one row, its values in `columns` order.
    mutating func append(values row: [DatabaseValue]) throws(SQLiteError) {
        precondition(row.count == columns.count, "a row of \(table) has \(row.count) values for \(columns.count) columns")
        pending.append(contentsOf: row)
        pendingRows += 1
        if pendingRows == rowsPerStatement { try flush() }
    }

    mutating func append(_ row: [any DatabaseValueConvertible]) throws(SQLiteError) {
        try append(values: row.map(\.databaseValue))
    }

    /// Sends the rows still pending; call once after the last `append`.
    mutating func finish() throws(SQLiteError) {
        try flush()
    }

    private mutating func flush() throws(SQLiteError) {
        guard pendingRows > 0 else { return }
        let sql = pendingRows == rowsPerStatement ? fullBatchSQL : Self.sql(table, columns, rows: pendingRows)
        try db.execute(sql, values: pending)
        pending.removeAll(keepingCapacity: true)
        pendingRows = 0
    }

    private static func sql(_ table: String, _ columns: [String], rows: Int) -> String {
        let row = "(" + Array(repeating: "?", count: columns.count).joined(separator: ", ") + ")"
        return "INSERT INTO \(table) (\(columns.joined(separator: ", "))) VALUES "
            + Array(repeating: row, count: rows).joined(separator: ", ")
    }
}
