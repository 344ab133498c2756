/// The links the matcher's passes have made so far, and the link each rule was first taken by.
struct MatchedLinks {
    private(set) var links: [RuleMatcher.Link] = []
    /// The index in `links` of the first link made for each rule, on each side.
    private var earlierTaken: [Int?]
    private var laterTaken: [Int?]
    /// Pairs no pass may link (rejected by a reader or the curated-links file).
    let forbidden: ForbiddenPairs

    init(earlier: Int, later: Int, forbidden: ForbiddenPairs = .none) {
        earlierTaken = [Int?](repeating: nil, count: earlier)
        laterTaken = [Int?](repeating: nil, count: later)
        self.forbidden = forbidden
    }

    /// Whether a pass may link the two rules.
    func allows(earlier: Int, later: Int) -> Bool { !forbidden.contains(earlier: earlier, later: later) }

    /// The first link made for rule `rule` of `side`, nil while none was.
    func taken(_ side: RuleSide, _ rule: Int) -> Int? {
        switch side {
        case .earlier: earlierTaken[rule]
        case .later: laterTaken[rule]
        }
    }

    /// Adds a link; each of its rules not yet taken is taken by it (the second half of a split
    /// or a merge leaves the whole rule taken by its first link).
    mutating func add(_ link: RuleMatcher.Link) {
        if earlierTaken[link.earlier] == nil { earlierTaken[link.earlier] = links.count }
        if laterTaken[link.later] == nil { laterTaken[link.later] = links.count }
        links.append(link)
    }

    /// Gives link `index` the shape `shape` (it turned out to be half of a split or a merge).
    mutating func reshape(_ index: Int, to shape: RuleMatcher.Link.Shape) {
        links[index].shape = shape
    }
}

/// The earlier or the later side of a pair of editions.
enum RuleSide {
    case earlier, later

    /// Rule `rule` of a link on this side.
    func rule(of link: RuleMatcher.Link) -> Int {
        switch self {
        case .earlier: link.earlier
        case .later: link.later
        }
    }

    /// The rules of this side, of the two editions'.
    func rules(earlier: LinkableRules, later: LinkableRules) -> LinkableRules {
        switch self {
        case .earlier: earlier
        case .later: later
        }
    }
}

/// Which way a rule left over becomes the second half of a link already made: a split's second
/// half is a later rule, its whole an earlier one; a merge the other way round. The split and
/// merge passes are one pass run each way.
enum PartDirection {
    case split, merge

    /// The side of the rules left over that may be halves.
    var partSide: RuleSide { self == .split ? .later : .earlier }
    /// The side of the whole rule the two halves share.
    var wholeSide: RuleSide { self == .split ? .earlier : .later }
    /// The shape of both links once a half joins.
    var shape: RuleMatcher.Link.Shape { self == .split ? .split : .merged }
    /// A link already of the other shape takes no half this way: a rule is not both split
    /// and merged.
    var otherShape: RuleMatcher.Link.Shape { self == .split ? .merged : .split }

    /// The earlier and the later rule of a half and its whole.
    func pair(part: Int, whole: Int) -> (earlier: Int, later: Int) {
        self == .split ? (whole, part) : (part, whole)
    }

    /// The link of a half and its whole.
    func link(part: Int, whole: Int, cosine: Double, score: Double, evidence: LinkEvidence) -> RuleMatcher.Link {
        let (earlier, later) = pair(part: part, whole: whole)
        return RuleMatcher.Link(earlier: earlier, later: later, cosine: cosine, score: score, shape: shape, evidence: evidence)
    }
}
