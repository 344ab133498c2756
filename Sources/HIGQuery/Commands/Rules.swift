import ArgumentParser
import HIGStore
import HIGRendering

struct Rules: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules",
        abstract: "List rules, filtered by edition, topic, kind and platform.",
        discussion: HelpText.discussion(examples: [
            .init("The 2011 iOS HIG's rules about alerts", "hig rules --edition ios-2011-03 --topic alerts"),
            .init("Every guideline that applies to watchOS", "hig rules --platform watchOS --kind guideline"),
            .init("The rules under a heading, in every edition, as CSV", "hig rules --section \"Tab bars\" --format csv"),
        ]))

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
        case .table: Console.show(Console.renderer.rules(rules))
        }
    }
}
