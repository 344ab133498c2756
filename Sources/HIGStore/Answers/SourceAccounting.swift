import HIGDatabase

/// `hig sources`: per source file of an edition, where every one of its lines went (the line
/// accounting the import stores in `source_lines`): into a rule, a heading, a set-aside with a
/// named reason, blank, or nowhere (`unaccounted`, which the import warns about).
public struct SourceAccounting: Sendable, Equatable, Encodable {
    public let file: String
    public let form: String
    public let title: String?
    public let url: String?
    public let lines: Int
    public let rules: Int
    public let ruleLines: Int
    public let headingLines: Int
    public let blankLines: Int
    /// Lines set aside, by reason (`running-head`, `table-of-contents`, ...).
    public let setAside: [String: Int]
    /// The runs of lines no rule, heading or set-aside holds.
    public let unaccounted: [LineRange]

    public struct LineRange: Sendable, Equatable, Encodable {
        public let start: Int
        public let end: Int
    }

    enum CodingKeys: String, CodingKey {
        case file, form, title, url, lines, rules, unaccounted
        case ruleLines = "rule_lines"
        case headingLines = "heading_lines"
        case blankLines = "blank_lines"
        case setAside = "set_aside"
    }

    public var unaccountedLines: Int { unaccounted.reduce(0) { $0 + $1.end - $1.start + 1 } }
}

extension RuleStore {
    /// The line accounting of every source file of `edition` (an id or alias; nil: every
    /// edition), in edition and reading order.
    public func sourceAccounting(edition: String? = nil) throws -> [SourceAccounting] {
        try answering {
            let id = try edition.map { try editionID($0) }
            var runs: [Int: [Row]] = [:]
            for row in try db.rows(ReadQueries.sourceLineRuns, id) { runs[row.int("source_id"), default: []].append(row) }
            return try db.rows(ReadQueries.editionSources, id).map { source in
                var byFate: [String: Int] = [:]
                var setAside: [String: Int] = [:]
                var unaccounted: [SourceAccounting.LineRange] = []
                for run in runs[source.int("id")] ?? [] {
                    let (start, end) = (run.int("line_start"), run.int("line_end"))
                    let fate = run.string("fate")
                    byFate[fate, default: 0] += end - start + 1
                    if let reason = run.optionalString("reason") { setAside[reason, default: 0] += end - start + 1 }
                    if fate == "unaccounted" { unaccounted.append(.init(start: start, end: end)) }
                }
                return SourceAccounting(
                    file: source.string("path"), form: source.string("form"), title: source.optionalString("title"),
                    url: source.optionalString("url"), lines: source.int("line_count"), rules: source.int("rules"),
                    ruleLines: byFate["rule"] ?? 0, headingLines: byFate["heading"] ?? 0, blankLines: byFate["blank"] ?? 0,
                    setAside: setAside, unaccounted: unaccounted)
            }
        }
    }
}
