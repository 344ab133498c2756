import HIGStore

/// `hig rules`: one rule a line, with the words that carry it (its text, after its title when
/// the text does not open with it), cut between words at the terminal's width.
extension TextRenderer {
    public func rules(_ rules: [RuleRecord]) -> RenderedText {
        let rows = rules.map { [$0.id, $0.kind.rawValue, $0.source.citation, Self.words(of: $0)] }
        let table = TextTable.render(header: ["ID", "KIND", "SOURCE", "RULE"], rows: rows, width: width, cutFromStart: [2])
        return RenderedText(output: table, notes: rules.isEmpty ? ["no rules match"] : [])
    }
}
