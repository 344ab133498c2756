import HIGStore
import HIGText

/// `hig editions`: the family tree, then each edition with its date, scope, coverage, rule
/// counts per kind and sources.
extension TextRenderer {
    public func editions(_ editions: [EditionSummary]) -> String {
        var out = familyTree(editions) + "\n"
        for edition in editions {
            let kinds = RuleKind.allCases.compactMap { kind in
                edition.rulesByKind[kind].map { "\($0) \(kind.rawValue)" }
            }.joined(separator: ", ")
            out += "\(edition.id)  \(edition.name)\n"
            if !edition.aliases.isEmpty { out += "  also named: \(edition.aliases.joined(separator: ", "))\n" }
            out +=
                "  date: \(edition.date ?? "undated")   scope: \(edition.platformScope) (\(edition.platforms.joined(separator: ", ")))   coverage: \(edition.coverage)\n"
            out += "  rules: \(edition.rules) (\(kinds))\n"
            if let line = edition.line {
                let from = edition.predecessors.isEmpty ? "none (it begins its line)" : edition.predecessors.joined(separator: ", ")
                out += "  line: \(line)   revised from: \(from)\(edition.prereleaseOf.map { "   pre-release of: \($0)" } ?? "")\n"
            }
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

    /// The editions as a tree, oldest first: each under the edition it was first revised from.
    /// `→` continues a line with the one edition revised from the edition above; `├`/`└` branch
    /// where several were. The line's name shows where it changes; other predecessors and the
    /// final edition of a draft in brackets.
    func familyTree(_ editions: [EditionSummary]) -> String {
        let ids = Set(editions.map(\.id))
        var children: [String: [EditionSummary]] = [:]
        var roots: [EditionSummary] = []
        for edition in editions {
            if let parent = edition.predecessors.first, ids.contains(parent) {
                children[parent, default: []].append(edition)
            } else {
                roots.append(edition)
            }
        }
        let lineOf = Dictionary(uniqueKeysWithValues: editions.map { ($0.id, $0.line) })
        var out = "Family tree (each edition under the one it was revised from):\n"
        // `lead`: what precedes this edition's own row; `rest`: what precedes its descendants'.
        func show(_ edition: EditionSummary, lead: String, rest: String) {
            var notes: [String] = []
            let parentLine = edition.predecessors.first.flatMap { lineOf[$0] ?? nil }
            if let line = edition.line, line != parentLine { notes.append("line \(line)") }
            if edition.predecessors.count > 1 { notes.append("also from " + edition.predecessors.dropFirst().joined(separator: ", ")) }
            if let final = edition.prereleaseOf { notes.append("pre-release of \(final)") }
            let bracket = notes.isEmpty ? "" : "  [" + notes.joined(separator: "; ") + "]"
            out += lead + edition.id + "  " + (edition.date ?? "undated") + bracket + "\n"
            let next = children[edition.id] ?? []
            if next.count == 1 {
                show(next[0], lead: rest + "→ ", rest: rest)
            } else {
                for (index, child) in next.enumerated() {
                    let last = index == next.count - 1
                    show(child, lead: rest + (last ? "└ " : "├ "), rest: rest + (last ? "  " : "│ "))
                }
            }
        }
        for root in roots { show(root, lead: "  ", rest: "  ") }
        return out
    }

    /// How many of an edition's files `hig editions` names.
    static let sourcesShownPerEdition = 6
}
