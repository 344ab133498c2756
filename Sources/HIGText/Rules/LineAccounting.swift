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
        var accounting = LineAccounting()
        for run in runs(of: reading, lines: lines) {
            switch run.fate {
            case .blank: accounting.blankLines += run.lineCount
            case .rule: accounting.ruleLines += run.lineCount
            case .heading: accounting.headingLines += run.lineCount
            // `runs` gives every set-aside run its reason.
            case .setAside: if let reason = run.reason { accounting.setAsideLines[reason, default: 0] += run.lineCount }
            case .unaccounted: accounting.unaccounted += Array(run.lineStart...run.lineEnd)
            }
        }
        return accounting
    }

    /// The runs of a file of `lines`, read into `reading`, in line order, covering every line once.
    public static func runs<Lines: Collection<String>>(of reading: SourceReading, lines: Lines) -> [LineRun] {
        var fates = [LineRun](repeating: LineRun(lineStart: 0, lineEnd: 0, fate: .unaccounted), count: lines.count)
        func claim(_ start: Int, _ end: Int, _ fate: LineFate, _ reason: SetAsideReason? = nil) {
            let first = max(start, 1)
            let last = min(end, lines.count)
            guard first <= last else { return }
            for line in first...last { fates[line - 1] = LineRun(lineStart: line, lineEnd: line, fate: fate, reason: reason) }
        }
        for draft in reading.drafts { claim(draft.lineStart, draft.lineEnd, .rule) }
        for heading in reading.headings { claim(heading.line, heading.line, .heading) }
        for setAside in reading.setAsides { claim(setAside.lineStart, setAside.lineEnd, .setAside, setAside.reason) }
        for (offset, line) in lines.enumerated() where isBlank(line) { claim(offset + 1, offset + 1, .blank) }
        var runs: [LineRun] = []
        for (offset, fate) in fates.enumerated() {
            let line = offset + 1
            if var last = runs.last, last.fate == fate.fate, last.reason == fate.reason, last.lineEnd == line - 1 {
                last.lineEnd = line
                runs[runs.count - 1] = last
            } else {
                runs.append(LineRun(lineStart: line, lineEnd: line, fate: fate.fate, reason: fate.reason))
            }
        }
        return runs
    }

    /// A line with nothing but white space (spaces, tabs, no-break spaces).
    public static func isBlank(_ line: some StringProtocol) -> Bool {
        line.allSatisfy(\.isWhitespace)
    }
}

/// The fate of a line, as `source_lines` stores it: every line ends in exactly one. A line may
/// be claimed twice (a paragraph joined across a page break cites the running head between its
/// halves), so the fates take precedence in this order: blank, set-aside, heading, rule. A line of words that nothing claims is `unaccounted`:
/// the importer warns of it and `hig sources` lists it.
public enum LineFate: String, Sendable, Equatable, CaseIterable {
    case rule
    case heading
    case setAside = "set-aside"
    case blank
    case unaccounted
}

/// A run of consecutive lines with one fate (and, for set-aside lines, one reason).
public struct LineRun: Sendable, Equatable {
    public var lineStart: Int
    public var lineEnd: Int
    public var fate: LineFate
    public var reason: SetAsideReason?

    public init(lineStart: Int, lineEnd: Int, fate: LineFate, reason: SetAsideReason? = nil) {
        self.lineStart = lineStart
        self.lineEnd = lineEnd
        self.fate = fate
        self.reason = reason
    }

    public var lineCount: Int { lineEnd - lineStart + 1 }
}
