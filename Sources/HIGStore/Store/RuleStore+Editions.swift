import Foundation
import HIGLineage
import HIGText

/// Editions and sources.
extension RuleStore {
    public func editionIDs() throws -> [String] {
        try answering {
            try db.rows(ReadQueries.editionIDs).map { $0.string("id") }
        }
    }

    public func editions() throws -> [EditionSummary] {
        try answering {
            let sources = try db.rows(ReadQueries.sourcesWithRuleCounts)
            let kinds = try db.rows(ReadQueries.ruleCountsByEditionAndKind)
            let aliases = try db.rows(ReadQueries.editionAliases)
            let predecessors = try predecessorsByEdition()
            return try db.rows(ReadQueries.editions).map { row in
                let id = row.string("id")
                var byKind: [RuleKind: Int] = [:]
                for k in kinds where k.string("edition_id") == id {
                    if let kind = RuleKind(rawValue: k.string("kind")) { byKind[kind] = k.int("n") }
                }
                let mine = sources.filter { $0.string("edition_id") == id }.map {
                    EditionSummary.Source(
                        path: $0.string("path"), document: $0.string("document"),
                        chunk: $0.optionalInt("chunk"), form: $0.string("form"),
                        coverage: $0.string("coverage"), rules: $0.int("rules"), sha256: $0.string("sha256"))
                }
                var summary = EditionSummary(
                    id: id, name: row.string("name"), date: row.optionalString("date"),
                    platformScope: row.string("platform_scope"), platforms: Self.decodeList(row.string("platforms")),
                    rules: byKind.values.reduce(0, +), rulesByKind: byKind, sources: mine)
                summary.aliases = aliases.filter { $0.string("edition_id") == id }.map { $0.string("alias") }
                summary.line = row.optionalString("line")
                summary.predecessors = predecessors[id] ?? []
                summary.prereleaseOf = row.optionalString("prerelease_of")
                return summary
            }
        }
    }

    /// The family tree of the database's editions (`EditionGraph`).
    public func editionGraph() throws -> EditionGraph {
        try answering {
            let predecessors = try predecessorsByEdition()
            let nodes = try db.rows(ReadQueries.editions).map { row in
                EditionGraph.Node(
                    id: row.string("id"), date: row.optionalString("date"), predecessors: predecessors[row.string("id")] ?? [],
                    line: row.optionalString("line"), prereleaseOf: row.optionalString("prerelease_of"))
            }
            // The importer wrote a tree it checked; a database edited by hand into a circle is
            // read as editions with no predecessors rather than not at all.
            return (try? EditionGraph(nodes))
                ?? (try! EditionGraph(
                    nodes.map {
                        EditionGraph.Node(id: $0.id, date: $0.date, predecessors: [], line: $0.line, prereleaseOf: $0.prereleaseOf)
                    }))
        }
    }

    /// Every edition in the database's order with its line: its own, else its predecessor's
    /// (`EditionGraph.line(of:)`).
    public func editionLines() throws -> [(id: String, line: String?)] {
        let graph = try editionGraph()
        return try editionIDs().map { ($0, graph.line(of: $0)) }
    }

    private func predecessorsByEdition() throws -> [String: [String]] {
        var found: [String: [String]] = [:]
        for row in try db.rows(ReadQueries.editionPredecessors) {
            found[row.string("edition_id"), default: []].append(row.string("predecessor_id"))
        }
        return found
    }

    /// The id of the edition `name` names: an edition id, or an alias (`current`, the newest
    /// edition; a former id such as `2008`). Throws a clear error when it names none.
    public func editionID(_ name: String) throws -> String {
        try answering {
            let known = try editionIDs()
            if known.contains(name) { return name }
            if let aliased = try db.scalar(ReadQueries.editionByAlias, name)?.string { return aliased }
            throw HIGError.unknownEdition(name, known: known)
        }
    }

    /// `filter` with its edition named by id; throws a clear error when it names an edition or
    /// a platform the database does not know: such a filter would match nothing, and "no rules
    /// match" would hide the typo.
    public func resolved(_ filter: RuleFilter) throws -> RuleFilter {
        var resolved = filter
        if let edition = filter.edition { resolved.edition = try editionID(edition) }
        if let platform = filter.platform { try checkPlatform(platform) }
        if let section = filter.section { try checkSection(section, edition: resolved.edition) }
        return resolved
    }

    /// Throws a clear error unless some rule (of `edition`, when given) has a section holding
    /// `section`'s headings: a typo would otherwise answer "no rules".
    public func checkSection(_ section: String, edition: String?) throws {
        try answering {
            guard !SectionMatch.normalized(section).isEmpty else { throw HIGError.unknownSection(section, edition: edition) }
            guard try db.scalar(ReadQueries.sectionExists, edition, SectionMatch.likePattern(section)) != nil else {
                throw HIGError.unknownSection(section, edition: edition)
            }
        }
    }

    /// Throws a clear error unless some edition or rule names `platform` (case aside, as the
    /// filter compares). The editions' lists answer at once; the rules' own platforms, which a
    /// heading may narrow to one no edition lists, are read only when they do not.
    public func checkPlatform(_ platform: String) throws {
        try answering {
            let editions = Set(try db.rows(ReadQueries.editionPlatforms).flatMap { Self.decodeList($0.string("platforms")) })
            func names(_ known: Set<String>) -> Bool { known.contains { $0.caseInsensitiveCompare(platform) == .orderedSame } }
            if names(editions) { return }
            let rules = Set(try db.rows(ReadQueries.rulePlatforms).map { $0.string("platform") })
            guard names(rules) else {
                throw HIGError.unknownPlatform(platform, known: editions.union(rules).sorted { $0.lowercased() < $1.lowercased() })
            }
        }
    }

    /// Whether `text` has the shape of a rule id (`2011-a4f784df`): the error for one that names
    /// no rule is then "no such rule", whatever else the command would have read it as.
    static func isRuleIDShaped(_ text: String) -> Bool {
        text.range(of: RuleIdentifier.pattern, options: .regularExpression) != nil
    }

    /// The error for an id that names no rule, with the ids that start like it. An id that
    /// starts with an edition gets ids that share a hexadecimal digit of its own at least: an
    /// edition's first five ids are no guess at `ios-2011-03-%`, whose edition is named instead.
    func unknownRule(_ id: String) throws -> HIGError {
        let edition = try db.rows(ReadQueries.editionIDs).map { $0.string("id") }.filter { id.hasPrefix($0 + "-") }
            .max { $0.count < $1.count }
        var prefix = String(id.prefix(max(4, id.count - 2)))
        if let edition {
            let digits = id.dropFirst(edition.count + 1)
            let hexadecimal = digits.prefix { $0.isHexDigit && !$0.isUppercase }.count
            let kept = min(hexadecimal, digits.count - 2)
            guard kept > 0 else { return HIGError.unknownRule(id, suggestions: [], edition: edition) }
            prefix = edition + "-" + digits.prefix(kept)
        }
        let suggestions = try db.rows(ReadQueries.ruleIDsLike, Self.likePrefix(prefix)).map { $0.string("id") }
        return HIGError.unknownRule(id, suggestions: suggestions, edition: suggestions.isEmpty ? edition : nil)
    }

    /// Whether an edition is an excerpt (`ReadQueries.editionIsExcerpt`).
    func isExcerpt(edition: String) throws -> Bool {
        try db.scalar(ReadQueries.editionIsExcerpt, edition)?.int == 1
    }
}
