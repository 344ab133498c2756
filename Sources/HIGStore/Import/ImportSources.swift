import Foundation
import HIGDatabase
import HIGText

/// What a database is built from: its editions folder (the bundled one, or one the user named)
/// and, when imported, the archive, each with its absolute path. An import records them in
/// `import_sources`, so that a later plain `hig import` reads the same ones again instead of
/// taking the editions it did not read as removed.
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

    public init(editions: Source, archive: Source?) {
        self.editions = editions
        self.archive = archive
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
        return editions.map { ImportSources(editions: $0, archive: archive) }
    }

    /// Makes `import_sources` hold these sources, writing only when it does not already; true
    /// when it wrote.
    func write(to db: Database) throws -> Bool {
        var rows: [[DatabaseValue]] = []
        if let archive { rows.append([.text("archive"), .text(archive.kind.rawValue), .text(archive.path)]) }
        rows.append([.text("editions"), .text(editions.kind.rawValue), .text(editions.path)])
        return try ExactRows.write("import_sources", columns: ["role", "kind", "path"], orderedBy: ["role"], rows: rows, db)
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
