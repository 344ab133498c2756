import ArgumentParser
import HIGStore

struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Export rules; --format json writes the documented JSON contract.")

    enum Format: String, ExpressibleByArgument, CaseIterable { case json, csv, markdown }

    @ParentCommand var root: HIG

    @OptionGroup var filters: FilterOptions

    @Option(help: "json, csv or markdown.")
    var format: Format = .json

    func run() throws {
        let store = try root.openStore()
        let rules = try store.rules(filters.filter(store))
        switch format {
        case .json: Console.print(try RuleFormatter.json(rules))
        case .csv: Console.print(RuleFormatter.csv(rules))
        case .markdown: Console.print(RuleFormatter.markdown(rules))
        }
    }
}
