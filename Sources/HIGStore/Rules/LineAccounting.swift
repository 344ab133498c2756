/// Where every line of a source file ended: in a rule's lines, a heading, or a set-aside with its
/// reason. Every non-blank line must end in exactly one; the importer warns of the rest and
/// `hig sources` shows the counts.
///
/// A rule's cited range may hold set-aside lines (a paragraph joined across a page break cites
/// the running head between its halves; a table's rule its separator row) and, rarely, a
/// heading. Each line is counted once, the most specific disposition first: a set-aside, then a
/// heading, then a rule's range.
public struct LineAccounting: Sendable, Equatable {
    /// Non-blank lines inside some rule's range and neither set aside nor a heading.
    public var ruleLines = 0
    public var headingLines = 0
    public var setAsideLines: [SetAsideReason: Int] = [:]
    /// Line numbers (1-based) of non-blank lines that ended in nothing.
    public var unaccounted: [Int] = []
    public var blankLines = 0

    public var nonBlankLines: Int { ruleLines + headingLines + setAsideLines.values.reduce(0, +) + unaccounted.count }

    public init() {}

    /// Accounts for `lines` (the file's lines, in order) as `reading` disposed of them. A line is
    /// blank when it holds only white space. Linear in the lines and the reading's ranges.
    public static func account(_ reading: SourceReading, lines: [String]) -> LineAccounting {
        enum Disposition { case none, rule, heading, setAside(SetAsideReason) }
        var dispositions = [Disposition](repeating: .none, count: lines.count)
        func mark(_ start: Int, _ end: Int, _ disposition: Disposition) {
            let low = max(start, 1)
            let high = min(end, lines.count)
            guard low <= high else { return }
            for number in low...high { dispositions[number - 1] = disposition }
        }
        // Least specific first: each later pass overrides the earlier.
        for draft in reading.drafts { mark(draft.lineStart, draft.lineEnd, .rule) }
        for heading in reading.headings { mark(heading.line, heading.line, .heading) }
        for setAside in reading.setAsides { mark(setAside.lineStart, setAside.lineEnd, .setAside(setAside.reason)) }

        var accounting = LineAccounting()
        for (index, line) in lines.enumerated() {
            if line.allSatisfy(\.isWhitespace) {
                accounting.blankLines += 1
                continue
            }
            switch dispositions[index] {
            case .none: accounting.unaccounted.append(index + 1)
            case .rule: accounting.ruleLines += 1
            case .heading: accounting.headingLines += 1
            case .setAside(let reason): accounting.setAsideLines[reason, default: 0] += 1
            }
        }
        return accounting
    }
}
