/// "At a glance": per edition and the one before it, the counts `hig diff` gives, removed and
/// not-in-excerpt included, so the report and the command line agree.
extension HTMLReport {
    /// The summary's columns after the pair of editions, in `EditionDiff.counts` order.
    static let glanceColumns = [
        "Unchanged", "Reworded", "Revised", "Replaced", "Split", "Merged", "Restored", "Added", "Removed",
        "Left out of the newer excerpt", "Not in the newer excerpt", "Not in the older excerpt", "Reversals", "Force changes",
    ]

    func summary() -> String {
        guard let diffs = content.editionDiffs else { return "" }
        var out = """
            <section id="summary" aria-labelledby="summary-title">
            <h2 id="summary-title">At a glance</h2>
            <table class="numbers glance stack">
            <caption id="summary-caption">What changed from each edition to the next, as <code>hig diff</code> counts it</caption>
            <thead><tr><th scope="col">Editions</th>
            """
        for column in Self.glanceColumns { out += "<th scope=\"col\">\(h(column))</th>" }
        out += "</tr></thead>\n<tbody>\n"
        for diff in diffs {
            let values =
                diff.counts.map(\.1)
                + [diff.notInFromExcerpt.count, diff.changed.filter(\.reversal).count, diff.changed.filter(\.forceChanged).count]
            // The row heading may wrap, but never inside an edition id.
            let command = TextRenderer.diffCommand(diff, .init(topic: content.filter.topic)).split(separator: " ").map(String.init)
            let words = command.map { [diff.from, diff.to].contains($0) ? unbroken($0) : h($0) }
            out += "<tr><th scope=\"row\">\(unbroken(diff.from)) → \(unbroken(diff.to))"
            out += "<code class=\"meta\">\(words.joined(separator: " "))</code></th>"
            for (column, value) in zip(Self.glanceColumns, values) {
                out += "<td data-label=\"\(h(column))\">\(value == 0 ? "<span class=\"muted\">0</span>" : String(value))</td>"
            }
            out += "</tr>\n"
        }
        if diffs.isEmpty {
            out += "<tr><td colspan=\"\(Self.glanceColumns.count + 1)\">No two editions to compare.</td></tr>\n"
        }
        out += """
            </tbody>
            </table>
            <p class="muted">Each row is what <code>hig diff</code> prints for the two editions\(glanceScope()). It counts \
            pairs of rules: a rule merged from three counts three times, as a merge. A rule missing from an excerpt \
            edition is “not in the excerpt”, never removed or added: the excerpt may not reach it. The rules table \
            below gives each rule’s change against its nearest counterpart, which may be older than the edition \
            just before it.</p>
            </section>

            """
        return out
    }

    /// A word a line may not break inside (an edition id breaks at its hyphens otherwise).
    func unbroken(_ word: String) -> String { "<span class=\"nw\">\(h(word))</span>" }

    /// Why the counts may cover more rules than the export: its edition, kind and platform
    /// filters do not apply to `hig diff`.
    func glanceScope() -> String {
        let filter = content.filter
        var ignored: [String] = []
        if filter.edition != nil { ignored.append("edition") }
        if filter.kind != nil { ignored.append("kind") }
        if filter.platform != nil { ignored.append("platform") }
        let topic = filter.topic.map { ", the rules of topic \($0) on either side" } ?? ""
        guard !ignored.isEmpty else { return topic }
        return "\(topic), over all the rules of the two editions (the export’s \(ignored.joined(separator: " and ")) "
            + "filter narrows the rules below, not these counts)"
    }
}
