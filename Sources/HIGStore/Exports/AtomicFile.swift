import Foundation

/// Writes a file so that its path only ever holds the old content or the whole new content.
///
/// The content goes to a temporary file in the target's own folder (a rename across file
/// systems would copy, and a copy can be cut short), is flushed to disk, and is then renamed
/// over the target, which POSIX makes atomic. When anything fails on the way, the temporary
/// file is removed and the target is left exactly as it was.
public enum AtomicFile {
    /// Writes through `produce`, which hands its content to the writer piece by piece.
    public final class Writer {
        fileprivate let descriptor: Int32
        fileprivate let path: String

        fileprivate init(descriptor: Int32, path: String) {
            self.descriptor = descriptor
            self.path = path
        }

        public func write(_ text: String) throws {
            try write(Data(text.utf8))
        }

        public func write(_ data: Data) throws {
            try data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
                guard var pointer = buffer.baseAddress else { return }
                var left = buffer.count
                while left > 0 {
                    let written = Foundation.write(descriptor, pointer, left)
                    if written < 0 {
                        if errno == EINTR { continue }
                        throw AtomicFile.error(errno, path: path)
                    }
                    left -= written
                    pointer += written
                }
            }
        }
    }

    /// Throws a clear error when `path` cannot take a file, before any work is done: it is empty,
    /// names a folder, or its folder is missing or is not a folder.
    public static func checkTarget(_ path: String) throws {
        guard !path.isEmpty else { throw HIGError.outputUnwritable(path: path, reason: "the path is empty") }
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        if path.hasSuffix("/") || (manager.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue) {
            throw HIGError.outputIsDirectory(path: path)
        }
        let folder = folder(of: path)
        guard manager.fileExists(atPath: folder, isDirectory: &isDirectory) else {
            throw HIGError.outputFolderMissing(path: path, folder: folder)
        }
        guard isDirectory.boolValue else { throw HIGError.outputFolderMissing(path: path, folder: folder) }
    }

    public static func write(_ data: Data, to path: String) throws {
        try write(to: path) { try $0.write(data) }
    }

    /// Writes what `produce` gives to `path`. If `produce` throws, or writing, flushing or
    /// renaming fails, nothing at `path` changes and no temporary file is left behind.
    public static func write(to path: String, _ produce: (Writer) throws -> Void) throws {
        try checkTarget(path)
        // Write through a link to the file it names, rather than replacing the link.
        let target = resolvedTarget(path)
        let folder = folder(of: target)
        let name = URL(fileURLWithPath: target).lastPathComponent
        let (descriptor, temporary) = try createTemporary(in: folder, for: name, reportedAs: path)
        var renamed = false
        defer { if !renamed { unlink(temporary) } }
        do {
            defer { close(descriptor) }
            // A replaced file keeps its permissions; a new one gets the usual 0666 minus umask.
            var existing = stat()
            if stat(target, &existing) == 0 { _ = fchmod(descriptor, existing.st_mode & 0o7777) }
            try produce(Writer(descriptor: descriptor, path: path))
            guard fsync(descriptor) == 0 else { throw error(errno, path: path) }
        }
        guard rename(temporary, target) == 0 else { throw error(errno, path: path) }
        renamed = true
        // Make the rename itself durable; a failure here cannot undo it, so it is not reported.
        let folderDescriptor = open(folder, O_RDONLY)
        if folderDescriptor >= 0 {
            _ = fsync(folderDescriptor)
            close(folderDescriptor)
        }
    }

    /// `.name.hig-XXXXXXXX.tmp` beside the target: hidden, and never a name already taken.
    private static func createTemporary(in folder: String, for name: String, reportedAs path: String) throws -> (Int32, String) {
        for _ in 0..<100 {
            let suffix = String(UInt32.random(in: 0...UInt32.max), radix: 16)
            let temporary = (folder as NSString).appendingPathComponent(".\(name).hig-\(suffix).tmp")
            let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            if descriptor >= 0 { return (descriptor, temporary) }
            if errno != EEXIST { throw error(errno, path: path) }
        }
        throw HIGError.outputUnwritable(path: path, reason: "no free name for a temporary file")
    }

    static func folder(of path: String) -> String {
        let folder = (path as NSString).deletingLastPathComponent
        return folder.isEmpty ? "." : folder
    }

    private static func resolvedTarget(_ path: String) -> String {
        var status = stat()
        guard lstat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFLNK else { return path }
        return URL(fileURLWithPath: path).resolvingSymlinksInPath().path(percentEncoded: false)
    }

    static func error(_ code: Int32, path: String) -> HIGError {
        switch code {
        case ENOSPC, EDQUOT: .outputUnwritable(path: path, reason: "no space left on the device")
        case EISDIR: .outputIsDirectory(path: path)
        default: .outputUnwritable(path: path, reason: String(cString: strerror(code)))
        }
    }
}
