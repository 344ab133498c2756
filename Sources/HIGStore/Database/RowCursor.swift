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

    public func optionalString(_ column: Int32) -> String? { isNull(column) ? nil : string(column) }
}
