import CSQLite
import Foundation

/// One SQLite connection, closed when released.
///
/// Not `Sendable`: a connection belongs to the task that opened it. Every query binds its
/// parameters; statements are cached by SQL text.
public final class Database {
    public enum Mode: Sendable {
        case readOnly
        case readWrite
        /// Read-write, and create the file when it does not exist.
        case create
    }

    let handle: OpaquePointer
    public let path: String
    private var statements: [String: Statement] = [:]

    public init(path: String, mode: Mode = .readWrite) throws(SQLiteError) {
        var flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        switch mode {
        case .readOnly: flags |= SQLITE_OPEN_READONLY
        case .readWrite: flags |= SQLITE_OPEN_READWRITE
        case .create: flags |= SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        }
        var handle: OpaquePointer?
        let code = sqlite3_open_v2(path, &handle, flags, nil)
        guard code == SQLITE_OK, let handle else {
            let error = SQLiteError(code: code, connection: handle)
            sqlite3_close_v2(handle)
            throw error
        }
        self.handle = handle
        self.path = path
        sqlite3_busy_timeout(handle, 5_000)
        try execute("PRAGMA foreign_keys = ON")
    }

    deinit {
        statements.removeAll()
        sqlite3_close_v2(handle)
    }

    private func prepared(_ sql: String) throws(SQLiteError) -> Statement {
        if let statement = statements[sql] { return statement }
        let statement = try Statement(connection: handle, sql: sql)
        statements[sql] = statement
        return statement
    }

    /// Runs one statement that returns no rows.
    public func execute(_ sql: String, _ arguments: any DatabaseValueConvertible...) throws(SQLiteError) {
        try execute(sql, arguments: arguments)
    }

    public func execute(_ sql: String, arguments: [any DatabaseValueConvertible]) throws(SQLiteError) {
        let statement = try prepared(sql)
        try statement.bind(arguments)
        while try statement.step() {}
        try check(sqlite3_reset(statement.handle), handle, sql: sql)
    }

    /// Runs every statement of a script (a migration file), one after the other.
    public func executeScript(_ script: String) throws(SQLiteError) {
        var error: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, script, nil, nil, &error)
        if code != SQLITE_OK {
            let message = error.map { String(cString: $0) }
            sqlite3_free(error)
            var failure = SQLiteError(code: code, connection: handle, sql: script)
            if let message { failure = SQLiteError(code: code, message: message, sql: script) }
            throw failure
        }
    }

    /// All rows of a query.
    public func rows(_ sql: String, _ arguments: any DatabaseValueConvertible...) throws(SQLiteError) -> [Row] {
        try rows(sql, arguments: arguments)
    }

    public func rows(_ sql: String, arguments: [any DatabaseValueConvertible]) throws(SQLiteError) -> [Row] {
        let statement = try prepared(sql)
        try statement.bind(arguments)
        let columns = statement.columnNames()
        var result: [Row] = []
        while try statement.step() {
            result.append(Row(columns: columns, values: statement.currentValues()))
        }
        try check(sqlite3_reset(statement.handle), handle, sql: sql)
        return result
    }

    /// Calls `body` for each row without building `Row` values: for scans of many rows.
    public func forEachRow(_ sql: String, arguments: [any DatabaseValueConvertible] = [], _ body: (RowCursor) throws -> Void) throws {
        let statement = try prepared(sql)
        try statement.bind(arguments)
        let cursor = RowCursor(statement: statement)
        while try statement.step() { try body(cursor) }
        try check(sqlite3_reset(statement.handle), handle, sql: sql)
    }

    /// The first column of the first row, or nil.
    public func scalar(_ sql: String, _ arguments: any DatabaseValueConvertible...) throws(SQLiteError) -> DatabaseValue? {
        try rows(sql, arguments: arguments).first?[0]
    }

    public var changes: Int { Int(sqlite3_changes(handle)) }

    /// Runs `body` in one IMMEDIATE transaction: committed when it returns, rolled back when it
    /// throws, so the database holds either all of its writes or none of them.
    public func transaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN IMMEDIATE")
        do {
            let value = try body()
            try execute("COMMIT")
            return value
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }
}

extension SQLiteError {
    init(code: Int32, message: String, sql: String?) {
        self.code = code
        self.message = message
        self.sql = sql
    }
}
