/// How a lineage link was made: the `method` column of `rule_links`.
public enum LinkMethod: String, Sendable, CaseIterable, Codable {
    /// Found by `RuleMatcher` from the two rules' words, place and topics.
    case matcher
    /// Set down by hand with its reason (`CuratedLink`).
    case curated
}
