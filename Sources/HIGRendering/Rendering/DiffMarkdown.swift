import HIGLineage
import HIGStore
import HIGText

/// `hig diff --format markdown`: the summary as a table, then a table per list, the word diffs
/// with struck-through and bold words.
extension TextRenderer {
    public static func diffMarkdown(_ diff: EditionDiff, rules: [String: RuleText], options: RuleStore.DiffOptions = .init()) -> String {
        let cell = MarkdownText.cell
        var out = "# Changes from \(diff.from) to \(diff.to)\n\n"
        for line in diffFilterLines(diff, options) { out += cell(line.prefix(1).uppercased() + line.dropFirst()) + ".\n\n" }
        out += "| change | rules |\n| --- | ---: |\n"
        for (change, count) in diff.counts { out += "| \(change.rawValue) | \(count) |\n" }
        func section(_ title: String, _ ids: [String]) {
            guard !ids.isEmpty else { return }
            guard let candidates = diff.candidates else {
                out += "\n## \(title)\n\n| id | rule | source |\n| --- | --- | --- |\n"
                for id in ids { if let rule = rules[id] { out += "| \(id) | \(cell(rule.text)) | \(cell(rule.citation)) |\n" } }
                return
            }
            out += "\n## \(title)\n\n| id | rule | source | likely counterparts (score) |\n| --- | --- | --- | --- |\n"
            for id in ids {
                guard let rule = rules[id] else { continue }
                let likely = (candidates[id] ?? []).map {
                    "\($0.rule) (\(([String(format: "%.2f", $0.score)] + $0.marks).joined(separator: ", ")))"
                }
                out +=
                    "| \(id) | \(cell(rule.text)) | \(cell(rule.citation)) | \(likely.isEmpty ? "none" : likely.joined(separator: "<br>")) |\n"
            }
        }
        if !diff.changeNotes.isEmpty {
            out += "\n## Apple's change notes in \(diff.to)\n\n| date | note | file |\n| --- | --- | --- |\n"
            for note in diff.changeNotes {
                let place = "\(cell(note.document)), lines \(note.lineStart)–\(note.lineEnd)"
                out += "| \(note.date ?? "undated") | \(cell(note.text)) | \(place) |\n"
            }
        }
        section("Removed", diff.removed)
        section("Added", diff.added)
        section("Restored (back from an edition before \(diff.from))", diff.restored)
        if !diff.changed.isEmpty {
            out += "\n## Changed\n\n| change | from | to | word diff | flags |\n| --- | --- | --- | --- | --- |\n"
            // Independent word diffs, made on every core and written in order.
            let texts = diff.changed.map { pair in (rules[pair.from]?.text, rules[pair.to]?.text) }
            let wordDiffs = ParallelMap.map(texts) { old, new in old.flatMap { old in new.map { WordDiff.segments(from: old, to: $0) } } }
            for (pair, wordDiff) in zip(diff.changed, wordDiffs) {
                guard let wordDiff else { continue }
                let segments = markdownWordDiff(wordDiff, escaped: cell)
                let flags = flags(pair, reversal: "reversal").joined(separator: ", ")
                out += "| \(pair.change.rawValue) | \(pair.from) | \(pair.to) | \(segments) | \(flags) |\n"
            }
        }
        section("Left out of the \(diff.to) excerpt, which holds the page of their subject", diff.leftOut)
        section("Not in the \(diff.to) excerpt", diff.notInExcerpt)
        section("In \(diff.to), not in the \(diff.from) excerpt", diff.notInFromExcerpt)
        if !diff.unchanged.isEmpty { out += "\n\(TextCut.count(diff.unchanged.count, "rule")) unchanged.\n" }
        return out
    }
}

extension TextRenderer {
    /// A word diff in Markdown: removed words struck through, inserted ones bold, each run's
    /// words escaped by `escaped` (a table cell's or a paragraph's escaping).
    static func markdownWordDiff(_ segments: [WordDiff.Segment], escaped: (String) -> String) -> String {
        segments.map { segment in
            switch segment {
            case .same(let words): escaped(words)
            case .removed(let words): "~~\(escaped(words))~~"
            case .inserted(let words): "**\(escaped(words))**"
            }
        }.joined(separator: " ")
    }
}
