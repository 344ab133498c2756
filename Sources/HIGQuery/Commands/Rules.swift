import ArgumentParser
import HIGStore

struct Rules: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List rules, filtered by edition, kind and platform.")

    @ParentCommand var root: HIG

    @Option(help: "Only this edition (see `hig editions`).")
    var edition: String?

    @Option(help: "Only this topic: a slug, a name or a close spelling (see `hig topics`).")
    var topic: String?

    @Option(help: "Only this kind: \(RuleKind.allCases.map(\.rawValue).joined(separator: ", ")).")
    var kind: RuleKind?

    @Option(help: "Only rules that apply to this platform (e.g. macOS).")
    var platform: String?

    @Option(help: "table, json, csv or markdown.")
    var format: RuleListFormat = .table

    func run() throws {
        let store = try root.openStore()
        let slug = try topic.map { try store.resolveTopic($0).slug }
        let rules = try store.rules(RuleFilter(edition: edition, kind: kind, platform: platform, topic: slug))
        switch format {
        case .json: Console.print(try RuleFormatter.json(rules))
        case .csv: Console.print(RuleFormatter.csv(rules))
        case .markdown: Console.print(RuleFormatter.markdown(rules))
        case .table:
            let rows = rules.map { [$0.id, $0.kind.rawValue, $0.source.citation, $0.summary] }
            Console.print(TextTable.render(header: ["ID", "KIND", "SOURCE", "RULE"], rows: rows, width: Console.width))
            if rules.isEmpty { Console.note("no rules match") }
        }
    }
}
