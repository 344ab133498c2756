import ArgumentParser
import HIGStore

struct Search: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Full-text search, ranked by relevance (bm25), with the matched words highlighted.",
        discussion: """
            Plain words need no syntax: `hig search "don't use OK"` looks for rules holding every \
            word (stemmed: "tap" finds "tapping"), and, when none holds them all, for rules holding any. \
            --raw passes a full SQLite FTS5 expression: `hig search --raw 'NEAR(cancel left, 5)'`. \
            Only the words that carry the search are highlighted (not "the", "on", ...); figures and \
            context rank below the guidance that uses the same words. A search may hold \
            \(SearchExpression.maxBytes) bytes and \(SearchExpression.maxWords) different words; \
            one that runs longer than half a second is stopped.
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json, jsonl }

    @ParentCommand var root: HIG

    @OptionGroup var filters: FilterOptions

    @Argument(help: "The words to look for.")
    var words: [String]

    @Option(help: "At most this many rules.")
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
            Console.print(try JSONOutput.encode(result))
        case .jsonl:
            Console.print(try JSONLines.rules(result.hits.map(\.record)))
        case .text:
            for suggestion in result.suggestions { Console.note(suggestion.description) }
            if result.matchedAnyWord { Console.note("no rule holds every word; showing rules that hold any of them") }
            if result.hits.isEmpty && result.suggestions.isEmpty { Console.note("no rules match") }
            let (open, close) = Console.colorful ? ("\u{1B}[1;33m", "\u{1B}[0m") : ("**", "**")
            var out = ""
            for hit in result.hits {
                let record = hit.record
                out += "\(Console.bold(record.id))  \(record.edition)  \(record.kind.rawValue)  \(record.source.citation)\n"
                out += "  " + hit.snippet(open: open, close: close) + "\n\n"
            }
            Console.print(out)
            if result.hits.count < result.total {
                Console.note("\(result.hits.count) of \(result.total) shown; --limit \(result.total) shows them all")
            }
        }
    }
}
