/// A rule's words and where they are written: all that `hig diff` shows of a rule. Reading
/// these is a plain scan, where a `RuleRecord` also gathers platforms, topics and lineage per
/// rule (about 20 µs a rule: seconds for an edition of 100,000 rules).
public struct RuleText: Sendable, Equatable {
    public let id: String
    public let text: String
    /// `file:line` or `file:first-last`, as `RuleRecord.Source.citation`.
    public let citation: String

    public init(id: String, text: String, citation: String) {
        self.id = id
        self.text = text
        self.citation = citation
    }
}
