import Foundation

/// The built `hig` binary, run as a user runs it: for the suites that test the command line.
public struct HigRunner: Sendable {
    /// What a finished `hig` process left: its exit status and everything it wrote.
    public struct Result: Sendable {
        public let status: Int32
        public let stdout: String
        public let stderr: String

        public init(status: Int32, stdout: String, stderr: String) {
            self.status = status
            self.stdout = stdout
            self.stderr = stderr
        }
    }

    /// The `hig` next to the test bundle (SwiftPM builds every product before testing).
    public static let binary: URL = {
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for candidate in [bundle, bundle.deletingLastPathComponent()] {
            let url = candidate.appending(path: "hig")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return Fixtures.repository.appending(path: ".build/debug/hig")
    }()

    public init() {}

    /// Runs `hig arguments` in `folder` to its end (see `process`).
    public func hig(_ arguments: [String], in folder: URL, environment: [String: String] = [:]) throws -> Result {
        try Self.run(Self.process(arguments, in: folder, environment: environment))
    }

    /// A `hig` process, not started: the built binary, in `folder`, without the user's
    /// `HIG_DB` and `HIG_EDITIONS`, plus `environment`.
    public static func process(
        _ arguments: [String], in folder: URL, environment: [String: String] = [:],
        executable: URL = binary
    ) -> Process {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = folder
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "HIG_DB")
        env.removeValue(forKey: "HIG_EDITIONS")
        for (key, value) in environment { env[key] = value }
        process.environment = env
        return process
    }

    /// Runs `process` to its end with no input, collecting what it writes.
    public static func run(_ process: Process) throws -> Result {
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        // No input, as in CI: `hig mcp` reads stdin until it ends.
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self))
    }
}
