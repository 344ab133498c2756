import HIGDatabase
import HIGText

/// Brings a database's schema up to the binary's, one migration file at a time.
///
/// Each applied migration is recorded with its checksum in `schema_migrations`. All pending
/// migrations run in one transaction, so a failure leaves the schema as it was: the caller's
/// (`migrate`, a new database's import) or their own (`upgrade`, an existing database, whose
/// import then writes in a second transaction).
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

    /// Applies the pending migrations in one transaction of their own, foreign keys off while it
    /// runs: SQLite's procedure for the schema changes ALTER TABLE cannot make (lang_altertable.html,
    /// "Making Other Kinds Of Table Schema Changes"). A migration that rebuilds a table drops the
    /// old one, and with foreign keys on, dropping `rules` would first delete every row that names
    /// a rule (links, topics, forces). The keys are checked before the commit; a violation rolls
    /// the migrations back. Call outside a transaction (SQLite ignores the pragma inside one).
    func upgrade(_ db: Database) throws {
        precondition(!db.isInTransaction, "Migrator.upgrade runs its own transaction")
        guard try needsMigration(db) else { return }
        let enforced = try db.scalar("PRAGMA foreign_keys")?.int == 1
        if enforced { try db.execute("PRAGMA foreign_keys = OFF") }
        let migrated = Result {
            try db.transaction {
                try migrate(db)
                if let broken = try db.rows("PRAGMA foreign_key_check").first {
                    throw HIGError.databaseUnreadable(
                        path: db.path,
                        reason: "a row of \(broken.string("table")) names a missing row of \(broken.string("parent")) after migrating")
                }
            }
        }
        // On again whether or not the migrations took: a connection left with its keys off would
        // write rows that name nothing, silently.
        if enforced {
            try db.execute("PRAGMA foreign_keys = ON")
            guard try db.scalar("PRAGMA foreign_keys")?.int == 1 else {
                throw HIGError.databaseUnreadable(path: db.path, reason: "foreign keys stayed off after migrating")
            }
        }
        try migrated.get()
    }

    /// Applies the pending migrations. Call inside a transaction, with foreign keys off unless
    /// the database is new (`upgrade` does both).
    func migrate(_ db: Database) throws {
        try validate(db)
        try db.execute(
            """
            CREATE TABLE IF NOT EXISTS schema_migrations (
                version INTEGER PRIMARY KEY, name TEXT NOT NULL, checksum TEXT NOT NULL) STRICT
            """)
        let current = try db.scalar("SELECT max(version) FROM schema_migrations")?.int ?? 0
        // Rebuilding a table with foreign keys on would delete the rows that name it.
        if current > 0, current < latestVersion, try db.scalar("PRAGMA foreign_keys")?.int == 1 {
            throw HIGError.databaseUnreadable(path: db.path, reason: "migrations must run with foreign keys off (Migrator.upgrade)")
        }
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
