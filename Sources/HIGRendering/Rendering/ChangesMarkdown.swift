import HIGLineage
import HIGStore
import HIGText

/// `hig changes --format markdown`: a changelog a team can paste into its docs, a section per
/// page, Apple's entries first, word diffs with struck-through and bold words.
extension TextRenderer {
    public static func changesMarkdown(_ changes: GuidelineChanges) -> String {
        // A list item or a heading is one line: a rule's line breaks become spaces.
        func inline(_ text: String) -> String {
            MarkdownText.inline(text).split(whereSeparator: \.isNewline).joined(separator: " ")
        }
        var out = "# \(changesHeading(changes))\n\n"
        for line in changesSummary(changes) { out += inline(line.prefix(1).uppercased() + line.dropFirst()) + ".  \n" }
        for page in changes.pages {
            out += "\n## \(inline(page.title)) (\(page.status.rawValue))\n\n`\(page.path)`"
            if !page.formerly.isEmpty { out += ", formerly \(page.formerly.map(inline).joined(separator: "; "))" }
            out += "\n"
            if !page.notes.isEmpty {
                out += "\nApple's change log, new since \(changes.from):\n\n"
                for entry in page.notes {
                    out += "- **\(entry.note.date ?? "undated")**: \(inline(entry.note.text))"
                    if !entry.names.isEmpty { out += " (its words are in \(entry.names.map { "`\($0)`" }.joined(separator: ", ")))" }
                    out += "\n"
                }
            }
            func list(_ title: String, _ rules: [GuidelineChanges.Rule]) {
                guard !rules.isEmpty else { return }
                out += "\n\(title):\n\n"
                for rule in rules { out += "- \(inline(rule.text)) (`\(rule.id)`, \(inline(rule.citation)))\n" }
            }
            list("Added", page.added)
            list("Removed", page.removed)
            if !page.changed.isEmpty {
                out += "\nChanged:\n\n"
                let diffs = ParallelMap.map(page.changed) { WordDiff.segments(from: $0.from.text, to: $0.to.text) }
                for (change, segments) in zip(page.changed, diffs) {
                    let words = markdownWordDiff(segments, escaped: inline)
                    let flags = flags(change.pair, reversal: "reversal")
                    out += "- *\(change.pair.change.rawValue)*\(flags.isEmpty ? "" : " (\(flags.joined(separator: ", ")))"): \(words)"
                    out += " (`\(change.pair.from)` → `\(change.pair.to)`)\n"
                }
            }
        }
        if changes.pages.isEmpty { out += "\nNo page changed.\n" }
        return out
    }
}
