import Foundation
import HIGAssistants

/// MCP's stdio transport: one JSON-RPC message per line of UTF-8, newline-terminated, messages
/// free of embedded newlines; the client writes on the server's stdin and reads its stdout.
/// stdout carries nothing but messages (notes go to stderr).
enum StdioFraming {
    /// The lines of `descriptor` (stdin), without their newline (nor a carriage return before
    /// it), blank lines skipped, until end of file. Read on a thread of its own, since a
    /// blocking read would hold a thread of the cooperative pool for as long as the client
    /// is silent.
    static func lines(of descriptor: Int32 = STDIN_FILENO) -> AsyncStream<Data> {
        let (stream, continuation) = AsyncStream.makeStream(of: Data.self)
        Thread.detachNewThread {
            var pending = Data()
            var buffer = [UInt8](repeating: 0, count: 64 * 1024)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { break }
                pending.append(contentsOf: buffer[0..<count])
                while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    yield(pending[pending.startIndex..<newline], to: continuation)
                    pending.removeSubrange(pending.startIndex...newline)
                }
            }
            // A last message with no newline before end of file still counts.
            yield(pending, to: continuation)
            continuation.finish()
        }
        return stream
    }

    private static func yield(_ line: Data, to continuation: AsyncStream<Data>.Continuation) {
        var line = line
        if line.last == UInt8(ascii: "\r") { line.removeLast() }
        guard line.contains(where: { !" \t\r".utf8.contains($0) }) else { return }
        continuation.yield(Data(line))
    }
}

/// Writes messages on stdout, one per line, whole: several requests answer at once, and two
/// messages must not interleave.
final class MessageWriter: Sendable {
    private let descriptor: Int32
    private let lock = NSLock()

    init(descriptor: Int32 = STDOUT_FILENO) {
        self.descriptor = descriptor
        // A client that closed its end makes a write fail (EPIPE) rather than kill the server
        // before it sees the end of its input.
        signal(SIGPIPE, SIG_IGN)
    }

    /// Sends `message`. A message that cannot be written (the client is gone) is dropped: the
    /// end of stdin ends the server.
    func send(_ message: JSONValue) {
        guard var line = try? message.serialized() else { return }
        line.append(UInt8(ascii: "\n"))
        lock.withLock {
            line.withUnsafeBytes { bytes in
                var offset = 0
                while offset < bytes.count {
                    let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                    if written < 0 && errno == EINTR { continue }
                    if written <= 0 { return }
                    offset += written
                }
            }
        }
    }
}
