import Foundation

/// Finds the editions folder when the user names none: `$HIG_EDITIONS`, then `Data/editions`
/// in the current folder, then `Data/editions` above the running binary (so `swift run hig` and
/// `.build/debug/hig` work from anywhere inside a clone), then `share/hig/editions` beside the
/// binary's folder (an install: PREFIX/bin/hig and PREFIX/share/hig/editions).
public enum EditionsLocator {
    public static func locate(
        explicit: String?, environment: [String: String] = ProcessInfo.processInfo.environment,
        currentDirectory: String = FileManager.default.currentDirectoryPath,
        executable: String = runningBinary
    ) throws -> URL {
        if let named = named(explicit: explicit, environment: environment, currentDirectory: currentDirectory) { return named }
        return try bundled(currentDirectory: currentDirectory, executable: executable)
    }

    /// The editions folder the user named: `explicit` (`--editions`), else `$HIG_EDITIONS`.
    public static func named(
        explicit: String?, environment: [String: String] = ProcessInfo.processInfo.environment,
        currentDirectory: String = FileManager.default.currentDirectoryPath
    ) -> URL? {
        if let explicit { return URL(fileURLWithPath: explicit, relativeTo: URL(fileURLWithPath: currentDirectory)) }
        if let fromEnvironment = environment["HIG_EDITIONS"], !fromEnvironment.isEmpty {
            return URL(fileURLWithPath: fromEnvironment, relativeTo: URL(fileURLWithPath: currentDirectory))
        }
        return nil
    }

    /// The editions folder hig finds itself when none is named: the bundle of this clone or install.
    public static func bundled(
        currentDirectory: String = FileManager.default.currentDirectoryPath, executable: String = runningBinary
    ) throws(HIGError) -> URL {
        var searched: [String] = []
        let local = URL(fileURLWithPath: currentDirectory).appending(path: "Data/editions")
        searched.append(local.path(percentEncoded: false))
        if hasManifest(local) { return local }
        let binaryFolder = URL(fileURLWithPath: executable, relativeTo: URL(fileURLWithPath: currentDirectory))
            .standardizedFileURL.resolvingSymlinksInPath().deletingLastPathComponent()
        var folder = binaryFolder
        while folder.path(percentEncoded: false) != "/" && !folder.path(percentEncoded: false).isEmpty {
            let candidate = folder.appending(path: "Data/editions")
            if hasManifest(candidate) { return candidate }
            folder.deleteLastPathComponent()
        }
        searched.append("Data/editions above \(executable)")
        // An installed hig (Scripts/install.sh): PREFIX/bin/hig beside PREFIX/share/hig/editions.
        let installed = binaryFolder.deletingLastPathComponent().appending(path: "share/hig/editions")
        if hasManifest(installed) { return installed }
        searched.append(installed.path(percentEncoded: false))
        throw HIGError.editionsFolderNotFound(searched: searched)
    }

    /// The running binary's path. argv[0] is only the word the shell was given: "hig" when it
    /// was found on the PATH, which says nothing of where the binary is; Linux names the file
    /// itself in /proc/self/exe.
    public static var runningBinary: String {
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return path }
        return CommandLine.arguments.first ?? ""
    }

    private static func hasManifest(_ folder: URL) -> Bool {
        FileManager.default.fileExists(atPath: folder.appending(path: EditionManifest.fileName).path(percentEncoded: false))
    }
}
