import Foundation
import ArgumentParser
import HIGStore
import HIGDatabase
import HIGText

struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract:
            "Import or refresh the editions of a folder (default: the bundled Data/editions), with --archive the archive, and with --capture a newer copy of the web HIG.",
        discussion: HelpText.discussion(
            """
            Without --editions, the folder is $HIG_EDITIONS, else the one the database records, else \
            Data/editions in the current folder, else the one that came with hig. The database remembers \
            what it was built from: the bundled editions, or the editions folder given with --editions or \
            $HIG_EDITIONS, and the archive given with --archive, each with its path. A plain `hig import` \
            reads them all again, so an imported archive stays; a file whose rules are unchanged is not \
            written again.

            --capture DIR adds a newer copy of the web HIG: a folder of Markdown pages (its subfolders \
            too), written by any of the converters of the bundled captures, read as one more edition of \
            the web line after the newest capture, so that `hig changes` and `hig diff` say what changed \
            since. The pages do not say when they were copied: give that day with --date. For example \
            `hig import --capture ~/Human-Interface-Guidelines --date 2026-11-20` adds the edition \
            web-2026-11-20 (--id names it otherwise). Later imports read the folder again, like the \
            archive, until --drop-capture removes the edition; keep it as it was imported (a folder \
            updated in place stops the import: its newer pages would pass for the older capture's), \
            and give each newer capture a folder of its own.

            An import removes an edition only when a folder it reads again no longer has it (its manifest, \
            or for the archive the archive catalogue, no longer names it), when --editions names another \
            editions folder whose manifest lacks it, or when --drop-archive or --drop-capture drops it; each \
            removal is printed with its reason. A folder the database records that is gone stops the import, \
            nothing changed: give its new place (--editions, --archive), put a capture's folder back, or \
            drop it (--drop-archive, --drop-capture).

            An import waits up to $HIG_BUSY_TIMEOUT seconds (default: \(Database.defaultBusyTimeout.components.seconds)) \
            for another import to finish.
            """,
            examples: [
                .init("Import the bundled editions, or bring the database up to date with them", "hig import"),
                .init("Remove the archive's editions again", "hig import --drop-archive"),
                .init("The same, waiting up to a minute for another import", "HIG_BUSY_TIMEOUT=60 hig import"),
            ]))

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

    @Option(
        help: ArgumentHelp(
            "A newer copy of the web HIG: a folder of Markdown pages, imported as an edition of the web line after the newest capture (needs --date). Later imports read it again from there.",
            valueName: "folder"), completion: .directory)
    var capture: String?

    @Option(help: ArgumentHelp("The day the capture's pages were copied from Apple's site.", valueName: "YYYY-MM-DD"))
    var date: String?

    @Option(help: ArgumentHelp("The capture's edition id (default: web-DATE).", valueName: "id"))
    var id: String?

    @Option(
        help: ArgumentHelp("Remove a capture imported with --capture, and stop reading it at later imports.", valueName: "id"),
        completion: ValueCompletion.editions)
    var dropCapture: String?

    func validate() throws {
        if dropArchive && archive != nil { throw HIGError.archiveAndDropArchive }
        guard let capture else {
            if date != nil { throw HIGError.captureOptionWithoutCapture(option: "--date") }
            if id != nil { throw HIGError.captureOptionWithoutCapture(option: "--id") }
            return
        }
        guard let date else { throw HIGError.captureDateUnknown(folder: capture) }
        guard WebCapture.isDay(date) else { throw HIGError.captureDateInvalid(value: date) }
        let today = WebCapture.latestDayOnEarth()
        guard date <= today else { throw HIGError.captureDateInFuture(value: date, today: today) }
    }

    func run() throws {
        MallocArena.shareOne()
        let here = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        // A capture's folder stays as the user gave it, relative or not, for the errors that name it.
        let newCapture = capture.map { folder in
            WebCapture(
                id: id ?? WebCapture.defaultID(date: date ?? ""), date: date ?? "", folder: URL(fileURLWithPath: folder, relativeTo: here),
                predecessor: nil)
        }
        let request = ImportRequest(
            editionsFolder: EditionsLocator.named(explicit: editions), archive: archive.map { URL(fileURLWithPath: $0, relativeTo: here) },
            dropArchive: dropArchive, bundle: Result { () throws(HIGError) in try EditionsLocator.bundled() }, capture: newCapture,
            dropCapture: dropCapture)
        let report = try StoreWriter.importEditions(request, into: root.databasePath)
        Console.print(Console.renderer.importReport(report, database: root.databasePath))
        for warning in Console.renderer.importWarnings(report) { Console.note(warning) }
    }
}
