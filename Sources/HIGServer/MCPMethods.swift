import Foundation
import HIGAssistants
import HIGText

/// The requests of the Model Context Protocol `hig mcp` answers, each answered from the
/// session: what the result holds is the specification's (revisions in `ProtocolVersion`), what
/// it says is HIGAssistants'.
struct MCPMethods: Sendable {
    let session: SessionActor
    let progress: ProgressReporter

    /// The server as `initialize` describes it.
    static let serverInfo: JSONValue = .object([
        "name": .string("hig"), "version": .string(HIGVersion.current), "title": .string("hig: Apple's HIG, edition by edition"),
    ])

    /// What the server offers: tools and resources, neither of which changes while it runs.
    static let capabilities: JSONValue = .object([
        "tools": .object(["listChanged": .bool(false)]),
        "resources": .object(["subscribe": .bool(false), "listChanged": .bool(false)]),
    ])

    static let instructions = """
        Apple's Human Interface Guidelines, edition by edition (\(AssistantCatalog.listEditions.name)), as atomic rules \
        with line-level provenance. Start with \(AssistantCatalog.searchRules.name); \(AssistantCatalog.getRule.name) gives \
        one rule with its verbatim source and its previous and next versions; \(AssistantCatalog.ruleEvolution.name) \
        follows a rule or a subject across editions; \(AssistantCatalog.editionDiff.name) says what changed between two \
        editions. Every answer cites rule ids, editions and file:lines: quote them. Everything is read-only.
        """

    /// The tools as `tools/list` gives them, made once.
    static let tools: JSONValue = .array(AssistantCatalog.tools.map(declaration))

    /// The result of request `method`; `initialize` is the caller's (it changes the server's state).
    func answer(_ method: String, params: JSONValue?) async throws(JSONRPCError) -> JSONValue {
        switch method {
        case "ping":
            return .object([:])
        case "tools/list":
            return .object(["tools": Self.tools])
        case "tools/call":
            let name = try Self.string("name", of: method, in: params)
            let arguments = params?["arguments"] ?? .object([:])
            guard arguments.isObject else { throw .invalidParams("\"arguments\" of tools/call must be an object") }
            let json = (try? arguments.serialized()) ?? Data("{}".utf8)
            let reply = try await progress.whileWaiting(params) { () async throws(JSONRPCError) in
                try await session.call(tool: name, arguments: json)
            }
            return .object([
                "content": .array([.object(["type": .string("text"), "text": .string(reply.text)])]),
                "isError": .bool(reply.isError),
            ])
        case "resources/list":
            let listed = try await progress.whileWaiting(params) { () async throws(JSONRPCError) in
                try await session.listedResources()
            }
            return .object([
                "resources": .array(
                    listed.map {
                        .object([
                            "uri": .string($0.uri), "name": .string($0.name), "description": .string($0.description),
                            "mimeType": .string(AssistantResources.mimeType),
                        ])
                    })
            ])
        case "resources/templates/list":
            return .object([
                "resourceTemplates": .array(
                    AssistantResources.templates.map {
                        .object([
                            "uriTemplate": .string($0.uriTemplate), "name": .string($0.name),
                            "description": .string($0.description), "mimeType": .string(AssistantResources.mimeType),
                        ])
                    })
            ])
        case "resources/read":
            let uri = try Self.string("uri", of: method, in: params)
            let text = try await progress.whileWaiting(params) { () async throws(JSONRPCError) in
                try await session.read(uri: uri)
            }
            return .object([
                "contents": .array([
                    .object(["uri": .string(uri), "mimeType": .string(AssistantResources.mimeType), "text": .string(text)])
                ])
            ])
        default:
            throw .methodNotFound("unknown method '\(method)'; hig answers \(Self.requests.joined(separator: ", "))")
        }
    }

    /// Every request hig answers, `initialize` first.
    static let requests = [
        "initialize", "ping", "tools/list", "tools/call", "resources/list", "resources/templates/list", "resources/read",
    ]

    /// The result of `initialize`: the negotiated protocol version and what the server is.
    static func initializeResult(params: JSONValue?) throws(JSONRPCError) -> JSONValue {
        let requested = try string("protocolVersion", of: "initialize", in: params)
        return .object([
            "protocolVersion": .string(ProtocolVersion.negotiate(requested: requested)),
            "capabilities": capabilities,
            "serverInfo": serverInfo,
            "instructions": .string(instructions),
        ])
    }

    /// The string parameter `key` of a request, which it requires.
    private static func string(_ key: String, of method: String, in params: JSONValue?) throws(JSONRPCError) -> String {
        guard let value = params?[key]?.string else {
            throw .invalidParams("\(method) requires \"\(key)\", a string, in its params")
        }
        return value
    }

    /// A tool as MCP lists it: read-only, idempotent, closed world.
    private static func declaration(_ tool: AssistantTool) -> JSONValue {
        .object([
            "name": .string(tool.name), "title": .string(tool.title), "description": .string(tool.description),
            // Written by `AssistantTool.inputSchema` from strings, numbers and booleans: it parses.
            "inputSchema": (try? JSONValue.parse(tool.inputSchema)) ?? .object(["type": .string("object")]),
            "annotations": .object([
                "title": .string(tool.title), "readOnlyHint": .bool(true), "destructiveHint": .bool(false),
                "idempotentHint": .bool(true), "openWorldHint": .bool(false),
            ]),
        ])
    }
}
