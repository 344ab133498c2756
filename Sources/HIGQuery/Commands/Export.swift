import ArgumentParser
import HIGStore

struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Export rules; --format json writes the documented JSON contract.")

    enum Format: String, ExpressibleByArgument, CaseIterable { case json, csv, markdown }

    @ParentCommand var root: HIG

    @Option(help: "json, csv or markdown.")
    var format: Format = .json

    @Option(help: "Only this edition.")
    var edition: String?

    @Option(help: "Only this kind.")
    var kind: RuleKind?

    func run() throws {
        let rules = try root.openStore().rules(RuleFilter(edition: edition, kind: kind))
        switch format {
        case .json: Console.print(try RuleFormatter.json(rules))
        case .csv: Console.print(RuleFormatter.csv(rules))
        case .markdown: Console.print(RuleFormatter.markdown(rules))
        }
    }
}
