import CSQLite

/// The current row of a statement being stepped, read column by column without copies of the
/// whole row. Valid only inside the `forEachRow` call that hands it out.
public struct RowCursor {
    let statement: Statement

    public func int(_ column: Int32) -> Int { Int(sqlite3_column_int64(statement.handle, column)) }

    public func double(_ column: Int32) -> Double { sqlite3_column_double(statement.handle, column) }

    public func isNull(_ column: Int32) -> Bool { sqlite3_column_type(statement.handle, column) == SQLITE_NULL }

    public func string(_ column: Int32) -> String {
        guard let text = sqlite3_column_text(statement.handle, column) else { return "" }
        return String(cString: text)
    }

    /// The bytes of a blob column, valid only inside `body` (empty for NULL or an empty blob).
    public func withBlob<T>(_ column: Int32, _ body: (UnsafeRawBufferPointer) throws -> T) rethrows -> T {
        // The pointer first, then the size (SQLite's documented order).
        let bytes = sqlite3_column_blob(statement.handle, column)
        let length = Int(sqlite3_column_bytes(statement.handle, column))
        return try body(UnsafeRawBufferPointer(start: bytes, count: bytes == nil ? 0 : length))
    }

    public func optionalString(_ column: Int32) -> String? { isNull(column) ? nil : string(column) }

    public func optionalDouble(_ column: Int32) -> Double? { isNull(column) ? nil : double(column) }
}

extension RowCursor {
    /// How many columns the statement returns.
    public var columnCount: Int32 { sqlite3_column_count(statement.handle) }

    /// The storage class of a column's value in this row (`SQLITE_INTEGER`, `SQLITE_TEXT`, ...).
    public func storageClass(_ column: Int32) -> Int32 { sqlite3_column_type(statement.handle, column) }

    /// The bytes of a text column, valid only inside `body`: the digest hashes them as stored,
    /// NUL bytes included, where `string` would stop at the first.
    public func withText<T>(_ column: Int32, _ body: (UnsafeRawBufferPointer) throws -> T) rethrows -> T {
        let bytes = sqlite3_column_text(statement.handle, column)
        let length = Int(sqlite3_column_bytes(statement.handle, column))
        return try body(UnsafeRawBufferPointer(start: bytes, count: bytes == nil ? 0 : length))
    }
}
