import Foundation

/// Finds the editions folder when the user names none: `$HIG_EDITIONS`, then `Data/editions`
/// in the current folder, then `Data/editions` above the running binary (so `swift run hig` and
/// `.build/debug/hig` work from anywhere inside a clone).
public enum EditionsLocator {
    public static func locate(
        explicit: String?, environment: [String: String] = ProcessInfo.processInfo.environment,
        currentDirectory: String = FileManager.default.currentDirectoryPath,
        executable: String = CommandLine.arguments.first ?? ""
    ) throws -> URL {
        if let explicit { return URL(fileURLWithPath: explicit, relativeTo: URL(fileURLWithPath: currentDirectory)) }
        if let fromEnvironment = environment["HIG_EDITIONS"], !fromEnvironment.isEmpty {
            return URL(fileURLWithPath: fromEnvironment, relativeTo: URL(fileURLWithPath: currentDirectory))
        }
        var searched: [String] = []
        let local = URL(fileURLWithPath: currentDirectory).appending(path: "Data/editions")
        searched.append(local.path(percentEncoded: false))
        if hasManifest(local) { return local }
        var folder = URL(fileURLWithPath: executable, relativeTo: URL(fileURLWithPath: currentDirectory))
            .standardizedFileURL.resolvingSymlinksInPath().deletingLastPathComponent()
        while folder.path(percentEncoded: false) != "/" && !folder.path(percentEncoded: false).isEmpty {
            let candidate = folder.appending(path: "Data/editions")
            if hasManifest(candidate) { return candidate }
            folder.deleteLastPathComponent()
        }
        searched.append("Data/editions above \(executable)")
        throw HIGError.editionsFolderNotFound(searched: searched)
    }

    private static func hasManifest(_ folder: URL) -> Bool {
        FileManager.default.fileExists(atPath: folder.appending(path: EditionManifest.fileName).path(percentEncoded: false))
    }
}
