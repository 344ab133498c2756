import ArgumentParser
import HIGStore

struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Import or refresh the editions of a folder (default: the bundled Data/editions).")

    @ParentCommand var root: HIG

    @Option(help: "An editions folder with an editions.json manifest.")
    var editions: String?

    func run() throws {
        let folder = try EditionsLocator.locate(explicit: editions)
        let report = try RuleStore.importEditions(from: folder, into: root.databasePath)
        let rows = report.editions.map { edition in
            [edition.id, "\(edition.files)", "\(edition.rules)", "\(edition.repairs)",
             edition.filesWritten == 0 ? "unchanged" : "\(edition.filesWritten) written"]
        }
        Console.print(TextTable.render(header: ["EDITION", "FILES", "RULES", "REPAIRS", "FILES WRITTEN"], rows: rows, width: nil))
        for edition in report.editionsRemoved {
            Console.print("removed edition \(edition.id) (\(edition.rules) rule\(edition.rules == 1 ? "" : "s")): no longer in the manifest\n")
        }
        var summary = report.changedAnything ? "imported into \(root.databasePath)" : "\(root.databasePath) was up to date; nothing changed"
        if report.filesRemoved > 0 { summary += "; \(report.filesRemoved) files no longer in the manifest removed" }
        Console.print(summary + "\n")
    }
}
