import Foundation

/// While a first import builds its temporary file, SIGINT (Ctrl-C) and SIGTERM remove that file
/// (with its `-journal`, `-wal` and `-shm` files), print one line on stderr and exit with
/// 128 + the signal (130, 143), instead of leaving a file of hundreds of megabytes behind until
/// the next import.
///
/// Why a handler that cleans up itself, and not a flag the import polls: the import spends its
/// time inside SQLite and the parser, with no place to look at a flag; the handler calls only
/// async-signal-safe functions (`unlink`, `write`, `_exit`) on C strings made before it can run.
/// It replaces whatever disposition the process inherited (a child of a background shell job
/// starts with SIGINT ignored, one of a test runner may start with both blocked), and the
/// previous disposition comes back once no temporary file is left. Outside a first import the signals keep their usual effect: an
/// update of an existing database ends uncommitted, and SQLite rolls it back.
enum ImportInterruption {
    static let signals = [SIGINT, SIGTERM]
    /// Room for the files of a few imports in one process at once (tests run several).
    static let capacity = 32

    /// The paths the handler removes, nil where free. Written under `lock`; the handler reads
    /// them without it, since it may not wait for a lock.
    nonisolated(unsafe) static let paths: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = {
        let slots = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: capacity)
        slots.initialize(repeating: nil, count: capacity)
        return slots
    }()
    /// 1 where the path's file was created by this process, so that the handler may remove it.
    nonisolated(unsafe) static let isCreated: UnsafeMutablePointer<sig_atomic_t> = {
        let flags = UnsafeMutablePointer<sig_atomic_t>.allocate(capacity: capacity)
        flags.initialize(repeating: 0, count: capacity)
        return flags
    }()
    private static let lock = NSLock()
    nonisolated(unsafe) private static var registered = 0
    nonisolated(unsafe) private static var previous: [Int32: sigaction] = [:]

    /// Installs the handlers for `file` and its side files, before the file is created, so
    /// that no signal finds it without them; `markCreated` then lets the handler remove them, until
    /// `release`. Returns the slots to pass to both.
    static func register(_ file: String) -> [Int] {
        lock.lock()
        defer { lock.unlock() }
        // Swift makes a static on its first use, under a lock the handler would wait on forever:
        // both tables are made here, before any file exists.
        _ = (paths, isCreated)
        var taken: [Int] = []
        // Side files first, so that the handler removes them before the database.
        for name in ImportTemporaryFile.companionSuffixes.map({ file + $0 }) + [file] {
            guard let slot = (0..<capacity).first(where: { paths[$0] == nil }) else { break }
            paths[slot] = strdup(name)
            taken.append(slot)
        }
        registered += 1
        if registered == 1 { install() }
        return taken
    }

    static func markCreated(_ slots: [Int]) {
        for slot in slots { isCreated[slot] = 1 }
    }

    static func release(_ slots: [Int]) {
        lock.lock()
        defer { lock.unlock() }
        registered -= 1
        if registered == 0 { restore() }
        for slot in slots {
            isCreated[slot] = 0
            let name = paths[slot]
            paths[slot] = nil
            free(name)
        }
    }

    private static func install() {
        var action = sigaction()
        #if os(Linux)
            action.__sigaction_handler.sa_handler = interrupted
        #else
            action.__sigaction_u.__sa_handler = interrupted
        #endif
        sigemptyset(&action.sa_mask)
        // A second signal during the clean-up waits for it.
        for signal in signals { sigaddset(&action.sa_mask, signal) }
        for signal in signals {
            var old = sigaction()
            if sigaction(signal, &action, &old) == 0 { previous[signal] = old }
        }
        // A process may also start with them blocked (Foundation's `Process` on Linux passes
        // its own blocked mask on): they are unblocked in this thread, and stay so.
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        for signal in signals { sigaddset(&unblocked, signal) }
        pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
    }

    private static func restore() {
        for (signal, old) in previous {
            var action = old
            sigaction(signal, &action, nil)
        }
        previous = [:]
    }

    private static let interrupted: @convention(c) (Int32) -> Void = { signal in
        for slot in 0..<ImportInterruption.capacity {
            if ImportInterruption.isCreated[slot] == 1, let name = ImportInterruption.paths[slot] { unlink(name) }
        }
        let message: StaticString = "hig: import interrupted; nothing was written\n"
        _ = write(STDERR_FILENO, message.utf8Start, message.utf8CodeUnitCount)
        _exit(128 + signal)
    }
}
