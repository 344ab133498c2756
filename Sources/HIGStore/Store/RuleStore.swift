import CSQLite
import Foundation

/// A hig database: opened, checked against the binary's schema, and queried.
///
/// How it stays whole while several hig processes use it:
/// - The database is in write-ahead-log (WAL) mode: an import writes into `PATH-wal` while
///   readers go on reading the last committed state, and never wait for it.
/// - A store opened for queries reads one snapshot: every query it makes sees the database as
///   it was when it was opened, so an import that commits meanwhile never shows half of its
///   work. Open a new store to see a later import. (A write through `db` would have to upgrade
///   that read transaction, which fails once another writer has committed: write through a
///   `Database` of its own.)
/// - An import writes in one transaction; a second writer waits up to `busyTimeout` for the
///   first, then fails with `HIGError.databaseBusy`; an import checks this before it parses
///   its sources.
/// - A first import builds the database in `PATH.importing-PID` and links it into place only
///   when complete. SIGINT or SIGTERM removes that file before the process exits
///   (`ImportInterruption`); a killed first import leaves it behind, and the next import removes it.
public final class RuleStore {
    public let db: Database
    public var path: String { db.path }
    /// `hig_bm25`'s ranking, registered on `db` at the first search.
    var searchRanking: SearchRanking?
    /// Where search makes its hits' snippets, from the first search on.
    var searchSnippets: SearchSnippets?

    init(db: Database) {
        self.db = db
    }

    deinit {
        if db.isInTransaction { try? db.execute("ROLLBACK") }
    }

    /// A test seam: how long to wait for another hig's write lock, instead of `busyTimeout()`.
    @TaskLocal static var busyTimeoutOverride: Duration?

    /// How long to wait for another hig's write lock: `$HIG_BUSY_TIMEOUT` seconds, else 5; a
    /// value that is not such a number is refused.
    static func busyTimeout() throws -> Duration {
        try busyTimeoutOverride ?? EnvironmentSetting.busyTimeout() ?? Database.defaultBusyTimeout
    }

    /// A test seam: the most pages an import may grow the database to, to see what a full disk does.
    @TaskLocal static var pageLimit: Int?

    /// True when `path` holds nothing yet: no file, or an empty one.
    public static func needsImport(path: String) -> Bool {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { return true }
        return (attributes[.size] as? NSNumber)?.intValue == 0
    }

    /// Opens an existing database for queries. A database from an older hig is migrated first
    /// (one transaction) when it can be written; a read-only one is queried as it is, even in a
    /// folder where SQLite cannot create its `-wal` and `-shm` files.
    public static func open(path: String) throws -> RuleStore {
        guard FileManager.default.fileExists(atPath: path) else {
            throw HIGError.databaseUnreadable(path: path, reason: "no such file")
        }
        let writable = FileManager.default.isWritableFile(atPath: path) && folderIsWritable(of: path)
        do {
            let db = try connectForReading(path, writable: writable)
            let migrator = Migrator()
            try beginSnapshot(db, migrator)
            if try migrator.needsMigration(db) {
                guard writable else {
                    throw HIGError.schemaNeedsUpgrade(path: path, version: try migrator.currentVersion(db), known: migrator.latestVersion)
                }
                try db.execute("ROLLBACK")
                try db.transaction { try migrator.migrate(db) }
                try beginSnapshot(db, migrator)
            }
            return RuleStore(db: db)
        } catch let error as SQLiteError {
            throw translate(error, path: path)
        }
    }

    /// A connection that has read the file once, so that a file that is no database fails here.
    ///
    /// Read-only, a WAL database needs its `-shm` file, which SQLite creates beside it; when the
    /// folder forbids that and no log is pending (no `-wal` with content), the file is all there
    /// is, and it is read as immutable: without locks, trusting that no one rewrites it meanwhile.
    private static func connectForReading(_ path: String, writable: Bool) throws -> Database {
        try checkWholePages(path)
        let db = try Database(path: path, mode: writable ? .readWrite : .readOnly, busyTimeout: busyTimeout())
        do {
            _ = try db.scalar("SELECT count(*) FROM sqlite_master")
            return db
        } catch {
            guard !writable, [SQLITE_CANTOPEN, SQLITE_READONLY].contains(error.primaryCode),
                isWriteAheadLogged(path), !hasPendingLog(path)
            else { throw error }
            let immutable = try Database(path: path, mode: .immutable, busyTimeout: busyTimeout())
            _ = try immutable.scalar("SELECT count(*) FROM sqlite_master")
            return immutable
        }
    }

    /// Starts the read transaction every query of the store shares, and checks the schema it sees.
    private static func beginSnapshot(_ db: Database, _ migrator: Migrator) throws {
        try db.execute("BEGIN")
        try checkIsHIGDatabase(db)
        try migrator.validate(db)
    }

    /// Imports the editions of `folder` into `path`.
    ///
    /// Everything is read and checked before the database is touched. A new database is built in
    /// `PATH.importing-PID` and linked into place when complete, so no half-built database ever
    /// stands at `path`; an existing one is updated in one transaction. A stale temporary file
    /// of a killed import is removed first.
    /// What is read is what `request` names, and for the rest what the database records it was
    /// built from (`ImportRequest.sources`): a plain import reads the same sources again.
    public static func importEditions(_ request: ImportRequest, into path: String) throws -> ImportReport {
        try checkFolder(of: path)
        if FileManager.default.fileExists(atPath: path) && !FileManager.default.isWritableFile(atPath: path) {
            throw HIGError.databaseReadOnly(path: path)
        }
        guard folderIsWritable(of: path) else { throw HIGError.databaseFolderReadOnly(path: path) }
        ImportTemporaryFile.removeStale(besides: path)
        try waitForWriteLock(path)
        let (recorded, archiveEditions) = try recordedSources(path)
        let sources = try request.sources(recorded: recorded, archiveEditions: archiveEditions, database: path)
        var timer = StageTimer()
        let corpus = try Corpus.load(folder: sources.editions.url, archive: sources.archive?.url)
        timer.lap("read, clean and split")
        do {
            if needsImport(path: path), let report = try importIntoNewFile(corpus, sources: sources, path: path) {
                return report
            }
            // An existing database, or one another import put in place while this one was building.
            try checkWholePages(path)
            let db = try Database(path: path, mode: .readWrite, busyTimeout: busyTimeout())
            try checkIsHIGDatabase(db)
            // Writing into a damaged database would spread the damage.
            guard try db.scalar("PRAGMA quick_check")?.string == "ok" else { throw HIGError.notADatabase(path: path) }
            try prepareForWriting(db)
            return try Importer.write(corpus, to: db, sources: sources)
        } catch let error as SQLiteError {
            throw translate(error, path: path)
        }
    }

    /// Imports the editions folder `folder`, as if named with `--editions` (the bundle, when it is
    /// the bundled folder), and `archive`, or the archive the database records.
    public static func importEditions(from folder: URL, archive: URL? = nil, into path: String) throws -> ImportReport {
        let request = ImportRequest(
            editionsFolder: folder, archive: archive, dropArchive: false,
            bundle: Result { () throws(HIGError) in try EditionsLocator.bundled() })
        return try importEditions(request, into: path)
    }

    /// What the database at `path` records it was built from, and its editions read from the
    /// archive; nothing for a database not yet made.
    private static func recordedSources(_ path: String) throws -> (ImportSources?, [String]) {
        guard !needsImport(path: path) else { return (nil, []) }
        do {
            try checkWholePages(path)
            let db = try Database(path: path, mode: .readOnly, busyTimeout: busyTimeout())
            try checkIsHIGDatabase(db)
            let hasSources = try db.scalar("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'sources'")?.int == 1
            return (try ImportSources.recorded(in: db), hasSources ? try ImportSources.archiveEditions(in: db) : [])
        } catch let error as SQLiteError {
            throw translate(error, path: path)
        }
    }

    /// Waits, as the write will, for another import to finish, and fails with `databaseBusy`
    /// after the busy timeout: checked before the sources are parsed (tens of seconds for a large
    /// corpus), so that a second import learns at once. The lock is not kept through the parse;
    /// an import that takes it meanwhile is waited for again when writing.
    private static func waitForWriteLock(_ path: String) throws {
        let timeout = try busyTimeout()
        if needsImport(path: path) {
            // A first import elsewhere holds no SQLite lock yet, only its temporary file's.
            let deadline = ContinuousClock.now + timeout
            while ImportTemporaryFile.anotherImportIsBuilding(path) {
                guard ContinuousClock.now < deadline else { throw HIGError.databaseBusy(path: path) }
                usleep(50_000)
            }
            if needsImport(path: path) { return }
        }
        do {
            try checkWholePages(path)
            let db = try Database(path: path, mode: .readWrite, busyTimeout: timeout)
            try db.execute("BEGIN IMMEDIATE")
            try db.execute("ROLLBACK")
        } catch let error as SQLiteError {
            throw translate(error, path: path)
        }
    }

    /// Builds the database in a temporary file and links it to `path`; nil when another import
    /// put a database there first (then this one updates that).
    private static func importIntoNewFile(_ corpus: Corpus, sources: ImportSources, path: String) throws -> ImportReport? {
        let temporary = try ImportTemporaryFile(besides: path)
        let report: ImportReport
        do {
            let db = try Database(path: temporary.path, mode: .readWrite, busyTimeout: busyTimeout())
            // No one else sees this file and a failure discards it, so it needs no journal on
            // disk and no syncing until it is complete.
            try db.setJournalMode("memory")
            try db.execute("PRAGMA synchronous = OFF")
            // Foreign keys are not enforced while the new file is filled: each row of platforms,
            // repairs, topics, forces and links would be looked up in its parent's index (a tenth
            // of the writing: Benchmarks/README.md), and every reference
            // comes from rules written in the same transaction. No row is deleted, so no cascade
            // is missed. Tests run `PRAGMA foreign_key_check` on such files; every later
            // connection enforces them again (`Database.init`).
            try db.execute("PRAGMA foreign_keys = OFF")
            try useImportCache(db)
            if let pageLimit { try db.execute("PRAGMA max_page_count = \(pageLimit)") }
            report = try Importer.write(corpus, to: db, sources: sources)
            guard try db.setJournalMode("wal") == "wal" else {
                throw HIGError.databaseUnreadable(path: path, reason: "SQLite refused write-ahead logging")
            }
        }
        // The connection is closed here, before the file is published.
        return try temporary.publish(as: path) ? report : nil
    }

    /// Write-ahead logging (readers never wait for the writer), and a commit that survives a
    /// power cut.
    static func prepareForWriting(_ db: Database) throws {
        try db.setJournalMode("wal")
        try db.execute("PRAGMA synchronous = FULL")
        try useImportCache(db)
        if let pageLimit { try db.execute("PRAGMA max_page_count = \(pageLimit)") }
    }

    /// A page cache of 64 MiB instead of SQLite's 2 MiB while importing: the indexes that grow in
    /// random order (rule ids, platforms and topics by rule) then stay in memory instead of being
    /// written out and read back page by page (Benchmarks/README.md has the figures). SQLite
    /// takes the memory only as pages are used.
    private static func useImportCache(_ db: Database) throws {
        try db.execute("PRAGMA cache_size = -65536")
    }

    /// Throws unless the folder that is to hold the database at `path` exists.
    public static func checkFolder(of path: String) throws {
        let directory = folder(of: path)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw HIGError.databaseFolderMissing(path: path)
        }
    }

    static func folder(of path: String) -> String {
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path(percentEncoded: false)
        return directory.isEmpty ? "." : directory
    }

    /// Whether files can be created beside `path` (`access(2)`: for root, only a read-only
    /// mount or an immutable folder says no).
    static func folderIsWritable(of path: String) -> Bool {
        access(folder(of: path), W_OK | X_OK) == 0
    }

    /// An SQLite file is whole pages; one cut short (a truncated copy) is refused, even where
    /// SQLite would read the missing end as zeros.
    private static func checkWholePages(_ path: String) throws {
        guard let handle = FileHandle(forReadingAtPath: path) else { return }
        defer { try? handle.close() }
        guard let header = try? handle.read(upToCount: 100), header.count == 100,
            header.starts(with: Array("SQLite format 3\0".utf8)),
            let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber
        else { return }
        let bytes = [UInt8](header)
        let pageSize = Int(bytes[16]) << 8 | Int(bytes[17])
        let effective = pageSize == 1 ? 65_536 : pageSize
        if effective >= 512, size.intValue % effective != 0 { throw HIGError.notADatabase(path: path) }
    }

    /// The file's header says WAL (file format versions 2 at offsets 18 and 19).
    private static func isWriteAheadLogged(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        guard let header = try? handle.read(upToCount: 20), header.count == 20 else { return false }
        return header[header.startIndex + 18] == 2 && header[header.startIndex + 19] == 2
    }

    /// A `-wal` file with content: commits that may not be in the database file yet.
    private static func hasPendingLog(_ path: String) -> Bool {
        let size = (try? FileManager.default.attributesOfItem(atPath: path + "-wal"))?[.size] as? NSNumber
        return (size?.intValue ?? 0) > 0
    }

    /// A file SQLite can read but that hig did not write is refused before anything is changed.
    static func checkIsHIGDatabase(_ db: Database) throws {
        let tables = try db.rows("SELECT name FROM sqlite_master WHERE type = 'table'").map { $0.string("name") }
        if !tables.isEmpty && !tables.contains("schema_migrations") {
            throw HIGError.anotherProgramsDatabase(path: db.path)
        }
    }

    /// The sentence for an SQLite error that escaped a query: a database damaged past its first
    /// pages, say, is found only when a query reads them.
    public static func describe(_ error: SQLiteError) -> HIGError {
        translate(error, path: error.path ?? "the database")
    }

    static func translate(_ error: SQLiteError, path: String) -> HIGError {
        switch error.code {
        case SQLITE_READONLY_DIRECTORY, SQLITE_READONLY_CANTINIT: return .databaseFolderReadOnly(path: path)
        case SQLITE_READONLY_ROLLBACK, SQLITE_READONLY_RECOVERY: return .databaseNeedsRecovery(path: path)
        default: break
        }
        return switch error.primaryCode {
        case SQLITE_NOTADB, SQLITE_CORRUPT: .notADatabase(path: path)
        case SQLITE_READONLY: .databaseReadOnly(path: path)
        case SQLITE_BUSY, SQLITE_LOCKED: .databaseBusy(path: path)
        case SQLITE_FULL: .diskFull(path: path)
        case SQLITE_CANTOPEN: .databaseUnreadable(path: path, reason: "cannot open the file")
        default: .databaseUnreadable(path: path, reason: error.message)
        }
    }
}
