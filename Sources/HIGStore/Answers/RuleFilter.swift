import HIGLineage
import HIGText

/// Which rules a query or an export covers. Every field is bound as a parameter.
public struct RuleFilter: Sendable, Equatable {
    public var edition: String?
    public var kind: RuleKind?
    public var platform: String?
    /// A topic slug (resolve what a user typed with `TopicResolver` first).
    public var topic: String?
    /// Headings of the rules' section path, as typed (`SectionMatch`).
    public var section: String?

    public init(edition: String? = nil, kind: RuleKind? = nil, platform: String? = nil, topic: String? = nil, section: String? = nil) {
        self.edition = edition
        self.kind = kind
        self.platform = platform
        self.topic = topic
        self.section = section
    }

    /// The LIKE pattern of `section`, to bind (`SectionMatch.condition`).
    var sectionPattern: String? { section.map(SectionMatch.likePattern) }
}
