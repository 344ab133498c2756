import HIGText

/// An edition with its sources and rule counts, for `hig editions`.
public struct EditionSummary: Sendable, Equatable, Encodable {
    public struct Source: Sendable, Equatable, Encodable {
        public let path: String
        public let document: String
        public let chunk: Int?
        public let form: String
        public let coverage: String
        public let rules: Int
        public let sha256: String
    }

    public let id: String
    public let name: String
    public let date: String?
    public let platformScope: String
    public let platforms: [String]
    public let rules: Int
    public let rulesByKind: [RuleKind: Int]
    public let sources: [Source]
    /// Other names of the edition: `current` for the newest, ids it had before.
    public var aliases: [String] = []
    /// The family it belongs to; nil in a database from before the family tree.
    public var line: String?
    /// The editions it was revised from.
    public var predecessors: [String] = []
    /// For a draft, the final edition it became.
    public var prereleaseOf: String?

    enum CodingKeys: String, CodingKey {
        case id, name, date, platforms, rules, sources, aliases, line, predecessors, coverage
        case platformScope = "platform_scope"
        case rulesByKind = "rules_by_kind"
        case prereleaseOf = "prerelease_of"
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encode(date, forKey: .date)
        try container.encode(platformScope, forKey: .platformScope)
        try container.encode(platforms, forKey: .platforms)
        try container.encode(line, forKey: .line)
        try container.encode(predecessors, forKey: .predecessors)
        try container.encode(prereleaseOf, forKey: .prereleaseOf)
        try container.encode(aliases, forKey: .aliases)
        try container.encode(coverage, forKey: .coverage)
        try container.encode(rules, forKey: .rules)
        try container.encode(Dictionary(uniqueKeysWithValues: rulesByKind.map { ($0.key.rawValue, $0.value) }), forKey: .rulesByKind)
        try container.encode(sources, forKey: .sources)
    }

    /// "excerpt", "complete", or "excerpt + complete" when an edition mixes both.
    public var coverage: String {
        Array(Set(sources.map(\.coverage))).sorted().joined(separator: " + ")
    }
}
