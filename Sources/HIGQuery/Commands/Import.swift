import Foundation
import ArgumentParser
import HIGStore

struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Import or refresh the editions of a folder (default: the bundled Data/editions).",
        discussion: HIG.databaseHelp)

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
