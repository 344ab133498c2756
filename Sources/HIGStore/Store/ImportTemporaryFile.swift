import Foundation
import HIGText

/// The file a first import builds its database in: `PATH.importing-PID`, beside `PATH`.
///
/// The file is locked (`flock`) for as long as its import runs, so another import can tell a
/// live one from the remains of a killed one: a file whose lock it can take has no owner left,
/// and it removes it with its `-journal`, `-wal` and `-shm` files. The lock, unlike the process
/// id in the name, cannot be fooled by a reused id or by a process in another container.
/// Until it is published, SIGINT and SIGTERM remove it before the process exits
/// (`ImportInterruption`).
final class ImportTemporaryFile {
    let path: String
    private let descriptor: Int32
    private var published = false
    /// Where `ImportInterruption` holds its paths; nil once released.
    private var interruptSlots: [Int]?

    static let infix = ".importing-"
    static let companionSuffixes = ["-journal", "-wal", "-shm"]

    /// Creates and locks a new temporary file beside `target`.
    init(besides target: String) throws {
        let base = target + Self.infix + String(ProcessInfo.processInfo.processIdentifier)
        for attempt in 0..<16 {
            let candidate = attempt == 0 ? base : base + "." + String(attempt)
            let slots = ImportInterruption.register(candidate)
            // Removable before it exists: a signal between `open` and the next line would
            // otherwise leave it behind. The name holds this process's id, so a file the
            // handler finds there is this import's, or a dead process's leftover.
            ImportInterruption.markCreated(slots)
            let fd = Foundation.open(candidate, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            if fd < 0 {
                let error = errno
                ImportInterruption.release(slots)
                if error == EEXIST { continue }
                throw HIGError.databaseUnreadable(path: target, reason: "cannot create \(candidate): \(String(cString: strerror(error)))")
            }
            // Between creating and locking, a cleaner may have taken the unlocked file for a
            // stale one and removed it: then the path no longer names this file.
            if flock(fd, LOCK_EX | LOCK_NB) == 0, Self.names(candidate, fd) {
                path = candidate
                descriptor = fd
                interruptSlots = slots
                return
            }
            ImportInterruption.release(slots)
            close(fd)
        }
        throw HIGError.databaseBusy(path: target)
    }

    deinit {
        if !published { Self.remove(path) }
        releaseInterruptSlots()
        close(descriptor)
    }

    /// Makes the complete database visible at `target`: flushed to disk, then hard-linked, so
    /// that it appears at once and never replaces a database another import put there first.
    /// Returns false when one did.
    func publish(as target: String) throws -> Bool {
        if let size = (try? FileManager.default.attributesOfItem(atPath: path + "-wal"))?[.size] as? NSNumber, size.intValue > 0 {
            throw HIGError.databaseUnreadable(path: target, reason: "the new database was not fully written")
        }
        guard fsync(descriptor) == 0 else { throw failure(target, "cannot flush the new database") }
        // From here an interrupt must not remove the file: it may already be the database.
        releaseInterruptSlots()
        if link(path, target) != 0 {
            switch errno {
            case EEXIST:
                return false
            case EPERM, EOPNOTSUPP, ENOSYS, EXDEV:
                // A file system without hard links: rename, unless a database appeared meanwhile.
                if FileManager.default.fileExists(atPath: target) { return false }
                guard rename(path, target) == 0 else { throw failure(target, "cannot move the new database into place") }
            default:
                throw failure(target, "cannot move the new database into place")
            }
        }
        published = true
        Self.remove(path)
        // The new name is durable only once the folder itself is flushed.
        let folder = Foundation.open(RuleStore.folder(of: target), O_RDONLY | O_CLOEXEC)
        if folder >= 0 {
            fsync(folder)
            close(folder)
        }
        return true
    }

    private func releaseInterruptSlots() {
        if let slots = interruptSlots { ImportInterruption.release(slots) }
        interruptSlots = nil
    }

    private func failure(_ target: String, _ what: String) -> HIGError {
        .databaseUnreadable(path: target, reason: "\(what): \(String(cString: strerror(errno)))")
    }

    /// The names in `target`'s folder of temporary files and their side files:
    /// PATH.importing-PID or PID.N, then maybe a side file's suffix; nothing else is touched.
    private static func temporaryNames(besides target: String) -> [String] {
        let prefix = (target.split(separator: "/").last.map(String.init) ?? target) + infix
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: RuleStore.folder(of: target)) else { return [] }
        return names.filter { name in
            guard name.hasPrefix(prefix) else { return false }
            var rest = Substring(name.dropFirst(prefix.count))
            if let suffix = companionSuffixes.first(where: { rest.hasSuffix($0) }) { rest = rest.dropLast(suffix.count) }
            return !rest.isEmpty && rest.allSatisfy { $0.isASCII && ($0.isNumber || $0 == ".") }
        }
    }

    /// Whether another import is building a database for `target`: a temporary file whose lock
    /// is held. Checked before the sources are parsed, so that a second import learns at once.
    static func anotherImportIsBuilding(_ target: String) -> Bool {
        let folder = RuleStore.folder(of: target)
        return temporaryNames(besides: target).contains { name in
            guard !companionSuffixes.contains(where: { name.hasSuffix($0) }) else { return false }
            let fd = Foundation.open(folder + "/" + name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
            guard fd >= 0 else { return false }
            defer { close(fd) }
            return flock(fd, LOCK_SH | LOCK_NB) != 0 && errno == EWOULDBLOCK
        }
    }

    /// Removes the temporary files of imports that are no longer running.
    static func removeStale(besides target: String) {
        let folder = RuleStore.folder(of: target)
        let mine = temporaryNames(besides: target)
        let companions = mine.filter { name in companionSuffixes.contains { name.hasSuffix($0) } }
        var database = stat()
        let hasDatabase = stat(target, &database) == 0
        for name in mine where !companions.contains(name) {
            let file = folder + "/" + name
            // A second name of the database itself (an import killed between linking it into
            // place and removing this name): unlinked without being opened, since closing any
            // descriptor of the database would drop this process's SQLite locks on it.
            var status = stat()
            if hasDatabase, lstat(file, &status) == 0, status.st_dev == database.st_dev, status.st_ino == database.st_ino {
                unlink(file)
                continue
            }
            let fd = Foundation.open(file, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
            guard fd >= 0 else { continue }
            if flock(fd, LOCK_EX | LOCK_NB) == 0 { remove(file) }
            close(fd)
        }
        // Side files whose database is gone (a kill between removing the two).
        for name in companions {
            guard let suffix = companionSuffixes.first(where: { name.hasSuffix($0) }) else { continue }
            let file = folder + "/" + name
            if !FileManager.default.fileExists(atPath: String(file.dropLast(suffix.count))) { unlink(file) }
        }
    }

    /// Removes a temporary database with its side files, side files first, so that a side file
    /// never outlives its database unless this process is killed between the two.
    private static func remove(_ file: String) {
        for suffix in companionSuffixes { unlink(file + suffix) }
        unlink(file)
    }

    /// Whether `path` still names the open file `fd`.
    private static func names(_ path: String, _ fd: Int32) -> Bool {
        var opened = stat(), named = stat()
        return fstat(fd, &opened) == 0 && stat(path, &named) == 0 && opened.st_dev == named.st_dev && opened.st_ino == named.st_ino
    }
}
