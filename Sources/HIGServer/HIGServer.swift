import Foundation
import HIGStore
import MCP
import HIGAssistants
import HIGText

/// `hig mcp`: the knowledge base served over the Model Context Protocol on stdin and stdout.
///
/// Only the protocol lives here: the tools, their schemas and answers, and the resources are
/// HIGStore's (`AssistantCatalog`, `AssistantSession`), so that they are tested without MCP.
public enum HIGServer {
    static let instructions = """
        Apple's Human Interface Guidelines, edition by edition (\(AssistantCatalog.listEditions.name)), as atomic rules \
        with line-level provenance. Start with \(AssistantCatalog.searchRules.name); \(AssistantCatalog.getRule.name) gives \
        one rule with its verbatim source and its previous and next versions; \(AssistantCatalog.ruleEvolution.name) \
        follows a rule or a subject across editions; \(AssistantCatalog.editionDiff.name) says what changed between two \
        editions. Every answer cites rule ids, editions and file:lines: quote them. Everything is read-only.
        """

    /// Serves until the client closes stdin. Blocks the calling thread.
    ///
    /// Without `preparing`, `path` must hold a hig database, opened before anything is served.
    /// With it, `preparing` builds the database on a thread of its own while the server already
    /// answers: `initialize` and the tool list need no database, and a call that does waits
    /// for it (see `SessionActor`).
    public static func serve(databasePath path: String, preparing: (@Sendable () throws -> Void)? = nil) throws {
        let session = try SessionActor(path: path, preparing: preparing)
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
            let reply = try await reportingPreparation(of: session, to: server, token: params._meta?.progressToken) {
                try await session.call(tool: params.name, arguments: arguments)
            }
            return .init(content: [.text(text: reply.text, annotations: nil, _meta: nil)], isError: reply.isError)
        }
        await server.withMethodHandler(ListResources.self) { _ in
            // The SDK's resources/list parameters carry no `_meta`, hence no progress token.
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

    /// Runs `body`; while it waits for the database to be built, sends the client progress
    /// notifications for `token` (MCP's only way to report on a request in progress, and only
    /// when the request asked for it with a token; of the requests that wait, swift-sdk 0.12.1
    /// decodes a token for tools/call alone): at once, then every
    /// `SessionActor.progressInterval`. The import reports no fraction done, so each
    /// notification counts the seconds waited, with no total, and says what is happening.
    static func reportingPreparation<T: Sendable>(
        of session: SessionActor, to server: Server, token: ProgressToken?, _ body: @Sendable () async throws -> T
    ) async throws -> T {
        guard let token, await session.isPreparing else { return try await body() }
        let reporter = Task {
            let start = ContinuousClock.now
            while !Task.isCancelled {
                let waited = (ContinuousClock.now - start).components.seconds
                let message = "no database yet: importing the editions first (\(waited) s); this call answers when it is built"
                try? await server.notify(
                    ProgressNotification.message(.init(progressToken: token, progress: Double(waited), message: message)))
                try? await Task.sleep(for: SessionActor.progressInterval)
            }
        }
        defer { reporter.cancel() }
        return try await body()
    }

    /// A tool as MCP lists it: read-only, idempotent, closed world.
    static func declaration(_ tool: AssistantTool) throws -> Tool {
        Tool(
            name: tool.name, title: tool.title, description: tool.description,
            inputSchema: try JSONDecoder().decode(Value.self, from: tool.inputSchema),
            annotations: .init(title: tool.title, readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false))
    }
}

/// The error that ended the server, handed from its task to the waiting thread.
final class FailureBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Error?

    func set(_ error: Error) { lock.withLock { stored = error } }
    var error: Error? { lock.withLock { stored } }
}
