import Foundation

/// Text and Markdown for evolutions and edition diffs. `colored` swaps the `[-old-]{+new+}`
/// markers of a word diff for terminal colours.
public struct AnswerRenderer: Sendable {
    public let colored: Bool

    public init(colored: Bool) {
        self.colored = colored
    }

    func wordDiff(_ old: String, _ new: String) -> String {
        let segments = WordDiff.segments(from: old, to: new)
        return colored ? WordDiff.colored(segments) : WordDiff.plain(segments)
    }

    func heading(_ text: String) -> String { colored ? "\u{1B}[1m\(text)\u{1B}[0m" : text }

    // MARK: - Evolution

    public func evolution(_ answer: Evolution) -> String {
        var out = ""
        switch answer.reading {
        case .rule(let id): out += "Lineage of rule \(id)\n"
        case .topic(let slug): out += "Lineages of topic \(slug), those spanning most editions first\n"
        case .words(let words): out += "Lineages of the rules that best match \"\(words)\"\n"
        }
        if answer.lineages.isEmpty { out += "\nNothing matches.\n" }
        for (number, lineage) in answer.lineages.enumerated() {
            out += "\n" + heading("\(number + 1). \(lineage.versions.last?.summary.prefix(90) ?? "")") + "\n"
            out += "   editions: \(lineage.editions.joined(separator: " → "))\n"
            out += timeline(lineage)
        }
        if answer.omitted > 0 { out += "\n\(answer.omitted) more lineages; raise --limit to see them.\n" }
        return out
    }

    func timeline(_ lineage: Lineage) -> String {
        var out = ""
        for version in lineage.versions {
            let incoming = lineage.links(into: version.id)
            out += "\n   \(version.edition)  \(version.id)  \(version.source.citation)"
            if version.source.page != nil { out += " (page \(version.source.page!))" }
            out += "\n"
            if incoming.isEmpty {
                out += indent(version.text) + "\n"
                continue
            }
            for link in incoming {
                var line = "   \(link.change.rawValue) from \(link.from) (similarity \(format(link.similarity)))"
                let flags = link.flags.map { flag in
                    switch flag {
                    case .reversal: "REVERSAL"
                    case .forceChanged: "force \(link.forceFrom.rawValue) → \(link.forceTo.rawValue)"
                    case .curated: "curated"
                    }
                }
                if !flags.isEmpty { line += "  ⚑ " + flags.joined(separator: ", ") }
                out += line + "\n"
                if let rationale = link.rationale, link.method == .curated { out += "   why: \(rationale)\n" }
            }
            // The word diff against the earlier version, or against all of them in reading order
            // when several were merged into this one.
            let before = lineage.versions.filter { version in incoming.contains { $0.from == version.id } }.map(\.text)
            if incoming.count == 1, incoming[0].change == .unchanged {
                out += indent(version.text) + "\n"
            } else if !before.isEmpty {
                out += indent(wordDiff(before.joined(separator: " "), version.text)) + "\n"
            }
        }
        return out
    }

    // MARK: - Diff

    public func diff(_ diff: EditionDiff, rules: [String: RuleText], showUnchanged: Bool) -> String {
        var out = heading("hig diff \(diff.from) \(diff.to)") + "\n"
        let counts = diff.counts
        let widest = max(1, counts.map(\.1).max() ?? 1)
        for (change, count) in counts {
            let bar = String(repeating: "█", count: Int((Double(count) / Double(widest) * 30).rounded(.up)))
            out += "  " + change.rawValue.padding(toLength: 15, withPad: " ", startingAt: 0)
                + String(count).leftPadded(4) + "  " + bar + "\n"
        }
        if !diff.notInFromExcerpt.isEmpty {
            out += "  (and \(diff.notInFromExcerpt.count) rules of \(diff.to) not in the \(diff.from) excerpt, so not called added)\n"
        }
        func list(_ title: String, _ ids: [String]) {
            guard !ids.isEmpty else { return }
            out += "\n" + heading("\(title) (\(ids.count))") + "\n"
            for id in ids {
                guard let rule = rules[id] else { continue }
                out += "\n  \(id)  \(rule.citation)\n" + indent(rule.text, by: 4) + "\n"
            }
        }
        list("Removed", diff.removed)
        list("Added", diff.added)
        if !diff.changed.isEmpty {
            out += "\n" + heading("Changed (\(diff.changed.count))") + "\n"
            // The word diffs are most of the work for two large editions, and independent: made on
            // every core, then written in order.
            let texts = diff.changed.map { pair in (rules[pair.from]?.text, rules[pair.to]?.text) }
            let wordDiffs = ParallelMap.map(texts) { old, new in old.flatMap { old in new.map { wordDiff(old, $0) } } }
            for (pair, words) in zip(diff.changed, wordDiffs) {
                guard let words else { continue }
                let flags = pair.flags.map { flag in
                    switch flag {
                    case .reversal: "REVERSAL"
                    case .forceChanged: "force changed"
                    case .curated: "curated"
                    }
                }
                out += "\n  \(pair.change.rawValue): \(pair.from) → \(pair.to) (similarity \(format(pair.similarity)))"
                out += flags.isEmpty ? "\n" : "  ⚑ " + flags.joined(separator: ", ") + "\n"
                out += indent(words, by: 4) + "\n"
            }
        }
        list("Not in the \(diff.to) excerpt", diff.notInExcerpt)
        list("In \(diff.to), not in the \(diff.from) excerpt", diff.notInFromExcerpt)
        if !diff.unchanged.isEmpty {
            if showUnchanged {
                out += "\n" + heading("Unchanged (\(diff.unchanged.count))") + "\n"
                for pair in diff.unchanged { out += "  \(pair[0]) = \(pair[1])\n" }
            } else {
                out += "\n\(diff.unchanged.count) unchanged rules not shown (--unchanged lists them).\n"
            }
        }
        return out
    }

    public static func diffMarkdown(_ diff: EditionDiff, rules: [String: RuleText]) -> String {
        let cell = MarkdownText.cell
        var out = "# Changes from \(diff.from) to \(diff.to)\n\n| change | rules |\n| --- | ---: |\n"
        for (change, count) in diff.counts { out += "| \(change.rawValue) | \(count) |\n" }
        func section(_ title: String, _ ids: [String]) {
            guard !ids.isEmpty else { return }
            out += "\n## \(title)\n\n| id | rule | source |\n| --- | --- | --- |\n"
            for id in ids { if let rule = rules[id] { out += "| \(id) | \(cell(rule.text)) | \(cell(rule.citation)) |\n" } }
        }
        section("Removed", diff.removed)
        section("Added", diff.added)
        if !diff.changed.isEmpty {
            out += "\n## Changed\n\n| change | from | to | word diff | flags |\n| --- | --- | --- | --- | --- |\n"
            // Independent word diffs, made on every core and written in order.
            let texts = diff.changed.map { pair in (rules[pair.from]?.text, rules[pair.to]?.text) }
            let wordDiffs = ParallelMap.map(texts) { old, new in old.flatMap { old in new.map { WordDiff.segments(from: old, to: $0) } } }
            for (pair, wordDiff) in zip(diff.changed, wordDiffs) {
                guard let wordDiff else { continue }
                let segments = wordDiff.map { segment -> String in
                    switch segment {
                    case .same(let words): cell(words)
                    case .removed(let words): "~~\(cell(words))~~"
                    case .inserted(let words): "**\(cell(words))**"
                    }
                }.joined(separator: " ")
                let flags = pair.flags.map { flag in
                    switch flag {
                    case .reversal: "reversal"
                    case .forceChanged: "force changed"
                    case .curated: "curated"
                    }
                }
                out += "| \(pair.change.rawValue) | \(pair.from) | \(pair.to) | \(segments) | \(flags.joined(separator: ", ")) |\n"
            }
        }
        section("Not in the \(diff.to) excerpt", diff.notInExcerpt)
        section("In \(diff.to), not in the \(diff.from) excerpt", diff.notInFromExcerpt)
        if !diff.unchanged.isEmpty { out += "\n\(diff.unchanged.count) rules unchanged.\n" }
        return out
    }

    func indent(_ text: String, by spaces: Int = 3) -> String {
        String(repeating: " ", count: spaces) + text
    }

    func format(_ value: Double) -> String { String(format: "%.2f", value) }
}

extension String {
    func leftPadded(_ width: Int) -> String {
        String(repeating: " ", count: max(0, width - count)) + self
    }
}
