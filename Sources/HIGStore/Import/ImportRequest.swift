import Foundation
import HIGText

/// What the user asked an import to read. What they leave unsaid comes from what the database
/// records (`ImportSources`): a plain `hig import` reads again every source the database was
/// built from, so the archive stays until the user drops it.
public struct ImportRequest: Sendable {
    /// An editions folder the user named (`--editions`, `$HIG_EDITIONS`): it replaces the one the
    /// database was built from.
    public var editionsFolder: URL?
    /// `--archive`: the archive, read instead of the one the database records.
    public var archive: URL?
    /// `--drop-archive`: the archive's editions are removed, and later imports no longer read it.
    public var dropArchive: Bool
    /// The bundled editions folder (`EditionsLocator.bundled`), or why none was found.
    public var bundle: Result<URL, HIGError>
    /// `--capture DIR --date D`: a web capture to add after the newest one (its predecessor nil).
    public var capture: WebCapture?
    /// `--drop-capture ID`: a capture whose edition is removed, and which later imports no longer read.
    public var dropCapture: String?

    public init(
        editionsFolder: URL?, archive: URL?, dropArchive: Bool, bundle: Result<URL, HIGError>, capture: WebCapture? = nil,
        dropCapture: String? = nil
    ) {
        self.editionsFolder = editionsFolder
        self.archive = archive
        self.dropArchive = dropArchive
        self.bundle = bundle
        self.capture = capture
        self.dropCapture = dropCapture
    }

    /// The sources to read into the database at `database`, which records `recorded` (nil: none,
    /// a new database or an older hig's), holds the archive editions `archiveEditions` and
    /// records the pages each capture held, `capturePages` (by edition).
    ///
    /// A source the database records but that is gone is an error, never a reason to remove its
    /// editions: the user says where it is now, or drops it.
    func sources(
        recorded: ImportSources?, archiveEditions: [String], capturePages: [String: CapturePages], database: String
    ) throws -> ImportSources {
        ImportSources(
            editions: try editionsSource(recorded: recorded?.editions, database: database),
            archive: try archiveSource(recorded: recorded?.archive, archiveEditions: archiveEditions, database: database),
            captures: try captures(recorded: recorded?.captures ?? [], pages: capturePages, database: database))
    }

    /// The captures the database records, each read again from its folder, less the one
    /// dropped (a capture that followed it follows its predecessor instead), then the new one.
    ///
    /// A kept capture's folder must hold the pages it held when last read (`pages`): newer pages
    /// read into it would pass for pages of its date. That is an error, as a folder gone is.
    private func captures(recorded: [WebCapture], pages: [String: CapturePages], database: String) throws -> [WebCapture] {
        var kept = recorded
        if let dropCapture {
            guard let dropped = recorded.first(where: { $0.id == dropCapture }) else {
                throw HIGError.captureNotImported(id: dropCapture, imported: recorded.map(\.id))
            }
            kept = recorded.filter { $0.id != dropCapture }.map { capture in
                capture.predecessor != dropped.id
                    ? capture : WebCapture(id: capture.id, date: capture.date, folder: capture.folder, predecessor: dropped.predecessor)
            }
        }
        for capture in kept where !Self.isFolder(capture.absolutePath) {
            throw HIGError.recordedCaptureMissing(database: database, edition: capture.id, folder: capture.absolutePath)
        }
        // Every capture a database records has its pages, written in the transaction that
        // records it; one without would have nothing to compare its folder with.
        for capture in kept {
            guard let held = pages[capture.id] else { continue }
            let changes = try CapturePages.read(capture).changes(since: held)
            guard changes.isEmpty else {
                throw HIGError.recordedCaptureChanged(
                    database: database, edition: capture.id, date: capture.date, folder: capture.absolutePath, changes: changes)
            }
        }
        return kept + (capture.map { [$0] } ?? [])
    }

    private func editionsSource(recorded: ImportSources.Source?, database: String) throws -> ImportSources.Source {
        if let editionsFolder {
            let named = ImportSources.Source(kind: .editionsFolder, folder: editionsFolder)
            // The bundled folder named by its path is still the bundle.
            if case .success(let bundle) = self.bundle, ImportSources.Source(kind: .editionsFolder, folder: bundle).path == named.path {
                return ImportSources.Source(kind: .bundle, folder: bundle)
            }
            return named
        }
        if let recorded, recorded.kind == .editionsFolder {
            guard Self.isFolder(recorded.path) else {
                throw HIGError.recordedEditionsFolderMissing(database: database, folder: recorded.path)
            }
            return recorded
        }
        return ImportSources.Source(kind: .bundle, folder: try bundle.get())
    }

    private func archiveSource(
        recorded: ImportSources.Source?, archiveEditions: [String], database: String
    ) throws -> ImportSources.Source? {
        if dropArchive { return nil }
        if let archive { return ImportSources.Source(kind: .archiveFolder, folder: archive) }
        if let recorded {
            guard Self.isFolder(recorded.path) else {
                throw HIGError.recordedArchiveMissing(database: database, folder: recorded.path, editions: archiveEditions.count)
            }
            return recorded
        }
        // An older hig imported the archive without recording where it was.
        if !archiveEditions.isEmpty { throw HIGError.archiveNotRecorded(database: database, editions: archiveEditions.count) }
        return nil
    }

    private static func isFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
