import ArgumentParser
import Foundation
import HIGStore
import HIGText

@main
struct HIG: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hig",
        abstract: "A knowledge base of Apple's Human Interface Guidelines, edition by edition.",
        discussion: """
            The database defaults to $HIG_DB, then hig.sqlite in the current folder. A query on a \
            database that does not exist yet imports the bundled editions first.
            """
                + "\n\n"
                + HelpText.examples([
                    .init("The 2011 iOS HIG's rules about alerts", "hig rules --edition ios-2011-03 --topic alerts"),
                    .init("One rule, and how it changed in the editions after it", "hig evolution ios-2011-03-e8257895"),
                    .init("What changed about alerts from 2011 to 2014", "hig diff ios-2011-03 ios-2014-03 --topic alerts"),
                ]),
        version: HIGVersion.current,
        subcommands: [
            Import.self, Editions.self, Sources.self, Sections.self, Pages.self, Rules.self, Show.self, Topics.self, Search.self,
            EvolutionCommand.self,
            Diff.self, Changes.self, Export.self, Link.self,
            MCPCommand.self,
        ]
    )

    @Option(name: .long, help: "The database file (default: $HIG_DB, then ./hig.sqlite).")
    var db: String?

    /// The database path: --db, $HIG_DB, then hig.sqlite here.
    var databasePath: String { EnvironmentSetting.databasePath(given: db) }

    /// A setting of the environment that cannot be read is refused before any work, like an option.
    func validate() throws {
        _ = try EnvironmentSetting.busyTimeout()
    }

    /// Opens the database for a query, importing the bundled editions first when it does not exist.
    func openStore() throws -> RuleStore {
        if try editionsToImport(when: "first") != nil {
            MallocArena.shareOne()
            _ = try StoreWriter.importEditions(Self.firstImport, into: databasePath)
        }
        return try RuleStore.open(path: databasePath)
    }

    /// What a database that does not exist yet is built from: the editions hig finds (`$HIG_EDITIONS`,
    /// then the bundle), recorded as such, without the archive.
    static var firstImport: ImportRequest {
        ImportRequest(
            editionsFolder: EditionsLocator.named(explicit: nil), archive: nil, dropArchive: false,
            bundle: Result { () throws(HIGError) in try EditionsLocator.bundled() })
    }

    /// The editions folder a database that does not exist yet is to be imported from, noted on
    /// stderr ("importing FOLDER `when`"), after the checks that refuse it at once; nil when
    /// the database exists.
    func editionsToImport(when: String) throws -> URL? {
        let path = databasePath
        guard RuleStore.needsImport(path: path) else { return nil }
        try RuleStore.checkFolder(of: path)
        let folder = try EditionsLocator.locate(explicit: nil)
        Console.note("no database at \(path) yet; importing \(Console.shortPath(folder)) \(when)")
        return folder
    }

    /// Runs the command; a user's mistake prints one line on stderr and exits 1, without a trace.
    static func main() {
        do {
            if let repeated = ArgumentChecks.repeatedOption(in: Array(CommandLine.arguments.dropFirst())) {
                Console.fail("\(repeated) is given twice; give each option once, as only the last would count (see `hig help`)")
            }
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
