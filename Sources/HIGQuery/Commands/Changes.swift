import ArgumentParser
import Foundation
import HIGRendering
import HIGStore
import HIGText

struct Changes: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "changes",
        abstract: "What changed in the HIG since an edition or a date, page by page: Apple's change log beside the rules it changed.",
        discussion: HelpText.discussion(
            """
            Each page lists Apple's own change-log entries that are new since the earlier \
            edition (newest first), then the rules added, removed and changed there, with word \
            diffs; pages added and removed are named so. --since DATE compares the newest \
            edition dated on or before DATE with the newest one, and keeps Apple's entries dated \
            on or after it. Without --since or --from, the earlier edition is the nearest \
            complete one before --to.
            """,
            examples: [
                .init("What changed on the Alerts page since 2023", "hig changes --since 2023-01-01 --page Alerts"),
                .init(
                    "A changelog of the iOS 7 redesign to paste into docs",
                    "hig changes --from ios-2011-03 --to ios-2014-03 \\\n      --format markdown -o changes.md"),
                .init("What changed for watchOS since the 2014 edition", "hig changes --from ios-2014-03 --platform watchOS"),
            ]))

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, markdown, html, json }

    @ParentCommand var root: HIG

    @Option(help: ArgumentHelp("Changes since this date: YYYY, YYYY-MM or YYYY-MM-DD.", valueName: "date"))
    var since: String?

    @Option(
        help: "The earlier edition (default: as --since picks it, else the nearest complete one before --to).",
        completion: ValueCompletion.editions)
    var from: String?

    @Option(help: "The later edition (default: current, the newest).", completion: ValueCompletion.editions)
    var to: String?

    @Option(help: "Only this page: its title or path, in the later edition (or the earlier one, if it was removed).")
    var page: String?

    @Option(help: "Only rules of this topic (on either side), and Apple's notes of pages about it.", completion: ValueCompletion.topics)
    var topic: String?

    @Option(help: "Only rules that apply to this platform (e.g. visionOS), and Apple's notes that name it.")
    var platform: String?

    @Flag(help: "One changelog per step of the family tree from the earlier edition to the later, newest first.")
    var step = false

    @Option(help: "text, markdown, html or json.")
    var format: Format = .text

    @Option(name: [.short, .long], help: ArgumentHelp("Write to this file instead of stdout (- for stdout).", valueName: "file"))
    var output: String?

    var target: String? { output == "-" ? nil : output }

    func validate() throws {
        if since != nil && from != nil {
            throw ValidationError("--since and --from both name the earlier edition; give one of them")
        }
        if let since, PartialDate(since) == nil { throw HIGError.invalidDate(option: "--since", value: since) }
        if let target { try AtomicFile.checkTarget(target) }
    }

    func run() throws {
        let store = try root.openStore()
        let request = RuleStore.ChangesRequest(
            from: from, to: to, since: since.flatMap(PartialDate.init), page: page,
            topic: try topic.map { try store.resolveTopic($0).slug }, platform: platform)
        let steps = step ? try store.changesByStep(request) : [try store.changes(request)]
        let renderer = target == nil ? Console.renderer : TextRenderer(colored: false)
        let text =
            switch format {
            case .text: steps.map(renderer.changes).joined(separator: "\n")
            case .markdown: steps.map(TextRenderer.changesMarkdown).joined(separator: "\n")
            case .html: ChangesHTML.render(steps: steps, version: HIGVersion.current)
            case .json: step ? try JSONText.encode(steps) : try JSONText.encode(steps[0])
            }
        guard let target else {
            Console.print(text)
            return
        }
        try AtomicFile.write(Data(text.utf8), to: target)
        Console.note(
            "wrote the changes of \(TextCut.count(steps.reduce(0) { $0 + $1.pages.count }, "page")) to \(target) (\(format.rawValue), \(text.utf8.count) bytes)"
        )
    }
}
