import Foundation
import HIGTestSupport
import Testing

/// One run of the built `hig mcp` over pipes, as a client drives it: the lines written to its
/// stdin, which is then closed, and everything it wrote until it exited.
struct MCPExchange {
    /// Every line of stdout, each parsed as a JSON object (a line that is not one fails the test:
    /// stdout holds nothing but protocol messages).
    let messages: [[String: Any]]
    let stderr: String
    let status: Int32

    /// How long a run may take before it is killed and fails: a server that stops answering
    /// fails the test rather than hanging the suite.
    static let timeout = 60.0

    /// Runs `hig --db database mcp`, writes `lines`, closes stdin and reads until the process ends.
    init(_ lines: [String], database: String, environment: [String: String] = [:]) throws {
        let folder = URL(fileURLWithPath: database).deletingLastPathComponent()
        let process = HigRunner.process(["--db", database, "mcp"], in: folder, environment: environment)
        let input = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let pid = process.processIdentifier
        let watchdog = DispatchWorkItem { kill(pid, SIGKILL) }
        DispatchQueue.global().asyncAfter(deadline: .now() + Self.timeout, execute: watchdog)
        defer { watchdog.cancel() }
        let stderrData = LockedData()
        let stderrRead = DispatchGroup()
        let errorHandle = errors.fileHandleForReading
        DispatchQueue.global().async(group: stderrRead) { stderrData.set(errorHandle.readDataToEndOfFile()) }
        try input.fileHandleForWriting.write(contentsOf: Data(lines.map { $0 + "\n" }.joined().utf8))
        try input.fileHandleForWriting.close()
        let stdout = output.fileHandleForReading.readDataToEndOfFile()
        stderrRead.wait()
        process.waitUntilExit()
        status = process.terminationReason == .exit ? process.terminationStatus : -process.terminationStatus
        stderr = String(decoding: stderrData.get(), as: UTF8.self)
        var parsed: [[String: Any]] = []
        for line in stdout.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).dropLast() {
            let object = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any]
            #expect(object != nil, "stdout holds a line that is not a JSON object: \(String(decoding: line, as: UTF8.self))")
            if let object { parsed.append(object) }
        }
        #expect(stdout.isEmpty || stdout.last == UInt8(ascii: "\n"), "stdout ends in the middle of a line")
        messages = parsed
    }

    /// The answer to the request `id` (an integer id), when there is exactly one.
    func answer(_ id: Int) -> [String: Any]? {
        let answers = messages.filter { ($0["id"] as? Int) == id && $0["method"] == nil }
        return answers.count == 1 ? answers[0] : nil
    }

    func result(_ id: Int) -> [String: Any]? { answer(id)?["result"] as? [String: Any] }

    /// The error code and message of the answer to `id`.
    func error(_ id: Int) -> (code: Int, message: String)? {
        guard let error = answer(id)?["error"] as? [String: Any], let code = error["code"] as? Int else { return nil }
        return (code, error["message"] as? String ?? "")
    }

    /// Where the answer to `id` is among the messages.
    func position(of id: Int) -> Int? {
        messages.firstIndex { ($0["id"] as? Int) == id && $0["method"] == nil }
    }

    /// A request line.
    static func request(_ id: Int, _ method: String, _ params: [String: Any]? = nil) -> String {
        var message: [String: Any] = ["jsonrpc": "2.0", "id": id, "method": method]
        if let params { message["params"] = params }
        return line(message)
    }

    static func initialize(_ id: Int = 1, version: String = "2025-11-25") -> String {
        request(id, "initialize", ["protocolVersion": version, "capabilities": [:], "clientInfo": ["name": "tests", "version": "1"]])
    }

    static let initialized = line(["jsonrpc": "2.0", "method": "notifications/initialized"])

    static func line(_ object: [String: Any]) -> String {
        String(decoding: (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data(), as: UTF8.self)
    }
}

/// Bytes handed from a reading thread to the test.
private final class LockedData: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()

    func set(_ value: Data) { lock.withLock { data = value } }
    func get() -> Data { lock.withLock { data } }
}
