import Foundation
import HIGLineage
import HIGStore
import HIGText

/// `hig diff` as text: a summary like `git diff --stat`, then the removed, added and changed
/// rules with word diffs. A filtered diff says what it left out, so that a count of 0 is read
/// as "not shown", not as "none".
extension TextRenderer {
    public func diff(
        _ diff: EditionDiff, rules: [String: RuleText], options: RuleStore.DiffOptions = .init(),
        showUnchanged: Bool
    ) -> String {
        var out = bold(Self.diffCommand(diff, options)) + "\n"
        for line in Self.diffFilterLines(diff, options) { out += "  " + line + "\n" }
        let counts = diff.counts
        let widest = max(1, counts.map(\.1).max() ?? 1)
        for (change, count) in counts {
            let bar = String(repeating: "█", count: Int((Double(count) / Double(widest) * 30).rounded(.up)))
            out +=
                "  " + change.rawValue.padding(toLength: 15, withPad: " ", startingAt: 0)
                + String(count).leftPadded(4) + "  " + bar + "\n"
        }
        if !diff.fromOtherPredecessors.isEmpty {
            out +=
                "  (and \(TextCut.count(diff.fromOtherPredecessors.count, "rule")) of \(diff.to) continuing rules of an edition it descends from outside \(diff.from)'s line, so not called added)\n"
        }
        if !diff.notInFromExcerpt.isEmpty {
            out +=
                "  (and \(TextCut.count(diff.notInFromExcerpt.count, "rule")) of \(diff.to) not in the \(diff.from) excerpt, so not called added)\n"
        }
        func list(_ title: String, _ ids: [String], candidatesIn other: String? = nil) {
            guard !ids.isEmpty else { return }
            out += "\n" + bold("\(title) (\(ids.count))") + "\n"
            for id in ids {
                guard let rule = rules[id] else { continue }
                out += "\n  \(id)  \(rule.citation)\n" + indent(rule.text, by: 4) + "\n"
                if let other, let candidates = diff.candidates {
                    out += self.candidates(candidates[id] ?? [], in: other) { rules[$0.rule]?.text }
                }
            }
        }
        out += changeNotes(diff.changeNotes, in: diff.to)
        list("Removed", diff.removed, candidatesIn: diff.to)
        list("Left out of the \(diff.to) excerpt, which holds the page of their subject", diff.leftOut, candidatesIn: diff.to)
        list("Added", diff.added, candidatesIn: diff.from)
        list("Restored (back from an edition before \(diff.from), which lacked them)", diff.restored)
        out += changed(diff, rules: rules)
        list("Not in the \(diff.to) excerpt", diff.notInExcerpt)
        list("In \(diff.to), not in the \(diff.from) excerpt", diff.notInFromExcerpt)
        if !diff.unchanged.isEmpty {
            if showUnchanged {
                out += "\n" + bold("Unchanged (\(diff.unchanged.count))") + "\n"
                for pair in diff.unchanged { out += "  \(pair[0]) = \(pair[1])\n" }
            } else {
                out += "\n\(TextCut.count(diff.unchanged.count, "unchanged rule")) not shown (--unchanged lists them).\n"
            }
        }
        return out
    }

    /// A removed or added rule's likely counterparts in the other edition, each with the
    /// matcher's score (a link needs `RuleMatcher.leastLinkScore`) and the start of its text;
    /// `of`: the rule they are of, named where it is not the one just shown (either rule of a pair).
    func candidates(
        _ candidates: [CounterpartCandidate], in edition: String, of rule: String? = nil, indent: Int = 4,
        text: (CounterpartCandidate) -> String?
    ) -> String {
        let margin = String(repeating: " ", count: indent)
        let whose = rule.map { " of \($0)" } ?? ""
        guard !candidates.isEmpty else { return margin + "no likely counterpart\(whose) in \(edition)\n" }
        var out = margin + "likely counterparts\(whose) in \(edition) (score; a link needs \(RuleMatcher.leastLinkScore)):\n"
        for candidate in candidates {
            let words = text(candidate).map { TextCut.words($0, limit: 90) } ?? ""
            // What puts it out of score order (`CounterpartCandidates.ordered`), before its words.
            let marks = candidate.marks.map { "(\($0)) " }.joined()
            out += margin + "  \(candidate.rule)  \(format(candidate.score))  \(marks)\(words)\n"
        }
        return out
    }

    /// Apple's own notes, file by file: `2019-06-04  Updated for iOS 13.`
    func changeNotes(_ notes: [EditionChangeNote], in edition: String) -> String {
        guard !notes.isEmpty else { return "" }
        var out = "\n" + bold("Apple's change notes in \(edition) (\(notes.count))") + "\n"
        var file: String?
        for note in notes {
            if note.file != file {
                file = note.file
                out += "\n  \(note.document) (\(note.file))\n"
            }
            let date = (note.date ?? "undated").padding(toLength: 10, withPad: " ", startingAt: 0)
            out += "    \(date)  \(note.text)\n"
        }
        return out
    }

    func changed(_ diff: EditionDiff, rules: [String: RuleText]) -> String {
        guard !diff.changed.isEmpty else { return "" }
        var out = "\n" + bold("Changed (\(diff.changed.count))") + "\n"
        // The word diffs are most of the work for two large editions, and independent: made on
        // every core, then written in order.
        let texts = diff.changed.map { pair in (rules[pair.from]?.text, rules[pair.to]?.text) }
        let wordDiffs = ParallelMap.map(texts) { old, new in old.flatMap { old in new.map { wordDiff(old, $0) } } }
        for (pair, words) in zip(diff.changed, wordDiffs) {
            guard let words else { continue }
            let flags = Self.flags(pair, reversal: "REVERSAL")
            out +=
                "\n  \(pair.change.rawValue): \(pair.from) → \(pair.to) (\(measures(similarity: pair.similarity, confidence: pair.confidence)))"
            out += flags.isEmpty ? "\n" : "  ⚑ " + flags.joined(separator: ", ") + "\n"
            out += indent(words, by: 4) + "\n"
            // A pair to review offers each rule's likely counterparts: the linked one among them, or others.
            if pair.isForReview, let candidates = diff.candidates {
                out += self.candidates(candidates[pair.from] ?? [], in: diff.to, of: pair.from) { rules[$0.rule]?.text }
                out += self.candidates(candidates[pair.to] ?? [], in: diff.from, of: pair.to) { rules[$0.rule]?.text }
            }
        }
        return out
    }

    /// The command that gives this diff, options included: `hig diff 2011 current --reversals`.
    static func diffCommand(_ diff: EditionDiff, _ options: RuleStore.DiffOptions) -> String {
        var command = "hig diff \(diff.from) \(diff.to)"
        if let topic = options.topic { command += " --topic \(topic)" }
        if let section = options.section { command += " --section '\(section)'" }
        if options.reversalsOnly { command += " --reversals" }
        if options.forceChangesOnly { command += " --force-changes" }
        if options.lowConfidenceOnly { command += " --low-confidence" }
        if options.candidates > 0 { command += " --candidates \(options.candidates)" }
        return command
    }

    /// What the options left out: the topic by its name, the section, the flags with the counts they zero.
    static func diffFilterLines(_ diff: EditionDiff, _ options: RuleStore.DiffOptions) -> [String] {
        var lines: [String] = []
        if !diff.through.isEmpty {
            lines.append(
                "through \(diff.through.joined(separator: " → ")): \(diff.to) descends from \(diff.from) by way of \(TextCut.count(diff.through.count, "edition")), whose links are followed one step at a time"
            )
        }
        if let slug = options.topic {
            let name = Taxonomy.bundled.topics.first { $0.slug == slug }?.name ?? slug
            lines.append("only topic \(slug) (\(name)): the rules of that topic on either side")
        }
        if let section = options.section {
            lines.append("only section \(SectionMatch.normalized(section)): the rules under those headings on either side")
        }
        let flagged = [
            options.reversalsOnly ? "a reversal" : nil, options.forceChangesOnly ? "a change of normative force" : nil,
            options.lowConfidenceOnly ? "low confidence or possible counterpart" : nil,
        ].compactMap { $0 }
        if !flagged.isEmpty {
            lines.append(
                "filtered: only changes flagged as \(flagged.joined(separator: " and ")); the other counts are 0 by this filter, not in the editions"
            )
        }
        return lines
    }

    static func flags(_ pair: EditionDiff.Pair, reversal: String) -> [String] {
        pair.flagWords(reversal: reversal)
    }
}

extension String {
    func leftPadded(_ width: Int) -> String {
        String(repeating: " ", count: max(0, width - count)) + self
    }
}
