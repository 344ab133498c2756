import HIGDatabase
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

    /// The condition on a rule `r` that passes the filter, its five parameters numbered from
    /// `first` and bound from `conditionArguments`, in that order; a NULL lets every rule pass.
    static func condition(firstParameter first: Int) -> String {
        """
        (?\(first) IS NULL OR r.edition_id = ?\(first))
          AND (?\(first + 1) IS NULL OR r.kind = ?\(first + 1))
          AND (?\(first + 2) IS NULL OR EXISTS (SELECT 1 FROM rule_topics t WHERE t.rule_id = r.id AND t.topic_slug = ?\(first + 2)))
          AND (?\(first + 3) IS NULL OR EXISTS (SELECT 1 FROM rule_platforms p WHERE p.rule_id = r.id AND p.platform = ?\(first + 3) COLLATE NOCASE))
          AND \(SectionMatch.condition(parameter: first + 4))
        """
    }

    /// The values `condition` binds: edition, kind, topic, platform, section pattern.
    var conditionArguments: [any DatabaseValueConvertible] {
        [edition, kind?.rawValue, topic, platform, sectionPattern]
    }
}
