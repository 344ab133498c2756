import CSQLite
import Foundation
import Testing
@testable import HIGStore
@testable import HIGDatabase
@testable import HIGText

@Suite("Migrations")
struct MigratorTests {
    @Test func theMigrationsAreCompiledIntoTheBinary() {
        #expect(Migration.all.first?.name == "0001_rule_store")
        // Numbered without gaps: a database at version n has applied every file up to n.
        #expect(Migration.all.map(\.version) == Array(1...Migration.all.count))
        #expect(Migration.all.allSatisfy { !$0.sql.isEmpty && sqlite3_complete($0.sql) == 1 })
    }

    @Test func appliedMigrationsAreRecordedWithTheirChecksum() throws {
        try Fixtures.withTemporaryFolder { folder in
            let db = try Database(path: folder.appending(path: "m.sqlite").path, mode: .create)
            try db.transaction { try Migrator().migrate(db) }
            let rows = try db.rows("SELECT version, checksum FROM schema_migrations")
            #expect(rows.map { $0.int("version") } == Migration.all.map(\.version))
            #expect(rows.first?.string("checksum") == Migration.all.first?.checksum)
            // Migrating again does nothing.
            try db.transaction { try Migrator().migrate(db) }
            #expect(try db.rows("SELECT version FROM schema_migrations").count == Migration.all.count)
        }
    }

    @Test func aDatabaseWithANewerSchemaIsRefused() throws {
        try Fixtures.withTemporaryFolder { folder in
            let path = folder.appending(path: "hig.sqlite").path
            _ = try StoreWriter.importEditions(from: Fixtures.editions, into: path)
            try Database(path: path).execute("INSERT INTO schema_migrations VALUES (9999, '9999_future', 'x')")
            #expect(throws: HIGError.schemaTooNew(path: path, version: 9999, known: Migrator().latestVersion)) {
                try RuleStore.open(path: path)
            }
            #expect(throws: HIGError.schemaTooNew(path: path, version: 9999, known: Migrator().latestVersion)) {
                try StoreWriter.importEditions(from: Fixtures.editions, into: path)
            }
        }
    }

    @Test("Each migration's checksum, computed at build time, is the SHA-256 of its text")
    func embeddedChecksums() {
        #expect(Migration.all.count >= 20)
        for migration in Migration.all {
            #expect(migration.checksum == SHA256.hex(of: Data(migration.sql.utf8)), "\(migration.name)")
            #expect(migration.checksum.count == 64)
        }
        // The run-time digest the loop compares with is SHA-256 (sha256sum's digest of "abc").
        #expect(SHA256.hex(of: Data("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test func aMigrationChangedAfterItWasAppliedIsRefused() throws {
        try Fixtures.withTemporaryFolder { folder in
            let path = folder.appending(path: "hig.sqlite").path
            _ = try StoreWriter.importEditions(from: Fixtures.editions, into: path)
            try Database(path: path).execute("UPDATE schema_migrations SET checksum = 'edited' WHERE version = 1")
            #expect(throws: HIGError.migrationChanged(path: path, name: "0001_rule_store")) { try RuleStore.open(path: path) }
        }
    }

    @Test func pendingMigrationsRunInOrder() throws {
        try Fixtures.withTemporaryFolder { folder in
            let db = try Database(path: folder.appending(path: "m.sqlite").path, mode: .create)
            let migrator = Migrator(migrations: [
                Migration(version: 1, name: "0001_a", sql: "CREATE TABLE a (x INTEGER);"),
                Migration(version: 2, name: "0002_b", sql: "CREATE TABLE b (y INTEGER); INSERT INTO a VALUES (1);"),
            ])
            try db.transaction { try migrator.migrate(db) }
            #expect(try db.scalar("SELECT count(*) FROM a")?.int == 1)
            let broken = Migrator(
                migrations: migrator.migrations + [Migration(version: 3, name: "0003_c", sql: "CREATE TABLE c (z); NOT SQL;")])
            #expect(throws: SQLiteError.self) { try broken.upgrade(db) }
            #expect(try db.scalar("SELECT count(*) FROM sqlite_master WHERE name = 'c'")?.int == 0)
            #expect(try db.scalar("SELECT max(version) FROM schema_migrations")?.int == 2)
        }
    }
}
