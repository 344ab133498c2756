import Testing
@testable import HIGStore
@testable import HIGDatabase

@Suite("BatchInsert: rows bound from one buffer")
struct BatchInsertTests {
    /// Rows of every kind of value: texts with a NUL inside, empty, non-ASCII; blobs, empty too;
    /// NULLs; integers and reals at their limits.
    static let rows: [[DatabaseValue]] = [
        [.text("alert"), .blob([1, 2, 3]), .integer(1), .real(0.5)],
        [.text(""), .blob([]), .integer(Int64.min), .real(-1e300)],
        [.text("a\u{0}b"), .null, .integer(Int64.max), .null],
        [.text("Äpfel ✓ “quoted”"), .blob([0, 255]), .null, .real(3)],
        [.null, .null, .null, .null],
        [.text(String(repeating: "long text ", count: 500)), .blob(Array(repeating: 7, count: 3000)), .integer(0), .real(0)],
        [.text("last"), .blob([9]), .integer(-5), .real(1.25)],
    ]

    static func table(_ db: Database) throws {
        try db.execute("CREATE TABLE t (a TEXT, b BLOB, c INTEGER, d REAL, n INTEGER PRIMARY KEY)")
    }

    static func readBack(_ db: Database) throws -> [[DatabaseValue]] {
        try db.rows("SELECT a, b, c, d FROM t ORDER BY n").map { row in (0..<4).map { row[$0] } }
    }

    @Test("Full batches and a short last one store every value as given", arguments: [1, 3, 7, 64])
    func valuesRoundTrip(rowsPerStatement: Int) throws {
        let db = try Database(path: ":memory:", mode: .create)
        try Self.table(db)
        var insert = BatchInsert(db, into: "t", columns: ["a", "b", "c", "d"], rowsPerStatement: rowsPerStatement)
        for row in Self.rows { try insert.append(values: row) }
        try insert.finish()
        #expect(try Self.readBack(db) == Self.rows)
        // Empty text and empty blob are stored as such, not as NULL.
        #expect(try db.scalar("SELECT typeof(a) || ',' || typeof(b) FROM t WHERE c = ?", Int64.min)?.string == "text,blob")
    }

    @Test("A batch that fails leaves its statement ready: the next batch stores its own values")
    func failedBatchThenAnother() throws {
        let db = try Database(path: ":memory:", mode: .create)
        try db.execute("CREATE TABLE t (a TEXT, b BLOB, c INTEGER UNIQUE, d REAL, n INTEGER PRIMARY KEY)")
        var failing = BatchInsert(db, into: "t", columns: ["a", "b", "c", "d"], rowsPerStatement: 2)
        try failing.append(values: [.text("first"), .blob([1]), .integer(1), .real(1)])
        #expect(throws: SQLiteError.self) {
            try failing.append(values: [.text("clash"), .blob([2]), .integer(1), .real(2)])
        }
        #expect(try db.scalar("SELECT count(*) FROM t")?.int == 0)
        // The failed batch is dropped: the same insert goes on with full batches of new rows.
        try failing.append(values: [.text("third"), .blob([3]), .integer(3), .real(3)])
        try failing.append(values: [.text("fourth"), .blob([4]), .integer(4), .real(4)])
        try failing.finish()
        #expect(try db.rows("SELECT a FROM t ORDER BY n").map { $0[0] } == [.text("third"), .text("fourth")])
        try db.execute("DELETE FROM t")
        // The same statement (cached by its SQL) with other rows and other lengths.
        var insert = BatchInsert(db, into: "t", columns: ["a", "b", "c", "d"], rowsPerStatement: 2)
        for row in Self.rows.filter({ $0[2] != .null }) { try insert.append(values: row) }
        try insert.finish()
        #expect(try Self.readBack(db) == Self.rows.filter { $0[2] != .null })
    }
}
