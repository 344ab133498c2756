import Foundation
import Testing
@testable import HIGStore
@testable import HIGDatabase

/// `hig editions` reads rule counts stored at import (migration 0005), not counted per call:
/// they must stay what counting the rules gives, through re-imports and for older databases.
@Suite("Stored rule counts")
struct RuleCountTests {
    /// Rules per source and kind, counted from the rules themselves.
    static func counted(_ db: Database) throws -> [String] {
        try db.rows("SELECT source_id, kind, count(*) AS n FROM rules GROUP BY source_id, kind ORDER BY source_id, kind")
            .map { "\($0.int("source_id")) \($0.string("kind")) \($0.int("n"))" }
    }

    static func stored(_ db: Database) throws -> [String] {
        try db.rows("SELECT source_id, kind, rules FROM source_rule_counts ORDER BY source_id, kind")
            .map { "\($0.int("source_id")) \($0.string("kind")) \($0.int("rules"))" }
    }

    @Test("The seed editions: the counts the README shows, per edition, kind and file")
    func seeds() throws {
        let store = try SeedsDatabase.store
        #expect(try Self.stored(store.db) == Self.counted(store.db))
        let editions = try store.editions()
        let e2011 = try #require(editions.first { $0.id == "2011" })
        #expect(e2011.rules == 39)
        #expect(e2011.rulesByKind == [.guideline: 35, .definition: 2, .note: 1, .context: 1])
        let current = try #require(editions.first { $0.id == "web-2022-23" })
        #expect(current.rulesByKind == [.guideline: 28, .figure: 5, .context: 4])
        #expect(current.sources.map(\.rules) == [37])
        #expect(editions.map(\.rules).reduce(0, +) == (try store.rules().count))
    }

    @Test("A re-import that rewrites, adds and drops files keeps the counts right")
    func reimport() throws {
        try Fixtures.withTemporaryFolder { folder in
            let path = folder.appending(path: "c.sqlite").path
            let v1 = try Fixtures.writeEditions(
                in: folder.appending(path: "v1"), manifest: Fixtures.manifest([("one", "a.md"), ("one", "b.md")]),
                files: [
                    "a.md": Data("**Prefer zeppelins**. They float.\n\n**Note:** Balloons too.\n".utf8),
                    "b.md": Data("**Avoid anchors**. They sink.\n".utf8),
                ])
            _ = try StoreWriter.importEditions(from: v1, into: path)
            let first = try RuleStore.open(path: path)
            #expect(try first.editions().first?.rulesByKind == [.guideline: 2, .note: 1])
            #expect(try first.editions().first?.sources.map(\.rules) == [2, 1])
            let v2 = try Fixtures.writeEditions(
                in: folder.appending(path: "v2"), manifest: Fixtures.manifest([("one", "a.md"), ("one", "c.md")]),
                files: [
                    "a.md": Data("**Prefer zeppelins**. They float.\n\n**Use kites**. They fly.\n\n**Use gliders**. They glide.\n".utf8),
                    "c.md": Data("**Note:** Anchors sink.\n".utf8),
                ])
            _ = try StoreWriter.importEditions(from: v2, into: path)
            let second = try RuleStore.open(path: path)
            #expect(try Self.stored(second.db) == Self.counted(second.db))
            let edition = try #require(try second.editions().first)
            #expect(edition.rulesByKind == [.guideline: 3, .note: 1])
            #expect(edition.sources.map(\.path).map { URL(fileURLWithPath: $0).lastPathComponent } == ["a.md", "c.md"])
            #expect(edition.sources.map(\.rules) == [3, 1])
        }
    }

    @Test("A database written before migration 0005 gets its counts when opened")
    func backfilled() throws {
        try Fixtures.withTemporaryFolder { folder in
            let path = folder.appending(path: "old.sqlite").path
            let db = try Database(path: path, mode: .create)
            let countsVersion = Migration.all.first { $0.name.hasSuffix("_rule_counts") }?.version ?? 0
            #expect(countsVersion > 1)
            let before = Migrator(migrations: Migration.all.filter { $0.version < countsVersion })
            try db.transaction {
                try before.migrate(db)
                try db.execute("INSERT INTO editions VALUES ('e', 'Edition', 1, NULL, 'iOS', '[\"iOS\"]')")
                for (source, path) in [(1, "a.md"), (2, "b.md")] {
                    try db.execute("INSERT INTO sources VALUES (?, 'e', ?, 'Doc', NULL, 'web-text', 'complete', 'x', 9, 'x')", source, path)
                }
                for (ordinal, source, kind) in [(1, 1, "guideline"), (2, 1, "note"), (3, 1, "guideline"), (1, 2, "figure")] {
                    try db.execute(
                        """
                        INSERT INTO rules (id, edition_id, source_id, ordinal, kind, text, verbatim, line_start, line_end)
                        VALUES (?, 'e', ?, ?, ?, 'Words.', 'Words.', ?, ?)
                        """, "e-\(source)-\(ordinal)", source, ordinal, kind, ordinal, ordinal)
                }
            }
            // Up to the migration before 0010, which empties the store (its own test is below).
            let throughCounts = Migrator(migrations: Migration.all.filter { $0.version < Self.wholeGuidelinesVersion })
            try throughCounts.upgrade(db)
            #expect(try throughCounts.currentVersion(db) == Self.wholeGuidelinesVersion - 1)
            #expect(try Self.stored(db) == ["1 guideline 2", "1 note 1", "2 figure 1"])
        }
    }

    static let wholeGuidelinesVersion = Migration.all.first { $0.name.hasSuffix("_whole_guidelines") }?.version ?? 0

    @Test("A database from before migration 0010 is emptied when opened, and the next import fills it again")
    func emptiedByTheWholeGuidelinesMigration() throws {
        try Fixtures.withTemporaryFolder { folder in
            let path = folder.appending(path: "old.sqlite").path
            let db = try Database(path: path, mode: .create)
            #expect(Self.wholeGuidelinesVersion > 9)
            try db.transaction {
                try Migrator(migrations: Migration.all.filter { $0.version < Self.wholeGuidelinesVersion }).migrate(db)
                try db.execute("INSERT INTO editions VALUES ('e', 'Edition', 1, NULL, 'iOS', '[\"iOS\"]')")
                try db.execute("INSERT INTO sources VALUES (1, 'e', 'a.md', 'Doc', NULL, 'web-text', 'complete', 'x', 9, 'x')")
                try db.execute(
                    "INSERT INTO rules (id, edition_id, source_id, ordinal, kind, text, verbatim, line_start, line_end) VALUES ('e-1', 'e', 1, 1, 'guideline', 'Words.', 'Words.', 1, 1)"
                )
            }
            try db.execute("PRAGMA journal_mode = wal")
            let store = try RuleStore.open(path: path)
            #expect(try store.db.scalar("SELECT max(version) FROM schema_migrations")?.int == Migrator().latestVersion)
            #expect(try store.editions().isEmpty)
            #expect(try store.db.scalar("SELECT count(*) FROM rules")?.int == 0)
            #expect(try store.db.scalar("SELECT count(*) FROM sources")?.int == 0)
            #expect(try store.db.scalar("SELECT count(*) FROM rules_fts")?.int == 0)
            _ = try StoreWriter.importEditions(from: Fixtures.editions, into: path)
            let reopened = try RuleStore.open(path: path)
            #expect(try reopened.db.scalar("SELECT count(*) FROM rules")?.int == Fixtures.seeds.sources.reduce(0) { $0 + $1.rules.count })
        }
    }
}
