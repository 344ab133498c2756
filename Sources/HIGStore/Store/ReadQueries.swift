import Foundation
import HIGLineage
import HIGText

/// The read side of the store: every query `RuleStore` answers from, named. The functions that
/// run them are `RuleStore`'s extensions beside this file (`RuleStore+Editions`, `+Rules`,
/// `+Lineage`, `+Topics`). Search's own queries (the FTS5 index, `hig_bm25`, snippets) stay
/// with the search engine in `Answers/RuleSearch.swift` and its companions.
enum ReadQueries {
    // MARK: Editions and sources

    static let editionIDs = "SELECT id FROM editions ORDER BY position"

    /// The edition an alias names (`current`, or a former id such as `2008`).
    static let editionByAlias = "SELECT edition_id FROM edition_aliases WHERE alias = ?"

    /// The rule a former rule id now names, and why.
    static let formerRuleID = "SELECT rule_id, note FROM former_rule_ids WHERE former_id = ?"

    static let editions = "SELECT id, name, date, platform_scope, platforms, line, prerelease_of FROM editions ORDER BY position"

    /// Each edition's predecessors, in the order the manifest names them.
    static let editionPredecessors = "SELECT edition_id, predecessor_id FROM edition_predecessors ORDER BY edition_id, seq"

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

    /// The rules of edition ?1 under a subject (by page or heading) whose page edition ?2 holds:
    /// the innermost subject a rule of ?2 has by its page (no other of its page subjects is a
    /// child of it). A web page is whole in an excerpt; a chunk of a PDF may hold part of a
    /// chapter, so a subject by heading alone says nothing of what the excerpt lacks.
    static let rulesAboutExcerptSubjects = """
        WITH held AS (
            SELECT DISTINCT t.topic_slug FROM rule_topics t JOIN rules r ON r.id = t.rule_id
            WHERE r.edition_id = ?2 AND t.via = 'page'
              AND NOT EXISTS (SELECT 1 FROM rule_topics u JOIN topics c ON c.slug = u.topic_slug
                              WHERE u.rule_id = t.rule_id AND u.via = 'page' AND c.parent_slug = t.topic_slug))
        SELECT DISTINCT f.id FROM rules f JOIN rule_topics ft ON ft.rule_id = f.id
        WHERE f.edition_id = ?1 AND ft.via IN ('page', 'section') AND ft.topic_slug IN held
        """

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
                   WHEN EXISTS (SELECT 1 FROM edition_predecessors ep WHERE ep.edition_id = e.id) THEN
                       -- No counterpart: added only when every edition it was revised from is
                       -- complete; an excerpt may not hold the rule. (An edition with no
                       -- predecessor begins its line: nothing is added to it.)
                       CASE WHEN EXISTS (SELECT 1 FROM edition_predecessors ep JOIN sources ps ON ps.edition_id = ep.predecessor_id
                                         WHERE ep.edition_id = e.id AND ps.coverage = 'excerpt')
                           THEN 'not-in-excerpt' ELSE 'added' END
               END AS change
        FROM rules r
        JOIN sources s ON s.id = r.source_id
        JOIN editions e ON e.id = r.edition_id
        """

    /// The rules that pass a filter (`RuleFilter.conditionArguments`).
    static let rules =
        ruleSelect + "\n" + """
            WHERE \(RuleFilter.condition(firstParameter: 1))
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

    /// One edition's source files in reading order, as `rules` orders their rules.
    static let editionSourcesInReadingOrder = """
        SELECT id FROM sources WHERE edition_id = ?1 ORDER BY coalesce(chunk, 1e9), path
        """

    /// One source file's rule ids in reading order (through the key of `(source_id, ordinal)`,
    /// with no sort: an edition's rules read file by file take a quarter of the time of one
    /// query that sorts 100,000 of them).
    static let sourceRuleIDs = "SELECT id FROM rules WHERE source_id = ?1 ORDER BY ordinal"

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

    /// A link's columns, in the order `RuleStore.link(_:)` reads them.
    static let linkColumns = """
        from_rule, to_rule, change, similarity, method, force_from, force_to, force_changed, reversal, rationale, evidence, score,
        confidence, doubt
        """

    /// Every link, in key order.
    static let links = """
        SELECT \(linkColumns)
        FROM rule_links
        ORDER BY from_rule, to_rule
        """

    /// The links from or to the rule `?1`, in key order.
    static let linksTouching = """
        SELECT \(linkColumns)
        FROM rule_links WHERE from_rule = ?1
        UNION ALL
        SELECT \(linkColumns)
        FROM rule_links WHERE to_rule = ?1 AND from_rule <> ?1
        ORDER BY 1, 2
        """

    /// The links among the rules reached from the JSON array of rule ids `?1` through links
    /// either way (their lineages), in key order. A link from a reached rule leads to one.
    static let linksConnected = """
        WITH RECURSIVE reached(id) AS (
            SELECT value FROM json_each(?1)
            UNION
            SELECT l.to_rule FROM rule_links l JOIN reached r ON l.from_rule = r.id
            UNION
            SELECT l.from_rule FROM rule_links l JOIN reached r ON l.to_rule = r.id
        )
        SELECT \(linkColumns)
        FROM rule_links WHERE from_rule IN (SELECT id FROM reached)
        ORDER BY from_rule, to_rule
        """

    /// The links whose earlier rule's id lies in [`?1`, `?2`), in key order.
    static let linksFromRange = """
        SELECT \(linkColumns)
        FROM rule_links WHERE from_rule >= ?1 AND from_rule < ?2
        ORDER BY from_rule, to_rule
        """

    /// The links whose later rule's id lies in [`?1`, `?2`) and whose earlier rule's edition is
    /// none of the JSON array `?3`. The editions are told apart on `rule_links_by_later` alone,
    /// which holds both ids, and only the links that remain are read from the table: a diff of
    /// two editions of 100,000 rules keeps none of the 100,000 links into the newer one.
    static let linksToRangeFromOtherEditions = """
        SELECT \(linkColumns)
        FROM (SELECT from_rule AS earlier, to_rule AS later FROM rule_links
              WHERE to_rule >= ?1 AND to_rule < ?2
                AND substr(from_rule, 1, length(from_rule) - \(RuleIdentifier.digits + 1)) NOT IN (SELECT value FROM json_each(?3)))
        JOIN rule_links ON from_rule = earlier AND to_rule = later
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
