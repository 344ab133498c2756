/// The pass that links a lead-in and its bullets, read together, with one rule of the other
/// edition: the web HIG writes as one paragraph what the iOS HIG wrote as a lead-in over bullets
/// (2014's "Avoid lengthening alert text with descriptions of which button to tap" and its bullets
/// "use the word tap" and "Don't enclose a button title in quotation marks" became "Avoid
/// explaining alert buttons", which says all three), and the other way round. No member alone
/// shares enough words with the paragraph to be linked: the family does.
extension RuleMatcher {
    /// `direction` `.merge`: an earlier family into one later rule; `.split`: one earlier rule
    /// into a later family. Every rule of the family and the one rule must be left over, in
    /// aligned sections (`SectionAlignment`), and each must be the other's best: the family's
    /// words (its members' vectors added up) share at least `familyCosine` with the rule's, and
    /// `familyGain` more than its best member's alone; scored as the family's lead-in with the
    /// family's words, the pair must reach `acceptScore`, as a one-to-one link would.
    func linkFamilies(
        _ direction: PartDirection, _ earlier: LinkableRules, _ later: LinkableRules, _ candidates: CandidateLists,
        _ byEarlier: CandidatesByEarlier, _ sections: SectionAlignment, _ found: inout MatchedLinks
    ) {
        let familySide = direction.partSide, singleSide = direction.wholeSide
        let families = familySide.rules(earlier: earlier, later: later)
        let singles = singleSide.rules(earlier: earlier, later: later)
        var children: [Int: [Int]] = [:]
        for child in families.indices { if let p = families.parent(of: child) { children[p, default: []].append(child) } }
        guard !children.isEmpty else { return }
        // Every family and rule left over that may be linked, with the family's cosine.
        var pairs: [(root: Int, single: Int, cosine: Double)] = []
        for single in singles.indices where found.taken(singleSide, single) == nil {
            let near: [Int] =
                switch direction {
                case .merge: candidates.list(single).map(\.earlier)
                case .split: byEarlier.list(single).map(\.later)
                }
            var roots: [Int] = []
            for rule in near {
                let root = families.parent(of: rule) ?? rule
                if children[root] != nil && !roots.contains(root) { roots.append(root) }
            }
            for root in roots {
                let members = [root] + children[root]!
                let pair = direction.pair(part: root, whole: single)
                guard sections.aligns(earlier: earlier.sections[pair.earlier], later: later.sections[pair.later]),
                    members.allSatisfy({ member in
                        let pair = direction.pair(part: member, whole: single)
                        return found.taken(familySide, member) == nil && found.allows(earlier: pair.earlier, later: pair.later)
                    })
                else { continue }
                let cosine = families.familyCosine(members, with: singles, single)
                let bestMember = members.map { families.cosine($0, singles, single) }.max() ?? 0
                guard cosine >= familyCosine, cosine >= bestMember + familyGain else { continue }
                pairs.append((root, single, cosine))
            }
        }
        // Each the other's best; of equal cosines, the first read.
        var bestOfRoot: [Int: (single: Int, cosine: Double)] = [:], bestOfSingle: [Int: (root: Int, cosine: Double)] = [:]
        for pair in pairs {
            if pair.cosine > bestOfRoot[pair.root]?.cosine ?? 0 { bestOfRoot[pair.root] = (pair.single, pair.cosine) }
            if pair.cosine > bestOfSingle[pair.single]?.cosine ?? 0 { bestOfSingle[pair.single] = (pair.root, pair.cosine) }
        }
        for pair in pairs where bestOfRoot[pair.root]?.single == pair.single && bestOfSingle[pair.single]?.root == pair.root {
            let (laterRule, earlierRule) = direction == .merge ? (pair.single, pair.root) : (pair.root, pair.single)
            let score = score(
                later, laterRule, earlier, earlierRule, cosine: pair.cosine,
                leadCosine: later.leadCosine(laterRule, earlier, earlierRule))
            // Families nest (a bold lead over a paragraph over bullets): a rule of an inner family
            // may have been linked with its outer one just before.
            let members = [pair.root] + children[pair.root]!
            guard score >= acceptScore, members.allSatisfy({ found.taken(familySide, $0) == nil }) else { continue }
            for member in members {
                found.add(
                    direction.link(
                        part: member, whole: pair.single, cosine: families.cosine(member, singles, pair.single), score: score,
                        evidence: .family))
            }
        }
    }
}

extension LinkableRules {
    /// The cosine of the rules `members`, their unit vectors added up, with rule `otherRule` of
    /// `other`.
    func familyCosine(_ members: [Int], with other: LinkableRules, _ otherRule: Int) -> Double {
        var sum: [Int32: Float] = [:]
        for member in members {
            for index in text.range(member) { sum[text.terms[index], default: 0] += text.weights[index] }
        }
        // Squares summed in term order: a dictionary's order changes from one process to the next.
        let norm = sum.keys.sorted().reduce(Float(0)) { $0 + sum[$1]! * sum[$1]! }.squareRoot()
        guard norm > 0 else { return 0 }
        var dot: Float = 0
        for index in other.text.range(otherRule) { dot += (sum[other.text.terms[index]] ?? 0) * other.text.weights[index] }
        return Double(dot / norm)
    }
}
