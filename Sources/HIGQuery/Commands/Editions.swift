import ArgumentParser
import HIGStore

struct Editions: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the editions with their sources, coverage and rule counts.")

    @ParentCommand var root: HIG

    func run() throws {
        let store = try root.openStore()
        var out = ""
        for edition in try store.editions() {
            let kinds = RuleKind.allCases.compactMap { kind in
                edition.rulesByKind[kind].map { "\($0) \(kind.rawValue)" }
            }.joined(separator: ", ")
            out += "\(edition.id)  \(edition.name)\n"
            out += "  date: \(edition.date ?? "undated")   scope: \(edition.platformScope) (\(edition.platforms.joined(separator: ", ")))   coverage: \(edition.coverage)\n"
            out += "  rules: \(edition.rules) (\(kinds))\n"
            for source in edition.sources {
                let chunk = source.chunk.map { "chunk \($0)" } ?? "whole page"
                out += "    \(source.path)  \(source.form), \(source.coverage), \(chunk), \(source.rules) rules\n"
            }
        }
        Console.print(out)
    }
}
