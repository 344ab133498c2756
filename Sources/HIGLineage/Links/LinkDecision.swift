/// A decision about a lineage link, as `hig link list` gives it: who made it, on which words,
/// and whether the linker follows it now.
public struct LinkDecision: Sendable, Equatable, Encodable {
    public let from: String
    public let to: String
    public let origin: CuratedLink.Origin
    public let verdict: CuratedLink.Verdict
    /// A confirmation's change class; nil when it is read off the two texts.
    public let change: ChangeClass?
    public let why: String
    /// The two rules' words when the decision was made.
    public let fromText: String
    public let toText: String
    /// When a reader decided (UTC, ISO 8601); nil for the curated-links file's decisions.
    public let decidedAt: String?
    /// Whether the linker follows the decision now; `note` says why not.
    public let applies: Bool
    public let note: String?

    enum CodingKeys: String, CodingKey {
        case from, to, origin, verdict, change, why, applies, note
        case fromText = "from_text"
        case toText = "to_text"
        case decidedAt = "decided_at"
    }
}

/// What `hig link confirm|reject|forget` did: the decision (nil once forgotten) and the links of
/// its two rules before and after the relinking it caused.
public struct LinkDecisionOutcome: Sendable, Equatable, Encodable {
    public let decision: LinkDecision?
    public let linksBefore: [LinkRecord]
    public let linksAfter: [LinkRecord]

    /// The memberwise initializer, for the layers above.
    package init(decision: LinkDecision?, linksBefore: [LinkRecord], linksAfter: [LinkRecord]) {
        self.decision = decision
        self.linksBefore = linksBefore
        self.linksAfter = linksAfter
    }

    enum CodingKeys: String, CodingKey {
        case decision
        case linksBefore = "links_before"
        case linksAfter = "links_after"
    }
}
