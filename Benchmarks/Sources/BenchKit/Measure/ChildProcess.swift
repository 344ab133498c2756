import Foundation

/// One run of a child process: its wall time, as seen by the parent from spawn to reap, and
/// its own peak resident memory and CPU times from `wait4`.
public struct ProcessRun: Sendable {
    public let wall: Duration
    /// `ru_maxrss`: the child's peak resident set, in KiB (Linux).
    public let peakKiB: Int
    public let userSeconds: Double
    public let systemSeconds: Double

    public var seconds: Double { wall.seconds }
    public var peakMiB: Double { Double(peakKiB) / 1024 }
}

/// Runs programs as whole processes with `posix_spawn` and `wait4`, so that each run's peak
/// memory is its own (`getrusage(RUSAGE_CHILDREN)` would give the largest child so far).
public enum ChildProcess {
    /// Runs `executable` (a path, or a name looked up in PATH) with `arguments`, standard
    /// input from /dev/null, standard output to `output`. Throws when it cannot start or exits
    /// with another status than `allowedStatus`, quoting the end of its standard error.
    @discardableResult
    /// `environment` adds to (or overrides) this process's environment; `errors`, when given,
    /// keeps the child's standard error in that file.
    public static func run(
        _ executable: String, _ arguments: [String], output: String = "/dev/null",
        errors: String? = nil, environment: [String: String] = [:],
        allowedStatus: Set<Int32> = [0]
    ) throws -> ProcessRun {
        let errorPath =
            errors
            ?? FileManager.default.temporaryDirectory
            .appending(path: "hig-bench-stderr-\(getpid())-\(UInt64.random(in: 0...UInt64.max))").path(percentEncoded: false)
        defer { if errors == nil { unlink(errorPath) } }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)

        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        let variables = ProcessInfo.processInfo.environment.merging(environment) { $1 }
            .map { "\($0.key)=\($0.value)" }.sorted()
        let envp: [UnsafeMutablePointer<CChar>?] = variables.map { strdup($0) } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }

        var pid: pid_t = 0
        let start = ContinuousClock.now
        let spawned =
            executable.contains("/")
            ? posix_spawn(&pid, executable, &actions, nil, argv, envp)
            : posix_spawnp(&pid, executable, &actions, nil, argv, envp)
        guard spawned == 0 else {
            throw BenchError("cannot run \(executable): \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) == -1 {
            guard errno == EINTR else { throw BenchError("wait4 failed for \(executable): \(String(cString: strerror(errno)))") }
        }
        let wall = start.duration(to: .now)

        let signal = status & 0x7f
        let exitStatus = (status >> 8) & 0xff
        guard signal == 0, allowedStatus.contains(exitStatus) else {
            let errors = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
            let tail = errors.split(separator: "\n").suffix(5).joined(separator: "\n")
            let how = signal != 0 ? "was killed by signal \(signal)" : "exited with status \(exitStatus)"
            throw BenchError("\(([executable] + arguments).joined(separator: " ")) \(how)\(tail.isEmpty ? "" : ":\n" + tail)")
        }
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return ProcessRun(
            wall: wall, peakKiB: Int(usage.ru_maxrss), userSeconds: seconds(usage.ru_utime),
            systemSeconds: seconds(usage.ru_stime))
    }

    /// True when `name` runs (found in PATH and exits 0 with `arguments`).
    public static func available(_ name: String, _ arguments: [String]) -> Bool {
        (try? run(name, arguments)) != nil
    }
}

extension Duration {
    public var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) * 1e-18
    }

    public var milliseconds: Double { seconds * 1000 }
}
