import HIGLineage
import HIGStore
import HIGText

/// `hig changes` as text: a summary, then page by page Apple's new change-log entries and the
/// rules added, removed and changed, with word diffs.
extension TextRenderer {
    public func changes(_ changes: GuidelineChanges) -> String {
        var out = bold(Self.changesHeading(changes)) + "\n"
        for line in Self.changesSummary(changes) { out += "  " + line + "\n" }
        for page in changes.pages {
            out += "\n" + bold(Self.pageHeading(page)) + "\n  " + page.path + "\n"
            if !page.formerly.isEmpty { out += "  formerly: \(page.formerly.joined(separator: "; "))\n" }
            if !page.notes.isEmpty {
                out += "  Apple's change log, new since \(changes.from):\n"
                for entry in page.notes {
                    let note = entry.note
                    out += "    \((note.date ?? "undated").padding(toLength: 10, withPad: " ", startingAt: 0))  \(note.text)\n"
                    if !entry.names.isEmpty { out += "                its words are in \(entry.names.joined(separator: ", "))\n" }
                }
            }
            func list(_ title: String, _ rules: [GuidelineChanges.Rule]) {
                guard !rules.isEmpty else { return }
                out += "  \(title) (\(rules.count)):\n"
                for rule in rules { out += "    \(rule.id)  \(rule.citation)\n      \(rule.text)\n" }
            }
            list("Added", page.added)
            list("Removed", page.removed)
            if !page.changed.isEmpty {
                out += "  Changed (\(page.changed.count)):\n"
                let diffs = ParallelMap.map(page.changed) { wordDiff($0.from.text, $0.to.text) }
                for (change, words) in zip(page.changed, diffs) {
                    let pair = change.pair
                    let flags = Self.flags(pair, reversal: "REVERSAL")
                    out += "    \(pair.change.rawValue): \(pair.from) → \(pair.to)  \(change.to.citation)"
                    out += " (\(measures(similarity: pair.similarity, confidence: pair.confidence)))"
                    out += flags.isEmpty ? "\n" : "  ⚑ " + flags.joined(separator: ", ") + "\n"
                    out += "      " + words + "\n"
                }
            }
        }
        if changes.pages.isEmpty { out += "\nNo page changed.\n" }
        return out
    }

    /// `What changed from web-2023-09 to web-2026-07 (since 2023-01-01)`.
    static func changesHeading(_ changes: GuidelineChanges) -> String {
        "What changed from \(changes.from) to \(changes.to)" + (changes.since.map { " (since \($0))" } ?? "")
    }

    /// `Alerts: changed` / `Charts: added` / `Onscreen keyboards: changed (formerly ...)`.
    static func pageHeading(_ page: GuidelineChanges.Page) -> String {
        "\(page.title): \(page.status.rawValue)"
    }

    /// The counts, and how the comparison was made.
    static func changesSummary(_ changes: GuidelineChanges) -> [String] {
        let counts = changes.counts
        var lines: [String] = []
        if !changes.through.isEmpty { lines.append("through \(changes.through.joined(separator: " → "))") }
        let pages = [GuidelineChanges.Page.Status.changed, .added, .removed].map { "\(counts.pages[$0] ?? 0) \($0.rawValue)" }
        lines.append("pages: \(pages.joined(separator: ", "))")
        lines.append(
            "rules: \(counts.added) added, \(counts.removed) removed, \(counts.changed) changed; Apple's notes: \(counts.notes)")
        if changes.notInFromExcerpt > 0 {
            lines.append(
                "(and \(TextCut.count(changes.notInFromExcerpt, "rule")) of \(changes.to) not in the \(changes.from) excerpt, so not called added)"
            )
        }
        return lines
    }
}
