/// Which sections of an earlier edition became which sections of a later one: the coarse
/// alignment under the rule-by-rule one, as an editor reads two editions (issue 16: coarse to
/// fine). The matcher counts a pair of rules whose sections align a little more
/// (`RuleMatcher.sectionWeight`), so that of two rules saying nearly the same, the one in the
/// section that took over the rule's section wins: 2010's "Keep the message short enough to
/// display on one or two lines" went to 2011's alert guidelines, not to its push notifications'
/// "Be short enough to display on one or two lines".
///
/// Sections align by the rules' own best candidates: each rule of either edition votes, with its
/// best candidate's score, for the pair of their two sections. A section aligns with each section
/// of the other edition that has at least `share` of its strongest vote: a section may be split
/// between two or merged with another, and a rule that moved alone does not drag its section
/// along, since its one vote is outweighed by its neighbours'.
struct SectionAlignment: Sendable {
    /// The aligned pairs, earlier section in the high 32 bits.
    private let pairs: Set<Int64>

    private static func key(_ earlier: Int32, _ later: Int32) -> Int64 { Int64(earlier) << 32 | Int64(UInt32(bitPattern: later)) }

    /// The two sections of a key.
    private static func sections(_ key: Int64) -> (earlier: Int32, later: Int32) {
        (Int32(truncatingIfNeeded: key >> 32), Int32(truncatingIfNeeded: key))
    }

    /// Whether the earlier rule's section `earlier` aligns with the later rule's `later`; never
    /// for an unknown section (-1).
    func aligns(earlier: Int32, later: Int32) -> Bool {
        earlier >= 0 && later >= 0 && pairs.contains(Self.key(earlier, later))
    }

    /// The alignment the candidate lists vote for: each later rule's best candidate, and each
    /// earlier rule's best later rule among the lists, if its score is at least `leastScore`.
    /// Candidates found by their lead alone do not vote: the alignment decides whether they are
    /// kept (`CandidateLists.align`).
    init(
        _ candidates: RuleMatcher.CandidateLists, earlier: LinkableRules, later: LinkableRules, leastScore: Double,
        share: Double
    ) {
        var votes: [Int64: Double] = [:]
        var bestLater = [(later: Int, score: Double)?](repeating: nil, count: earlier.count)
        for l in later.indices {
            for candidate in candidates.list(l) where candidate.score >= leastScore && !candidate.byLeadOnly {
                if bestLater[candidate.earlier].map({ candidate.score > $0.score }) ?? true {
                    bestLater[candidate.earlier] = (l, candidate.score)
                }
            }
            guard let best = candidates.list(l).first(where: { !$0.byLeadOnly }), best.score >= leastScore else { continue }
            votes[Self.key(earlier.sections[best.earlier], later.sections[l]), default: 0] += best.score
        }
        for p in earlier.indices {
            guard let (l, score) = bestLater[p] else { continue }
            votes[Self.key(earlier.sections[p], later.sections[l]), default: 0] += score
        }
        // Each section's strongest vote, on either side.
        var strongestOfEarlier: [Int32: Double] = [:], strongestOfLater: [Int32: Double] = [:]
        for (key, vote) in votes {
            let (e, l) = Self.sections(key)
            strongestOfEarlier[e] = max(strongestOfEarlier[e] ?? 0, vote)
            strongestOfLater[l] = max(strongestOfLater[l] ?? 0, vote)
        }
        pairs = Set(
            votes.lazy.filter { key, vote in
                let (e, l) = Self.sections(key)
                return e >= 0 && l >= 0 && (vote >= share * strongestOfEarlier[e]! || vote >= share * strongestOfLater[l]!)
            }.map(\.key))
    }
}
