import CSQLite
import Foundation

/// One SQLite connection, closed when released.
///
/// Not `Sendable`: a connection belongs to the task that opened it. Every query binds its
/// parameters; statements are cached by SQL text.
public final class Database {
    public enum Mode: Sendable {
        case readOnly
        /// Read-only, without locks or the `-wal` and `-shm` files beside it: for a file no one
        /// writes while it is read, in a folder where those files cannot be created.
        case immutable
        case readWrite
        /// Read-write, and create the file when it does not exist.
        case create
    }

    /// How long a statement waits for another connection's lock before failing with
    /// `SQLITE_BUSY`, unless the opener says otherwise.
    public static let defaultBusyTimeout: Duration = .seconds(5)

    package let handle: OpaquePointer
    public let path: String
    public let mode: Mode
    private var statements: [String: Statement] = [:]

    public init(path: String, mode: Mode = .readWrite, busyTimeout: Duration = Database.defaultBusyTimeout) throws(SQLiteError) {
        var flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        var name = path
        switch mode {
        case .readOnly: flags |= SQLITE_OPEN_READONLY
        case .immutable:
            flags |= SQLITE_OPEN_READONLY | SQLITE_OPEN_URI
            name = Self.uri(path, query: "immutable=1")
        case .readWrite: flags |= SQLITE_OPEN_READWRITE
        case .create: flags |= SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        }
        var handle: OpaquePointer?
        let code = sqlite3_open_v2(name, &handle, flags, nil)
        guard code == SQLITE_OK, let handle else {
            let error = SQLiteError(code: code, connection: handle)
            sqlite3_close_v2(handle)
            throw error
        }
        self.handle = handle
        self.path = path
        self.mode = mode
        let (seconds, attoseconds) = busyTimeout.components
        sqlite3_busy_timeout(handle, Int32(clamping: seconds * 1_000 + attoseconds / 1_000_000_000_000_000))
        try execute("PRAGMA foreign_keys = ON")
    }

    /// A `file:` URI for `path`, every byte outside the unreserved set percent-encoded, so that
    /// no `?`, `#` or `%` in a file name is read as part of the query.
    static func uri(_ path: String, query: String) -> String {
        let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789/-._~".utf8)
        var encoded = ""
        for byte in path.utf8 {
            if unreserved.contains(byte) {
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                encoded += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return "file:\(encoded)?\(query)"
    }

    deinit {
        statements.removeAll()
        sqlite3_close_v2(handle)
    }

    func prepared(_ sql: String) throws(SQLiteError) -> Statement {
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
        try execute(sql, values: arguments.map(\.databaseValue))
    }

    public func execute(_ sql: String, values: [DatabaseValue]) throws(SQLiteError) {
        let statement = try prepared(sql)
        try statement.bind(values: values)
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
            if let message { failure = SQLiteError(code: code, message: message, sql: script, path: path) }
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

    /// Sets the journal mode (`wal`, `memory`, ...) and returns the mode in force afterwards: a
    /// read-only or in-memory database keeps its own.
    @discardableResult
    public func setJournalMode(_ mode: String) throws(SQLiteError) -> String {
        // A pragma's value cannot be bound; `mode` is one of this package's own constants.
        precondition(["wal", "delete", "memory", "off", "truncate", "persist"].contains(mode), "unknown journal mode \(mode)")
        return try scalar("PRAGMA journal_mode = \(mode)")?.string?.lowercased() ?? ""
    }

    /// Whether a transaction is open on this connection.
    public var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

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
    package init(code: Int32, message: String, sql: String?, path: String? = nil) {
        self.code = code
        self.message = message
        self.sql = sql
        self.path = path
    }
}
