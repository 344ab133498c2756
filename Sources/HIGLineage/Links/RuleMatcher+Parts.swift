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

    /// A part's candidate wholes, best ranked first; of equal ranks, the whole read first.
    private func wholeCandidates(
        of part: Int, _ direction: PartDirection, _ candidates: CandidateLists,
        _ byEarlier: CandidatesByEarlier
    ) -> [(whole: Int, cosine: Double, score: Double)] {
        switch direction {
        // A later rule's list is in that order already (`Candidate.precedes`).
        case .split: candidates.list(part).map { ($0.earlier, $0.cosine, $0.score) }
        case .merge:
            byEarlier.list(part).sorted { ($0.rank, $1.later) > ($1.rank, $0.later) }.map { ($0.later, $0.cosine, $0.score) }
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
            for n in Self.linkedNeighbours(of: part, in: parts, side: direction.partSide, found) {
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

    /// The nearest rule on each side of `part` that a link took, in its source file, at most
    /// `partReach` places away (so across at most 7 rules no link took): new rules may stand
    /// between the halves of a split (a list added after the first half).
    static func linkedNeighbours(of part: Int, in parts: LinkableRules, side: RuleSide, _ found: MatchedLinks) -> [Int] {
        var neighbours: [Int] = []
        for step in [-1, 1] {
            var n = part + step
            while parts.indices.contains(n) && parts.rules[n].source == parts.rules[part].source
                && abs(parts.rules[n].ordinal - parts.rules[part].ordinal) <= partReach
            {
                if found.taken(side, n) != nil {
                    neighbours.append(n)
                    break
                }
                n += step
            }
        }
        return neighbours
    }

    static let partReach = 8

    /// A lead-in left over whose children went into one later rule went there with them ("Give
    /// alert buttons short, logical titles" and its bullets became "Create succinct, logical
    /// button titles").
    func linkLeadIns(
        _ earlier: LinkableRules, _ later: LinkableRules, _ byEarlier: CandidatesByEarlier,
        _ found: inout MatchedLinks
    ) {
        let childTargets = Self.childTargets(earlier, found)
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

    /// A lead-in left over whose bullets went to the bullets of one later lead-in left over went
    /// there too: 2011's "Use alert button colors appropriately" (its bullets: where Cancel goes
    /// beside a risky or a benign action) became 2014's "Place buttons appropriately" (its
    /// bullets: where the likely button goes beside a destructive or a nondestructive one), in
    /// words that share little. More than half of its linked bullets, and at least two (or its
    /// only one), must have gone under that lead-in; the two must share a word at least (the two
    /// above, cosine 0.06: "button", "appropriately") and score above 0 (not outweighed by the
    /// penalties for another kind or unrelated subjects). The bullets say more than the lead-ins'
    /// words.
    func linkParents(_ earlier: LinkableRules, _ later: LinkableRules, _ found: inout MatchedLinks) {
        var childCount = [Int](repeating: 0, count: earlier.count)
        for rule in earlier.indices { if let parent = earlier.parent(of: rule) { childCount[parent] += 1 } }
        // Each earlier lead-in's linked bullets, and those of them linked under each later lead-in
        // (a bullet counts once, however many rules it was split into).
        var linked: [Int: Set<Int>] = [:], under: [Int: [Int: Set<Int>]] = [:]
        for link in found.links {
            guard let p = earlier.parent(of: link.earlier) else { continue }
            linked[p, default: []].insert(link.earlier)
            if let parent = later.parent(of: link.later) { under[p, default: [:]][parent, default: []].insert(link.earlier) }
        }
        for (p, bullets) in linked.sorted(by: { $0.key < $1.key }) where found.taken(.earlier, p) == nil {
            let counts = (under[p] ?? [:]).mapValues(\.count)
            guard let (parent, count) = counts.max(by: { ($0.value, $1.key) < ($1.value, $0.key) }),
                count * 2 > bullets.count, count >= min(2, childCount[p]),
                found.taken(.later, parent) == nil, found.allows(earlier: p, later: parent)
            else { continue }
            let (cosine, score) = self.score(later, parent, earlier, p)
            guard cosine > 0, score > 0, !later.standApart(parent, earlier, p) else { continue }
            found.add(Link(earlier: p, later: parent, cosine: cosine, score: score, shape: .single, evidence: .parent))
        }
    }

    /// For each earlier rule with linked children, the later rules its children were linked to.
    private static func childTargets(_ earlier: LinkableRules, _ found: MatchedLinks) -> [Int: [Int]] {
        var targets: [Int: [Int]] = [:]
        for link in found.links {
            if let p = earlier.parent(of: link.earlier) { targets[p, default: []].append(link.later) }
        }
        return targets
    }
}
