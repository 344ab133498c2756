/// One lineage link as the answers give it.
public struct LinkRecord: Sendable, Equatable, Encodable {
    public let from: String
    public let to: String
    public let change: ChangeClass
    /// The matcher's cosine of the two rules' words (0 to 1).
    public let similarity: Double
    public let method: LinkMethod
    public let forceFrom: NormativeForce
    public let forceTo: NormativeForce
    public let forceChanged: Bool
    public let reversal: Bool
    public let rationale: String?

    enum CodingKeys: String, CodingKey {
        case from, to, change, similarity, method, reversal, rationale
        case forceFrom = "force_from"
        case forceTo = "force_to"
        case forceChanged = "force_changed"
    }
}
