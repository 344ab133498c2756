import Foundation

/// The built `hig` started in the background, for tests that kill it or run several at once.
public enum RunningHig {
    public static func start(_ arguments: [String], in folder: URL, environment: [String: String] = [:]) throws -> Process {
        let process = HigRunner.process(arguments, in: folder, environment: environment)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Waits until `condition` holds or `process` has ended; true when the condition held first.
    public static func wait(for process: Process, until condition: () -> Bool) -> Bool {
        while process.isRunning {
            if condition() { return true }
            usleep(200)
        }
        return false
    }

    /// SIGKILL, then reaps it; true when the signal is what ended it (it was still running).
    @discardableResult
    public static func kill(_ process: Process) -> Bool {
        _ = Foundation.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        return process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL
    }

    /// The file's modification time (to the nanosecond) and size, or nil when there is no file.
    public static func modified(_ path: String) -> [Int]? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return [status.st_mtim.tv_sec, status.st_mtim.tv_nsec, Int(status.st_size)]
    }

    public static func fileSize(_ path: String) -> Int? {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue
    }
}
