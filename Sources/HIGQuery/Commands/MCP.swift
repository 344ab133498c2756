import ArgumentParser
import Foundation
import HIGServer

struct MCPCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mcp",
        abstract: "Serve the knowledge base to assistants over the Model Context Protocol (stdio).",
        discussion: """
            Reads JSON-RPC messages on stdin and answers on stdout until stdin closes; notes go to \
            stderr. Tools: search_rules, get_rule, rule_evolution, edition_diff, list_editions, \
            list_topics; resources hig://rule/{id} and hig://edition/{id}. All read-only. Register \
            it with an assistant as the command `hig mcp` (see README, "For assistants and toolchains").

            """
                + HelpText.examples([
                    .init("Serve on stdin and stdout, as an assistant starts it", "hig mcp")
                ]))

    @ParentCommand var root: HIG

    func run() throws {
        // A missing database is imported first, its note on stderr: stdout is the protocol's.
        _ = try root.openStore()
        if isatty(STDIN_FILENO) == 1 {
            Console.note("serving the Model Context Protocol on stdin and stdout (\(root.databasePath)); Ctrl-D stops")
        }
        try HIGServer.serve(databasePath: root.databasePath)
    }
}
