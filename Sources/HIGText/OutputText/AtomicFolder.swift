import Foundation

/// Writes a folder of files (`hig export --format html --pages -o FOLDER`) so that the folder
/// holds its old files or all the new ones, and so that nothing but a folder this tool wrote is
/// ever replaced.
///
/// The files go to a temporary folder beside the target (same file system, so renames do not
/// copy), with a marker file saying hig wrote it. A missing target is then the temporary folder
/// renamed; an existing one must be a real folder (not a link) holding the marker: it is moved
/// aside, the new folder renamed in its place, and the old one removed (put back if the rename
/// fails). On any failure the temporary folder is removed and the target is left as it was.
public enum AtomicFolder {
    /// The file that marks a folder as written by hig, and so replaceable.
    public static let marker = ".hig-report"

    /// Throws a clear error when `path` cannot take the folder, before any work is done.
    public static func checkTarget(_ path: String) throws {
        _ = try existingReport(at: path)
    }

    /// Whether a report folder stands at `path` (false: nothing does); throws for anything else.
    static func existingReport(at path: String) throws -> Bool {
        guard !path.isEmpty else { throw HIGError.outputUnwritable(path: path, reason: "an empty path") }
        let url = URL(fileURLWithPath: path)
        let parent = url.deletingLastPathComponent().path
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: parent, isDirectory: &isFolder), isFolder.boolValue else {
            throw HIGError.outputFolderMissing(path: path, folder: parent)
        }
        var status = stat()
        guard lstat(path, &status) == 0 else { return false }
        guard status.st_mode & S_IFMT == S_IFDIR else { throw HIGError.pagesTargetNotFolder(path: path) }
        var marker = stat()
        guard lstat(url.appending(path: Self.marker).path, &marker) == 0, marker.st_mode & S_IFMT == S_IFREG else {
            throw HIGError.pagesTargetNotReport(path: path)
        }
        return true
    }

    public static func write(_ files: [(name: String, text: String)], to path: String) throws {
        let replacing = try existingReport(at: path)
        let fileManager = FileManager.default
        let url = URL(fileURLWithPath: path)
        let parent = url.deletingLastPathComponent()
        let name = url.lastPathComponent
        let temporary = parent.appending(path: ".\(name).hig-new-\(UUID().uuidString)")
        do {
            try fileManager.createDirectory(at: temporary, withIntermediateDirectories: false)
            for file in files { try Data(file.text.utf8).write(to: temporary.appending(path: file.name)) }
            try Data("Written by hig export --pages; hig replaces this folder when asked to write here again.\n".utf8)
                .write(to: temporary.appending(path: Self.marker))
        } catch {
            try? fileManager.removeItem(at: temporary)
            throw HIGError.outputUnwritable(path: path, reason: Self.reason(error))
        }
        guard replacing else {
            guard rename(temporary.path, url.path) == 0 else {
                let reason = String(cString: strerror(errno))
                try? fileManager.removeItem(at: temporary)
                throw HIGError.outputUnwritable(path: path, reason: reason)
            }
            return
        }
        let old = parent.appending(path: ".\(name).hig-old-\(UUID().uuidString)")
        guard rename(url.path, old.path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? fileManager.removeItem(at: temporary)
            throw HIGError.outputUnwritable(path: path, reason: reason)
        }
        guard rename(temporary.path, url.path) == 0 else {
            let reason = String(cString: strerror(errno))
            _ = rename(old.path, url.path)
            try? fileManager.removeItem(at: temporary)
            throw HIGError.outputUnwritable(path: path, reason: reason)
        }
        try? fileManager.removeItem(at: old)
    }

    static func reason(_ error: Error) -> String {
        if let error = error as? CocoaError, let underlying = error.underlying as? POSIXError {
            return String(cString: strerror(underlying.code.rawValue))
        }
        return (error as NSError).localizedDescription
    }
}
