/// Which rules a query or an export covers. Every field is bound as a parameter.
public struct RuleFilter: Sendable, Equatable {
    public var edition: String?
    public var kind: RuleKind?
    public var platform: String?
    /// A topic slug (resolve what a user typed with `TopicResolver` first).
    public var topic: String?

    public init(edition: String? = nil, kind: RuleKind? = nil, platform: String? = nil, topic: String? = nil) {
        self.edition = edition
        self.kind = kind
        self.platform = platform
        self.topic = topic
    }
}
