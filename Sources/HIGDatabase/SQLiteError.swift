import CSQLite

/// An error reported by SQLite: its result code, its message and the statement that failed.
///
/// One type for every failing call, so that callers can match on the code (a file that is not a
/// database, a full disk, a busy lock) and turn it into a sentence a user can act on.
public struct SQLiteError: Error, CustomStringConvertible, Sendable {
    /// The extended result code.
    public let code: Int32
    public let message: String
    public let sql: String?
    /// The database file of the connection that failed, when known.
    public let path: String?

    public var primaryCode: Int32 { code & 0xFF }

    public var description: String {
        var text = "SQLite error \(code): \(message)"
        if let sql { text += " (in: \(sql.prefix(120)))" }
        return text
    }

    package init(code: Int32, connection: OpaquePointer?, sql: String? = nil) {
        self.code = code
        if let connection, let cMessage = sqlite3_errmsg(connection) {
            self.message = String(cString: cMessage)
        } else {
            self.message = String(cString: sqlite3_errstr(code))
        }
        self.sql = sql
        self.path = connection.flatMap { sqlite3_db_filename($0, "main") }.map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
    }
}

/// Throws unless `code` is `SQLITE_OK`. Every SQLite call goes through here.
@discardableResult
package func check(_ code: Int32, _ connection: OpaquePointer?, sql: String? = nil) throws(SQLiteError) -> Int32 {
    // No set of accepted codes: this runs for every bound value, and building a set each time
    // was a fifth of the cost of binding an import's rows.
    guard code == SQLITE_OK else {
        throw SQLiteError(code: code, connection: connection, sql: sql)
    }
    return code
}

// Extended result codes whose C macros are expressions, which do not import into Swift.
package let SQLITE_READONLY_RECOVERY: Int32 = SQLITE_READONLY | (1 << 8)
package let SQLITE_READONLY_ROLLBACK: Int32 = SQLITE_READONLY | (3 << 8)
package let SQLITE_READONLY_CANTINIT: Int32 = SQLITE_READONLY | (5 << 8)
package let SQLITE_READONLY_DIRECTORY: Int32 = SQLITE_READONLY | (6 << 8)
