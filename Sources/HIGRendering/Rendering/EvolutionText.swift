import HIGStore
import HIGText

/// `hig evolution` as text: each lineage as a timeline, oldest first, each version with how it
/// came from the one before (a word diff, the change class, flags), and, where no later edition
/// continues a version, what became of it.
extension TextRenderer {
    public func evolution(_ answer: Evolution) -> String {
        var out = ""
        switch answer.reading {
        case .rule(let id): out += "Lineage of rule \(id)\n"
        case .topic(let slug): out += "Lineages of topic \(slug), those most about it first (the share of their editions that hold it)\n"
        case .words(let words): out += "Lineages of the rules that best match \"\(words)\"\n"
        }
        if answer.lineages.isEmpty { out += "\nNothing matches.\n" }
        for (number, lineage) in answer.lineages.enumerated() {
            let heading = lineage.versions.last.map { TextCut.words($0.summary, limit: 90) } ?? ""
            out += "\n" + bold("\(number + 1). \(heading)") + "\n"
            out += editionsAlongRoute(lineage)
            out += timeline(lineage, fates: answer.fates)
        }
        if answer.omitted > 0 {
            out += "\n\(TextCut.count(answer.omitted, "more lineage")); raise --limit to see them.\n"
        }
        out += changeNotesInBrief(answer.changeNotes)
        return out
    }

    /// Apple's change notes along the lineages, briefly: per file, how many and the newest
    /// (`hig diff` shows them all).
    func changeNotesInBrief(_ notes: [EditionChangeNote]) -> String {
        guard !notes.isEmpty else { return "" }
        var out = "\n" + bold("Apple's change notes in these files") + " (all of them: hig diff, hig export)\n"
        var files: [String] = []
        for note in notes where !files.contains(note.file) { files.append(note.file) }
        for file in files {
            let ofFile = notes.filter { $0.file == file }
            let newest = ofFile.max { ($0.date ?? "") < ($1.date ?? "") }!
            let more = ofFile.count > 1 ? " (and \(TextCut.count(ofFile.count - 1, "earlier note")))" : ""
            out +=
                "   \(newest.edition)  \(newest.document): \(newest.date ?? "undated")  \(TextCut.words(newest.text, limit: 90))\(more)\n"
        }
        return out
    }

    func timeline(_ lineage: Lineage, fates: [String: RuleFate]) -> String {
        var out = ""
        let branches = lineage.route?.branches ?? []
        var stepOf: [String: LineageRoute.Step] = [:]
        var branchStarting: [String: LineageRoute.Branch] = [:]
        for branch in branches {
            for step in branch.steps { stepOf[step.rule] = step }
            if branches.count > 1, let first = branch.steps.first { branchStarting[first.rule] = branch }
        }
        for version in lineage.versions {
            let incoming = lineage.links(into: version.id)
            if let branch = branchStarting[version.id] { out += "\n   " + bold("── " + Self.branchHeading(branch)) + "\n" }
            out += "\n   \(version.edition)  \(version.id)  \(version.source.citation)"
            if let page = version.source.page { out += " (page \(page))" }
            if let marks = stepOf[version.id].flatMap(Self.crossingMarks) { out += "  [\(marks)]" }
            out += "\n"
            for link in incoming {
                var line =
                    "   \(link.change.rawValue) from \(link.from) (\(measures(similarity: link.similarity, confidence: link.confidence)))"
                if !link.flags.isEmpty { line += "  ⚑ " + link.flagWords.joined(separator: ", ") }
                out += line + "\n"
                if let rationale = link.rationale, link.method == .curated { out += "   why: \(rationale)\n" }
            }
            // The word diff against the earlier version, or against all of them in reading order
            // when several were merged into this one.
            let before = lineage.versions.filter { version in incoming.contains { $0.from == version.id } }.map(\.text)
            if before.isEmpty || (incoming.count == 1 && incoming[0].change == .unchanged) {
                out += indent(version.text) + "\n"
            } else {
                out += indent(wordDiff(before.joined(separator: " "), version.text)) + "\n"
            }
            if let fate = fates[version.id] {
                out += "   then: \(Self.sentence(fate))\n"
                if let likely = fate.candidates, let removedIn = fate.removedIn {
                    out += candidates(likely, in: removedIn, indent: 3) { $0.text }
                }
            }
        }
        return out
    }

    /// `removed in current`, `not in the excerpts of 2010 and 2011; removed in current`, `left out
    /// of the excerpt of web-2022-23, which holds the page of its subject; removed in web-2022`:
    /// the excerpts in their order, those that left it out apart from those that lack it.
    public static func sentence(_ fate: RuleFate) -> String {
        var parts: [String] = []
        // Runs of neighbouring excerpts alike: all left out, or all lacking it.
        var runs: [[String]] = []
        for excerpt in fate.notInExcerpts {
            if let last = runs.last?.last, fate.leftOutOf.contains(last) == fate.leftOutOf.contains(excerpt) {
                runs[runs.count - 1].append(excerpt)
            } else {
                runs.append([excerpt])
            }
        }
        for run in runs {
            let list = run.count == 1 ? run[0] : run.dropLast().joined(separator: ", ") + " and " + run.last!
            let excerpts = run.count == 1 ? "the excerpt of \(list)" : "the excerpts of \(list)"
            if fate.leftOutOf.contains(run[0]) {
                parts.append("left out of \(excerpts), which \(run.count == 1 ? "holds" : "hold") the page of its subject")
            } else {
                parts.append("not in \(excerpts)")
            }
        }
        if let removed = fate.removedIn {
            parts.append("removed in \(removed)")
        } else {
            parts[parts.count - 1] += ", the last edition"
        }
        return parts.joined(separator: "; ")
    }

    /// The words that carry a rule: its text, which opens with its title when it has one, else
    /// the title (a table row's label, a caption) and the text.
    public static func words(of rule: RuleRecord) -> String {
        guard let title = rule.title, !title.isEmpty, !rule.text.hasPrefix(title) else { return rule.text }
        return "\(title) — \(rule.text)"
    }
}

/// A lineage's way through the family tree as text: its editions branch by branch, a heading
/// where a branch begins, and marks where a version crosses into another line or joins a branch.
extension TextRenderer {
    /// `   editions: a → b → c` for a lineage on one branch; one line per branch otherwise.
    func editionsAlongRoute(_ lineage: Lineage) -> String {
        guard let branches = lineage.route?.branches, !branches.isEmpty else {
            return "   editions: \(lineage.editions.joined(separator: " → "))\n"
        }
        func along(_ branch: LineageRoute.Branch) -> String {
            branch.editions.map { edition in
                let marks = branch.steps.filter { $0.edition == edition }.compactMap(Self.crossingMarks)
                return edition + (marks.first.map { " [\($0)]" } ?? "")
            }.joined(separator: " → ")
        }
        guard branches.count > 1 else { return "   editions: \(along(branches[0]))\n" }
        return "   editions, in \(branches.count) branches of the family tree:\n" + branches.map { "     \(along($0))\n" }.joined()
    }

    /// `line iphone-ios, apart from the versions above`, `line macintosh, branching from X (mac-1995)`.
    static func branchHeading(_ branch: LineageRoute.Branch) -> String {
        let line = branch.steps.first?.line.map { "line \($0)" } ?? "another branch"
        switch branch.start {
        case .first: return line
        case .apart: return "\(line), apart from the versions above: none of them leads to it"
        case .branch: return "\(line), branching from \(branch.from.joined(separator: " and "))"
        }
    }

    /// `from line iphone-ios; joins macosx-2009-08-1a2b3c4d`: nil when the version neither
    /// crosses a line nor joins a branch.
    static func crossingMarks(_ step: LineageRoute.Step) -> String? {
        var marks: [String] = []
        if let from = step.crossesFromLine, let line = step.line { marks.append("line \(line), from line \(from)") }
        if !step.joins.isEmpty { marks.append("joins " + step.joins.joined(separator: " and ")) }
        return marks.isEmpty ? nil : marks.joined(separator: "; ")
    }
}
