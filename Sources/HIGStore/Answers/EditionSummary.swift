/// An edition with its sources and rule counts, for `hig editions`.
public struct EditionSummary: Sendable, Equatable {
    public struct Source: Sendable, Equatable {
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

    /// "excerpt", "complete", or "excerpt + complete" when an edition mixes both.
    public var coverage: String {
        Array(Set(sources.map(\.coverage))).sorted().joined(separator: " + ")
    }
}
