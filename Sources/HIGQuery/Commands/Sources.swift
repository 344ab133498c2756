import ArgumentParser
import HIGStore
import HIGRendering

struct Sources: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sources",
        abstract: "Each source file with where its lines went: rules, headings, set aside (by reason), blank, unaccounted.",
        discussion: HelpText.discussion(
            """
            Every non-blank line of a source ends in a rule, a heading, or a set-aside with a named reason \
            (running head, page footer, table of contents, index, legal text, image, converter chrome, ...). \
            A line of words no reader could place is 'unaccounted': the import warns about it, and this \
            lists where it is.
            """,
            examples: [
                .init("Where each line of the 2011 iOS HIG went", "hig sources --edition ios-2011-03"),
                .init("Only the lines no reader could place, if any", "hig sources --unaccounted"),
            ]))

    @ParentCommand var root: HIG

    @Option(help: "Only this edition's files (default: every edition's).", completion: ValueCompletion.editions)
    var edition: String?

    @Flag(help: "Only the files with unaccounted lines, and those lines.")
    var unaccounted = false

    @Option(help: "text or json.")
    var format: TextOrJSON = .text

    func run() throws {
        var sources = try root.openStore().sourceAccounting(edition: edition)
        if unaccounted { sources = sources.filter { !$0.unaccounted.isEmpty } }
        switch format {
        case .text:
            if unaccounted && sources.isEmpty {
                Console.print("no unaccounted lines: every line of every file is in a rule, a heading or a set-aside\n")
            } else {
                Console.print(Console.renderer.sources(sources))
            }
        case .json: Console.print(try JSONText.encode(sources))
        }
    }
}
