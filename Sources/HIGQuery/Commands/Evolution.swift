import ArgumentParser
import HIGStore

struct EvolutionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "evolution",
        abstract: "A rule's evolution across editions: each version, oldest first, with a word diff against the one before.",
        discussion: """
            QUERY is a rule id, a topic named exactly (slug, name or alias, e.g. "button colors"), \
            or words to search for (e.g. tap). Word diffs show [-removed-]{+inserted+} when piped \
            and colours on a terminal. ⚑ marks a reversal, a change of normative force, or a \
            curated link.
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json }

    @ParentCommand var root: HIG

    @Argument(help: "A rule id, a topic, or words.", completion: ValueCompletion.topics)
    var query: [String]

    @Option(help: "At most this many lineages.")
    var limit = 10

    @Option(help: "text or json.")
    var format: Format = .text

    func run() throws {
        let answer = try root.openStore().evolution(query.joined(separator: " "), limit: limit)
        switch format {
        case .text: Console.print(AnswerRenderer(colored: Console.colorful).evolution(answer))
        case .json: Console.print(try JSONOutput.encode(answer.lineages.map(LineageJSON.init)))
        }
    }
}

/// A lineage in JSON: its versions (the rule contract) and its links.
struct LineageJSON: Encodable {
    let versions: [RuleRecord]
    let links: [LinkRecord]

    init(_ lineage: Lineage) {
        versions = lineage.versions
        links = lineage.links
    }
}
