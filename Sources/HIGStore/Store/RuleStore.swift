import CSQLite
import Foundation

/// A hig database: opened, checked against the binary's schema, and queried.
public final class RuleStore {
    public let db: Database
    public var path: String { db.path }

    init(db: Database) {
        self.db = db
    }

    /// True when `path` holds nothing yet: no file, or an empty one.
    public static func needsImport(path: String) -> Bool {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { return true }
        return (attributes[.size] as? NSNumber)?.intValue == 0
    }

    /// Opens an existing database for queries. A database from an older hig is migrated first
    /// (one transaction); a read-only file is queried as it is.
    public static func open(path: String) throws -> RuleStore {
        guard FileManager.default.fileExists(atPath: path) else {
            throw HIGError.databaseUnreadable(path: path, reason: "no such file")
        }
        let writable = FileManager.default.isWritableFile(atPath: path)
        do {
            let db = try Database(path: path, mode: writable ? .readWrite : .readOnly)
            let migrator = Migrator()
            try checkIsHIGDatabase(db)
            try migrator.validate(db)
            if try migrator.needsMigration(db) {
                guard writable else { throw HIGError.databaseReadOnly(path: path) }
                try db.transaction { try migrator.migrate(db) }
            }
            return RuleStore(db: db)
        } catch let error as SQLiteError {
            throw translate(error, path: path)
        }
    }

    /// Imports the editions of `folder` into `path`.
    ///
    /// A new database is built in a temporary file beside `path` and renamed into place, so no
    /// half-built database ever stands at `path`; an existing one is updated in one transaction.
    public static func importEditions(from folder: URL, into path: String) throws -> ImportReport {
        try checkFolder(of: path)
        var timer = StageTimer()
        let corpus = try Corpus.load(folder: folder)
        timer.lap("read, clean and split")
        if !needsImport(path: path) {
            if !FileManager.default.isWritableFile(atPath: path) { throw HIGError.databaseReadOnly(path: path) }
            do {
                let db = try Database(path: path, mode: .readWrite)
                try checkIsHIGDatabase(db)
                return try Importer.write(corpus, to: db)
            } catch let error as SQLiteError {
                throw translate(error, path: path)
            }
        }
        let temporary = path + ".importing-\(ProcessInfo.processInfo.processIdentifier)"
        defer { removeFile(temporary); removeFile(temporary + "-journal") }
        do {
            let report: ImportReport
            do {
                let db = try Database(path: temporary, mode: .create)
                report = try Importer.write(corpus, to: db)
            }
            // The connection is closed here, before the file moves.
            guard rename(temporary, path) == 0 else {
                throw HIGError.databaseUnreadable(path: path, reason: String(cString: strerror(errno)))
            }
            return report
        } catch let error as SQLiteError {
            throw translate(error, path: path)
        }
    }

    /// Throws unless the folder that is to hold the database at `path` exists.
    public static func checkFolder(of path: String) throws {
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path(percentEncoded: false)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.isEmpty ? "." : directory, isDirectory: &isDirectory),
              isDirectory.boolValue else {
            throw HIGError.databaseFolderMissing(path: path)
        }
    }

    /// A file SQLite can read but that hig did not write is refused before anything is changed.
    private static func checkIsHIGDatabase(_ db: Database) throws {
        let tables = try db.rows("SELECT name FROM sqlite_master WHERE type = 'table'").map { $0.string("name") }
        if !tables.isEmpty && !tables.contains("schema_migrations") {
            throw HIGError.notADatabase(path: db.path)
        }
    }

    static func translate(_ error: SQLiteError, path: String) -> HIGError {
        switch error.primaryCode {
        case SQLITE_NOTADB, SQLITE_CORRUPT: .notADatabase(path: path)
        case SQLITE_READONLY: .databaseReadOnly(path: path)
        case SQLITE_BUSY, SQLITE_LOCKED: .databaseBusy(path: path)
        case SQLITE_FULL: .diskFull(path: path)
        case SQLITE_CANTOPEN: .databaseUnreadable(path: path, reason: "cannot open the file")
        default: .databaseUnreadable(path: path, reason: error.message)
        }
    }

    private static func removeFile(_ path: String) {
        if FileManager.default.fileExists(atPath: path) { try? FileManager.default.removeItem(atPath: path) }
    }
}
