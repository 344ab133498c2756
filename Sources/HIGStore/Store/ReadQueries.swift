import Foundation

/// The read side of the store: every query `RuleStore` answers from, named, and below them the
/// functions that run them. Search's own queries (the FTS5 index, `hig_bm25`, snippets) stay
/// with the search engine in `Answers/RuleSearch.swift` and its companions.
enum ReadQueries {
    // MARK: Editions and sources

    static let editionIDs = "SELECT id FROM editions ORDER BY position"

    /// The edition an alias names (`current`, or a former id such as `2008`).
    static let editionByAlias = "SELECT edition_id FROM edition_aliases WHERE alias = ?"

    /// The rule a former rule id now names, and why.
    static let formerRuleID = "SELECT rule_id, note FROM former_rule_ids WHERE former_id = ?"

    static let editions = "SELECT id, name, date, platform_scope, platforms FROM editions ORDER BY position"

    /// Every edition alias, `current` first, then in the order of their names.
    static let editionAliases = "SELECT alias, edition_id FROM edition_aliases ORDER BY alias <> 'current', alias"

    /// Each source with its rule count as stored at import (`source_rule_counts`): counting the
    /// rules here would take time in proportion to the whole database on every call.
    static let sourcesWithRuleCounts = """
        SELECT s.edition_id, s.path, s.document, s.chunk, s.form, s.coverage, s.sha256,
               coalesce((SELECT sum(c.rules) FROM source_rule_counts c WHERE c.source_id = s.id), 0) AS rules
        FROM sources s
        ORDER BY coalesce(s.chunk, 1e9), s.path
        """

    static let ruleCountsByEditionAndKind = """
        SELECT s.edition_id, c.kind, sum(c.rules) AS n
        FROM source_rule_counts c JOIN sources s ON s.id = c.source_id
        GROUP BY s.edition_id, c.kind
        """

    static let editionName = "SELECT name FROM editions WHERE id = ?"
    /// Every edition's platforms (JSON lists), to check a `--platform` against.
    static let editionPlatforms = "SELECT platforms FROM editions"
    /// Every platform a rule names: read only when the editions' lists lack a filter's platform.
    static let rulePlatforms = "SELECT DISTINCT platform FROM rule_platforms"

    /// 1 when an edition is an excerpt, as lineage reads it (`LinkCorpus`): a rule missing from
    /// it may be outside the excerpt. An edition without sources holds nothing, so it says
    /// nothing either.
    static let editionIsExcerpt = "SELECT coalesce(max(coverage = 'excerpt'), 1) FROM sources WHERE edition_id = ?"

    // MARK: Rules

    /// A rule's columns, with its platforms, topics and lineage, for `RuleStore.record(_:)`.
    static let ruleSelect = """
        SELECT r.id, r.edition_id, r.kind, r.section, r.title, r.text, r.verbatim, r.parent_id,
               r.line_start, r.line_end, r.page, s.path, s.document, coalesce(r.chunk, s.chunk) AS chunk, s.sha256,
               (SELECT group_concat(platform, char(31)) FROM
                   (SELECT platform FROM rule_platforms p WHERE p.rule_id = r.id ORDER BY platform)) AS platforms,
               (SELECT group_concat(slug, char(31)) FROM
                   (SELECT t.slug FROM rule_topics rt JOIN topics t ON t.slug = rt.topic_slug
                    WHERE rt.rule_id = r.id ORDER BY t.position)) AS topics,
               (SELECT group_concat(from_rule, char(31)) FROM
                   (SELECT l.from_rule FROM rule_links l JOIN rules f ON f.id = l.from_rule
                    WHERE l.to_rule = r.id ORDER BY f.edition_id, f.ordinal)) AS previous,
               CASE
                   WHEN EXISTS (SELECT 1 FROM rule_links l WHERE l.to_rule = r.id) THEN
                       (SELECT change FROM rule_links l WHERE l.to_rule = r.id
                        ORDER BY CASE change WHEN 'merged' THEN 0 WHEN 'split' THEN 1 ELSE 2 END LIMIT 1)
                   WHEN e.position > (SELECT min(position) FROM editions) THEN
                       -- No counterpart: added only when the edition before is complete; an
                       -- excerpt (or an edition without sources) may not hold the rule.
                       CASE (SELECT coalesce(max(ps.coverage = 'excerpt'), 1) FROM sources ps
                             WHERE ps.edition_id = (SELECT pe.id FROM editions pe WHERE pe.position < e.position
                                                    ORDER BY pe.position DESC LIMIT 1))
                           WHEN 1 THEN 'not-in-excerpt' ELSE 'added' END
               END AS change
        FROM rules r
        JOIN sources s ON s.id = r.source_id
        JOIN editions e ON e.id = r.edition_id
        """

    /// The rules that pass a filter: ?1 edition, ?2 kind, ?3 platform, ?4 topic, ?5 section
    /// pattern (NULL: any).
    static let rules =
        ruleSelect + "\n" + """
            WHERE (?1 IS NULL OR r.edition_id = ?1)
              AND (?2 IS NULL OR r.kind = ?2)
              AND (?3 IS NULL OR EXISTS (SELECT 1 FROM rule_platforms p WHERE p.rule_id = r.id AND p.platform = ?3 COLLATE NOCASE))
              AND (?4 IS NULL OR EXISTS (SELECT 1 FROM rule_topics t WHERE t.rule_id = r.id AND t.topic_slug = ?4))
              AND \(SectionMatch.condition(parameter: 5))
            ORDER BY e.position, coalesce(s.chunk, 1e9), s.path, r.ordinal
            """

    /// The source files of edition ?1 (NULL: every edition), in edition and reading order, with
    /// their rule counts.
    static let editionSources = """
        SELECT s.id, s.path, s.form, s.title, s.url, s.line_count,
               (SELECT count(*) FROM rules r WHERE r.source_id = s.id) AS rules
        FROM sources s JOIN editions e ON e.id = s.edition_id
        WHERE ?1 IS NULL OR s.edition_id = ?1
        ORDER BY e.position, coalesce(s.chunk, 1e9), s.path
        """

    /// The line runs of the source files of edition ?1 (NULL: every edition), by file and line.
    static let sourceLineRuns = """
        SELECT l.source_id, l.line_start, l.line_end, l.fate, l.reason
        FROM source_lines l JOIN sources s ON s.id = l.source_id
        WHERE ?1 IS NULL OR s.edition_id = ?1
        ORDER BY l.source_id, l.line_start
        """

    /// The headings of edition ?1's files, in reading order.
    static let editionSections = """
        SELECT s.path AS file, h.line, h.depth, h.title, h.path
        FROM sections h JOIN sources s ON s.id = h.source_id
        WHERE s.edition_id = ?1
        ORDER BY coalesce(s.chunk, 1e9), s.path, h.line
        """

    /// How many rules of edition ?1 each file has per section (NULL: before any heading).
    static let sectionRuleCounts = """
        SELECT s.path, r.section, count(*) AS rules
        FROM rules r JOIN sources s ON s.id = r.source_id
        WHERE r.edition_id = ?1
        GROUP BY s.path, r.section
        """

    /// The ids of the rules whose section matches pattern ?1.
    static let sectionRuleIDs = "SELECT r.id FROM rules r WHERE \(SectionMatch.condition(parameter: 1))"

    /// Whether a rule of edition ?1 (NULL: any) has a section matching pattern ?2.
    static let sectionExists = """
        SELECT 1 FROM rules r WHERE (?1 IS NULL OR r.edition_id = ?1) AND \(SectionMatch.condition(parameter: 2)) LIMIT 1
        """

    /// By primary key: a filter written `(? IS NULL OR r.id = ?)` would scan every rule.
    static let ruleByID = ruleSelect + "\nWHERE r.id = ?1"

    /// One edition's rule ids in reading order, as `rules` orders them.
    static let editionRuleIDs = """
        SELECT r.id
        FROM rules r JOIN sources s ON s.id = r.source_id
        WHERE r.edition_id = ?1
        ORDER BY coalesce(s.chunk, 1e9), s.path, r.ordinal
        """

    /// One edition's rules' words and where they are written.
    static let editionTexts = """
        SELECT r.id, r.text, r.line_start, r.line_end, s.path
        FROM rules r JOIN sources s ON s.id = r.source_id
        WHERE r.edition_id = ?1
        """

    /// Up to five ids starting with a prefix (`RuleStore.likePrefix`), for "did you mean".
    static let ruleIDsLike = "SELECT id FROM rules WHERE id LIKE ? ESCAPE '\\' ORDER BY id LIMIT 5"

    static let repairsOfRule = "SELECT line, kind, original, replacement FROM repairs WHERE rule_id = ? ORDER BY seq"

    static let ruleSummary = "SELECT id, kind, title, text FROM rules WHERE id = ?"

    static let childrenOfRule = "SELECT id, kind, title, text FROM rules WHERE parent_id = ? ORDER BY ordinal"

    // MARK: Lineage

    /// Every link, in key order.
    static let links = """
        SELECT from_rule, to_rule, change, similarity, method, force_from, force_to, force_changed, reversal, rationale
        FROM rule_links
        ORDER BY from_rule, to_rule
        """

    // MARK: Topics

    static let topics = "SELECT slug, name, description FROM topics ORDER BY position"

    static let topicParents = "SELECT slug, parent_slug FROM topics"

    static let topicRuleCountsByEdition = """
        SELECT rt.topic_slug, r.edition_id, count(*) AS n
        FROM rule_topics rt JOIN rules r ON r.id = rt.rule_id
        GROUP BY rt.topic_slug, r.edition_id
        """

    static let topicRuleIDs = "SELECT rule_id FROM rule_topics WHERE topic_slug = ?"
}

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
                return summary
            }
        }
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
        text.range(of: "^[A-Za-z0-9]([A-Za-z0-9._-]*[A-Za-z0-9])?-[0-9a-f]{8}$", options: .regularExpression) != nil
    }

    /// The error for an id that names no rule, with the ids that start like it.
    func unknownRule(_ id: String) throws -> HIGError {
        let suggestions = try db.rows(ReadQueries.ruleIDsLike, Self.likePrefix(String(id.prefix(max(4, id.count - 2)))))
            .map { $0.string("id") }
        return HIGError.unknownRule(id, suggestions: suggestions)
    }

    /// Whether an edition is an excerpt (`ReadQueries.editionIsExcerpt`).
    func isExcerpt(edition: String) throws -> Bool {
        try db.scalar(ReadQueries.editionIsExcerpt, edition)?.int == 1
    }
}

/// Rules.
extension RuleStore {
    /// The rules that pass `filter`, in edition and reading order.
    public func rules(_ filter: RuleFilter = RuleFilter()) throws -> [RuleRecord] {
        try answering {
            let filter = try resolved(filter)
            return try db.rows(
                ReadQueries.rules, arguments: [filter.edition, filter.kind?.rawValue, filter.platform, filter.topic, filter.sectionPattern]
            )
            .map(Self.record)
        }
    }

    public func rule(id: String) throws -> RuleRecord? {
        try answering {
            if let record = try db.rows(ReadQueries.ruleByID, arguments: [id]).first.map(Self.record) { return record }
            // A former id (from before its edition was renamed) names the rule with its words now.
            guard let former = try formerRuleID(id) else { return nil }
            return try db.rows(ReadQueries.ruleByID, arguments: [former.ruleID]).first.map(Self.record)
        }
    }

    /// What a former rule id names now, or nil when `id` is no former id.
    public func formerRuleID(_ id: String) throws -> FormerRuleID? {
        try answering {
            try db.rows(ReadQueries.formerRuleID, id).first.map {
                FormerRuleID(formerID: id, ruleID: $0.string("rule_id"), note: $0.string("note"))
            }
        }
    }

    /// One edition's rule ids in reading order.
    func ruleIDs(edition: String) throws -> [String] {
        var ids: [String] = []
        try db.forEachRow(ReadQueries.editionRuleIDs, arguments: [edition]) { ids.append($0.string(0)) }
        return ids
    }

    /// The words and citations of the rules `diff` shows: its removed, added and changed rules.
    public func ruleTexts(of diff: EditionDiff) throws -> [String: RuleText] {
        try answering {
            var shown = Set(diff.removed + diff.added + diff.notInExcerpt + diff.notInFromExcerpt)
            for pair in diff.changed {
                shown.insert(pair.from)
                shown.insert(pair.to)
            }
            var texts: [String: RuleText] = [:]
            texts.reserveCapacity(shown.count)
            for edition in [diff.from, diff.to] {
                try db.forEachRow(ReadQueries.editionTexts, arguments: [edition]) { row in
                    let id = row.string(0)
                    guard shown.contains(id) else { return }
                    texts[id] = RuleText(
                        id: id, text: row.string(1),
                        citation: RuleRecord.Source.citation(file: row.string(4), lineStart: row.int(2), lineEnd: row.int(3)))
                }
            }
            return texts
        }
    }

    public func detail(id: String) throws -> RuleDetail {
        try answering {
            guard let record = try rule(id: id) else { throw try unknownRule(id) }
            let repairs = try db.rows(ReadQueries.repairsOfRule, id)
                .map {
                    Repair(
                        line: $0.int("line"), kind: Repair.Kind(rawValue: $0.string("kind")) ?? .gluedWords,
                        original: $0.string("original"), replacement: $0.string("replacement"))
                }
            let related = { (row: Row) in
                RuleDetail.Related(
                    id: row.string("id"), kind: RuleKind(rawValue: row.string("kind")) ?? .context,
                    summary: row.optionalString("title") ?? row.string("text"))
            }
            let parent = try record.parent.flatMap { try db.rows(ReadQueries.ruleSummary, $0).first.map(related) }
            let children = try db.rows(ReadQueries.childrenOfRule, id).map(related)
            let editionName = try db.scalar(ReadQueries.editionName, record.edition)?.string ?? record.edition
            var detail = try withVersions(
                RuleDetail(record: record, editionName: editionName, repairs: repairs, parent: parent, children: children))
            if record.id != id { detail.formerID = try formerRuleID(id) }
            return detail
        }
    }

    static func record(_ row: Row) -> RuleRecord {
        RuleRecord(
            id: row.string("id"), edition: row.string("edition_id"),
            kind: RuleKind(rawValue: row.string("kind")) ?? .context,
            section: row.optionalString("section"), title: row.optionalString("title"), text: row.string("text"),
            verbatim: row.string("verbatim"),
            platforms: row.optionalString("platforms")?.split(separator: "\u{1F}").map(String.init) ?? [],
            parent: row.optionalString("parent_id"),
            topics: row.optionalString("topics")?.split(separator: "\u{1F}").map(String.init) ?? [],
            previous: row.optionalString("previous")?.split(separator: "\u{1F}").map(String.init) ?? [],
            change: row.optionalString("change"),
            source: .init(
                file: row.string("path"), lineStart: row.int("line_start"), lineEnd: row.int("line_end"),
                document: row.string("document"), chunk: row.optionalInt("chunk"), page: row.optionalInt("page"),
                sha256: row.string("sha256")))
    }

    static func decodeList(_ json: String) -> [String] {
        (try? JSONDecoder().decode([String].self, from: Data(json.utf8))) ?? []
    }

    /// A LIKE pattern that matches `prefix` literally, whatever it holds.
    static func likePrefix(_ prefix: String) -> String {
        prefix.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%")
            .replacingOccurrences(of: "_", with: "\\_") + "%"
    }
}

/// Lineage links.
extension RuleStore {
    /// Every link, earlier rule first.
    public func allLinks() throws -> [LinkRecord] {
        try answering {
            try links { _, _ in true }
        }
    }

    /// The links between the rules `include` accepts (given the earlier and the later rule's
    /// id), earlier rule first. The others are passed over unread.
    func links(where include: (_ from: String, _ to: String) -> Bool) throws -> [LinkRecord] {
        var links: [LinkRecord] = []
        try db.forEachRow(ReadQueries.links) { row in
            guard include(row.string(0), row.string(1)) else { return }
            links.append(
                LinkRecord(
                    from: row.string(0), to: row.string(1), change: ChangeClass(rawValue: row.string(2)) ?? .revised,
                    similarity: row.double(3), method: LinkMethod(rawValue: row.string(4)) ?? .matcher,
                    forceFrom: NormativeForce(rawValue: row.string(5)) ?? .none, forceTo: NormativeForce(rawValue: row.string(6)) ?? .none,
                    forceChanged: row.int(7) == 1, reversal: row.int(8) == 1, rationale: row.optionalString(9)))
        }
        return links
    }
}

/// Topics as stored.
extension RuleStore {
    /// The taxonomy this database was built with, in its order.
    func topics() throws -> [ExportContent.Topic] {
        try db.rows(ReadQueries.topics).map {
            ExportContent.Topic(slug: $0.string("slug"), name: $0.string("name"), description: $0.string("description"))
        }
    }

    public func topicMatrix() throws -> (editions: [String], topics: [TopicCounts]) {
        try answering {
            let editions = try editionIDs()
            let counts = try db.rows(ReadQueries.topicRuleCountsByEdition)
            let parents = Dictionary(
                uniqueKeysWithValues: try db.rows(ReadQueries.topicParents).map { ($0.string("slug"), $0.optionalString("parent_slug")) })
            let topics = try topics().map { topic in
                var byEdition: [String: Int] = [:]
                for count in counts where count.string("topic_slug") == topic.slug {
                    byEdition[count.string("edition_id")] = count.int("n")
                }
                return TopicCounts(
                    slug: topic.slug, name: topic.name, description: topic.description, counts: byEdition,
                    parent: parents[topic.slug] ?? nil)
            }
            return (editions, topics)
        }
    }

    /// The ids of a topic's rules.
    func topicRuleIDs(slug: String) throws -> [String] {
        var ids: [String] = []
        try db.forEachRow(ReadQueries.topicRuleIDs, arguments: [slug]) { ids.append($0.string(0)) }
        return ids
    }
}
