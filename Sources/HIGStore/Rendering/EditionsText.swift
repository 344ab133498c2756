/// `hig editions`: each edition with its date, scope, coverage, rule counts per kind and sources.
extension TextRenderer {
    public func editions(_ editions: [EditionSummary]) -> String {
        var out = ""
        for edition in editions {
            let kinds = RuleKind.allCases.compactMap { kind in
                edition.rulesByKind[kind].map { "\($0) \(kind.rawValue)" }
            }.joined(separator: ", ")
            out += "\(edition.id)  \(edition.name)\n"
            if !edition.aliases.isEmpty { out += "  also named: \(edition.aliases.joined(separator: ", "))\n" }
            out +=
                "  date: \(edition.date ?? "undated")   scope: \(edition.platformScope) (\(edition.platforms.joined(separator: ", ")))   coverage: \(edition.coverage)\n"
            out += "  rules: \(edition.rules) (\(kinds))\n"
            // An edition of many files (a web capture's pages) shows its first few; `hig sources`
            // lists them all.
            for source in edition.sources.prefix(Self.sourcesShownPerEdition) {
                let chunk = source.chunk.map { "chunk \($0)" } ?? (source.form == "pdf-markdown" ? "whole document" : "whole page")
                out += "    \(source.path)  \(source.form), \(source.coverage), \(chunk), \(TextCut.count(source.rules, "rule"))\n"
            }
            if edition.sources.count > Self.sourcesShownPerEdition {
                let more = edition.sources.count - Self.sourcesShownPerEdition
                out += "    ... and \(TextCut.count(more, "more file")) (hig sources --edition \(edition.id))\n"
            }
        }
        return out
    }

    /// How many of an edition's files `hig editions` names.
    static let sourcesShownPerEdition = 6
}
