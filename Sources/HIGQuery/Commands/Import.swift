import ArgumentParser
import HIGStore

struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Import or refresh the editions of a folder (default: the bundled Data/editions).",
        discussion: HIG.databaseHelp)

    @ParentCommand var root: HIG

    @Option(help: "An editions folder with an editions.json manifest.")
    var editions: String?

    func run() throws {
        let folder = try EditionsLocator.locate(explicit: editions)
        let report = try RuleStore.importEditions(from: folder, into: root.databasePath)
        Console.print(Console.renderer.importReport(report, database: root.databasePath))
        for warning in Console.renderer.importWarnings(report) { Console.note(warning) }
    }
}
