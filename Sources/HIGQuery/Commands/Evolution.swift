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
            """ + "\n\n" + HIG.databaseHelp)

    @ParentCommand var root: HIG

    @Argument(help: "A rule id, a topic, or words.", completion: ValueCompletion.topics)
    var query: [String]

    @Option(parsing: .unconditional, help: "At most this many lineages (default: 10).", transform: ArgumentChecks.positiveInteger)
    var limit = 10

    @Option(
        help: ArgumentHelp(
            "Under each version removed in a later edition, its N likely counterparts there, with the matcher's score.",
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
