/// Everything `hig show` prints about one rule.
public struct RuleDetail: Sendable, Equatable {
    public struct Related: Sendable, Equatable {
        public let id: String
        public let kind: RuleKind
        public let summary: String
    }

    public let record: RuleRecord
    public let editionName: String
    public let repairs: [Repair]
    public let parent: Related?
    public let children: [Related]
}
