import HIGStore

/// `hig sources`: one line per file with where its lines went, then the runs of lines no rule,
/// heading or set-aside holds, if any (`--unaccounted` keeps only the files that have some).
extension TextRenderer {
    public func sources(_ sources: [SourceAccounting]) -> String {
        let header = ["LINES", "RULES", "IN RULES", "HEADINGS", "SET ASIDE", "BLANK", "UNACCOUNTED", "FILE"]
        let rows = sources.map { source in
            [
                source.lines, source.rules, source.ruleLines, source.headingLines, source.setAside.values.reduce(0, +), source.blankLines,
                source.unaccountedLines,
            ].map(String.init) + [source.file]
        }
        var out = TextTable.render(header: header, rows: rows, width: width, rightAligned: Set(0..<7))
        var reasons: [String: Int] = [:]
        for source in sources { reasons.merge(source.setAside, uniquingKeysWith: +) }
        if !reasons.isEmpty {
            out +=
                "set aside: "
                + reasons.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
                .map { "\($0.key) \($0.value)" }.joined(separator: ", ") + "\n"
        }
        for source in sources where !source.unaccounted.isEmpty {
            for run in source.unaccounted {
                out += "unaccounted: \(source.file):\(run.start == run.end ? "\(run.start)" : "\(run.start)-\(run.end)")\n"
            }
        }
        return out
    }
}
