import ArgumentParser
import Foundation
import HIGServer
import HIGStore
import HIGAssistants
import HIGText

struct MCPCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mcp",
        abstract: "Serve the knowledge base to assistants over the Model Context Protocol (stdio).",
        discussion: HelpText.discussion(
            """
            Reads JSON-RPC messages on stdin and answers on stdout until stdin closes; notes go to \
            stderr. \(AssistantCatalog.tools.count) tools: \(AssistantCatalog.tools.map(\.name).joined(separator: ", ")); \
            resources \(AssistantResources.templates.map(\.uriTemplate).joined(separator: " and ")). All read-only. \
            With no database yet, it answers at once and imports the editions meanwhile: a call \
            waits for the import, with progress notifications when the client asks for them. \
            Register it with an assistant as the command `hig mcp` (see docs/assistants.md).
            """,
            examples: [
                .init("Serve on stdin and stdout, as an assistant starts it", "hig mcp")
            ]))

    @ParentCommand var root: HIG

    func run() throws {
        // A missing database is imported while the server answers (a client's `initialize`
        // must not wait for it); its notes go to stderr, since stdout is the protocol's.
        let path = root.databasePath
        var preparing: (@Sendable () throws -> Void)?
        if try root.editionsToImport(when: "while serving; calls wait for it") != nil {
            MallocArena.shareOne()
            let request = HIG.firstImport
            preparing = {
                do {
                    _ = try StoreWriter.importEditions(request, into: path)
                    Console.note("imported \(path); serving it")
                } catch let error as HIGError {
                    Console.note("error: \(error.description.escapingControlCharacters); every call answers it")
                    throw error
                }
            }
        } else {
            // An existing database is checked before anything is served.
            _ = try root.openStore()
        }
        if isatty(STDIN_FILENO) == 1 {
            Console.note("serving the Model Context Protocol on stdin and stdout (\(path)); Ctrl-D stops")
        }
        try HIGServer.serve(databasePath: path, preparing: preparing)
    }
}
