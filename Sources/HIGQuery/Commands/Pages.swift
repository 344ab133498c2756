import ArgumentParser
import HIGStore
import HIGRendering

struct Pages: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pages",
        abstract: "The pages of a web capture, each with its counterparts in the captures before and after it.",
        discussion: HelpText.discussion(
            """
            A page is the same page when renamed, moved, re-slugged or re-cased, split into sub-pages or \
            merged from them: counterparts are found by title and place, by a change note naming the old \
            title, then by where the page's rules went (lineage). `hig diff A B --page P` compares one page.
            """,
            examples: [
                .init("The pages of the 2023 capture, with their 2022 and 2026 counterparts", "hig pages --edition web-2023-09"),
                .init("The 2022 capture's pages: its technology sub-pages go into one page later", "hig pages --edition web-2022"),
            ]))

    @ParentCommand var root: HIG

    @Option(help: "The edition (default: current, the newest).", completion: ValueCompletion.editions)
    var edition: String = "current"

    @Option(help: "text or json.")
    var format: TextOrJSON = .text

    func run() throws {
        let answer = try root.openStore().pageCounterparts(edition: edition)
        switch format {
        case .text: Console.print(Console.renderer.pages(answer))
        case .json: Console.print(try JSONText.encode(answer))
        }
    }
}
