import Foundation
import HIGAssistants

/// A JSON-RPC 2.0 error: its code, and a sentence that says what is wrong.
struct JSONRPCError: Error, Equatable, Sendable {
    let code: Int
    let message: String

    /// The line is not JSON.
    static func parseError(_ message: String) -> Self { .init(code: -32700, message: message) }
    /// JSON, but not a request, a notification or a response.
    static func invalidRequest(_ message: String) -> Self { .init(code: -32600, message: message) }
    static func methodNotFound(_ message: String) -> Self { .init(code: -32601, message: message) }
    static func invalidParams(_ message: String) -> Self { .init(code: -32602, message: message) }
    static func internalError(_ message: String) -> Self { .init(code: -32603, message: message) }
    /// MCP's code for a resource URI that names nothing (specification, "Resources", "Error Handling").
    static func resourceNotFound(_ message: String) -> Self { .init(code: -32002, message: message) }

    var json: JSONValue { .object(["code": .integer(code), "message": .string(message)]) }
}

/// One message read from the client, as JSON-RPC 2.0 tells them apart.
enum JSONRPCMessage: Equatable, Sendable {
    /// A method call to answer: its id (a string or an integer) comes back in the answer.
    case request(id: JSONValue, method: String, params: JSONValue?)
    /// A method call with no id: nothing is answered.
    case notification(method: String, params: JSONValue?)
    /// The client's answer to a request of the server's (hig sends none).
    case response(id: JSONValue)
    /// Not a message: the error to answer, with the id when one could be read (else null).
    case invalid(id: JSONValue, error: JSONRPCError)

    /// The message on one line of the client's.
    init(line: Data) {
        let value: JSONValue
        do {
            value = try JSONValue.parse(line)
        } catch {
            self = .invalid(id: .null, error: .parseError("not JSON: each line must hold one JSON-RPC message"))
            return
        }
        guard case .object(let members) = value else {
            let what = if case .array = value { "a batch (JSON array)" } else { "a JSON value that is not an object" }
            self = .invalid(id: .null, error: .invalidRequest("\(what) is not a message: send one JSON-RPC object per line"))
            return
        }
        let id = members["id"]
        let validID: JSONValue? =
            switch id {
            case .string, .integer: id
            default: nil
            }
        guard members["jsonrpc"] == .string("2.0") else {
            self = .invalid(id: validID ?? .null, error: .invalidRequest("\"jsonrpc\" must be \"2.0\""))
            return
        }
        if let method = members["method"] {
            guard let name = method.string else {
                self = .invalid(id: validID ?? .null, error: .invalidRequest("\"method\" must be a string"))
                return
            }
            let params = members["params"]
            if let params, !params.isObject {
                self = .invalid(id: validID ?? .null, error: .invalidParams("\"params\" of \(name) must be an object"))
                return
            }
            switch (id, validID) {
            case (nil, _): self = .notification(method: name, params: params)
            case (_, let validID?): self = .request(id: validID, method: name, params: params)
            case (_, nil): self = .invalid(id: .null, error: .invalidRequest("\"id\" must be a string or an integer"))
            }
        } else if let validID, members["result"] != nil || members["error"] != nil {
            self = .response(id: validID)
        } else {
            self = .invalid(id: validID ?? .null, error: .invalidRequest("neither a request, a notification nor a response"))
        }
    }

    /// The answer to request `id`: its result.
    static func result(id: JSONValue, _ result: JSONValue) -> JSONValue {
        .object(["jsonrpc": .string("2.0"), "id": id, "result": result])
    }

    /// The answer to request `id` (null when none could be read): an error.
    static func error(id: JSONValue, _ error: JSONRPCError) -> JSONValue {
        .object(["jsonrpc": .string("2.0"), "id": id, "error": error.json])
    }

    /// A notification of the server's.
    static func notification(method: String, params: JSONValue) -> JSONValue {
        .object(["jsonrpc": .string("2.0"), "method": .string(method), "params": params])
    }
}
