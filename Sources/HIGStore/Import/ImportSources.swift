import Foundation
import HIGDatabase
import HIGText

/// What a database is built from: its editions folder (the bundled one, or one the user named),
/// when imported, the archive, each with its absolute path, and the web captures the user
/// imported. An import records them (`import_sources`, `web_captures`), so that a later plain
/// `hig import` reads the same ones again instead of taking the editions it did not read as
/// removed.
public struct ImportSources: Sendable, Equatable {
    public enum Kind: String, Sendable {
        /// The editions folder hig finds itself (`EditionsLocator.bundled`): a later import finds
        /// it again, wherever the clone or the install now is.
        case bundle
        /// An editions folder the user named (`--editions`, `$HIG_EDITIONS`): read again from its path.
        case editionsFolder = "editions folder"
        /// A clone of the guideline archive (`--archive`): read again from its path.
        case archiveFolder = "archive folder"
    }

    public struct Source: Sendable, Equatable, CustomStringConvertible {
        public let kind: Kind
        /// Absolute, without `.` or `..`.
        public let path: String

        public init(kind: Kind, folder: URL) {
            self.kind = kind
            let path = folder.standardizedFileURL.path(percentEncoded: false)
            // A folder's URL may end in "/"; the same folder is recorded the same way either way.
            self.path = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        }

        init(kind: Kind, path: String) {
            self.kind = kind
            self.path = path
        }

        public var url: URL { URL(fileURLWithPath: path) }

        /// `the bundled editions (/…/Data/editions)`, `the editions folder /…`, `the archive /…`.
        public var description: String {
            switch kind {
            case .bundle: "the bundled editions (\(path))"
            case .editionsFolder: "the editions folder \(path)"
            case .archiveFolder: "the archive \(path)"
            }
        }

        /// The same source: the same folder, or the bundle both times (which a later hig may
        /// find elsewhere, the clone moved or the install upgraded).
        func isSame(as other: Source) -> Bool {
            kind == other.kind && (kind == .bundle || path == other.path)
        }
    }

    /// The bundled editions or an editions folder.
    public let editions: Source
    /// The archive, when it is imported.
    public let archive: Source?
    /// The web captures, oldest first; each has its predecessor once the corpus is read
    /// (`placingCaptures`).
    public internal(set) var captures: [WebCapture]

    public init(editions: Source, archive: Source?, captures: [WebCapture] = []) {
        self.editions = editions
        self.archive = archive
        self.captures = captures
    }

    /// These sources with each capture's predecessor as `manifest` placed it, and its folder's
    /// absolute path: what is recorded.
    func placingCaptures(in manifest: EditionManifest) -> ImportSources {
        var placed = self
        placed.captures = captures.map { capture in
            WebCapture(
                id: capture.id, date: capture.date, folder: URL(fileURLWithPath: capture.absolutePath),
                predecessor: capture.predecessor ?? manifest.editions.first { $0.id == capture.id }?.predecessors.first)
        }
        return placed
    }

    /// What `db` records, or nil when it records nothing: a new database, or one an older hig
    /// built (its schema from before `import_sources`).
    static func recorded(in db: Database) throws -> ImportSources? {
        let hasTable = try db.scalar("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'import_sources'")?.int == 1
        guard hasTable else { return nil }
        var editions: Source?
        var archive: Source?
        for row in try db.rows("SELECT role, kind, path FROM import_sources") {
            guard let kind = Kind(rawValue: row.string("kind")) else { continue }
            let source = Source(kind: kind, path: row.string("path"))
            if row.string("role") == "archive" { archive = source } else { editions = source }
        }
        let captures = try capturesRecorded(in: db)
        return editions.map { ImportSources(editions: $0, archive: archive, captures: captures) }
    }

    /// The web captures `db` records, oldest first; none in a database from before `web_captures`.
    private static func capturesRecorded(in db: Database) throws -> [WebCapture] {
        let hasTable = try db.scalar("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'web_captures'")?.int == 1
        guard hasTable else { return [] }
        return try db.rows("SELECT edition_id, date, predecessor, path FROM web_captures ORDER BY date, edition_id").map { row in
            WebCapture(
                id: row.string("edition_id"), date: row.string("date"), folder: URL(fileURLWithPath: row.string("path")),
                predecessor: row.string("predecessor"))
        }
    }

    /// The pages each capture of `db` held when last read, by its edition: its sources, each
    /// under its path inside the capture's folder (the source's path less the edition's id and
    /// "/", `Corpus.displayPrefix`) with the digest of its bytes. The sources are the record:
    /// every import that adds or reads a capture writes them in the transaction that records it.
    static func capturePages(in db: Database) throws -> [String: CapturePages] {
        let hasTable = try db.scalar("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'web_captures'")?.int == 1
        guard hasTable else { return [:] }
        var digests: [String: [String: String]] = [:]
        let rows = try db.rows(
            "SELECT s.edition_id, s.path, s.sha256 FROM sources s JOIN web_captures c ON c.edition_id = s.edition_id")
        for row in rows {
            let edition = row.string("edition_id")
            digests[edition, default: [:]][String(row.string("path").dropFirst(edition.count + 1))] = row.string("sha256")
        }
        return digests.mapValues(CapturePages.init(digests:))
    }

    /// Makes `import_sources` hold these sources, writing only when it does not already; true
    /// when it wrote.
    func write(to db: Database) throws -> Bool {
        var rows: [[DatabaseValue]] = []
        if let archive { rows.append([.text("archive"), .text(archive.kind.rawValue), .text(archive.path)]) }
        rows.append([.text("editions"), .text(editions.kind.rawValue), .text(editions.path)])
        let sourcesWritten = try ExactRows.write("import_sources", columns: ["role", "kind", "path"], orderedBy: ["role"], rows: rows, db)
        let captureRows: [[DatabaseValue]] = captures.sorted { $0.id.utf8.lexicographicallyPrecedes($1.id.utf8) }.map { capture in
            [
                .text(capture.id), .text(capture.date), .text(capture.predecessor ?? ""),
                .text(capture.absolutePath),
            ]
        }
        let capturesWritten = try ExactRows.write(
            "web_captures", columns: ["edition_id", "date", "predecessor", "path"], orderedBy: ["edition_id"], rows: captureRows, db)
        return sourcesWritten || capturesWritten
    }

    /// The editions of `db` read from the archive: their files' paths start with the archive's
    /// name (`ArchiveCatalogue.displayFolder`), whatever folder the clone was in.
    static func archiveEditions(in db: Database) throws -> [String] {
        let prefix = ArchiveCatalogue.displayFolder + "/"
        return try db.rows(
            "SELECT DISTINCT edition_id FROM sources WHERE substr(path, 1, ?) = ? ORDER BY edition_id", prefix.count, prefix
        ).map { $0.string("edition_id") }
    }
}
