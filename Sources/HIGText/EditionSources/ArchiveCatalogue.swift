import Foundation

/// The catalogue of the guideline archive (johnzfitch/human-interface-markdown), shipped as
/// `Data/archive/catalogue.json` and compiled into the binary: per document folder its edition
/// id, title, date, line, platforms, predecessors and status (see `Data/archive/README.md`).
///
/// `hig import --archive DIR` reads the archive through it: each document not already bundled
/// becomes an edition of the family tree, beside the bundled ones.
public struct ArchiveCatalogue: Decodable, Sendable {
    public struct Document: Decodable, Sendable {
        public let folder: String
        public let id: String
        public let title: String
        public let date: String?
        public let line: String
        public let platforms: [String]
        public let predecessors: [String]
        public let prereleaseOf: String?
        public let status: String
        public let sourcePDF: String
        public let notes: String?
        /// The bundled edition that already holds this document, when one does.
        public let bundledAs: Bundled?
        /// `partial` for a document that covers part of its line's guidance (a supplement, a
        /// guide to what changed, an incomplete draft): imported as an excerpt, so a rule it
        /// lacks is not called removed and lineage looks past it. Absent: `complete`.
        public let coverage: String?
        /// True for a document whose text is OCR of page images (a typescript or a printed book
        /// scanned), `scanned_why` saying how the text shows it: its files get the OCR misreading
        /// repair. Absent: false.
        public let scanned: Bool?

        public struct Bundled: Decodable, Sendable {
            public let edition: String
        }

        enum CodingKeys: String, CodingKey {
            case folder, id, title, date, line, platforms, predecessors, status, notes, coverage, scanned
            case prereleaseOf = "prerelease_of"
            case sourcePDF = "source_pdf"
            case bundledAs = "bundled_as"
        }
    }

    /// An edition of the tree that is not an archive folder (the web HIG, bundled): the archive's
    /// editions it descends from are added to its predecessors.
    public struct OutsideEdition: Decodable, Sendable {
        public let id: String
        public let line: String
        public let predecessors: [String]
    }

    public let archive: String
    public let documents: [Document]
    public let editionsOutsideArchive: [OutsideEdition]

    enum CodingKeys: String, CodingKey {
        case archive, documents
        case editionsOutsideArchive = "editions_outside_archive"
    }

    public static let fileName = "catalogue.json"

    /// The catalogue compiled into the binary.
    public static let bundled: ArchiveCatalogue = {
        guard let text = EmbeddedResources.archive[fileName] else {
            preconditionFailure("Data/archive/catalogue.json was not embedded at build time")
        }
        do {
            return try JSONDecoder().decode(ArchiveCatalogue.self, from: Data(text.utf8))
        } catch {
            preconditionFailure("Data/archive/catalogue.json cannot be read: \(error)")
        }
    }()

    /// The file every document folder holds: the whole document, with its chunks beside it.
    static let documentFile = "full_document.md"
    static let chunksFolder = "chunks"
    /// The name an archive document's source path starts with: the archive's repository name.
    package static let displayFolder = "human-interface-markdown"
}

extension EditionManifest {
    /// The manifest with the archive at `folder` added: an edition and a file per catalogued
    /// document that no edition of the manifest bundles, and the archive's predecessors of the
    /// editions outside it. Throws when the folder is not the archive the catalogue describes,
    /// or when an archive edition's id is already the manifest's.
    public func addingArchive(_ catalogue: ArchiveCatalogue, at folder: URL) throws -> EditionManifest {
        let root = folder.standardizedFileURL.resolvingSymlinksInPath()
        let rootPath = root.path(percentEncoded: false)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: rootPath, isDirectory: &isFolder), isFolder.boolValue else {
            throw HIGError.archiveMissing(path: rootPath)
        }
        var manifest = self
        let ids = Set(editions.map(\.id))
        for document in catalogue.documents {
            if let bundled = document.bundledAs {
                // Imported once, as the bundled edition; an editions folder without it (a test's,
                // a user's) gets the archive's copy instead.
                if ids.contains(bundled.edition) { continue }
            } else if ids.contains(document.id) {
                throw HIGError.archiveEditionTaken(id: document.id)
            }
            let documentPath = root.appending(path: document.folder).appending(path: ArchiveCatalogue.documentFile)
            let chunksPath = root.appending(path: document.folder).appending(path: ArchiveCatalogue.chunksFolder)
            guard FileManager.default.fileExists(atPath: documentPath.path(percentEncoded: false)),
                FileManager.default.fileExists(atPath: chunksPath.path(percentEncoded: false))
            else {
                throw HIGError.archiveDocumentMissing(archive: rootPath, folder: document.folder)
            }
            manifest.editions.append(
                Edition(
                    id: document.id, name: document.title, order: nil, date: document.date,
                    platformScope: document.platforms.joined(separator: ", "), platforms: document.platforms,
                    note: document.notes, formerIDs: nil, predecessors: document.predecessors, line: document.line,
                    prereleaseOf: document.prereleaseOf))
            var file = File(
                path: document.folder + "/" + ArchiveCatalogue.documentFile, edition: document.id, document: document.sourcePDF,
                chunk: nil, form: .pdfMarkdown, coverage: document.coverage == "partial" ? .excerpt : .complete, restoredHeadings: nil,
                restoredPlatforms: nil,
                chunks: document.folder + "/" + ArchiveCatalogue.chunksFolder)
            file.root = root
            file.scanned = document.scanned ?? false
            manifest.files.append(file)
        }
        let present = Set(manifest.editions.map(\.id))
        for outside in catalogue.editionsOutsideArchive {
            guard let index = manifest.editions.firstIndex(where: { $0.id == outside.id }) else { continue }
            for predecessor in outside.predecessors where present.contains(predecessor) {
                if !manifest.editions[index].predecessors.contains(predecessor) {
                    manifest.editions[index].predecessors.append(predecessor)
                }
            }
        }
        // Format 1's order has become predecessors already; from here the tree places editions.
        manifest.format = 2
        try manifest.placeEditions(path: rootPath)
        return manifest
    }
}
