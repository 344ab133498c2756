import HIGLineage
import HIGStore
import HIGText

/// `hig changes --format html`: the changelog as one self-contained page, in the report's
/// style: a section per page, Apple's entries first, then the rules with word diffs.
public enum ChangesHTML {
    public static func render(_ changes: GuidelineChanges, version: String) -> String {
        render(steps: [changes], version: version)
    }

    /// Several comparisons (`hig changes --step`) in one page, one after the other.
    public static func render(steps: [GuidelineChanges], version: String) -> String {
        let title = steps.count == 1 ? TextRenderer.changesHeading(steps[0]) : "What changed, step by step"
        var out = HTML.documentHead(title: title, version: version)
        out += "<main>\n"
        for changes in steps { out += section(changes) }
        out += "</main>\n</body>\n</html>\n"
        return out
    }

    private static func section(_ changes: GuidelineChanges) -> String {
        let h = HTML.escape
        let heading = TextRenderer.changesHeading(changes)
        var out = ""
        out += "<header class=\"page\"><div class=\"wrap\">\n<h1>\(h(heading))</h1>\n"
        for line in TextRenderer.changesSummary(changes) { out += "<p class=\"muted\">\(h(line))</p>\n" }
        out += "</div></header>\n<div class=\"wrap\">\n"
        for page in changes.pages {
            out += "<section>\n<h2>\(h(page.title)) <span class=\"muted\">(\(h(page.status.rawValue)))</span></h2>\n"
            out += "<p class=\"meta\"><code>\(h(page.path))</code>"
            if !page.formerly.isEmpty { out += "; formerly \(h(page.formerly.joined(separator: "; ")))" }
            out += "</p>\n"
            if !page.notes.isEmpty {
                out += "<h3>Apple’s change log, new since \(h(changes.from))</h3>\n<ul>\n"
                for entry in page.notes {
                    out += "<li><time>\(h(entry.note.date ?? "undated"))</time>: \(h(entry.note.text))"
                    if !entry.names.isEmpty {
                        out += " <span class=\"meta\">its words are in \(h(entry.names.joined(separator: ", ")))</span>"
                    }
                    out += "</li>\n"
                }
                out += "</ul>\n"
            }
            func list(_ title: String, _ rules: [GuidelineChanges.Rule]) {
                guard !rules.isEmpty else { return }
                out += "<h3>\(title) (\(rules.count))</h3>\n<ul>\n"
                for rule in rules {
                    out += "<li>\(h(rule.text)) <span class=\"meta\">\(h(rule.id)) · \(h(rule.citation))</span></li>\n"
                }
                out += "</ul>\n"
            }
            list("Added", page.added)
            list("Removed", page.removed)
            if !page.changed.isEmpty {
                out += "<h3>Changed (\(page.changed.count))</h3>\n<ul>\n"
                let diffs = ParallelMap.map(page.changed) { WordDiff.segments(from: $0.from.text, to: $0.to.text) }
                for (change, segments) in zip(page.changed, diffs) {
                    let flags = TextRenderer.flags(change.pair, reversal: "reversal")
                    out += "<li><strong>\(h(change.pair.change.rawValue))</strong>"
                    if !flags.isEmpty { out += " <span class=\"muted\">(\(h(flags.joined(separator: ", "))))</span>" }
                    out +=
                        ": \(HTML.wordDiff(segments)) <span class=\"meta\">\(h(change.pair.from)) → \(h(change.pair.to)) · \(h(change.to.citation))</span></li>\n"
                }
                out += "</ul>\n"
            }
            out += "</section>\n"
        }
        if changes.pages.isEmpty { out += "<p>No page changed.</p>\n" }
        out += "</div>\n"
        return out
    }
}
