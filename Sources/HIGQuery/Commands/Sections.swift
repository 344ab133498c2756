import ArgumentParser
import HIGStore
import HIGRendering

struct Sections: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sections",
        abstract: "An edition's table of contents, with the rules under each heading.",
        discussion: HelpText.discussion(
            """
            Each heading of the edition's sources, indented by depth (a PDF's chapters, sections and \
            subsections; a web page's title, sections and platform headings), with the rules it holds, its \
            subsections' included. A heading, or several consecutive ones joined by ' > ', can be typed \
            back to --section of rules, search and export.
            """,
            examples: [
                .init("The newest edition's pages and their sections", "hig sections"),
                .init("The chapters of the 2011 iOS HIG", "hig sections --edition ios-2011-03 --depth 1"),
                .init("The headings under one, at every depth", "hig sections --section \"Tab bars\""),
            ]))

    @ParentCommand var root: HIG

    @Option(help: "The edition; current is the newest.", completion: ValueCompletion.editions)
    var edition: String = "current"

    @Option(help: "Only the sections under these headings (as --section of `hig rules`), at every depth.")
    var section: String?

    @Option(help: "Only headings down to this depth (1: chapters or pages). Default: 2, or every depth with --section.")
    var depth: Int?

    @Option(help: "text or json (every heading with its file, line, depth, path and counts).")
    var format: TextOrJSON = .text

    func validate() throws {
        if let depth, depth < 1 { throw ValidationError("--depth must be 1 or more, e.g. --depth 2") }
    }

    func run() throws {
        let maxDepth = format == .json && depth == nil ? nil : depth ?? (section == nil ? 2 : nil)
        let answer = try root.openStore().sections(edition: edition, under: section, maxDepth: maxDepth)
        switch format {
        case .text: Console.print(Console.renderer.sections(answer))
        case .json: Console.print(try JSONText.encode(answer))
        }
    }
}
