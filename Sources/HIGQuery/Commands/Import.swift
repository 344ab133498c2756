import Foundation
import ArgumentParser
import HIGStore

struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Import or refresh the editions of a folder (default: the bundled Data/editions).",
        discussion: HelpText.discussion(
            """
            Without --editions, the folder is $HIG_EDITIONS, else Data/editions in the current folder, \
            else the one that came with hig. An import waits up to $HIG_BUSY_TIMEOUT seconds \
            (default: \(Database.defaultBusyTimeout.components.seconds)) for another import to finish.
            """,
            examples: [
                .init("Import the bundled editions, or bring the database up to date with them", "hig import"),
                .init("The same, waiting up to a minute for another import", "HIG_BUSY_TIMEOUT=60 hig import"),
            ]))

    @ParentCommand var root: HIG

    @Option(help: "An editions folder with an editions.json manifest.")
    var editions: String?

    @Option(
        help: ArgumentHelp(
            "A clone of johnzfitch/human-interface-markdown: its 34 documents (1980-2014) are imported beside the editions, as the archive catalogue (Data/archive) places them.",
            valueName: "folder"))
    var archive: String?

    func run() throws {
        let folder = try EditionsLocator.locate(explicit: editions)
        let here = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let archiveFolder = archive.map { URL(fileURLWithPath: $0, relativeTo: here) }
        let report = try RuleStore.importEditions(from: folder, archive: archiveFolder, into: root.databasePath)
        Console.print(Console.renderer.importReport(report, database: root.databasePath))
        for warning in Console.renderer.importWarnings(report) { Console.note(warning) }
    }
}
