/// The passes that add a second rule to a link already made: the other half of a split (one
/// earlier rule, two later ones next to each other) or of a merge (the other way round), and a
/// lead-in that went where its children went.
extension RuleMatcher {
    /// A rule left over whose words lie mostly in a whole rule already linked to its neighbour.
    func linkPartsByWords(
        _ direction: PartDirection, _ earlier: LinkableRules, _ later: LinkableRules,
        _ candidates: CandidateLists, _ byEarlier: CandidatesByEarlier, _ found: inout MatchedLinks
    ) {
        let parts = direction.partSide.rules(earlier: earlier, later: later)
        let wholes = direction.wholeSide.rules(earlier: earlier, later: later)
        for part in parts.indices where found.taken(direction.partSide, part) == nil {
            for candidate in wholeCandidates(of: part, direction, candidates, byEarlier) where candidate.score >= partScore {
                guard let taken = found.taken(direction.wholeSide, candidate.whole),
                    found.links[taken].shape != direction.otherShape
                else { continue }
                let sibling = direction.partSide.rule(of: found.links[taken])
                guard parts.isNeighbour(part, of: parts, sibling),
                    parts.containment(part, in: wholes, candidate.whole) >= partContainment
                else { continue }
                found.reshape(taken, to: direction.shape)
                found.add(
                    direction.link(
                        part: part, whole: candidate.whole, cosine: candidate.cosine, score: candidate.score, evidence: .partByWords))
                break
            }
        }
    }

    /// A part's candidate wholes, best first; of equal scores, the whole read first.
    private func wholeCandidates(
        of part: Int, _ direction: PartDirection, _ candidates: CandidateLists,
        _ byEarlier: CandidatesByEarlier
    ) -> [(whole: Int, cosine: Double, score: Double)] {
        switch direction {
        // A later rule's list is in that order already (`Candidate.precedes`).
        case .split: candidates.list(part).map { ($0.earlier, $0.cosine, $0.score) }
        case .merge: byEarlier.list(part).map { ($0.later, $0.cosine, $0.score) }.sorted { ($0.score, $1.whole) > ($1.score, $0.whole) }
        }
    }

    /// A rule left over next to one linked to a whole rule, covering a material share of the
    /// whole's words its neighbour lacks: the halves together say what the one rule said.
    func linkPartsByCoverage(
        _ direction: PartDirection, _ earlier: LinkableRules, _ later: LinkableRules,
        _ found: inout MatchedLinks
    ) {
        let parts = direction.partSide.rules(earlier: earlier, later: later)
        let wholes = direction.wholeSide.rules(earlier: earlier, later: later)
        for part in parts.indices where found.taken(direction.partSide, part) == nil {
            var best: (gain: Double, taken: Int)?
            for n in [part - 1, part + 1] where parts.indices.contains(n) && parts.isNeighbour(part, of: parts, n) {
                guard let taken = found.taken(direction.partSide, n), found.links[taken].shape != direction.otherShape else { continue }
                let whole = direction.wholeSide.rule(of: found.links[taken])
                let pair = direction.pair(part: part, whole: whole)
                guard found.allows(earlier: pair.earlier, later: pair.later) else { continue }
                let gain = wholes.coverageGain(whole, by: part, beyond: n, of: parts)
                guard gain >= max(splitLeastGain, splitGain * (1 - wholes.containment(whole, in: parts, n))),
                    parts.containment(part, in: wholes, whole) >= splitPartContainment,
                    gain > best?.gain ?? 0
                else { continue }
                best = (gain, taken)
            }
            guard let (_, taken) = best else { continue }
            let whole = direction.wholeSide.rule(of: found.links[taken])
            let pair = direction.pair(part: part, whole: whole)
            let (cosine, score) = self.score(later, pair.later, earlier, pair.earlier)
            found.reshape(taken, to: direction.shape)
            found.add(direction.link(part: part, whole: whole, cosine: cosine, score: score, evidence: .partByCoverage))
        }
    }

    /// A lead-in left over whose children went into one later rule went there with them ("Give
    /// alert buttons short, logical titles" and its bullets became "Create succinct, logical
    /// button titles").
    func linkLeadIns(
        _ earlier: LinkableRules, _ later: LinkableRules, _ byEarlier: CandidatesByEarlier,
        _ found: inout MatchedLinks
    ) {
        let indexOfID = Dictionary(uniqueKeysWithValues: earlier.indices.map { (earlier.rules[$0].id, $0) })
        var childTargets: [Int: [Int]] = [:]
        for link in found.links {
            if let parent = earlier.rules[link.earlier].parent, let p = indexOfID[parent] {
                childTargets[p, default: []].append(link.later)
            }
        }
        for (p, targets) in childTargets.sorted(by: { $0.key < $1.key }) where found.taken(.earlier, p) == nil {
            let counted = Dictionary(grouping: targets, by: { $0 }).mapValues(\.count)
            guard let (target, count) = counted.max(by: { ($0.value, $1.key) < ($1.value, $0.key) }), count * 2 >= targets.count,
                let candidate = byEarlier.list(p).first(where: { $0.later == target }), candidate.score >= partScore,
                let taken = found.taken(.later, target), found.links[taken].shape != .split
            else { continue }
            for index in found.links.indices where found.links[index].later == target { found.reshape(index, to: .merged) }
            found.add(
                Link(earlier: p, later: target, cosine: candidate.cosine, score: candidate.score, shape: .merged, evidence: .leadIn))
        }
    }
}
