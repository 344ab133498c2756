/// `hig topics`: the taxonomy as a matrix of rule counts per topic and edition, `·` where an
/// edition has no rule of a topic; with `describe`, each topic's description after it.
extension TextRenderer {
    /// What a cell with no rules shows (the help of `hig topics` names it).
    public static let noRules = "·"

    public func topics(editions: [String], topics: [RuleStore.TopicCounts], describe: Bool) -> String {
        let header = ["TOPIC", "NAME"] + editions
        let rows = topics.map { topic in
            [topic.slug, String(repeating: "  ", count: topic.depth) + topic.name]
                + editions.map { edition in topic.counts[edition].map(String.init) ?? Self.noRules }
        }
        var out = TextTable.render(header: header, rows: rows, width: nil, rightAligned: Set(2..<header.count))
        if describe {
            out += "\n" + topics.map { "\($0.slug): \($0.description)" }.joined(separator: "\n") + "\n"
        }
        return out
    }
}
