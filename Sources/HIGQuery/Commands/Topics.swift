import ArgumentParser
import HIGStore

struct Topics: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "The topic taxonomy, with rule counts per topic and edition.",
        discussion: "A cell with \(TextRenderer.noRules) is a topic an edition has no rule of: where guidance grew or vanished.\n\n"
            + HIG.databaseHelp)

    @ParentCommand var root: HIG

    @Flag(help: "Also print each topic's description.")
    var describe = false

    func run() throws {
        let (editions, topics) = try root.openStore().topicMatrix()
        Console.print(Console.renderer.topics(editions: editions, topics: topics, describe: describe))
    }
}
