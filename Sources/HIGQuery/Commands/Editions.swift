import ArgumentParser
import HIGStore
import HIGRendering

struct Editions: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "editions",
        abstract: "The editions' family tree, then each edition with its line, predecessors, sources, coverage and rule counts.",
        discussion: HelpText.discussion(examples: [
            .init("The family tree, then each edition with its sources and rule counts", "hig editions"),
            .init("The same as JSON, for a script", "hig editions --format json"),
        ]))

    @ParentCommand var root: HIG

    @Option(help: "text or json.") var format: TextOrJSON = .text

    func run() throws {
        let editions = try root.openStore().editions()
        switch format {
        case .text: Console.print(Console.renderer.editions(editions))
        case .json: Console.print(try JSONText.encode(editions))
        }
    }
}
