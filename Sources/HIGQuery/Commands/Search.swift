import ArgumentParser
import HIGStore

struct Search: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Full-text search, ranked by relevance (bm25), with the matched words highlighted.",
        discussion: """
            Plain words need no syntax: `hig search "don't use OK"` looks for rules holding every \
            word (stemmed: "tap" finds "tapping"), and, when none holds them all, for rules holding any. \
            --raw passes a full SQLite FTS5 expression: `hig search --raw 'NEAR(cancel left, 5)'`.
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json }

    @ParentCommand var root: HIG

    @OptionGroup var filters: FilterOptions

    @Argument(help: "The words to look for.")
    var words: [String]

    @Option(help: "At most this many rules.")
    var limit = 10

    @Flag(help: "Pass the words to FTS5 as an expression (AND, OR, NOT, NEAR, \"phrases\", prefix*).")
    var raw = false

    @Option(help: "text or json.")
    var format: Format = .text

    func run() throws {
        let store = try root.openStore()
        let request = SearchRequest(text: words.joined(separator: " "), raw: raw, filter: try filters.filter(store), limit: limit)
        let result = try store.search(request)
        switch format {
        case .json:
            Console.print(try RuleFormatter.json(result.hits.map(\.record)))
        case .text:
            if result.matchedAnyWord { Console.note("no rule holds every word; showing rules that hold any of them") }
            if result.hits.isEmpty { Console.note("no rules match") }
            let (open, close) = Console.colorful ? ("\u{1B}[1;33m", "\u{1B}[0m") : ("**", "**")
            var out = ""
            for hit in result.hits {
                let record = hit.record
                out += "\(Console.bold(record.id))  \(record.edition)  \(record.kind.rawValue)  \(record.source.citation)\n"
                out += "  " + hit.snippet(open: open, close: close) + "\n\n"
            }
            Console.print(out)
        }
    }
}
