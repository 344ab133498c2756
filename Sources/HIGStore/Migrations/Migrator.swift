import HIGDatabase
import HIGText

/// Brings a database's schema up to the binary's, one migration file at a time.
///
/// Each applied migration is recorded with its checksum in `schema_migrations`. All pending
/// migrations run in one transaction with the caller's work, so a failure leaves the schema as it was.
struct Migrator {
    let migrations: [Migration]

    init(migrations: [Migration] = Migration.all) {
        self.migrations = migrations
    }

    var latestVersion: Int { migrations.last?.version ?? 0 }

    /// Throws when the database was written by a newer binary or an applied file has changed.
    func validate(_ db: Database) throws {
        guard try tableExists(db) else { return }
        let applied = try db.rows("SELECT version, name, checksum FROM schema_migrations ORDER BY version")
        for row in applied {
            let version = row.int("version")
            guard let known = migrations.first(where: { $0.version == version }) else {
                throw HIGError.schemaTooNew(path: db.path, version: version, known: latestVersion)
            }
            if known.checksum != row.string("checksum") {
                throw HIGError.migrationChanged(path: db.path, name: known.name)
            }
        }
    }

    /// True when some migration still has to run.
    func needsMigration(_ db: Database) throws -> Bool {
        try currentVersion(db) < latestVersion
    }

    /// The version of the newest migration applied, 0 for a database without any.
    func currentVersion(_ db: Database) throws -> Int {
        guard try tableExists(db) else { return 0 }
        return try db.scalar("SELECT max(version) FROM schema_migrations")?.int ?? 0
    }

    /// Applies the pending migrations. Call inside a transaction.
    func migrate(_ db: Database) throws {
        try validate(db)
        try db.execute(
            """
            CREATE TABLE IF NOT EXISTS schema_migrations (
                version INTEGER PRIMARY KEY, name TEXT NOT NULL, checksum TEXT NOT NULL) STRICT
            """)
        let current = try db.scalar("SELECT max(version) FROM schema_migrations")?.int ?? 0
        for migration in migrations where migration.version > current {
            try db.executeScript(migration.sql)
            try db.execute(
                "INSERT INTO schema_migrations (version, name, checksum) VALUES (?, ?, ?)",
                migration.version, migration.name, migration.checksum)
        }
    }

    private func tableExists(_ db: Database) throws -> Bool {
        try db.scalar("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'")?.int == 1
    }
}
