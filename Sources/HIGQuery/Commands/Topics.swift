import ArgumentParser
import HIGStore

struct Topics: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "The topic tree (the web HIG's groups and pages, finer topics under them), with rule counts per edition.",
        discussion: HelpText.discussion(
            "A cell with \(TextRenderer.noRules) is a topic an edition has no rule of: where guidance grew or vanished.",
            examples: [
                .init("The top of the topic tree, with rule counts per edition", "hig topics"),
                .init("Alerts and the topics under it, each described", "hig topics --topic alerts --describe"),
            ]))

    @ParentCommand var root: HIG

    @Flag(help: "Also print each topic's description.")
    var describe = false

    @Option(help: "This topic and the topics right under it (a slug, a name or a close spelling).", completion: ValueCompletion.topics)
    var topic: String?

    @Flag(help: "Every topic, as a tree (by default, the top of the tree: the web HIG's groups).")
    var all = false

    func validate() throws {
        if all && topic != nil { throw ValidationError("--all lists every topic; leave out --topic, or --all") }
    }

    func run() throws {
        let store = try root.openStore()
        let selection: RuleStore.TopicSelection = try topic.map { .under(try store.resolveTopic($0).slug) } ?? (all ? .all : .top)
        let (editions, topics) = try store.topicMatrix(selection)
        Console.print(Console.renderer.topics(editions: editions, topics: topics, describe: describe))
    }
}
