/// Where each opening mark of a piece of inline Markdown closes, found in one pass: the `]` of
/// each `[`, the `)` of each `(`, and the closing run of each run of backticks. Looking for each
/// partner from its opener instead would read a line of many unclosed `[` once per `[`.
struct InlinePartners {
    /// Opening index to closing index.
    private(set) var brackets: [Int: Int] = [:]
    private(set) var parentheses: [Int: Int] = [:]
    /// The start of a backtick run to the start of the next run of the same length.
    private(set) var backticks: [Int: Int] = [:]

    /// No partners: for a text with no `[` and no backtick.
    init() {}

    init(_ s: [Unicode.Scalar], _ start: Int, _ end: Int) {
        var openBrackets: [Int] = []
        var openParentheses: [Int] = []
        var runs: [(start: Int, length: Int)] = []
        var index = start
        while index < end {
            switch s[index] {
            case "\\" where index + 1 < end:
                index += 2
                continue
            case "`":
                var runEnd = index
                while runEnd < end, s[runEnd] == "`" { runEnd += 1 }
                runs.append((index, runEnd - index))
                index = runEnd
                continue
            case "[": openBrackets.append(index)
            case "]": if let open = openBrackets.popLast() { brackets[open] = index }
            case "(": openParentheses.append(index)
            case ")": if let open = openParentheses.popLast() { parentheses[open] = index }
            default: break
            }
            index += 1
        }
        backticks = Self.backtickPartners(runs)
    }

    /// The start of each run of backticks (in order) to the start of the next run of the same
    /// length, its partner as CommonMark pairs them; a table row's cells pair theirs so too.
    static func backtickPartners(_ runs: [(start: Int, length: Int)]) -> [Int: Int] {
        var partners: [Int: Int] = [:]
        var nextOfLength: [Int: Int] = [:]
        for run in runs.reversed() {
            if let next = nextOfLength[run.length] { partners[run.start] = next }
            nextOfLength[run.length] = run.start
        }
        return partners
    }
}
