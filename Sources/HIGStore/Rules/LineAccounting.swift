/// What became of every line of a source file: the proof that no word was dropped silently.
///
/// Every line ends in exactly one fate. A line may be claimed twice (a paragraph joined across a
/// page break cites the running head between its halves), so the fates take precedence in this
/// order: blank, set-aside, heading, rule. A line of words that nothing claims is `unaccounted`:
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

public enum LineAccounting {
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
