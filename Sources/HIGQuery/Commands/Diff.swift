import ArgumentParser
import HIGStore
import HIGLineage
import HIGRendering

struct Diff: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "What changed between two editions: a summary per change class, then removed, added and changed rules with word diffs.",
        discussion: HelpText.discussion(
            """
            Rules absent from an excerpt edition are listed apart as not in the excerpt, never as \
            removed. --reversals and --force-changes keep only the changes a reader most needs \
            to notice; --low-confidence only the links to review (confirm or reject them with \
            `hig link`).
            """,
            examples: [
                .init("What changed about alerts from 2011 to 2014", "hig diff ios-2011-03 ios-2014-03 --topic alerts"),
                .init("Only the reversals from 2022-23 to the newest edition", "hig diff web-2022-23 current --reversals"),
                .init(
                    "A page for review: each removed or added rule with 3 likely counterparts",
                    "hig diff iphone-2010-03 ios-2011-03 --candidates 3 \\\n      --format markdown"),
            ]))

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json, jsonl, markdown }

    @ParentCommand var root: HIG

    @Argument(help: "The older edition.", completion: ValueCompletion.editions)
    var from: String

    @Argument(help: "The newer edition.", completion: ValueCompletion.editions)
    var to: String

    @Option(help: "Only rules of this topic (on either side).", completion: ValueCompletion.topics)
    var topic: String?

    @Option(help: "Only rules under these headings (on either side; as --section of `hig rules`).")
    var section: String?

    @Option(
        help: "Only one web page (title or path in the older edition, or in the newer for a page added since) and its counterparts."
    )
    var page: String?

    @Flag(help: "Only changes flagged as reversals.")
    var reversals = false

    @Flag(help: "Only changes of normative force (e.g. prefer → generally use).")
    var forceChanges = false

    @Flag(
        help: "Only changes whose links are of low confidence (under \(LinkConfidence.lowBelow)) or possible counterparts (in doubt).")
    var lowConfidence = false

    @Flag(help: "List the unchanged pairs too.")
    var unchanged = false

    @Option(
        help: ArgumentHelp(
            "Under each removed and added rule, and both rules of each pair to review, N likely counterparts in the other edition, with the matcher's score (\(ArgumentChecks.candidateRangeText)).",
            valueName: "N"))
    var candidates: Int?

    @Option(help: "text, json, jsonl (one JSON object per rule or pair) or markdown.")
    var format: Format = .text

    func validate() throws {
        try ArgumentChecks.candidateCount(candidates)
    }

    func run() throws {
        let store = try root.openStore()
        let slug = try topic.map { try store.resolveTopic($0).slug }
        let options = RuleStore.DiffOptions(
            topic: slug, section: section, reversalsOnly: reversals, forceChangesOnly: forceChanges,
            lowConfidenceOnly: lowConfidence, candidates: candidates ?? 0, page: page)
        let diff = try store.diff(from: from, to: to, options: options)
        let rules = try store.ruleTexts(of: diff)
        switch format {
        case .text: Console.print(Console.renderer.diff(diff, rules: rules, options: options, showUnchanged: unchanged))
        case .markdown: Console.print(TextRenderer.diffMarkdown(diff, rules: rules, options: options))
        case .json: Console.print(try JSONText.encode(diff))
        case .jsonl: Console.print(try JSONLines.diff(diff, rules: rules))
        }
    }
}
