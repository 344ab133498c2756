import ArgumentParser
import Foundation
import HIGStore

@main
struct HIG: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hig",
        abstract: "A knowledge base of Apple's Human Interface Guidelines, edition by edition.",
        discussion: """
            The database defaults to $HIG_DB, then hig.sqlite in the current folder. A query on a \
            database that does not exist yet imports the bundled editions first.
            """,
        version: HIGVersion.current,
        subcommands: [
            Import.self, Editions.self, Sources.self, Sections.self, Pages.self, Rules.self, Show.self, Topics.self, Search.self,
            EvolutionCommand.self,
            Diff.self, Export.self, Link.self,
            MCPCommand.self,
        ]
    )

    /// The end of every subcommand's help: the root's --db is accepted after the command name
    /// too, but the parser lists it only in `hig --help`.
    static let databaseHelp =
        "The database is --db PATH (before or after the command name), else $HIG_DB, else hig.sqlite in the current folder."

    @Option(name: .long, help: "The database file (default: $HIG_DB, then ./hig.sqlite).")
    var db: String?

    /// The database path: --db, $HIG_DB, then hig.sqlite here.
    var databasePath: String {
        if let db { return db }
        if let fromEnvironment = ProcessInfo.processInfo.environment["HIG_DB"], !fromEnvironment.isEmpty {
            return fromEnvironment
        }
        return "hig.sqlite"
    }

    /// A setting of the environment that cannot be read is refused before any work, like an option.
    func validate() throws {
        _ = try EnvironmentSetting.busyTimeout()
    }

    /// Opens the database for a query, importing the bundled editions first when it does not exist.
    func openStore() throws -> RuleStore {
        let path = databasePath
        if RuleStore.needsImport(path: path) {
            try RuleStore.checkFolder(of: path)
            let folder = try EditionsLocator.locate(explicit: nil)
            Console.note("no database at \(path) yet; importing \(Console.shortPath(folder)) first")
            _ = try RuleStore.importEditions(from: folder, into: path)
        }
        return try RuleStore.open(path: path)
    }

    /// Runs the command; a user's mistake prints one line on stderr and exits 1, without a trace.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let error as HIGError {
            Console.fail(error.description.escapingControlCharacters)
        } catch {
            if let error = ArgumentChecks.higError(in: error) { Console.fail(error.description.escapingControlCharacters) }
            // --help and --version print and succeed; an argument mistake is one line like any other.
            guard exitCode(for: error) != .success else { exit(withError: error) }
            let message = message(for: error).split(separator: "\n")
                .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.joined(separator: " ")
            Console.fail(message.isEmpty ? "invalid arguments; see `hig help`" : message.escapingControlCharacters + " (see `hig help`)")
        }
    }
}
