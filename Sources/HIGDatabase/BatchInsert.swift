import CSQLite

/// Inserts rows into one table with one statement per `rowsPerStatement` rows.
///
/// Each statement SQLite runs opens cursors on the table, its indexes and the tables its
/// foreign keys name, and seeks each from the root; a statement of many rows does that once.
/// Rows are sent as they come, so a whole table is never held in memory. The values are bound
/// parameters; `table` and `columns` are the caller's constants.
///
/// The pending rows' texts and blobs are copied into one buffer and bound from there without
/// SQLite copying them again: binding a copy of each of a million texts (an allocation, a copy
/// and a free apiece) cost more than SQLite's storing the rows.
package struct BatchInsert {
    private let db: Database
    private let table: String
    private let columns: [String]
    private let rowsPerStatement: Int
    /// The statement of a full batch, made once: it is most of the statements run.
    private let fullBatchSQL: String
    private var pending: [PendingValue] = []
    /// The bytes of the pending texts and blobs, one after the other.
    private var pendingBytes: [UInt8] = []
    private var pendingRows = 0

    /// A pending row's value; texts and blobs are ranges of `pendingBytes`.
    private enum PendingValue {
        case null
        case integer(Int64)
        case real(Double)
        case bytes(start: Int, count: Int, isText: Bool)
    }

    package init(_ db: Database, into table: String, columns: [String], rowsPerStatement: Int = 64) {
        self.db = db
        self.table = table
        self.columns = columns
        self.rowsPerStatement = rowsPerStatement
        fullBatchSQL = Self.sql(table, columns, rows: rowsPerStatement)
        pending.reserveCapacity(columns.count * rowsPerStatement)
    }

    /// Appends one row, its values in `columns` order.
    package mutating func append(values row: [DatabaseValue]) throws(SQLiteError) {
        precondition(row.count == columns.count, "a row of \(table) has \(row.count) values for \(columns.count) columns")
        for value in row {
            switch value {
            case .null: pending.append(.null)
            case .integer(let value): pending.append(.integer(value))
            case .real(let value): pending.append(.real(value))
            case .text(var text):
                let start = pendingBytes.count
                text.withUTF8 { pendingBytes.append(contentsOf: $0) }
                pending.append(.bytes(start: start, count: pendingBytes.count - start, isText: true))
            case .blob(let blob):
                pending.append(.bytes(start: pendingBytes.count, count: blob.count, isText: false))
                pendingBytes.append(contentsOf: blob)
            }
        }
        pendingRows += 1
        if pendingRows == rowsPerStatement { try flush() }
    }

    package mutating func append(_ row: [any DatabaseValueConvertible]) throws(SQLiteError) {
        try append(values: row.map(\.databaseValue))
    }

    /// Sends the rows still pending; call once after the last `append`.
    package mutating func finish() throws(SQLiteError) {
        try flush()
    }

    private mutating func flush() throws(SQLiteError) {
        guard pendingRows > 0 else { return }
        // A batch is sent once: after a failure its rows are dropped, not sent again with the next.
        defer {
            pending.removeAll(keepingCapacity: true)
            pendingBytes.removeAll(keepingCapacity: true)
            pendingRows = 0
        }
        let statement = try db.prepared(pendingRows == rowsPerStatement ? fullBatchSQL : Self.sql(table, columns, rows: pendingRows))
        precondition(statement.parameterCount == pending.count, "\(statement.parameterCount) parameters for \(pending.count) values")
        try pendingBytes.withUnsafeBufferPointer { (bytes) throws(SQLiteError) in
            // No borrowed byte stays bound once this returns, however it returns.
            defer { statement.clearBindings() }
            sqlite3_reset(statement.handle)
            for (offset, value) in pending.enumerated() {
                let index = Int32(offset + 1)
                switch value {
                case .null: try statement.bindNull(at: index)
                case .integer(let value): try statement.bindInteger(value, at: index)
                case .real(let value): try statement.bindReal(value, at: index)
                case .bytes(let start, let count, let isText):
                    try statement.bindBorrowed(UnsafeBufferPointer(rebasing: bytes[start..<(start + count)]), isText: isText, at: index)
                }
            }
            while try statement.step() {}
            try check(sqlite3_reset(statement.handle), db.handle, sql: statement.sql)
        }
    }

    private static func sql(_ table: String, _ columns: [String], rows: Int) -> String {
        let row = "(" + Array(repeating: "?", count: columns.count).joined(separator: ", ") + ")"
        return "INSERT INTO \(table) (\(columns.joined(separator: ", "))) VALUES "
            + Array(repeating: row, count: rows).joined(separator: ", ")
    }
}
