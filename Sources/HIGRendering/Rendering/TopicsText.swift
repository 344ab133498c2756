import HIGStore
import HIGText

/// `hig topics`: the taxonomy as a matrix of rule counts per topic and edition, `·` where an
/// edition has no rule of a topic; with `describe`, each topic's description after it.
///
/// With the archive there are 42 editions, a line of 650 characters: a table that does not fit
/// the terminal shows each line of the family tree by its newest edition instead, after the
/// rules of all editions, and then as many of those columns as fit, newest line first; a note on
/// stderr names what was left out.
extension TextRenderer {
    /// What a cell with no rules shows (the help of `hig topics` names it).
    public static let noRules = "·"

    /// The header of the column of rules in all editions, in the view by line.
    public static let allEditionsColumn = "ALL"

    /// The columns a topics table may show.
    public struct TopicColumns: Sendable {
        /// The editions to show (in the database's order), or nil for the default: all of them,
        /// or, when they do not fit, the newest of each line.
        public let chosen: [String]?
        /// Every edition, in the database's order, with its line (nil when no edition names one).
        public let editions: [(id: String, line: String?)]

        public init(chosen: [String]?, editions: [(id: String, line: String?)]) {
            self.chosen = chosen
            self.editions = editions
        }
    }

    public func topics(_ columns: TopicColumns, topics: [RuleStore.TopicCounts], describe: Bool) -> RenderedText {
        let names = topics.map { [$0.slug, String(repeating: "  ", count: $0.depth) + $0.name] }
        func count(_ topic: RuleStore.TopicCounts, _ editions: [String]) -> String {
            let sum = editions.compactMap { topic.counts[$0] }.reduce(0, +)
            return editions.contains { topic.counts[$0] != nil } ? String(sum) : Self.noRules
        }
        // Each count column: its header, its cells, and what a note calls it.
        var counts: [(header: String, cells: [String], name: String)]
        var legend = ""
        if let chosen = columns.chosen ?? (fits(columns.editions.map(\.id), topics, names) ? columns.editions.map(\.id) : nil) {
            counts = chosen.map { edition in (edition, topics.map { count($0, [edition]) }, edition) }
        } else {
            let byLine = Self.newestOfEachLine(columns.editions)
            counts = [(Self.allEditionsColumn, topics.map { count($0, columns.editions.map(\.id)) }, Self.allEditionsColumn)]
            counts += byLine.map { line, edition in (line, topics.map { count($0, [edition]) }, line) }
            legend =
                "\(Self.allEditionsColumn): rules in all \(columns.editions.count) editions; each line by its newest edition: "
                + byLine.map { "\($0.line) (\($0.edition))" }.joined(separator: ", ")
                + " (--line L: a line's editions; --edition E: an edition)\n"
        }
        let header = ["TOPIC", "NAME"]
        let widths = (header.indices.map { column in ([header[column]] + names.map { $0[column] }).map(\.count).max() ?? 0 })
        var used = widths.reduce(0, +) + 2
        var kept = 0
        for column in counts {
            let needed = ([column.header] + column.cells).map(\.count).max()! + 2
            if let width, kept > 0, used + needed > width { break }
            used += needed
            kept += 1
        }
        var notes: [String] = []
        if kept < counts.count {
            let left = counts[kept...].map(\.name)
            notes.append(
                "\(TextCut.count(left.count, "column")) left out to fit \(width ?? 0) characters: \(left.joined(separator: ", ")); "
                    + "a wider terminal, --line or --edition shows them")
        }
        let shown = Array(counts.prefix(kept))
        let rows = names.indices.map { row in names[row] + shown.map { $0.cells[row] } }
        var out = TextTable.render(
            header: header + shown.map(\.header), rows: rows, width: nil, rightAligned: Set(2..<(2 + shown.count)))
        if !legend.isEmpty { out += TextCut.wrapped(legend, width: width) }
        if describe {
            out += "\n" + topics.map { "\($0.slug): \($0.description)" }.joined(separator: "\n") + "\n"
        }
        return RenderedText(output: out, notes: notes)
    }

    /// Whether a column per edition fits the terminal (always, when nothing is cut).
    private func fits(_ editions: [String], _ topics: [RuleStore.TopicCounts], _ names: [[String]]) -> Bool {
        guard let width else { return true }
        let nameWidth =
            [0, 1].map { column in (["TOPIC", "NAME"][column].count, names.map { $0[column].count }.max() ?? 0) }
            .map { max($0.0, $0.1) }.reduce(0, +) + 2
        let countWidth = editions.map { edition in
            max(edition.count, topics.map { String($0.counts[edition] ?? 0).count }.max() ?? 1) + 2
        }.reduce(0, +)
        return nameWidth + countWidth <= width
    }

    /// Each line and its newest edition (the last of the line in the database's order), the
    /// newest line first; an edition of no line stands for itself.
    static func newestOfEachLine(_ editions: [(id: String, line: String?)]) -> [(line: String, edition: String)] {
        var newest: [String: (position: Int, edition: String)] = [:]
        for (position, edition) in editions.enumerated() {
            newest[edition.line ?? edition.id] = (position, edition.id)
        }
        return newest.sorted { $0.value.position > $1.value.position }.map { ($0.key, $0.value.edition) }
    }
}
