import ArgumentParser
import HIGStore

struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Show one rule: clean text, verbatim source, repairs, provenance, parent and children, and its versions in the editions before and after.",
        discussion: HIG.databaseHelp)

    @ParentCommand var root: HIG

    @Argument(help: "A rule id, e.g. 2011-3f9a2c1d (see `hig rules`).")
    var id: String

    func run() throws {
        Console.print(Console.renderer.detail(try root.openStore().detail(id: id)))
    }
}
