import ArgumentParser
import HIGStore

struct Rules: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List rules, filtered by edition, kind and platform.")

    @ParentCommand var root: HIG

    @OptionGroup var filters: FilterOptions

    @Option(help: "table, json, jsonl (one JSON object per line), csv or markdown.")
    var format: RuleListFormat = .table

    func run() throws {
        let store = try root.openStore()
        let rules = try store.rules(filters.filter(store))
        switch format {
        case .json: Console.print(try RuleFormatter.json(rules))
        case .jsonl: Console.print(try JSONLines.rules(rules))
        case .csv: Console.print(RuleFormatter.csv(rules))
        case .markdown: Console.print(RuleFormatter.markdown(rules))
        case .table:
            let rows = rules.map { [$0.id, $0.kind.rawValue, $0.source.citation, $0.summary] }
            Console.print(TextTable.render(header: ["ID", "KIND", "SOURCE", "RULE"], rows: rows, width: Console.width))
            if rules.isEmpty { Console.note("no rules match") }
        }
    }
}
