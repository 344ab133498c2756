import Foundation

/// `hig mcp`: the knowledge base served over the Model Context Protocol on stdin and stdout.
///
/// Only the protocol lives here, in hig's own small JSON-RPC server (the stdio subset of MCP hig
/// uses: `StdioFraming`, `JSONRPCMessage`, `MCPMethods`): the tools, their schemas and answers,
/// and the resources are HIGAssistants' (`AssistantCatalog`, `AssistantSession`), so that they
/// are tested without the protocol. hig does not use the MCP SDK (swift-sdk), whose HTTP and
/// OAuth code loads FoundationNetworking, libcurl and the libraries behind it into every
/// `hig` process, whatever its command (Benchmarks/README.md, "Issue 33").
public enum HIGServer {
    /// Serves until the client closes stdin and every request read is answered. Blocks the
    /// calling thread.
    ///
    /// Without `preparing`, `path` must hold a hig database, opened before anything is served.
    /// With it, `preparing` builds the database on a thread of its own while the server already
    /// answers: `initialize` and the tool list need no database, and a call that does waits
    /// for it (see `SessionActor`).
    public static func serve(databasePath path: String, preparing: (@Sendable () throws -> Void)? = nil) throws {
        let session = try SessionActor(path: path, preparing: preparing)
        let writer = MessageWriter()
        let methods = MCPMethods(session: session, progress: ProgressReporter(session: session, writer: writer))
        let connection = Connection(methods: methods, writer: writer)
        let finished = DispatchSemaphore(value: 0)
        Task {
            await connection.serve(StdioFraming.lines())
            finished.signal()
        }
        finished.wait()
    }
}
