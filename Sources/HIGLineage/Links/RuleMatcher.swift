/// Finds, for the rules of a later edition, their counterparts among the rules of an earlier one.
///
/// Candidates come from an inverted index over the earlier rules' terms (the very common terms
/// are left out of the candidate search, not of the score), and another over their leads, so an
/// edition of tens of thousands of rules is aligned without comparing all pairs. Each candidate
/// is scored by the cosine of the two rules' TF-IDF vectors, plus a little for shared topics and
/// for a similar place in the edition, less a little for unrelated subjects. Coarse before fine:
/// the candidates' votes align the two editions' sections (`SectionAlignment`), and of a rule's
/// candidates those in the section its own section went to come first. Pairs are then taken best
/// first, one to one; what remains may join a taken pair as the other half of a split (one
/// earlier rule, two later ones next to each other) or of a merge; a lead-in and its bullets may
/// be linked together with one rule (`linkFamilies`), and two lead-ins whose bullets became each
/// other's with each other (`linkParents`).
package struct RuleMatcher: Sendable {
    /// The least score of any link the matcher makes (`acceptScore`'s default), as the
    /// candidates' listings and the assistants' descriptions quote it.
    package static let leastLinkScore = 0.25

    struct Link: Sendable, Equatable {
        enum Shape: Sendable { case single, split, merged }
        let earlier: Int
        let later: Int
        let cosine: Double
        let score: Double
        var shape: Shape
        /// The pass that made the link.
        let evidence: LinkEvidence
        /// Whether the earlier rule stands where the later one does (`AnchoredPlaces`): a rule
        /// revised in place, not one that moved.
        var inPlace = false
        /// The best score of a rival pair for either rule (`withRunnersUp`), nil when none.
        var runnerUp: Double?
    }

    /// The least score for a one-to-one link; below `strongScore`, only between two rules that
    /// are each other's best candidate.
    package var acceptScore = RuleMatcher.leastLinkScore
    var strongScore = 0.45
    /// The least score, and the least share of words, for the second half of a split or merge.
    var partScore = 0.25
    var partContainment = 0.5
    /// The least share of what a linked neighbour leaves uncovered of an earlier rule's weight
    /// that a leftover later rule must cover, for the two to be the halves of a split (or, the
    /// other way round, of a merge): the halves together say what the one rule said. A rule
    /// that merely sits next to an unchanged one adds nothing, since its neighbour covers it
    /// all; a half, relative to what is left, covers most of the rest however long the rule.
    var splitGain = 0.5
    /// And at least this share of the whole rule's weight: one swapped word is no second half.
    var splitLeastGain = 0.05
    /// The least share of the leftover rule's own weight in the other rule's terms then: the
    /// new lead over the rest of an explanation is new, the rest is not.
    var splitPartContainment = 0.3
    /// The least cosine for pairing the rules left over between two linked neighbours, in
    /// reading order: a rule revised in place, whose words changed too much to be found by
    /// them alone, keeps its place between the same neighbours. Below it, a pair whose texts
    /// open with the same word still pairs (`openAlike`): on the Mac line, the pairs below it
    /// that open otherwise were wrong ("On the surface, …" and "The key is to …").
    var gapCosine = 0.1
    /// The least cosine of a lead-in and its bullets, read together, with one rule of the other
    /// edition (`linkFamilies`).
    var familyCosine = 0.2
    /// How much the family's cosine must exceed its best member's: the family, not one of its
    /// rules, is what the other rule says.
    var familyGain = 0.04
    /// How many more candidates each later rule gets by its lead alone (`nearestByLead`).
    var leadCandidatesPerRule = 4
    /// How many candidates each later rule keeps.
    var candidatesPerRule = 8
    /// The share of the lead's cosine in the words' score: a rule's lead says what it is about,
    /// its explanation may wander ("Prefer a two-button alert to give people a clear choice"
    /// and "Generally, use a two-button alert" share their lead, little else).
    var leadWeight = 0.4
    var topicWeight = 0.12
    /// Taken off when one rule prescribes and the other describes.
    var kindPenalty = 0.1
    /// Taken off when the two rules stand under unrelated subjects (a tab bar's rule and one of
    /// CareKit's): guidance moves between pages, but rarely to an unrelated one, and a weak
    /// likeness across them is mostly shared boilerplate.
    var subjectPenalty = 0.1
    var positionWeight = 0.05
    /// The least cosine of a restoration (a rule back after an edition that lacked it), besides a
    /// strong score: short fragments that share a lead reach a strong score by chance ("Navigation
    /// bars have two purposes:" and "A navigation bar:", cosine 0.55; "Stack your haptic
    /// patterns." and "Highlight your haptic patterns.", 0.77 among the few rules compared), a
    /// restored rule keeps its words.
    var restorationCosine = 0.85
    /// Added when the two rules' sections align (`SectionAlignment`): of two rules saying nearly
    /// the same, the one where the rule's section went wins; a rule that moved elsewhere is still
    /// found by its words.
    var sectionWeight = 0.08
    /// A section aligns with each section of the other edition that has this share of its
    /// strongest vote.
    var sectionShare = 0.5
    /// Added to a pair's rank when the earlier rule stands where the later one does, between
    /// the counterparts of its nearest unchanged neighbours (`AnchoredPlaces`): of two rules
    /// saying nearly the same, the one in the rule's place wins. At 0.3 (before `moveScore`),
    /// revised rules were found with F1 0.795 instead of 0.700 on the generated 4 x 100k; at 0.4,
    /// three links of the iOS gold set were lost.
    var placeWeight = 0.3
    /// A place of more earlier rules than this says nothing of where a rule stands: so few rules
    /// kept their words that the rest may have gone anywhere (at 64, two links of the iOS gold
    /// set were lost).
    var widestPlace = 32
    /// How many earlier rules at most a later rule's place may hold for all of them to be its
    /// candidates (`placeCandidates`): a rule revised in place keeps few words, and may not be
    /// among the nearest by words.
    var placeCandidateCount = 4
    /// The least score of a pair that is not each other's best and whose earlier rule stands
    /// outside the later rule's narrow place: a rule moved and changed at once. On the generated
    /// corpus, two in three such pairs scored under 0.6 were wrong (a removed rule and an added
    /// one that share a verb and a noun); on the gold sets, at 0.5 no right link is lost, at 0.6
    /// four of iOS 2010 > 2011, where Apple moved and rewrote at once. Nor may another candidate
    /// of either rule score higher (`isBestScored`).
    var moveScore = 0.5

    /// The matcher with the scores above, for the layers above (a test changes one as a `var`).
    package init() {}

    /// The links between the two editions' rules, in the later rules' order. `nearest`:
    /// `nearest(earlier:later:termCount:)` of these rules when it was found before; `forbidden`:
    /// pairs never to link (no candidate, and no pass links them).
    ///
    /// Each pass takes only rules no pass before it took (a split or merge adds a second rule to
    /// a link already made), so the order of the passes is the order of their trust.
    func match(
        earlier: LinkableRules, later: LinkableRules, termCount: Int, nearest: [[Int32]]? = nil,
        forbidden: ForbiddenPairs = .none
    ) -> [Link] {
        guard !earlier.isEmpty, !later.isEmpty else { return [] }
        var candidates = candidateLists(
            earlier: earlier, later: later, termCount: termCount, nearest: nearest, forbidden: forbidden, byLead: true)
        let sections = SectionAlignment(candidates, earlier: earlier, later: later, leastScore: acceptScore, share: sectionShare)
        candidates.align(bonus: sectionWeight) { p, l in sections.aligns(earlier: earlier.sections[p], later: later.sections[l]) }
        var found = MatchedLinks(earlier: earlier.count, later: later.count, forbidden: forbidden)
        linkSameWords(earlier, later, &found)
        let places = AnchoredPlaces(
            anchors: found.links.map { ($0.earlier, $0.later) }, earlier: earlier.count, later: later.count, widest: widestPlace)
        candidates.add(placeCandidates(earlier, later, candidates, places, sections, found))
        candidates.align(bonus: placeWeight, keepingLeadOnly: true) { p, l in places.contains(earlier: p, later: l) }
        let byEarlier = candidates.byEarlier(count: earlier.count)
        linkBestPairs(earlier, later, candidates, byEarlier, places, &found)
        for direction in [PartDirection.split, .merge] {
            linkPartsByWords(direction, earlier, later, candidates, byEarlier, &found)
            linkPartsByCoverage(direction, earlier, later, &found)
        }
        for direction in [PartDirection.merge, .split] { linkFamilies(direction, earlier, later, candidates, byEarlier, sections, &found) }
        linkParents(earlier, later, &found)
        linkGaps(earlier, later, &found)
        linkLeadIns(earlier, later, byEarlier, &found)
        return withRunnersUp(found.links, candidates, byEarlier).sorted { ($0.later, $0.earlier) < ($1.later, $1.earlier) }
    }

    /// For each later rule not yet linked, the earlier rules not yet linked that stand where it
    /// does, when they are at most `placeCandidateCount`, and not among its candidates yet: a
    /// rule revised in place keeps few words, and may not be among the nearest by words.
    func placeCandidates(
        _ earlier: LinkableRules, _ later: LinkableRules, _ candidates: CandidateLists, _ places: AnchoredPlaces,
        _ sections: SectionAlignment, _ found: MatchedLinks
    ) -> [[Candidate]] {
        later.indices.map { l in
            let window = places.earlierRules(at: l)
            guard found.taken(.later, l) == nil, window.count <= placeCandidateCount else { return [] }
            let known = candidates.list(l)
            return window.compactMap { p in
                guard found.taken(.earlier, p) == nil, found.allows(earlier: p, later: l),
                    !known.contains(where: { $0.earlier == p })
                else { return nil }
                let (cosine, score) = self.score(later, l, earlier, p)
                var candidate = Candidate(earlier: p, cosine: cosine, score: score)
                if sections.aligns(earlier: earlier.sections[p], later: later.sections[l]) { candidate.rank += sectionWeight }
                return candidate
            }
        }
    }

    /// The cosine of two rules' words, and the score of the pair: words, lead, topics, place, kind.
    func score(_ rules: LinkableRules, _ rule: Int, _ others: LinkableRules, _ other: Int) -> (cosine: Double, score: Double) {
        let cosine = rules.cosine(rule, others, other)
        return (cosine, score(rules, rule, others, other, cosine: cosine, leadCosine: rules.leadCosine(rule, others, other)))
    }

    /// The score of a pair whose cosines are known.
    func score(
        _ rules: LinkableRules, _ rule: Int, _ others: LinkableRules, _ other: Int,
        cosine: Double, leadCosine: Double
    ) -> Double {
        (1 - leadWeight) * cosine + leadWeight * leadCosine
            + topicWeight * rules.topicOverlap(rule, others, other)
            + positionWeight * (1 - abs(rules.position(rule) - others.position(other)))
            - (rules.prescribes(rule) == others.prescribes(other) ? 0 : kindPenalty)
            - (rules.standApart(rule, others, other) ? subjectPenalty : 0)
    }
}
