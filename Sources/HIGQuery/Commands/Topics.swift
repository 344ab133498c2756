import ArgumentParser
import HIGStore
import HIGRendering
import HIGText

struct Topics: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "topics",
        abstract: "The topic tree (the web HIG's groups and pages, finer topics under them), with rule counts per edition.",
        discussion: HelpText.discussion(
            "A cell with \(TextRenderer.noRules) is a topic an edition has no rule of: where guidance grew or vanished. "
                + "A column per edition when they fit the terminal; else \(TextRenderer.allEditionsColumn) (the rules of all editions) "
                + "and each line of the family tree by its newest edition (`hig editions` draws the lines), as many as fit.",
            examples: [
                .init("The top of the topic tree, with rule counts per edition", "hig topics"),
                .init("Alerts and the topics under it, each described", "hig topics --topic alerts --describe"),
                .init("The counts of one line of the family tree", "hig topics --line iphone-ios"),
            ]))

    @ParentCommand var root: HIG

    @Flag(help: "Also print each topic's description.")
    var describe = false

    @Option(help: "This topic and the topics right under it (a slug, a name or a close spelling).", completion: ValueCompletion.topics)
    var topic: String?

    @Flag(help: "Every topic, as a tree (by default, the top of the tree: the web HIG's groups).")
    var all = false

    @Option(help: "A column for this edition (repeat it for several; `current` is the newest).")
    var edition: [String] = []

    @Option(help: "A column for each edition of this line of the family tree (e.g. macintosh, iphone-ios, web).")
    var line: String?

    func validate() throws {
        if all && topic != nil { throw ValidationError("--all lists every topic; leave out --topic, or --all") }
    }

    func run() throws {
        let store = try root.openStore()
        let selection: RuleStore.TopicSelection = try topic.map { .under(try store.resolveTopic($0).slug) } ?? (all ? .all : .top)
        let editions = try store.editionLines()
        var chosen = Set(try edition.map { try store.editionID($0) })
        if let line {
            let ofLine = editions.filter { $0.line == line }.map(\.id)
            guard !ofLine.isEmpty else {
                throw HIGError.unknownLine(line, known: Array(Set(editions.compactMap(\.line))).sorted())
            }
            chosen.formUnion(ofLine)
        }
        let (_, topics) = try store.topicMatrix(selection)
        let columns = TextRenderer.TopicColumns(
            chosen: chosen.isEmpty ? nil : editions.map(\.id).filter(chosen.contains), editions: editions)
        Console.show(Console.renderer.topics(columns, topics: topics, describe: describe))
    }
}
