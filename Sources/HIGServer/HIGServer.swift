import Foundation
import HIGStore
import MCP

/// `hig mcp`: the knowledge base served over the Model Context Protocol on stdin and stdout.
///
/// Only the protocol lives here: the tools, their schemas and answers, and the resources are
/// HIGStore's (`AssistantCatalog`, `AssistantSession`), so that they are tested without MCP.
public enum HIGServer {
    static let instructions = """
        Apple's Human Interface Guidelines, edition by edition (list_editions), as atomic rules \
        with line-level provenance. Start with search_rules; get_rule gives one rule with its \
        verbatim source and its previous and next versions; rule_evolution follows a rule or a \
        subject across editions; edition_diff says what changed between two editions. Every \
        answer cites rule ids, editions and file:lines: quote them. Everything is read-only.
        """

    /// Serves until the client closes stdin. Blocks the calling thread; `path` must hold a
    /// hig database.
    public static func serve(databasePath path: String) throws {
        let session = try SessionActor(path: path)
        let finished = DispatchSemaphore(value: 0)
        let failure = FailureBox()
        Task {
            do {
                try await run(session)
            } catch {
                failure.set(error)
            }
            finished.signal()
        }
        finished.wait()
        if let error = failure.error { throw error }
    }

    static func run(_ session: SessionActor) async throws {
        let server = Server(
            name: "hig", version: HIGVersion.current, title: "hig: Apple's HIG, edition by edition",
            instructions: instructions,
            capabilities: .init(resources: .init(subscribe: false, listChanged: false), tools: .init(listChanged: false)))
        let tools = try AssistantCatalog.tools.map(declaration)
        await server.withMethodHandler(ListTools.self) { _ in .init(tools: tools) }
        await server.withMethodHandler(CallTool.self) { params in
            let arguments = try JSONEncoder().encode(params.arguments ?? [:])
            let reply = try await session.call(tool: params.name, arguments: arguments)
            return .init(content: [.text(text: reply.text, annotations: nil, _meta: nil)], isError: reply.isError)
        }
        await server.withMethodHandler(ListResources.self) { _ in
            .init(
                resources: try await session.listedResources().map {
                    Resource(name: $0.name, uri: $0.uri, description: $0.description, mimeType: AssistantResources.mimeType)
                })
        }
        await server.withMethodHandler(ListResourceTemplates.self) { _ in
            .init(
                templates: AssistantResources.templates.map {
                    Resource.Template(
                        uriTemplate: $0.uriTemplate, name: $0.name, description: $0.description, mimeType: AssistantResources.mimeType)
                })
        }
        await server.withMethodHandler(ReadResource.self) { params in
            .init(contents: [.text(try await session.read(uri: params.uri), uri: params.uri, mimeType: AssistantResources.mimeType)])
        }
        try await server.start(transport: StdioTransport())
        await server.waitUntilCompleted()
    }

    /// A tool as MCP lists it: read-only, idempotent, closed world.
    static func declaration(_ tool: AssistantTool) throws -> Tool {
        Tool(
            name: tool.name, title: tool.title, description: tool.description,
            inputSchema: try JSONDecoder().decode(Value.self, from: tool.inputSchema),
            annotations: .init(title: tool.title, readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false))
    }
}

/// The session, one call at a time (a store is one SQLite connection).
actor SessionActor {
    private let session: AssistantSession

    init(path: String) throws {
        session = try AssistantSession(path: path)
    }

    func call(tool: String, arguments: Data) throws -> AssistantSession.Reply {
        try translating { try session.call(tool: tool, arguments: arguments) }
    }

    func listedResources() throws -> [AssistantResources.Listed] {
        try translating { try session.listedResources() }
    }

    func read(uri: String) throws -> String {
        try translating { try session.read(uri: uri) }
    }

    /// HIGStore's errors as MCP errors: a request naming nothing that exists is invalid
    /// params (-32602) or, for a resource, not found (-32002, as the specification says); a
    /// database that fails is an internal error with hig's sentence for it.
    private func translating<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as AssistantError {
            if case .unknownResource = error { throw MCPError.serverError(code: -32002, message: error.description) }
            throw MCPError.invalidParams(error.description)
        } catch let error as HIGError {
            throw MCPError.internalError(error.description)
        } catch let error as SQLiteError {
            throw MCPError.internalError(RuleStore.describe(error).description)
        }
    }
}

/// The error that ended the server, handed from its task to the waiting thread.
final class FailureBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Error?

    func set(_ error: Error) { lock.withLock { stored = error } }
    var error: Error? { lock.withLock { stored } }
}
