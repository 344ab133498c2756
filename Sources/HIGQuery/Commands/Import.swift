import Foundation
import ArgumentParser
import HIGStore

struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Import or refresh the editions of a folder (default: the bundled Data/editions) and, with --archive, the archive.",
        discussion: """
            The database remembers what it was built from: the bundled editions, or the editions folder given with \
            --editions or $HIG_EDITIONS, and the archive given with --archive, each with its path. A plain `hig import` \
            reads them all again, so an imported archive stays; a file whose rules are unchanged is not written again.

            An import removes an edition only when a folder it reads again no longer has it (its manifest, or for the \
            archive the archive catalogue, no longer names it), when --editions names another editions folder whose \
            manifest lacks it, or when --drop-archive drops the archive; each removal is printed with its reason. A folder \
            the database records that is gone stops the import, nothing changed: give its new place (--editions, \
            --archive) or drop the archive (--drop-archive).

            """ + HIG.databaseHelp)

    @ParentCommand var root: HIG

    @Option(
        help: ArgumentHelp(
            "An editions folder with an editions.json manifest, read instead of the one the database was built from (default: $HIG_EDITIONS, else the one the database records, else the bundled one).",
            valueName: "folder"))
    var editions: String?

    @Option(
        help: ArgumentHelp(
            "A clone of johnzfitch/human-interface-markdown: its 34 documents (1980-2014) are imported beside the editions, as the archive catalogue (Data/archive) places them. Later imports read it again from there.",
            valueName: "folder"))
    var archive: String?

    @Flag(help: "Remove the archive's editions, and stop reading the archive at later imports.")
    var dropArchive = false

    func validate() throws {
        if dropArchive && archive != nil { throw HIGError.archiveAndDropArchive }
    }

    func run() throws {
        let here = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let request = ImportRequest(
            editionsFolder: EditionsLocator.named(explicit: editions), archive: archive.map { URL(fileURLWithPath: $0, relativeTo: here) },
            dropArchive: dropArchive, bundle: Result { () throws(HIGError) in try EditionsLocator.bundled() })
        let report = try RuleStore.importEditions(request, into: root.databasePath)
        Console.print(Console.renderer.importReport(report, database: root.databasePath))
        for warning in Console.renderer.importWarnings(report) { Console.note(warning) }
    }
}
