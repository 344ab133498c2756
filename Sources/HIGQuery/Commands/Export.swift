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

    @Option(help: "Only this topic: a slug, a name or a close spelling (see `hig topics`).")
    var topic: String?

    @Option(help: "Only this kind.")
    var kind: RuleKind?

    func run() throws {
        let store = try root.openStore()
        let slug = try topic.map { try store.resolveTopic($0).slug }
        let rules = try store.rules(RuleFilter(edition: edition, kind: kind, topic: slug))
        switch format {
        case .json: Console.print(try RuleFormatter.json(rules))
        case .csv: Console.print(RuleFormatter.csv(rules))
        case .markdown: Console.print(RuleFormatter.markdown(rules))
        }
    }
}
