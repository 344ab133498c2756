import HIGStore

/// `hig show ID`: one rule with everything known about it, its versions in other editions
/// included.
extension TextRenderer {
    public func detail(_ detail: RuleDetail) -> String {
        let rule = detail.record
        let source = rule.source
        var out = "\(rule.id)  \(rule.kind.rawValue)  \(detail.editionName)\n"
        if let former = detail.formerID {
            out += "note:      \(former.formerID) is a former id of this rule (\(former.note)); cite \(rule.id)\n"
        }
        if let title = rule.title { out += "title:     \(title)\n" }
        out += "section:   \(rule.section ?? "-")\n"
        out += "platforms: \(rule.platforms.joined(separator: ", "))\n\n"
        out += "text:\n  \(rule.text)\n\n"
        out += "verbatim (\(source.citation)):\n"
        out += rule.verbatim.split(separator: "\n", omittingEmptySubsequences: false).map { "  │ " + $0 }.joined(separator: "\n") + "\n\n"
        if !detail.repairs.isEmpty {
            out += "repairs:\n"
            for repair in detail.repairs {
                out += "  line \(repair.line): \(repair.original) → \(repair.replacement) (\(repair.kind.rawValue))\n"
            }
            out += "\n"
        }
        let chunk = source.chunk.map { ", chunk \($0)" } ?? ""
        let page = source.page.map { ", page \($0)" } ?? ""
        out += "source:    \(source.document)\(chunk)\(page)\n"
        out += "           \(source.citation)  sha256 \(source.sha256)\n"
        if let parent = detail.parent { out += "parent:    \(parent.id)  \(parent.summary)\n" }
        if !detail.children.isEmpty {
            out += "children:\n"
            for child in detail.children { out += "  \(child.id)  \(child.kind.rawValue)  \(child.summary)\n" }
        }
        out += versions(detail)
        return out
    }

    /// `previous:` and `next:`, one version a line (id, edition, change, similarity, flags), or
    /// why there is none.
    func versions(_ detail: RuleDetail) -> String {
        func line(_ version: RuleDetail.Version) -> String {
            var line =
                "\(version.id)  \(version.edition)  \(version.change.rawValue) (\(measures(similarity: version.similarity, confidence: version.confidence)))"
            if !version.flags.isEmpty { line += "  ⚑ " + version.flags.joined(separator: ", ") }
            return line
        }
        func block(_ label: String, _ versions: [RuleDetail.Version], none: String) -> String {
            let label = label.padding(toLength: 11, withPad: " ", startingAt: 0)
            guard !versions.isEmpty else { return label + none + "\n" }
            return versions.enumerated().map { (index, version) in (index == 0 ? label : String(repeating: " ", count: 11)) + line(version)
            }
            .joined(separator: "\n") + "\n"
        }
        let rule = detail.record
        let noPrevious =
            switch rule.change {
            case nil: "none: \(rule.edition) is the first edition"
            case "not-in-excerpt": "none: not in the excerpts of the editions before \(rule.edition)"
            case let change?: "none: \(change) in \(rule.edition)"
            }
        var out = "\n" + block("previous:", detail.previous, none: noPrevious)
        let noNext = detail.fate.map { "none: \(Self.sentence($0))" } ?? "none: \(rule.edition) is the last edition"
        out += block("next:", detail.next, none: noNext)
        return out
    }
}
