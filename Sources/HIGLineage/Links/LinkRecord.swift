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
    /// What made the link (the matcher's pass, or a hand) and the matcher's score of the pair;
    /// nil in a database not relinked since they were introduced.
    public var evidence: LinkEvidence? = nil
    public var score: Double? = nil
    /// The probability that the link is right (`LinkConfidence`); nil as `evidence`.
    public var confidence: Double? = nil
    /// Why the link may be wrong whatever its confidence (`LinkDoubt`), when it may.
    public var doubt: LinkDoubt? = nil

    /// The memberwise initializer, for the layers above.
    package init(
        from: String, to: String, change: ChangeClass, similarity: Double, method: LinkMethod, forceFrom: NormativeForce,
        forceTo: NormativeForce, forceChanged: Bool, reversal: Bool, rationale: String?, evidence: LinkEvidence? = nil,
        score: Double? = nil, confidence: Double? = nil, doubt: LinkDoubt? = nil
    ) {
        self.from = from
        self.to = to
        self.change = change
        self.similarity = similarity
        self.method = method
        self.forceFrom = forceFrom
        self.forceTo = forceTo
        self.forceChanged = forceChanged
        self.reversal = reversal
        self.rationale = rationale
        self.evidence = evidence
        self.score = score
        self.confidence = confidence
        self.doubt = doubt
    }

    /// Shown as of low confidence: a matcher's link under `LinkConfidence.lowBelow`.
    public var isLowConfidence: Bool { confidence.map { $0 < LinkConfidence.lowBelow } ?? false }

    enum CodingKeys: String, CodingKey {
        case from, to, change, similarity, method, reversal, rationale, evidence, score, confidence, doubt
        case forceFrom = "force_from"
        case forceTo = "force_to"
        case forceChanged = "force_changed"
    }
}
