import Foundation
import HIGLineage
import HIGRendering
import HIGStore
import HIGText

/// A rule as the assistant tools give it: the JSON contract's keys (see docs/json-contract.md), plus the
/// citation to quote (`file:line` or `file:first-last`) and, for a search hit, its snippet.
struct CitedRule: Encodable {
    let record: RuleRecord
    var snippet: String?

    enum ExtraKeys: String, CodingKey { case citation, snippet }

    func encode(to encoder: any Encoder) throws {
        try record.encode(to: encoder)
        var extra = encoder.container(keyedBy: ExtraKeys.self)
        try extra.encode(record.source.citation, forKey: .citation)
        try extra.encodeIfPresent(snippet, forKey: .snippet)
    }
}

/// A rule named by another answer: enough to quote it.
struct RuleMention: Encodable {
    let id: String
    let edition: String
    let kind: RuleKind
    let text: String
    let citation: String

    init(_ record: RuleRecord) {
        id = record.id
        edition = record.edition
        kind = record.kind
        text = record.text
        citation = record.source.citation
    }
}

/// An earlier or later version of a rule, with the link that joins them.
struct VersionLink: Encodable {
    let rule: RuleMention
    let link: LinkRecord
}

/// `get_rule` and `hig://rule/{id}`.
struct RuleAnswer: Encodable {
    struct Related: Encodable {
        let id: String
        let kind: RuleKind
        let summary: String
    }

    struct RepairJSON: Encodable {
        let line: Int
        let kind: String
        let original: String
        let replacement: String
    }

    let rule: CitedRule
    let editionName: String
    let repairs: [RepairJSON]
    let parent: Related?
    let children: [Related]
    let previousVersions: [VersionLink]
    let nextVersions: [VersionLink]

    enum CodingKeys: String, CodingKey {
        case rule, repairs, parent, children
        case editionName = "edition_name"
        case previousVersions = "previous_versions"
        case nextVersions = "next_versions"
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(rule, forKey: .rule)
        try c.encode(editionName, forKey: .editionName)
        try c.encode(repairs, forKey: .repairs)
        try c.encode(parent, forKey: .parent)
        try c.encode(children, forKey: .children)
        try c.encode(previousVersions, forKey: .previousVersions)
        try c.encode(nextVersions, forKey: .nextVersions)
    }
}

/// `search_rules`.
struct SearchAnswer: Encodable {
    /// The words searched for, under the name of the argument that gave them.
    let query: String
    let matchedAnyWord: Bool
    let count: Int
    let hits: [CitedRule]

    enum CodingKeys: String, CodingKey {
        case query, count, hits
        case matchedAnyWord = "matched_any_word"
    }
}

/// `rule_evolution`.
struct EvolutionAnswer: Encodable {
    struct Reading: Encodable {
        let kind: String
        let value: String

        enum CodingKeys: String, CodingKey {
            case kind = "as"
            case value
        }
    }

    struct LineageJSON: Encodable {
        let editions: [String]
        let versions: [CitedRule]
        let links: [LinkRecord]
        /// What became of each version no later edition continues, by rule id.
        let after: [String: RuleFate]
    }

    let reading: Reading
    let lineages: [LineageJSON]
    let omitted: Int
}

/// `edition_diff`: the `hig diff --format json` object, plus the text and citation of every
/// rule it lists.
struct DiffAnswer: Encodable {
    let diff: EditionDiff
    let rules: [String: RuleMention]

    enum ExtraKeys: String, CodingKey { case rules }

    func encode(to encoder: any Encoder) throws {
        try diff.encode(to: encoder)
        var extra = encoder.container(keyedBy: ExtraKeys.self)
        try extra.encode(rules, forKey: .rules)
    }
}

/// One edition in `list_editions` and `hig://edition/{id}`.
struct EditionJSON: Encodable {
    struct SourceJSON: Encodable {
        let file: String
        let document: String
        let chunk: Int?
        let form: String
        let coverage: String
        let rules: Int
        let sha256: String
    }

    let id: String
    let name: String
    let date: String?
    let platformScope: String
    let platforms: [String]
    let coverage: String
    let rules: Int
    let rulesByKind: [String: Int]
    let sources: [SourceJSON]
    let uri: String
    /// Other names that resolve to it: `current`, former ids.
    let aliases: [String]

    enum CodingKeys: String, CodingKey {
        case id, name, date, platforms, coverage, rules, sources, uri, aliases
        case platformScope = "platform_scope"
        case rulesByKind = "rules_by_kind"
    }

    init(_ edition: EditionSummary) {
        id = edition.id
        name = edition.name
        date = edition.date
        platformScope = edition.platformScope
        platforms = edition.platforms
        coverage = edition.coverage
        rules = edition.rules
        rulesByKind = Dictionary(uniqueKeysWithValues: edition.rulesByKind.map { ($0.key.rawValue, $0.value) })
        sources = edition.sources.map {
            SourceJSON(
                file: $0.path, document: $0.document, chunk: $0.chunk, form: $0.form,
                coverage: $0.coverage, rules: $0.rules, sha256: $0.sha256)
        }
        uri = AssistantResources.editionURI(edition.id)
        aliases = edition.aliases
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(aliases, forKey: .aliases)
        try c.encode(name, forKey: .name)
        try c.encode(date, forKey: .date)
        try c.encode(platformScope, forKey: .platformScope)
        try c.encode(platforms, forKey: .platforms)
        try c.encode(coverage, forKey: .coverage)
        try c.encode(rules, forKey: .rules)
        try c.encode(rulesByKind, forKey: .rulesByKind)
        try c.encode(sources, forKey: .sources)
        try c.encode(uri, forKey: .uri)
    }
}

/// `hig://edition/{id}`: the edition and every rule of it, in reading order.
struct EditionAnswer: Encodable {
    let edition: EditionJSON
    let rules: [RuleMention]
}

/// `list_topics`.
struct TopicsAnswer: Encodable {
    struct TopicJSON: Encodable {
        let slug: String
        let name: String
        let description: String
        let aliases: [String]
        let parent: String?
        let rulesByEdition: [String: Int]

        enum CodingKeys: String, CodingKey {
            case slug, name, description, aliases, parent
            case rulesByEdition = "rules_by_edition"
        }
    }

    let editions: [String]
    let topics: [TopicJSON]
}

enum AssistantJSON {
    /// Compact, keys sorted: the same answer is the same bytes.
    static func encode(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
