import ArgumentParser
import HIGStore
import HIGRendering

struct Search: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Full-text search, ranked by relevance (bm25), with the matched words highlighted.",
        discussion: HelpText.discussion(
            """
            Plain words need no syntax: `hig search "don't use OK"` looks for rules holding every \
            word (stemmed: "tap" finds "tapping"), and, when none holds them all, for rules holding any. \
            --raw passes a full SQLite FTS5 expression: `hig search --raw 'NEAR(cancel left, 5)'`. \
            Only the words that carry the search are highlighted (not "the", "on", ...); figures and \
            context rank below the guidance that uses the same words. A search may hold \
            \(SearchExpression.maxBytes) bytes and \(SearchExpression.maxWords) different words; \
            one that runs longer than \(RuleStore.searchTimeLimitText) is stopped.
            """,
            examples: [
                .init("Rules holding every word (else any), best first", "hig search \"don't use OK\""),
                .init("The 5 best about tapping in the 2011 iOS HIG", "hig search tap --edition ios-2011-03 --limit 5"),
                .init("An FTS5 expression: cancel within 5 words of left", "hig search --raw 'NEAR(cancel left, 5)'"),
            ]))

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json, jsonl }

    @ParentCommand var root: HIG

    @OptionGroup var filters: FilterOptions

    @Argument(help: "The words to look for.")
    var words: [String]

    @Option(
        parsing: .unconditional,
        help: "At most this many hits (default: 10); the versions of a rule that several editions kept word for word are one hit.",
        transform: ArgumentChecks.positiveInteger)
    var limit = 10

    @Flag(help: "Pass the words to FTS5 as an expression (AND, OR, NOT, NEAR, \"phrases\", prefix*).")
    var raw = false

    @Option(help: "text, json or jsonl (one JSON object per line).")
    var format: Format = .text

    func run() throws {
        let store = try root.openStore()
        let request = SearchRequest(text: words.joined(separator: " "), raw: raw, filter: try filters.filter(store), limit: limit)
        let result = try store.search(request)
        switch format {
        case .json:
            Console.print(try JSONText.encode(result))
        case .jsonl:
            Console.print(try JSONLines.rules(result.rules))
        case .text: Console.show(Console.renderer.search(result))
        }
    }
}
