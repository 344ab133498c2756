import Foundation
import HIGTestSupport
import Testing
@testable import HIGDatabase
@testable import HIGStore
@testable import HIGText

/// Migration 0021: the CHECK constraints of the tables an import fills row by row, written as
/// comparisons instead of IN lists (SQLite builds a temporary index of an IN list's values for
/// every row it checks), each table rebuilt with its rows.
@Suite("CHECK constraints without IN lists")
struct CheckRebuildTests {
    static let rebuilt = ["rules", "source_lines", "rule_topics", "repairs", "rule_links"]
    static var checksWithoutLists: Int { Migration.all.first { $0.name.hasSuffix("_checks_without_lists") }?.version ?? 0 }

    /// A database of the schema before migration 0021, holding every row of the seeds' database.
    static func beforeTheRebuild(at path: String) throws -> Database {
        let db = try Database(path: path, mode: .create)
        #expect(checksWithoutLists > 20)
        try db.transaction { try Migrator(migrations: Migration.all.filter { $0.version < checksWithoutLists }).migrate(db) }
        try db.execute("PRAGMA foreign_keys = OFF")
        try db.execute("ATTACH DATABASE ? AS seeds", try SeedsDatabase.path)
        try db.transaction {
            for table in try tables(db) {
                let columns = try db.rows("SELECT name FROM pragma_table_info(?)", table).map { $0.string("name") }
                let list = columns.joined(separator: ", ")
                let hasRowid = try Self.hasRowid(table, db)
                try db.execute(
                    hasRowid
                        ? "INSERT INTO main.\(table) (rowid, \(list)) SELECT rowid, \(list) FROM seeds.\(table)"
                        : "INSERT INTO main.\(table) (\(list)) SELECT \(list) FROM seeds.\(table)")
            }
            try db.execute("INSERT INTO rules_fts (rules_fts) VALUES ('rebuild')")
        }
        try db.execute("DETACH DATABASE seeds")
        try db.execute("PRAGMA foreign_keys = ON")
        return db
    }

    /// Whether `table` has rowids (is not WITHOUT ROWID): its rows are compared with them.
    static func hasRowid(_ table: String, _ db: Database) throws -> Bool {
        try db.scalar("SELECT sql NOT LIKE '%WITHOUT ROWID%' FROM sqlite_master WHERE name = ?", table)?.int == 1
    }

    /// The ordinary tables that hold rows (not the search index's own, nor the migrations').
    static func tables(_ db: Database, schema: String = "main") throws -> [String] {
        try db.rows(
            """
            SELECT name FROM \(schema).sqlite_master WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL%'
            AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'rules_fts%' AND name != 'schema_migrations' ORDER BY name
            """
        ).map { $0.string("name") }
    }

    @Test("Opening a database of the older schema rebuilds its tables with every row, rowid and link kept")
    func rowsKept() throws {
        try Fixtures.withTemporaryFolder { folder in
            let path = folder.appending(path: "old.sqlite").path
            let old = try Self.beforeTheRebuild(at: path)
            #expect(try old.scalar("SELECT sql LIKE '%kind IN (%' FROM sqlite_master WHERE name = 'rules'")?.int == 1)
            // A gap in the rowids, as a re-import that drops a file leaves: rows copied without
            // their rowids would be numbered again from there on, and the index (which names
            // rules by rowid) would point at other rules.
            let gap = try #require(
                try old.scalar(
                    """
                    SELECT min(rowid) FROM rules WHERE id NOT IN (SELECT parent_id FROM rules WHERE parent_id IS NOT NULL)
                    AND id IN (SELECT from_rule FROM rule_links)
                    """)?.int)
            try old.transaction {
                try old.execute(
                    "INSERT INTO rules_fts (rules_fts, rowid, title, text) SELECT 'delete', rowid, title, text FROM rules WHERE rowid = ?",
                    gap)
                try old.execute("DELETE FROM rules WHERE rowid = ?", gap)
            }
            #expect(try old.scalar("SELECT count(*) FROM rules WHERE rowid > ?", gap)?.int ?? 0 > 100)
            let links = try #require(try old.scalar("SELECT count(*) FROM rule_links")?.int)
            #expect(links > 20)
            let before = folder.appending(path: "before.sqlite").path
            try old.execute("VACUUM INTO ?", before)
            try old.execute("PRAGMA journal_mode = wal")
            let store = try RuleStore.open(path: path)
            let db = store.db
            #expect(try Migrator().currentVersion(db) == Migrator().latestVersion)
            // With foreign keys on, dropping the old rules would have deleted every link first.
            #expect(try db.scalar("SELECT count(*) FROM rule_links")?.int == links)
            #expect(try db.scalar("PRAGMA foreign_keys")?.int == 1)
            #expect(try db.rows("PRAGMA foreign_key_check").isEmpty)
            #expect(try db.scalar("PRAGMA integrity_check")?.string == "ok")
            try db.execute("ATTACH DATABASE ? AS earlier", before)
            #expect(try Self.tables(db) == Self.tables(db, schema: "earlier"))
            for table in try Self.tables(db) {
                let hasRowid = try Self.hasRowid(table, db)
                let rows = hasRowid ? "rowid, *" : "*"
                for (a, b) in [("main", "earlier"), ("earlier", "main")] {
                    let missing = try db.scalar(
                        "SELECT count(*) FROM (SELECT \(rows) FROM \(a).\(table) EXCEPT SELECT \(rows) FROM \(b).\(table))")
                    #expect(missing?.int == 0, "\(table): rows of \(a) not in \(b)")
                }
            }
            // A search finds the same rules: the index names them by rowid.
            let query = { (schema: String) in
                """
                SELECT r.id FROM \(schema).rules_fts f JOIN \(schema).rules r ON r.rowid = f.rowid
                WHERE f.rules_fts MATCH 'button' ORDER BY r.id
                """
            }
            let found = try db.rows(query("main")).map { $0[0].string }
            #expect(found.count > 10)
            #expect(try db.rows(query("earlier")).map { $0[0].string } == found)
        }
    }

    @Test("Each rebuilt CHECK allows exactly the values, and NULL, it allowed as an IN list")
    func sameValuesAllowed() throws {
        try Fixtures.withTemporaryFolder { folder in
            let old = try Database(path: folder.appending(path: "old.sqlite").path, mode: .create)
            try old.transaction { try Migrator(migrations: Migration.all.filter { $0.version < Self.checksWithoutLists }).migrate(old) }
            let new = try Database(path: folder.appending(path: "new.sqlite").path, mode: .create)
            try new.transaction { try Migrator().migrate(new) }
            var named = Set<String>()
            for table in Self.rebuilt {
                for check in try Self.checks(in: old, table: table) + Self.checks(in: new, table: table) {
                    let pieces = check.expression.split(separator: "'", omittingEmptySubsequences: false)
                    named.formUnion(pieces.enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) })
                }
            }
            #expect(named.isSuperset(of: ["guideline", "set-aside", "section", "ocr-misreading", "restored", "curated", "rival"]))
            var compared = 0
            for table in Self.rebuilt {
                let before = try Self.checks(in: old, table: table)
                let after = try Self.checks(in: new, table: table)
                #expect(before.count == after.count, "\(table)")
                // An IN list of two values is compiled to two comparisons; of three or more, to an index.
                #expect(after.allSatisfy { $0.expression.split(separator: "'").count <= 5 || !$0.expression.contains("IN (") }, "\(table)")
                for (earlier, later) in zip(before, after) {
                    #expect(earlier.column == later.column)
                    // Every value any check of either schema names (so that a value the new one
                    // wrongly allows is tried too), each in capitals and with a trailing space,
                    // none, and numbers.
                    let candidates: [DatabaseValue] =
                        named.map { .text($0) } + named.map { .text($0.uppercased()) } + named.map { .text($0 + " ") }
                        + [.null, .text(""), .text("bogus"), .integer(0), .integer(1)]
                    for value in candidates {
                        let sql = { (expression: String) in "SELECT coalesce((\(expression)), 1) FROM (SELECT ?1 AS \(earlier.column))" }
                        let allowedBefore = try old.rows(sql(earlier.expression), arguments: [value]).first?[0].int
                        let allowedAfter = try new.rows(sql(later.expression), arguments: [value]).first?[0].int
                        #expect(allowedBefore == allowedAfter, "\(table).\(earlier.column) = \(value)")
                    }
                    compared += 1
                }
            }
            // kind, fate, via, kind of a repair; change, method, force_changed, reversal, evidence, doubt.
            #expect(compared == 10)
        }
    }

    /// The column CHECK constraints of `table`: the column and the expression inside CHECK ( ).
    static func checks(in db: Database, table: String) throws -> [(column: String, expression: String)] {
        let sql = try #require(try db.scalar("SELECT sql FROM sqlite_master WHERE name = ?", table)?.string)
        var found: [(String, String)] = []
        var rest = sql[...]
        while let check = rest.firstRange(of: "CHECK (") {
            var depth = 1
            var end = check.upperBound
            while depth > 0 {
                if sql[end] == "(" { depth += 1 } else if sql[end] == ")" { depth -= 1 }
                if depth > 0 { end = sql.index(after: end) }
            }
            let expression = String(sql[check.upperBound..<end])
            // Only one column's checks: a table's CHECK of two columns is kept as it was.
            let column = expression.prefix { $0.isLetter || $0 == "_" }
            if expression.hasPrefix(column + " IN (") || expression.hasPrefix(column + " = '") {
                found.append((String(column), expression))
            }
            rest = sql[end...]
        }
        return found
    }

    @Test("No insert of a row per rule, line, topic or link builds a temporary index")
    func noTemporaryIndexPerRow() throws {
        let store = try SeedsDatabase.store
        for table in Self.rebuilt + ["rule_platforms", "rule_force"] {
            let columns = try store.db.rows("SELECT name FROM pragma_table_info(?)", table).map { $0.string("name") }
            let row = "(" + columns.map { _ in "?" }.joined(separator: ", ") + ")"
            let program = try store.db.rows(
                "EXPLAIN INSERT INTO \(table) (\(columns.joined(separator: ", "))) VALUES \(row), \(row)",
                arguments: Array(repeating: DatabaseValue.null, count: columns.count * 2))
            #expect(!program.contains { $0.string("opcode") == "OpenEphemeral" }, "\(table)")
        }
    }

    @Test("Migrations refuse to run inside a transaction with foreign keys on, over an older schema")
    func foreignKeysMustBeOff() throws {
        try Fixtures.withTemporaryFolder { folder in
            let db = try Self.beforeTheRebuild(at: folder.appending(path: "old.sqlite").path)
            let links = try db.scalar("SELECT count(*) FROM rule_links")?.int
            #expect(throws: HIGError.self) { try db.transaction { try Migrator().migrate(db) } }
            #expect(try db.scalar("SELECT count(*) FROM rule_links")?.int == links)
            #expect(try Migrator().currentVersion(db) == Self.checksWithoutLists - 1)
        }
    }
}
