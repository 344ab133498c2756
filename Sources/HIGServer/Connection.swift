import Foundation
import HIGAssistants

/// One client's connection: each line read is one message; each request is answered on a task
/// of its own, so that `initialize`, `ping` or `tools/list` answer at once while a call waits
/// for the database (the session, `SessionActor`, still takes calls one at a time).
actor Connection {
    private let methods: MCPMethods
    private let writer: MessageWriter
    /// The requests being answered, by id: `notifications/cancelled` ends one, and the end of
    /// input waits for them all.
    private var pending: [JSONValue: Task<Void, Never>] = [:]
    /// Those of `pending` the client cancelled: still running (a call cannot stop an import
    /// half-way), not answered, and not waited for at the end of input.
    private var cancelled: Set<JSONValue> = []
    private var initialized = false

    init(methods: MCPMethods, writer: MessageWriter) {
        self.methods = methods
        self.writer = writer
    }

    /// Serves `lines` until they end, then waits for the answers still being made: a client
    /// that writes its requests and closes its end (`echo ... | hig mcp`) still reads them.
    func serve(_ lines: AsyncStream<Data>) async {
        for await line in lines {
            receive(JSONRPCMessage(line: line))
        }
        while let task = pending.first(where: { !cancelled.contains($0.key) })?.value {
            await task.value
        }
    }

    private func receive(_ message: JSONRPCMessage) {
        switch message {
        case .request(let id, let method, let params):
            if method == "initialize" {
                writer.send(initialize(id: id, params: params))
                return
            }
            guard pending[id] == nil else {
                writer.send(JSONRPCMessage.error(id: id, .invalidRequest("id \(Self.describe(id)) is already in use by a request")))
                return
            }
            let methods = methods, writer = writer
            pending[id] = Task {
                let answer: JSONValue
                do throws(JSONRPCError) {
                    answer = JSONRPCMessage.result(id: id, try await methods.answer(method, params: params))
                } catch {
                    answer = JSONRPCMessage.error(id: id, error)
                }
                // A cancelled request is not answered (specification, "Cancellation").
                if !Task.isCancelled { writer.send(answer) }
                self.finished(id)
            }
        case .notification(let method, let params):
            // `notifications/initialized` needs nothing; notifications hig does not know are ignored, as JSON-RPC says.
            if method == "notifications/cancelled", let id = params?["requestId"], let task = pending[id] {
                cancelled.insert(id)
                task.cancel()
            }
        case .response:
            break
        case .invalid(let id, let error):
            writer.send(JSONRPCMessage.error(id: id, error))
        }
    }

    private func finished(_ id: JSONValue) {
        pending[id] = nil
        cancelled.remove(id)
    }

    /// The answer to `initialize`, once per connection, as the lifecycle says.
    private func initialize(id: JSONValue, params: JSONValue?) -> JSONValue {
        guard !initialized else { return JSONRPCMessage.error(id: id, .invalidRequest("the connection is already initialized")) }
        do {
            let result = try MCPMethods.initializeResult(params: params)
            initialized = true
            return JSONRPCMessage.result(id: id, result)
        } catch {
            return JSONRPCMessage.error(id: id, error)
        }
    }

    private static func describe(_ id: JSONValue) -> String {
        switch id {
        case .string(let value): "\"\(value)\""
        case .integer(let value): "\(value)"
        default: "null"
        }
    }
}
