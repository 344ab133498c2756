import CSQLite
import HIGDatabase
import HIGText

/// What a hig database holds, as one SHA-256 per table: the check that a change meant to leave
/// the import's output alone really did.
///
/// Each table's rows are read in the order of all their columns, so the digest depends on what
/// the tables hold, not on the order the import happened to insert it in; each value is hashed
/// with its storage class and length, so `'1'` and `1`, or `"ab","c"` and `"a","bc"`, differ.
/// The schema is digested as a table of its own (`sqlite_schema` without page numbers). Virtual
/// tables are left out: the full-text table reads the rules table, and its shadow tables, which
/// hold the index itself, are digested like any other.
public struct DatabaseDigest: Equatable, Sendable {
    public struct Table: Equatable, Sendable {
        public let name: String
        public let rows: Int
        public let sha256: String
    }

    public let tables: [Table]

    /// One digest of all the tables' lines: a single value to compare or quote.
    public var total: String { SHA256.hex(of: tables.map(Self.line).joined(separator: "\n")) }

    public init(tables: [Table]) { self.tables = tables }

    /// The digest of the database at `path`, opened read-only.
    public static func of(databaseAt path: String) throws -> DatabaseDigest {
        let database = try Database(path: path, mode: .readOnly)
        var tables = [try digest(database, name: "sqlite_schema", select: schemaQuery)]
        let names = try database.rows(
            "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' "
                + "AND sql NOT LIKE 'CREATE VIRTUAL TABLE%' ORDER BY name"
        ).map { $0.string("name") }
        for name in names {
            let columns = try database.scalar("SELECT count(*) FROM pragma_table_info(?)", name)?.int ?? 0
            // A table's name comes from the database's own schema, never from a user; quoted all
            // the same, its quotes doubled.
            let quoted = "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
            let order = (1...max(columns, 1)).map(String.init).joined(separator: ", ")
            let select = machineDependent[name] ?? "SELECT * FROM \(quoted) ORDER BY \(order)"
            tables.append(try digest(database, name: name, select: select))
        }
        return DatabaseDigest(tables: tables)
    }

    /// Tables that name folders of the machine that imported, digested without them: the same
    /// import in another clone writes the same database.
    private static let machineDependent = [
        "import_sources": "SELECT role, kind FROM import_sources ORDER BY role",
        "web_captures": "SELECT edition_id, date, predecessor FROM web_captures ORDER BY edition_id",
    ]

    private static let schemaQuery = "SELECT type, name, tbl_name, sql FROM sqlite_schema ORDER BY type, name"

    private static func digest(_ database: Database, name: String, select: String) throws -> Table {
        let stream = SHA256.Stream()
        var rows = 0
        try database.forEachRow(select) { row in
            rows += 1
            for column in 0..<row.columnCount { hash(row, column, into: stream) }
        }
        return Table(name: name, rows: rows, sha256: stream.finishHex())
    }

    /// A value as its storage class, then its bytes: integers and reals as 8 little-endian bytes,
    /// texts and blobs after their length.
    private static func hash(_ row: RowCursor, _ column: Int32, into stream: SHA256.Stream) {
        let storage = row.storageClass(column)
        withUnsafeBytes(of: UInt8(truncatingIfNeeded: storage)) { stream.update($0) }
        switch storage {
        case SQLITE_INTEGER:
            withUnsafeBytes(of: Int64(row.int(column)).littleEndian) { stream.update($0) }
        case SQLITE_FLOAT:
            withUnsafeBytes(of: row.double(column).bitPattern.littleEndian) { stream.update($0) }
        case SQLITE_TEXT:
            row.withText(column) { bytes in
                withUnsafeBytes(of: Int64(bytes.count).littleEndian) { stream.update($0) }
                stream.update(bytes)
            }
        case SQLITE_BLOB:
            row.withBlob(column) { bytes in
                withUnsafeBytes(of: Int64(bytes.count).littleEndian) { stream.update($0) }
                stream.update(bytes)
            }
        default:
            break
        }
    }
}

// MARK: - The committed form

extension DatabaseDigest {
    /// Tab-separated lines, one per table (`name`, `rows`, `sha256`) then `total`, after a header
    /// of `#` comment lines saying what the digest is of and how to write it again.
    public func text(header: [String]) -> String {
        let comments = header.map { "# " + $0 }
        return (comments + tables.map(Self.line) + ["total\t-\t\(total)"]).joined(separator: "\n") + "\n"
    }

    /// Reads `text(header:)`'s form back; comment and blank lines are skipped, `total` checked.
    public init(text: String) throws(MalformedDigest) {
        var tables: [Table] = []
        var total: String?
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.isEmpty || line.hasPrefix("#") { continue }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 3 else { throw MalformedDigest(line: index + 1) }
            if fields[0] == "total" { total = fields[2]; continue }
            guard let rows = Int(fields[1]) else { throw MalformedDigest(line: index + 1) }
            tables.append(Table(name: fields[0], rows: rows, sha256: fields[2]))
        }
        self.init(tables: tables)
        guard total == self.total else { throw MalformedDigest(line: nil) }
    }

    /// One line per table that differs, is missing or is new, in table order: empty when the two
    /// digests are equal.
    public func differences(from expected: DatabaseDigest) -> [String] {
        let mine = Dictionary(uniqueKeysWithValues: tables.map { ($0.name, $0) })
        let theirs = Dictionary(uniqueKeysWithValues: expected.tables.map { ($0.name, $0) })
        let names = (expected.tables.map(\.name) + tables.map(\.name).filter { theirs[$0] == nil })
        return names.compactMap { name in
            switch (theirs[name], mine[name]) {
            case let (old?, new?) where old != new:
                return "\(name): \(old.rows) rows \(old.sha256.prefix(12)) expected, \(new.rows) rows \(new.sha256.prefix(12)) now"
            case (_?, nil): return "\(name): expected, missing now"
            case (nil, _?): return "\(name): new, not in the expected digest"
            default: return nil
            }
        }
    }

    /// A committed digest that cannot be read: a line without its three fields, or a total that
    /// is not the digest of the lines above it (a hand edit).
    public struct MalformedDigest: Error, CustomStringConvertible {
        public let line: Int?
        public var description: String {
            line.map { "line \($0) of the digest is not `table<TAB>rows<TAB>sha256`" }
                ?? "the digest's total does not match its tables: write it again rather than editing it"
        }
    }

    private static func line(_ table: Table) -> String { "\(table.name)\t\(table.rows)\t\(table.sha256)" }
}
