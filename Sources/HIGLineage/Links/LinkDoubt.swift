/// Why a link the matcher took may still be wrong: its two rules are not what a right link
/// joins, unless their words are nearly the same. A link with a doubt is shown as a possible
/// counterpart (`LinkFlag.doubt`), whatever its confidence: confidence reads the pass and the
/// score, which are high for a figure's caption that shares a page's words ("An alert" in a
/// screenshot of an alert and "Delete - An icon showing a trash can"), or for a rule of
/// another page that says a sentence alike ("Write a brief sentence or phrase that describes
/// the situation" on Alerts and "If you need a title ..." on Boxes).
public enum LinkDoubt: String, Sendable, CaseIterable, Codable {
    /// One rule prescribes (guidance, a definition) and the other describes (a figure, a note,
    /// a passage of context).
    case kind
    /// The two rules stand on different pages: their innermost subjects (`LinkableRules.onOtherPages`)
    /// have none in common.
    case place
    /// Another candidate of either rule scored nearly as well (`rivalMargin`).
    case rival

    /// Words nearly the same, by their cosine: such a link is right whatever else differs.
    static let nearlySameCosine = 0.8
    /// The least lead of a link's score over its runner-up's for the link to be clear.
    static let rivalMargin = 0.05

    /// The doubt about a link made by `evidence`, with its class, cosine, score and runner-up
    /// (`RuleMatcher.withRunnersUp`); `otherKind` and `otherPage` say whether its rules are of
    /// different kinds and on different pages. None for a curated link or one of the same words.
    static func of(
        evidence: LinkEvidence, change: ChangeClass, cosine: Double, score: Double?, runnerUp: Double?,
        otherKind: Bool, otherPage: Bool
    ) -> LinkDoubt? {
        guard evidence != .curated, evidence != .sameWords, change != .unchanged, cosine < nearlySameCosine else { return nil }
        if otherKind { return .kind }
        if otherPage { return .place }
        if let score, let runnerUp, score - runnerUp < rivalMargin { return .rival }
        return nil
    }

    /// What it means, for a link's rationale and the outputs.
    public var reason: String {
        switch self {
        case .kind: "one rule is guidance and the other a figure, a note or a description"
        case .place: "the two rules stand on different pages"
        case .rival: "another candidate scored nearly as well"
        }
    }
}
