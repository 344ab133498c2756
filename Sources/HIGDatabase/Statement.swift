import CSQLite

/// SQLite copies bound text at once; the C macro `SQLITE_TRANSIENT` does not import into Swift.
let SQLITE_TRANSIENT = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
/// SQLite reads bound bytes where they are, without a copy (the C macro is a null destructor).
let SQLITE_STATIC: sqlite3_destructor_type? = nil

/// A prepared statement, finalized when released.
///
/// Parameters are always bound, never spliced into the SQL: a user's words cannot change what
/// a statement does.
package final class Statement {
    package let handle: OpaquePointer
    package let sql: String
    private let connection: OpaquePointer

    package init(connection: OpaquePointer, sql: String) throws(SQLiteError) {
        var handle: OpaquePointer?
        let code = sqlite3_prepare_v2(connection, sql, -1, &handle, nil)
        guard code == SQLITE_OK, let handle else {
            sqlite3_finalize(handle)
            throw SQLiteError(code: code, connection: connection, sql: sql)
        }
        self.handle = handle
        self.sql = sql
        self.connection = connection
    }

    deinit { sqlite3_finalize(handle) }

    func bind(_ arguments: [any DatabaseValueConvertible]) throws(SQLiteError) {
        try bind(values: arguments.map(\.databaseValue))
    }

    /// Binds every parameter, in order. Values rather than `DatabaseValueConvertible`s: a batch
    /// of the importer's rows is hundreds of values, and copying each through its protocol's
    /// witnesses cost more than SQLite's storing them.
    func bind(values: [DatabaseValue]) throws(SQLiteError) {
        // What reset returns is the last step's error, already thrown by `step`: a statement
        // that failed once must not fail its next, unrelated use. Every parameter is bound
        // below, so no old binding survives without `sqlite3_clear_bindings`.
        sqlite3_reset(handle)
        let expected = Int(sqlite3_bind_parameter_count(handle))
        precondition(values.count == expected, "\(expected) parameters expected, \(values.count) given: \(sql)")
        for (offset, value) in values.enumerated() {
            try bind(value, at: Int32(offset + 1))
        }
    }

    /// Binds a copy of `value`: unlike `bindBorrowed`, nothing of the caller's has to outlive the call.
    private func bind(_ value: DatabaseValue, at index: Int32) throws(SQLiteError) {
        let code: Int32
        switch value {
        case .null: return try bindNull(at: index)
        case .integer(let value): return try bindInteger(value, at: index)
        case .real(let value): return try bindReal(value, at: index)
        case .blob(let bytes):
            code = bytes.withUnsafeBytes { buffer in
                // An empty blob is bound as a zero-length blob, not NULL.
                buffer.baseAddress.map { sqlite3_bind_blob64(handle, index, $0, UInt64(buffer.count), SQLITE_TRANSIENT) }
                    ?? sqlite3_bind_zeroblob(handle, index, 0)
            }
        case .text(let value):
            // The length is given, so a NUL inside the text is bound too instead of ending it.
            var value = value
            code = value.withUTF8 { bytes in
                bytes.withMemoryRebound(to: CChar.self) { chars in
                    // An empty buffer may have no address, and a NULL pointer would bind NULL.
                    guard let start = chars.baseAddress else { return sqlite3_bind_text(handle, index, "", 0, SQLITE_TRANSIENT) }
                    return sqlite3_bind_text64(handle, index, start, UInt64(chars.count), SQLITE_TRANSIENT, UInt8(SQLITE_UTF8))
                }
            }
        }
        try check(code, connection, sql: sql)
    }

    /// Binds parameter `index` to `bytes` without SQLite copying them (`SQLITE_STATIC`): the
    /// caller keeps them alive and unchanged until the statement has run and
    /// `clearBindings` has been called. An empty buffer binds empty text or an empty blob.
    func bindBorrowed(_ bytes: UnsafeBufferPointer<UInt8>, isText: Bool, at index: Int32) throws(SQLiteError) {
        let code: Int32
        if isText {
            let start = bytes.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) }
            // An empty buffer may have no address, and a NULL pointer would bind NULL.
            code =
                start.map { sqlite3_bind_text64(handle, index, $0, UInt64(bytes.count), SQLITE_STATIC, UInt8(SQLITE_UTF8)) }
                ?? sqlite3_bind_text(handle, index, "", 0, SQLITE_TRANSIENT)
        } else {
            code =
                bytes.baseAddress.map { sqlite3_bind_blob64(handle, index, $0, UInt64(bytes.count), SQLITE_STATIC) }
                ?? sqlite3_bind_zeroblob(handle, index, 0)
        }
        try check(code, connection, sql: sql)
    }

    func bindInteger(_ value: Int64, at index: Int32) throws(SQLiteError) {
        try check(sqlite3_bind_int64(handle, index, value), connection, sql: sql)
    }

    func bindReal(_ value: Double, at index: Int32) throws(SQLiteError) {
        try check(sqlite3_bind_double(handle, index, value), connection, sql: sql)
    }

    func bindNull(at index: Int32) throws(SQLiteError) {
        try check(sqlite3_bind_null(handle, index), connection, sql: sql)
    }

    /// Sets every parameter to NULL, so that no borrowed bytes stay bound.
    func clearBindings() {
        sqlite3_clear_bindings(handle)
    }

    var parameterCount: Int { Int(sqlite3_bind_parameter_count(handle)) }

    /// Steps once; returns false when the statement is done.
    package func step() throws(SQLiteError) -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            let error = SQLiteError(code: code, connection: connection, sql: sql)
            // Reset at once, so the statement is ready for its next use (it is cached by its SQL).
            sqlite3_reset(handle)
            throw error
        }
    }

    func columnNames() -> [String] {
        (0..<sqlite3_column_count(handle)).map { String(cString: sqlite3_column_name(handle, $0)) }
    }

    func currentValues() -> [DatabaseValue] {
        (0..<sqlite3_column_count(handle)).map { index in
            switch sqlite3_column_type(handle, index) {
            case SQLITE_NULL: return .null
            case SQLITE_INTEGER: return .integer(sqlite3_column_int64(handle, index))
            case SQLITE_FLOAT: return .real(sqlite3_column_double(handle, index))
            case SQLITE_BLOB:
                let bytes = sqlite3_column_blob(handle, index)
                let length = Int(sqlite3_column_bytes(handle, index))
                guard let bytes, length > 0 else { return .blob([]) }
                return .blob(Array(UnsafeRawBufferPointer(start: bytes, count: length)))
            default:
                guard let text = sqlite3_column_text(handle, index) else { return .null }
                // Read by length: a NUL stored inside the text is returned with it.
                let length = Int(sqlite3_column_bytes(handle, index))
                return .text(String(decoding: UnsafeBufferPointer(start: text, count: length), as: UTF8.self))
            }
        }
    }
}
