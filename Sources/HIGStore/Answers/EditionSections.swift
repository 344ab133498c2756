import HIGLineage

/// `hig sections`: an edition's table of contents, read from its sources' headings (the
/// `sections` table the import writes), with how many rules each section holds.
public struct SectionSummary: Sendable, Equatable, Encodable {
    /// The file the heading is in.
    public let file: String
    public let line: Int
    /// 1 for a chapter or a page's title.
    public let depth: Int
    public let title: String
    /// The headings from the outermost down, joined by ` › ` as rules' sections are.
    public let path: String
    /// The rules directly under the heading, before any subsection.
    public let rules: Int
    /// Its rules and those of its subsections.
    public let totalRules: Int

    enum CodingKeys: String, CodingKey {
        case file, line, depth, title, path, rules
        case totalRules = "total_rules"
    }
}

/// An edition's sections, and the rules of its files that stand before any heading.
public struct EditionSections: Sendable, Equatable, Encodable {
    public let edition: String
    public let sections: [SectionSummary]
    /// Per file, the rules before its first heading (none listed when there are none).
    public let rulesBeforeAnyHeading: [String: Int]

    enum CodingKeys: String, CodingKey {
        case edition, sections
        case rulesBeforeAnyHeading = "rules_before_any_heading"
    }
}

extension RuleStore {
    /// The sections of `edition` (an id or alias), in reading order; with `under`, only the
    /// sections whose path holds those headings (`SectionMatch`) and their subsections; with
    /// `maxDepth`, none deeper.
    public func sections(edition: String, under: String? = nil, maxDepth: Int? = nil) throws -> EditionSections {
        try answering {
            let id = try editionID(edition)
            if let under { try checkSection(under, edition: id) }
            var counts: [String: [String: Int]] = [:]
            var before: [String: Int] = [:]
            for row in try db.rows(ReadQueries.sectionRuleCounts, id) {
                let file = row.string("path")
                if let section = row.optionalString("section") {
                    counts[file, default: [:]][section] = row.int("rules")
                } else {
                    before[file] = row.int("rules")
                }
            }
            var sections: [SectionSummary] = []
            for row in try db.rows(ReadQueries.editionSections, id) {
                let (file, path, depth) = (row.string("file"), row.string("path"), row.int("depth"))
                if let maxDepth, depth > maxDepth { continue }
                if let under, !SectionMatch.matches(path: path, under) { continue }
                let own = counts[file] ?? [:]
                let prefix = path + SectionMatch.separator
                let total = own.reduce(0) { sum, entry in sum + (entry.key == path || entry.key.hasPrefix(prefix) ? entry.value : 0) }
                sections.append(
                    SectionSummary(
                        file: file, line: row.int("line"), depth: depth, title: row.string("title"), path: path,
                        rules: own[path] ?? 0, totalRules: total))
            }
            return EditionSections(edition: id, sections: sections, rulesBeforeAnyHeading: under == nil ? before : [:])
        }
    }
}
