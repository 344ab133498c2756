/// What a rule is: guidance, a definition of a term, a note, a figure, or descriptive prose.
public enum RuleKind: String, CaseIterable, Sendable, Codable {
    /// A normative statement: something to do, avoid, prefer, or that may be done.
    case guideline
    /// A term and its meaning ("Title-style capitalization means ...").
    case definition
    /// A remark set apart by the text itself ("Note: ...").
    case note
    /// A figure caption or an image description ("A screenshot of ...").
    case figure
    /// Descriptive prose that prescribes nothing.
    case context
}
