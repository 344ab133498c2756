/// `hig editions`: each edition with its date, scope, coverage, rule counts per kind and sources.
extension TextRenderer {
    public func editions(_ editions: [EditionSummary]) -> String {
        var out = ""
        for edition in editions {
            let kinds = RuleKind.allCases.compactMap { kind in
                edition.rulesByKind[kind].map { "\($0) \(kind.rawValue)" }
            }.joined(separator: ", ")
            out += "\(edition.id)  \(edition.name)\n"
            out +=
                "  date: \(edition.date ?? "undated")   scope: \(edition.platformScope) (\(edition.platforms.joined(separator: ", ")))   coverage: \(edition.coverage)\n"
            out += "  rules: \(edition.rules) (\(kinds))\n"
            for source in edition.sources {
                let chunk = source.chunk.map { "chunk \($0)" } ?? "whole page"
                out += "    \(source.path)  \(source.form), \(source.coverage), \(chunk), \(TextCut.count(source.rules, "rule"))\n"
            }
        }
        return out
    }
}
