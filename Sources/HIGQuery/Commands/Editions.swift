import ArgumentParser
import HIGStore

struct Editions: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the editions with their sources, coverage and rule counts.", discussion: HIG.databaseHelp)

    @ParentCommand var root: HIG

    func run() throws {
        Console.print(Console.renderer.editions(try root.openStore().editions()))
    }
}
