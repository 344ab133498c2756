import ArgumentParser
import HIGStore
import HIGRendering

struct EvolutionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "evolution",
        abstract: "A rule's evolution across editions: each version, oldest first, with a word diff against the one before.",
        discussion: HelpText.discussion(
            """
            QUERY is a rule id, a topic named exactly (slug, name or alias, e.g. "button colors"), \
            or words to search for (e.g. tap). Word diffs show [-removed-]{+inserted+} when piped \
            and colours on a terminal. ⚑ marks a reversal, a change of normative force, or a \
            curated link.
            """,
            examples: [
                .init("One rule's versions from 2011 on, with word diffs", "hig evolution ios-2011-03-e8257895"),
                .init("The lineages of a topic, by one of its names", "hig evolution \"button colors\""),
                .init(
                    "Rules about tapping, with 2 likely counterparts of a removed version",
                    "hig evolution tap --limit 3 --candidates 2"),
            ]))

    @ParentCommand var root: HIG

    @Argument(help: "A rule id, a topic, or words.", completion: ValueCompletion.topics)
    var query: [String]

    @Option(parsing: .unconditional, help: "At most this many lineages (default: 10).", transform: ArgumentChecks.positiveInteger)
    var limit = 10

    @Option(
        help: ArgumentHelp(
            "Under each version removed in a later edition, its N likely counterparts there, with the matcher's score (\(ArgumentChecks.candidateRangeText)).",
            valueName: "N"))
    var candidates: Int?

    @Option(help: "text or json.")
    var format: TextOrJSON = .text

    func validate() throws {
        try ArgumentChecks.candidateCount(candidates)
    }

    func run() throws {
        let answer = try root.openStore().evolution(query.joined(separator: " "), limit: limit, candidates: candidates ?? 0)
        switch format {
        case .text: Console.print(Console.renderer.evolution(answer))
        case .json: Console.print(try JSONText.encode(answer.lineages.map { LineageJSON($0, fates: answer.fates) }))
        }
    }
}
