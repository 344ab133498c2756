import CSQLite
import Foundation
import HIGDatabase
import HIGText

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
    /// The second connection of searches scored in two halves (`SearchHalves`): nil until the
    /// first such search, then what it opened (nil inside when none could be).
    var openedSearchHalves: SearchHalves??
    /// True once a search large enough to split has run whole, as the first one does.
    var searchedWhole = false

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

    /// True when `path` holds nothing yet: no file, or an empty one.
    public static func needsImport(path: String) -> Bool {
        guard let size = ownSize(of: path) else { return true }
        return size == 0
    }

    /// The size of what is at `path` itself (a symbolic link's own, not its target's), nil when
    /// nothing is. `lstat` alone: FileManager's attributes also look up the owner's and group's
    /// names, reading the system's user and group files at every query's start.
    static func ownSize(of path: String) -> Int? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        return Int(status.st_size)
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
                try migrator.upgrade(db)
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
    /// SQLite would read the missing end as zeros. The size is the opened file's, so that a
    /// database reached through a symbolic link is measured, not the link.
    static func checkWholePages(_ path: String) throws {
        guard let handle = FileHandle(forReadingAtPath: path) else { return }
        defer { try? handle.close() }
        var status = stat()
        guard let header = try? handle.read(upToCount: 100), header.count == 100,
            header.starts(with: Array("SQLite format 3\0".utf8)),
            fstat(handle.fileDescriptor, &status) == 0
        else { return }
        let bytes = [UInt8](header)
        let pageSize = Int(bytes[16]) << 8 | Int(bytes[17])
        let effective = pageSize == 1 ? 65_536 : pageSize
        if effective >= 512, Int(status.st_size) % effective != 0 { throw HIGError.notADatabase(path: path) }
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
        (ownSize(of: path + "-wal") ?? 0) > 0
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
