import HIGText

/// The passes that link one earlier rule to one later rule: the same words, then the best pairs
/// by score, then the rules left over between the same two linked neighbours.
extension RuleMatcher {
    /// The same words are the same rule: short rules made only of common terms would otherwise
    /// find no candidate at all. A text one rule of each edition has links them first; of the
    /// rules of a text several have, a later rule takes the earlier one that stands in its place
    /// among the first (`AnchoredPlaces`), else the first one free in reading order.
    func linkSameWords(_ earlier: LinkableRules, _ later: LinkableRules, _ found: inout MatchedLinks) {
        // Each text's first earlier rule; for a text several rules of either edition have, all
        // its earlier rules in reading order (an array for those texts alone).
        var firstWithSameWords: [Int: Int] = [:]
        var repeated: [Int: [Int]] = [:]
        for index in earlier.indices {
            let key = earlier.rules[index].sameWordsKey
            if let first = firstWithSameWords[key] {
                repeated[key, default: [first]].append(index)
            } else {
                firstWithSameWords[key] = index
            }
        }
        var laterCount: [Int: Int] = [:]
        for l in later.indices { laterCount[later.rules[l].sameWordsKey, default: 0] += 1 }
        for (key, count) in laterCount where count > 1 && repeated[key] == nil {
            if let first = firstWithSameWords[key] { repeated[key] = [first] }
        }
        func link(_ p: Int, _ l: Int) {
            found.add(Link(earlier: p, later: l, cosine: later.cosine(l, earlier, p), score: 2, shape: .single, evidence: .sameWords))
        }
        for l in later.indices {
            let key = later.rules[l].sameWordsKey
            guard repeated[key] == nil, let p = firstWithSameWords[key], found.allows(earlier: p, later: l) else { continue }
            link(p, l)
        }
        let places = AnchoredPlaces(
            anchors: found.links.map { ($0.earlier, $0.later) }, earlier: earlier.count, later: later.count, widest: widestPlace)
        // Where each repeated text's first earlier rule not yet taken is in its list.
        var firstFree: [Int: Int] = [:]
        for l in later.indices {
            let key = later.rules[l].sameWordsKey
            guard let rules = repeated[key] else { continue }
            func mayLink(_ p: Int) -> Bool { found.taken(.earlier, p) == nil && found.allows(earlier: p, later: l) }
            var chosen: Int?
            if places.isNarrow(later: l) {
                let place = places.earlierRules(at: l)
                let start = rules.partitioningIndex(where: { $0 >= place.lowerBound })
                chosen = rules[start...].prefix(while: { $0 < place.upperBound }).first(where: mayLink)
            }
            if chosen == nil {
                // A rejected pair leaves its earlier rule waiting for the next later rule.
                var index = firstFree[key] ?? 0
                while index < rules.count && found.taken(.earlier, rules[index]) != nil { index += 1 }
                firstFree[key] = index
                chosen = rules[index...].first(where: mayLink)
            }
            if let chosen { link(chosen, l) }
        }
    }

    /// Then the pairs of rules neither of which has the same words as another, one to one, best
    /// ranked first. A weak pair must be each side's best choice, and neither may be a word alone:
    /// 2014's notification style "Alert", a list's item, was the best choice of half the web's
    /// alert rules, each sharing the one word. A pair that is not, whose earlier rule stands
    /// outside the later rule's narrow place (`AnchoredPlaces`), is a rule moved and changed at
    /// once: it must score `moveScore`, and no other candidate of either rule may score higher.
    /// Otherwise the pair is left only once nearer rivals are taken, and a removed rule and an
    /// added one that share a few words pair up that way: on the generated 4 x 100k, all 2,625
    /// links the matcher made out of place were wrong; 2,371 of them were not each other's
    /// best, and all but 78 of those had a rival scoring higher. On the gold sets, 1 right and
    /// 1 wrong link of iOS had one.
    func linkBestPairs(
        _ earlier: LinkableRules, _ later: LinkableRules, _ candidates: CandidateLists, _ byEarlier: CandidatesByEarlier,
        _ places: AnchoredPlaces, _ found: inout MatchedLinks
    ) {
        // Each earlier rule's best rank among the candidates that may be linked: one scored
        // under `acceptScore` that its place ranks first is no rival (in the seed excerpts, such
        // a rival had kept 2010's "… if users press the Home button while such an alert is
        // visible …" from 2011's "Pressing the Home button while an alert is visible …").
        var bestForEarlier = [Double](repeating: 0, count: earlier.count)
        for candidate in candidates.all where candidate.score >= acceptScore {
            bestForEarlier[candidate.earlier] = max(bestForEarlier[candidate.earlier], candidate.rank)
        }
        // A pair with a rule already taken would be passed over: left out, it is not sorted.
        var pairs: [Pair] = []
        for l in later.indices where found.taken(.later, l) == nil {
            let list = candidates.list(l)
            guard let best = list.first(where: { $0.score >= acceptScore }) else { continue }
            for candidate in list where candidate.score >= acceptScore && found.taken(.earlier, candidate.earlier) == nil {
                let mutual = candidate.rank >= best.rank && candidate.rank >= bestForEarlier[candidate.earlier]
                guard candidate.score >= strongScore || (mutual && !earlier.isFragment(candidate.earlier) && !later.isFragment(l)) else {
                    continue
                }
                guard
                    mutual || !places.isNarrow(later: l) || places.contains(earlier: candidate.earlier, later: l)
                        || (candidate.score >= moveScore && isBestScored(candidate, list, byEarlier))
                else { continue }
                pairs.append(
                    Pair(score: candidate.score, rank: candidate.rank, cosine: candidate.cosine, later: l, earlier: candidate.earlier))
            }
        }
        pairs.sort { Pair.isBetter($0, $1) }
        for pair in pairs where found.taken(.later, pair.later) == nil && found.taken(.earlier, pair.earlier) == nil {
            found.add(
                Link(
                    earlier: pair.earlier, later: pair.later, cosine: pair.cosine, score: pair.score, shape: .single,
                    evidence: pair.score >= strongScore ? .strongPair : .mutualBest,
                    inPlace: places.contains(earlier: pair.earlier, later: pair.later)))
        }
    }

    /// Whether no other candidate of the later rule (`list`, its candidates) or of the
    /// candidate's earlier rule scores higher than the candidate: whatever its rank, taken or
    /// not, a rival nearer in words is a rival (a tie is none: two copies of one text score alike).
    func isBestScored(_ candidate: Candidate, _ list: ArraySlice<Candidate>, _ byEarlier: CandidatesByEarlier) -> Bool {
        list.allSatisfy { $0.score <= candidate.score } && byEarlier.list(candidate.earlier).allSatisfy { $0.score <= candidate.score }
    }

    /// A candidate pair for a one-to-one link.
    struct Pair {
        let score: Double
        /// The order pairs are taken in (`Candidate.rank`).
        let rank: Double
        let cosine: Double
        let later: Int
        let earlier: Int

        /// The higher rank first; of equal ranks, the later rule read first, then the earlier.
        static func isBetter(_ a: Pair, _ b: Pair) -> Bool {
            a.rank > b.rank || (a.rank == b.rank && (a.later < b.later || (a.later == b.later && a.earlier < b.earlier)))
        }
    }

    /// Rules left over between the same two linked neighbours, as many on each side, pair up in
    /// reading order, like the changed lines of a diff's hunk: a rule revised in place, whose
    /// words changed too much to be found by them alone, keeps its place. The two must still
    /// share words (`gapCosine`), or some word and their opening one (`openAlike`).
    func linkGaps(_ earlier: LinkableRules, _ later: LinkableRules, _ found: inout MatchedLinks) {
        var l = 0
        while l < later.count {
            guard found.taken(.later, l) == nil else { l += 1; continue }
            var end = l
            while end < later.count && found.taken(.later, end) == nil { end += 1 }
            defer { l = end }
            // The earlier rules between the links of the run's neighbours (the edition's
            // start or end standing for a neighbour there).
            let from = l == 0 ? 0 : found.links[found.taken(.later, l - 1)!].earlier + 1
            let to = end == later.count ? earlier.count : found.links[found.taken(.later, end)!].earlier
            guard from < to, to - from == end - l, (from..<to).allSatisfy({ found.taken(.earlier, $0) == nil }) else { continue }
            for (p, m) in zip(from..<to, l..<end) {
                let (cosine, score) = self.score(later, m, earlier, p)
                // Under unrelated subjects, a rule is not in the other's place (the edition's
                // start or end stood for a neighbour).
                guard cosine >= gapCosine || (cosine > 0 && Self.openAlike(earlier.rules[p].text, later.rules[m].text)),
                    !later.standApart(m, earlier, p), found.allows(earlier: p, later: m)
                else { continue }
                found.add(Link(earlier: p, later: m, cosine: cosine, score: score, shape: .single, evidence: .gap, inPlace: true))
            }
        }
    }

    /// Whether two texts open with the same word (digits included: "F9" is not "F10"): a rule
    /// revised in place keeps its opening ("Provide a window." → "Provide a tooltip at first
    /// launch."). Any word: left out, the lineage lexicon's stopwords cost two right links of the
    /// archive ("a click elsewhere" → "A click outside the menu", "with Aqua interface
    /// standards?" → "with Mac OS standards? …") and kept no wrong one out.
    static func openAlike(_ a: String, _ b: String) -> Bool {
        let first = { (text: String) in Words.lowercased(text, digits: true, apostrophes: true, limit: 1).first }
        guard let opening = first(a) else { return false }
        return opening == first(b)
    }
}
