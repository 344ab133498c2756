import ArgumentParser
import HIGStore

struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract:
            "Show one rule: clean text, verbatim source, repairs, provenance, parent and children, and its versions in the editions before and after.",
        discussion: HelpText.discussion(examples: [
            .init("A rule of the 2011 iOS HIG: its words, source lines and versions", "hig show ios-2011-03-e8257895")
        ]))

    @ParentCommand var root: HIG

    @Argument(help: "A rule id, e.g. ios-2011-03-e8257895 (see `hig rules`).")
    var id: String

    func run() throws {
        Console.print(Console.renderer.detail(try root.openStore().detail(id: id)))
    }
}
