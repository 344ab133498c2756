import Foundation

/// Writes an output file so that a regular file only ever holds its old content or the whole
/// new content, and so that nothing but a regular file is ever replaced.
///
/// What stands at the path decides how:
/// - nothing, or a regular file: the content goes to a temporary file in the target's own
///   folder (a rename across file systems would copy, and a copy can be cut short), is flushed
///   to disk, and is then renamed over the target, which POSIX makes atomic. When anything
///   fails on the way, the temporary file is removed and the target is left exactly as it was.
/// - a named pipe or a device (`/dev/null`, a terminal): the content is written through to it,
///   as shell redirection does; renaming over it would put a plain file in its place.
/// - a symbolic link: whatever the link leads to, by these same rules; the link stays.
public enum AtomicFile {
    /// Writes through `produce`, which hands its content to the writer piece by piece.
    public final class Writer {
        fileprivate let descriptor: Int32
        fileprivate let path: String
        fileprivate let writesThrough: Bool

        fileprivate init(descriptor: Int32, path: String, writesThrough: Bool) {
            self.descriptor = descriptor
            self.path = path
            self.writesThrough = writesThrough
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
                        throw AtomicFile.error(errno, path: path, writingThrough: writesThrough)
                    }
                    left -= written
                    pointer += written
                }
            }
        }
    }

    /// What stands at a path once its links are followed.
    enum Target: Equatable {
        /// Nothing yet, or a regular file: written aside and renamed over it.
        case file(String)
        /// A named pipe or a device: written through, never replaced.
        case stream(String)
    }

    /// Throws a clear error when `path` cannot take the output, before any work is done: it is
    /// empty, names a folder or a socket, or its folder is missing or is not a folder.
    public static func checkTarget(_ path: String) throws {
        _ = try target(of: path)
    }

    public static func write(_ data: Data, to path: String) throws {
        try write(to: path) { try $0.write(data) }
    }

    /// Writes what `produce` gives to `path`. Into a regular file: if `produce` throws, or
    /// writing, flushing or renaming fails, nothing at `path` changes and no temporary file is
    /// left behind. Into a pipe or a device: what was written before a failure stays written.
    public static func write(to path: String, _ produce: (Writer) throws -> Void) throws {
        switch try target(of: path) {
        case .file(let file): try replace(file, reportedAs: path, produce)
        case .stream(let stream): try writeThrough(stream, reportedAs: path, produce)
        }
    }

    /// Says how to write what stands at `path`, its links followed (a dangling one leads to the
    /// file it would create, as shell redirection does).
    static func target(of path: String) throws -> Target {
        guard !path.isEmpty else { throw HIGError.outputUnwritable(path: path, reason: "the path is empty") }
        if path.hasSuffix("/") {
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
            throw exists ? HIGError.outputIsDirectory(path: path) : HIGError.outputNamesNoFolder(path: path)
        }
        var status = stat()
        if stat(path, &status) == 0 {
            switch status.st_mode & S_IFMT {
            case S_IFREG:
                try checkWritable(path, mode: status.st_mode)
                return .file(try followingLinks(path))
            case S_IFDIR: throw HIGError.outputIsDirectory(path: path)
            // Opened by the path as given: the kernel follows links the text of a link cannot
            // name (`/dev/stdout` leads to `/proc/self/fd/1`, which reads `pipe:[…]`).
            case S_IFIFO, S_IFCHR, S_IFBLK: return .stream(path)
            default: throw HIGError.outputUnwritable(path: path, reason: "it is a socket, not a file")
            }
        }
        let resolved = try followingLinks(path)
        let folder = folder(of: resolved)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw HIGError.outputFolderMissing(path: path, folder: folder)
        }
        return .file(resolved)
    }

    /// Refuses a regular file the shell's `>` would not write: one the user may not write
    /// (`access(2)`, which the rename that replaces a file would not ask), and one no one may
    /// write, not even its owner, even when root, whom `>` lets write anything: a file made
    /// read-only for everyone was made so on purpose.
    private static func checkWritable(_ path: String, mode: mode_t) throws {
        if mode & 0o222 == 0 {
            throw HIGError.outputUnwritable(
                path: path, reason: "it is read-only: no one has write permission; chmod u+w it or give another --output")
        }
        if access(path, W_OK) != 0 {
            let reason = errno == EROFS ? "it is on a read-only file system" : "it is read-only for you: you have no write permission"
            throw HIGError.outputUnwritable(path: path, reason: reason + "; give another --output")
        }
    }

    /// The path a chain of symbolic links ends at; a relative link is read from its own folder.
    private static func followingLinks(_ path: String) throws -> String {
        var current = path
        // The kernel gives up after 40 links (ELOOP): so does this.
        for _ in 0..<40 {
            var status = stat()
            guard lstat(current, &status) == 0, (status.st_mode & S_IFMT) == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = readlink(current, &buffer, buffer.count - 1)
            guard length >= 0 else { throw error(errno, path: path) }
            let destination = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = destination.hasPrefix("/") ? destination : (folder(of: current) as NSString).appendingPathComponent(destination)
        }
        throw error(ELOOP, path: path)
    }

    /// Writes a temporary file beside `file` and renames it over `file`.
    private static func replace(_ file: String, reportedAs path: String, _ produce: (Writer) throws -> Void) throws {
        let folder = folder(of: file)
        let name = (file as NSString).lastPathComponent
        let (descriptor, temporary) = try createTemporary(in: folder, for: name, reportedAs: path)
        var renamed = false
        defer { if !renamed { unlink(temporary) } }
        do {
            defer { close(descriptor) }
            // A replaced file keeps its permissions; a new one gets the usual 0666 minus umask.
            var existing = stat()
            if stat(file, &existing) == 0 { _ = fchmod(descriptor, existing.st_mode & 0o7777) }
            try produce(Writer(descriptor: descriptor, path: path, writesThrough: false))
            guard fsync(descriptor) == 0 else { throw error(errno, path: path) }
        }
        guard rename(temporary, file) == 0 else { throw error(errno, path: path) }
        renamed = true
        // Make the rename itself durable; a failure here cannot undo it, so it is not reported.
        let folderDescriptor = open(folder, O_RDONLY | O_CLOEXEC)
        if folderDescriptor >= 0 {
            _ = fsync(folderDescriptor)
            close(folderDescriptor)
        }
    }

    /// Writes into a pipe or a device as it stands. Opening a pipe waits for its reader, as the
    /// shell's `>` does; a device has nothing to flush to, so it is not synced.
    private static func writeThrough(_ stream: String, reportedAs path: String, _ produce: (Writer) throws -> Void) throws {
        var descriptor: Int32
        repeat { descriptor = open(stream, O_WRONLY | O_CLOEXEC | O_NOCTTY) } while descriptor < 0 && errno == EINTR
        guard descriptor >= 0 else { throw error(errno, path: path) }
        defer { close(descriptor) }
        try produce(Writer(descriptor: descriptor, path: path, writesThrough: true))
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

    /// The error for `code`; a failure while writing through to a pipe or device may come after
    /// part of the output went out, so it does not claim that nothing was written.
    static func error(_ code: Int32, path: String, writingThrough: Bool = false) -> HIGError {
        let reason =
            switch code {
            case ENOSPC, EDQUOT: "no space left on the device"
            case ELOOP: "too many symbolic links"
            default: String(cString: strerror(code))
            }
        if writingThrough { return .outputIncomplete(path: path, reason: reason) }
        return code == EISDIR ? .outputIsDirectory(path: path) : .outputUnwritable(path: path, reason: reason)
    }
}
