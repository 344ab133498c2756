import Foundation

/// The guideline archive's documents (a clone of johnzfitch/human-interface-markdown), which
/// some suites read: they are skipped, with the reason named, where it is absent.
public enum SharedArchive {
    /// `$HIG_ARCHIVE`, as `Tests/Archive/archive_test.py` reads it, else
    /// `../shared/archive/human-interface-markdown` beside the repository.
    public static let documents: URL = {
        if let path = ProcessInfo.processInfo.environment["HIG_ARCHIVE"], !path.isEmpty {
            return URL(fileURLWithPath: path, isDirectory: true)
        }
        return Fixtures.repository.deletingLastPathComponent().appending(path: "shared/archive/human-interface-markdown")
    }()

    public static let isPresent: Bool = {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: documents.path(percentEncoded: false), isDirectory: &isFolder) && isFolder.boolValue
    }()
}
