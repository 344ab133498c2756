/// A rule as the splitter finds it in one source file, before it gets its id.
public struct RuleDraft: Sendable, Equatable {
    /// 1-based position among the file's rules.
    public var ordinal: Int
    /// The ordinal of the rule it belongs to (a bullet's lead-in, a bold lead's paragraphs).
    public var parentOrdinal: Int?
    public var kind: RuleKind
    public var section: String?
    public var title: String?
    public var text: String
    public var lineStart: Int
    public var lineEnd: Int
    public var page: Int?
    /// The PDF chunk holding the rule's first line (a chunk file's own number, or from the
    /// document's `SourceReading.chunkLines`); nil for web text.
    public var chunk: Int? = nil
    public var platforms: [String]
    public var repairs: [Repair]
}
