import Foundation
import HIGDatabase
import HIGLineage
import HIGText

/// What writes a hig database: an import of editions (`importEditions`) and, in
/// `StoreWriter+Decisions`, a reader's decisions about links. `RuleStore` only reads.
public enum StoreWriter {
    /// A test seam: the most pages an import may grow the database to, to see what a full disk does.
    @TaskLocal static var pageLimit: Int?

    /// Imports the editions of `folder` into `path`.
    ///
    /// Everything is read and checked before the database is touched. A new database is built in
    /// `PATH.importing-PID` and linked into place when complete, so no half-built database ever
    /// stands at `path`; an existing one is updated in one transaction. A stale temporary file
    /// of a killed import is removed first.
    /// What is read is what `request` names, and for the rest what the database records it was
    /// built from (`ImportRequest.sources`): a plain import reads the same sources again.
    public static func importEditions(_ request: ImportRequest, into path: String) throws -> ImportReport {
        try RuleStore.checkFolder(of: path)
        if FileManager.default.fileExists(atPath: path) && !FileManager.default.isWritableFile(atPath: path) {
            throw HIGError.databaseReadOnly(path: path)
        }
        guard RuleStore.folderIsWritable(of: path) else {
            throw HIGError.databaseFolderReadOnly(path: path, databaseExists: FileManager.default.fileExists(atPath: path))
        }
        ImportTemporaryFile.removeStale(besides: path)
        try waitForWriteLock(path)
        let (recorded, archiveEditions, capturePages) = try recordedSources(path)
        let requested = try request.sources(
            recorded: recorded, archiveEditions: archiveEditions, capturePages: capturePages, database: path)
        var timer = StageTimer()
        let corpus = try Corpus.load(folder: requested.editions.url, archive: requested.archive?.url, captures: requested.captures)
        let sources = requested.placingCaptures(in: corpus.manifest)
        timer.lap("read, clean and split")
        do {
            if RuleStore.needsImport(path: path), let report = try importIntoNewFile(corpus, sources: sources, path: path) {
                return report
            }
            // An existing database, or one another import put in place while this one was building.
            try RuleStore.checkWholePages(path)
            let db = try Database(path: path, mode: .readWrite, busyTimeout: RuleStore.busyTimeout())
            try RuleStore.checkIsHIGDatabase(db)
            // Writing into a damaged database would spread the damage.
            guard try db.scalar("PRAGMA quick_check")?.string == "ok" else { throw HIGError.notADatabase(path: path) }
            try prepareForWriting(db)
            // In a transaction of its own, foreign keys off (a new file above has none to keep).
            try Migrator().upgrade(db)
            return try Importer.write(corpus, to: db, sources: sources)
        } catch let error as SQLiteError {
            throw RuleStore.translate(error, path: path)
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

    /// What the database at `path` records it was built from, its editions read from the
    /// archive and the pages its captures held; nothing for a database not yet made.
    private static func recordedSources(_ path: String) throws -> (ImportSources?, [String], [String: CapturePages]) {
        guard !RuleStore.needsImport(path: path) else { return (nil, [], [:]) }
        do {
            try RuleStore.checkWholePages(path)
            let db = try Database(path: path, mode: .readOnly, busyTimeout: RuleStore.busyTimeout())
            try RuleStore.checkIsHIGDatabase(db)
            let hasSources = try db.scalar("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'sources'")?.int == 1
            return (
                try ImportSources.recorded(in: db), hasSources ? try ImportSources.archiveEditions(in: db) : [],
                try ImportSources.capturePages(in: db)
            )
        } catch let error as SQLiteError {
            throw RuleStore.translate(error, path: path)
        }
    }

    /// Waits, as the write will, for another import to finish, and fails with `databaseBusy`
    /// after the busy timeout: checked before the sources are parsed (tens of seconds for a large
    /// corpus), so that a second import learns at once. The lock is not kept through the parse;
    /// an import that takes it meanwhile is waited for again when writing.
    private static func waitForWriteLock(_ path: String) throws {
        let timeout = try RuleStore.busyTimeout()
        if RuleStore.needsImport(path: path) {
            // A first import elsewhere holds no SQLite lock yet, only its temporary file's.
            let deadline = ContinuousClock.now + timeout
            while ImportTemporaryFile.anotherImportIsBuilding(path) {
                guard ContinuousClock.now < deadline else { throw HIGError.databaseBusy(path: path) }
                usleep(50_000)
            }
            if RuleStore.needsImport(path: path) { return }
        }
        do {
            try RuleStore.checkWholePages(path)
            let db = try Database(path: path, mode: .readWrite, busyTimeout: timeout)
            try db.execute("BEGIN IMMEDIATE")
            try db.execute("ROLLBACK")
        } catch let error as SQLiteError {
            throw RuleStore.translate(error, path: path)
        }
    }

    /// Builds the database in a temporary file and links it to `path`; nil when another import
    /// put a database there first (then this one updates that).
    private static func importIntoNewFile(_ corpus: Corpus, sources: ImportSources, path: String) throws -> ImportReport? {
        let temporary = try ImportTemporaryFile(besides: path)
        let report: ImportReport
        do {
            let db = try Database(path: temporary.path, mode: .readWrite, busyTimeout: RuleStore.busyTimeout())
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
}
