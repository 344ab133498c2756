/// Which rules a query or an export covers. Every field is bound as a parameter.
public struct RuleFilter: Sendable, Equatable {
    public var edition: String?
    public var kind: RuleKind?
    public var platform: String?

    public init(edition: String? = nil, kind: RuleKind? = nil, platform: String? = nil) {
        self.edition = edition
        self.kind = kind
        self.platform = platform
    }
}
