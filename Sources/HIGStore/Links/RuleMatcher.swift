/// Finds, for the rules of a later edition, their counterparts among the rules of an earlier one.
///
/// Candidates come from an inverted index over the earlier rules' terms (the very common terms
/// are left out of the candidate search, not of the score), so an edition of tens of thousands
/// of rules is aligned without comparing all pairs. Each candidate is scored by the cosine of
/// the two rules' TF-IDF vectors, plus a little for shared topics and for a similar place in
/// the edition. Pairs are then taken best first, one to one; what remains may join a taken
/// pair as the other half of a split (one earlier rule, two later ones next to each other) or
/// of a merge.
struct RuleMatcher: Sendable {
    struct Link: Sendable, Equatable {
        enum Shape: Sendable { case single, split, merged }
        let earlier: Int
        let later: Int
        let cosine: Double
        let score: Double
        var shape: Shape
    }

    /// The least score for a one-to-one link; below `strongScore`, only between two rules that
    /// are each other's best candidate.
    var acceptScore = 0.25
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
    /// them alone, keeps its place between the same neighbours.
    var gapCosine = 0.1
    /// How many candidates each later rule keeps.
    var candidatesPerRule = 8
    /// The share of the lead's cosine in the words' score: a rule's lead says what it is about,
    /// its explanation may wander ("Prefer a two-button alert to give people a clear choice"
    /// and "Generally, use a two-button alert" share their lead, little else).
    var leadWeight = 0.4
    var topicWeight = 0.12
    /// Taken off when one rule prescribes and the other describes.
    var kindPenalty = 0.1
    var positionWeight = 0.05

    /// `nearest`: `nearest(earlier:later:termCount:)` of these rules when it was found before.
    func match(earlier: LinkableRules, later: LinkableRules, termCount: Int, nearest: [[Int32]]? = nil) -> [Link] {
        guard !earlier.isEmpty, !later.isEmpty else { return [] }
        let candidates = candidateLists(earlier: earlier, later: later, termCount: termCount, nearest: nearest)
        // One to one, best first. A weak pair must be each side's best choice.
        var bestForEarlier = [Double](repeating: 0, count: earlier.count)
        for candidate in candidates.all { bestForEarlier[candidate.earlier] = max(bestForEarlier[candidate.earlier], candidate.score) }
        var laterTaken = [Int?](repeating: nil, count: later.count)
        var earlierTaken = [Int?](repeating: nil, count: earlier.count)
        var links: [Link] = []
        // The same words are the same rule, first come first served: short rules made only of
        // common terms would otherwise find no candidate at all. Each text's earlier rules wait in
        // a chain through `nextWithSameWords`, in reading order, its first in `firstWithSameWords`.
        var firstWithSameWords: [Int: Int] = [:]
        var lastWithSameWords: [Int: Int] = [:]
        var nextWithSameWords = [Int](repeating: -1, count: earlier.count)
        for index in earlier.indices {
            let key = earlier.rules[index].sameWordsKey
            if let last = lastWithSameWords.updateValue(index, forKey: key) {
                nextWithSameWords[last] = index
            } else {
                firstWithSameWords[key] = index
            }
        }
        for l in later.indices {
            let key = later.rules[l].sameWordsKey
            guard let p = firstWithSameWords[key], p >= 0 else { continue }
            firstWithSameWords[key] = nextWithSameWords[p]
            laterTaken[l] = links.count
            earlierTaken[p] = links.count
            links.append(Link(earlier: p, later: l, cosine: later.cosine(l, earlier, p), score: 2, shape: .single))
        }
        // Then the pairs of rules neither of which has the same words as another, best first
        // (a pair with a rule taken above would be passed over: left out, it is not sorted).
        var pairs: [Pair] = []
        for l in later.indices where laterTaken[l] == nil {
            let list = candidates.list(l)
            for candidate in list where candidate.score >= acceptScore && earlierTaken[candidate.earlier] == nil {
                let mutual = candidate.score >= list[list.startIndex].score && candidate.score >= bestForEarlier[candidate.earlier]
                guard candidate.score >= strongScore || mutual else { continue }
                pairs.append(Pair(score: candidate.score, cosine: candidate.cosine, later: l, earlier: candidate.earlier))
            }
        }
        pairs.sort { Pair.isBetter($0, $1) }
        for pair in pairs where laterTaken[pair.later] == nil && earlierTaken[pair.earlier] == nil {
            laterTaken[pair.later] = links.count
            earlierTaken[pair.earlier] = links.count
            links.append(Link(earlier: pair.earlier, later: pair.later, cosine: pair.cosine, score: pair.score, shape: .single))
        }

        // Splits: a later rule left over whose words lie mostly in an earlier rule already
        // taken by its neighbour.
        for l in later.indices where laterTaken[l] == nil {
            for candidate in candidates.list(l) where candidate.score >= partScore {
                guard let taken = earlierTaken[candidate.earlier] else { continue }
                let sibling = links[taken].later
                guard later.isNeighbour(l, of: later, sibling),
                      later.containment(l, in: earlier, candidate.earlier) >= partContainment else { continue }
                links[taken].shape = .split
                laterTaken[l] = links.count
                links.append(Link(earlier: candidate.earlier, later: l, cosine: candidate.cosine, score: candidate.score, shape: .split))
                break
            }
        }

        // Splits found by coverage: a later rule left over next to one linked to an earlier
        // rule, covering a material share of that rule's words its neighbour lacks.
        for l in later.indices where laterTaken[l] == nil {
            var best: (gain: Double, taken: Int)?
            for n in [l - 1, l + 1] where later.indices.contains(n) && later.isNeighbour(l, of: later, n) {
                guard let taken = laterTaken[n], links[taken].shape != .merged else { continue }
                let whole = links[taken].earlier
                let gain = earlier.coverageGain(whole, by: l, beyond: n, of: later)
                guard gain >= max(splitLeastGain, splitGain * (1 - earlier.containment(whole, in: later, n))),
                      later.containment(l, in: earlier, whole) >= splitPartContainment,
                      gain > best?.gain ?? 0 else { continue }
                best = (gain, taken)
            }
            guard let (_, taken) = best else { continue }
            let p = links[taken].earlier
            links[taken].shape = .split
            laterTaken[l] = links.count
            let (cosine, score) = self.score(later, l, earlier, p)
            links.append(Link(earlier: p, later: l, cosine: cosine, score: score, shape: .split))
        }

        // Merges: an earlier rule left over whose words lie mostly in a later rule already
        // taken by its neighbour.
        let byEarlier = candidates.byEarlier(count: earlier.count)
        for p in earlier.indices where earlierTaken[p] == nil {
            for candidate in byEarlier.list(p).sorted(by: { ($0.score, $1.later) > ($1.score, $0.later) }) where candidate.score >= partScore {
                guard let taken = laterTaken[candidate.later], links[taken].shape != .split else { continue }
                let sibling = links[taken].earlier
                guard earlier.isNeighbour(p, of: earlier, sibling),
                      earlier.containment(p, in: later, candidate.later) >= partContainment else { continue }
                links[taken].shape = .merged
                earlierTaken[p] = links.count
                links.append(Link(earlier: p, later: candidate.later, cosine: candidate.cosine, score: candidate.score, shape: .merged))
                break
            }
        }
        // Merges found by coverage, as splits above the other way round.
        for p in earlier.indices where earlierTaken[p] == nil {
            var best: (gain: Double, taken: Int)?
            for n in [p - 1, p + 1] where earlier.indices.contains(n) && earlier.isNeighbour(p, of: earlier, n) {
                guard let taken = earlierTaken[n], links[taken].shape != .split else { continue }
                let whole = links[taken].later
                let gain = later.coverageGain(whole, by: p, beyond: n, of: earlier)
                guard gain >= max(splitLeastGain, splitGain * (1 - later.containment(whole, in: earlier, n))),
                      earlier.containment(p, in: later, whole) >= splitPartContainment,
                      gain > best?.gain ?? 0 else { continue }
                best = (gain, taken)
            }
            guard let (_, taken) = best else { continue }
            let l = links[taken].later
            links[taken].shape = .merged
            earlierTaken[p] = links.count
            let (cosine, score) = self.score(later, l, earlier, p)
            links.append(Link(earlier: p, later: l, cosine: cosine, score: score, shape: .merged))
        }

        // Rules left over between the same two linked neighbours, as many on each side, pair
        // up in reading order, like the changed lines of a diff's hunk.
        var l = 0
        while l < later.count {
            guard laterTaken[l] == nil else { l += 1; continue }
            var end = l
            while end < later.count && laterTaken[end] == nil { end += 1 }
            defer { l = end }
            // The earlier rules between the links of the run's neighbours (the edition's
            // start or end standing for a neighbour there).
            let from = l == 0 ? 0 : links[laterTaken[l - 1]!].earlier + 1
            let to = end == later.count ? earlier.count : links[laterTaken[end]!].earlier
            guard from < to, to - from == end - l, (from..<to).allSatisfy({ earlierTaken[$0] == nil }) else { continue }
            for (p, m) in zip(from..<to, l..<end) {
                let (cosine, score) = self.score(later, m, earlier, p)
                guard cosine >= gapCosine else { continue }
                laterTaken[m] = links.count
                earlierTaken[p] = links.count
                links.append(Link(earlier: p, later: m, cosine: cosine, score: score, shape: .single))
            }
        }

        // A lead-in left over whose children went into one later rule went there with them
        // ("Give alert buttons short, logical titles" and its bullets became "Create succinct,
        // logical button titles").
        let indexOfID = Dictionary(uniqueKeysWithValues: earlier.indices.map { (earlier.rules[$0].id, $0) })
        var childTargets: [Int: [Int]] = [:]
        for link in links {
            if let parent = earlier.rules[link.earlier].parent, let p = indexOfID[parent] { childTargets[p, default: []].append(link.later) }
        }
        for (p, targets) in childTargets.sorted(by: { $0.key < $1.key }) where earlierTaken[p] == nil {
            let counted = Dictionary(grouping: targets, by: { $0 }).mapValues(\.count)
            guard let (target, count) = counted.max(by: { ($0.value, $1.key) < ($1.value, $0.key) }), count * 2 >= targets.count,
                  let candidate = byEarlier.list(p).first(where: { $0.later == target }), candidate.score >= partScore,
                  let taken = laterTaken[target], links[taken].shape != .split else { continue }
            links[taken].shape = .merged
            for index in links.indices where links[index].later == target { links[index].shape = .merged }
            earlierTaken[p] = links.count
            links.append(Link(earlier: p, later: target, cosine: candidate.cosine, score: candidate.score, shape: .merged))
        }
        return links.sorted { ($0.later, $0.earlier) < ($1.later, $1.earlier) }
    }

    /// The cosine of two rules' words, and the score of the pair: words, lead, topics, place, kind.
    private func score(_ rules: LinkableRules, _ rule: Int, _ others: LinkableRules, _ other: Int) -> (cosine: Double, score: Double) {
        let cosine = rules.cosine(rule, others, other)
        return (cosine, score(rules, rule, others, other, cosine: cosine, leadCosine: rules.leadCosine(rule, others, other)))
    }

    /// The score of a pair whose cosines are known.
    private func score(_ rules: LinkableRules, _ rule: Int, _ others: LinkableRules, _ other: Int,
                       cosine: Double, leadCosine: Double) -> Double {
        (1 - leadWeight) * cosine + leadWeight * leadCosine
            + topicWeight * rules.topicOverlap(rule, others, other)
            + positionWeight * (1 - abs(rules.position(rule) - others.position(other)))
            - (rules.prescribes(rule) == others.prescribes(other) ? 0 : kindPenalty)
    }

    private struct Candidate {
        let earlier: Int
        let cosine: Double
        let score: Double

        /// The higher score first; of equal scores, the earlier rule read first.
        func precedes(_ other: Candidate) -> Bool {
            score > other.score || (score == other.score && earlier < other.earlier)
        }
    }

    /// A candidate pair for a one-to-one link.
    private struct Pair {
        let score: Double
        let cosine: Double
        let later: Int
        let earlier: Int

        /// The higher score first; of equal scores, the later rule read first, then the earlier.
        static func isBetter(_ a: Pair, _ b: Pair) -> Bool {
            a.score > b.score || (a.score == b.score && (a.later < b.later || (a.later == b.later && a.earlier < b.earlier)))
        }
    }

    /// Each later rule's candidates in one flat array: rule l's, best first, are `list(l)`, in
    /// `perRule` places from `l * perRule` (one array for all rather than one per rule).
    private struct CandidateLists {
        let perRule: Int
        let candidates: [Candidate]
        let counts: [Int]

        func list(_ l: Int) -> ArraySlice<Candidate> { candidates[(l * perRule)..<(l * perRule + counts[l])] }

        /// Every candidate of every list.
        var all: some Sequence<Candidate> { counts.indices.lazy.flatMap { list($0) } }

        /// The same candidates by earlier rule: p's are `list(p)`, in the order of the later
        /// rules' lists.
        func byEarlier(count: Int) -> CandidatesByEarlier {
            var start = [Int](repeating: 0, count: count + 1)
            for candidate in all { start[candidate.earlier + 1] += 1 }
            for p in 0..<count { start[p + 1] += start[p] }
            var next = start
            var entries = [CandidatesByEarlier.Entry](repeating: .init(later: 0, score: 0, cosine: 0), count: start[count])
            for l in counts.indices {
                for candidate in list(l) {
                    entries[next[candidate.earlier]] = .init(later: l, score: candidate.score, cosine: candidate.cosine)
                    next[candidate.earlier] += 1
                }
            }
            return CandidatesByEarlier(entries: entries, start: start)
        }
    }

    private struct CandidatesByEarlier {
        struct Entry {
            let later: Int
            let score: Double
            let cosine: Double
        }

        let entries: [Entry]
        let start: [Int]

        func list(_ p: Int) -> ArraySlice<Entry> { entries[start[p]..<start[p + 1]] }
    }

    /// Each later rule's best candidates, best first. `nearest`: what `nearest(earlier:later:termCount:)`
    /// gives for these rules, when it was found before.
    private func candidateLists(earlier: LinkableRules, later: LinkableRules, termCount: Int,
                                nearest known: [[Int32]]?) -> CandidateLists {
        let nearest = known ?? self.nearest(earlier: earlier, later: later, termCount: termCount)
        let perRule = max(1, nearest.lazy.map(\.count).max() ?? 1)
        let chunkSize = ParallelChunks.chunkSize
        let chunks = stride(from: 0, to: later.count, by: chunkSize).map { $0..<min(later.count, $0 + chunkSize) }
        // Each list reads only its rule's nearest and the two editions: on every core, a chunk of
        // lists at a time, each sorted in place as it is scored. A later rule's words and lead
        // are looked up by term for its candidates' dot products.
        let scored = ParallelMap.map(chunks) { chunk in
            var candidates = [Candidate](repeating: Candidate(earlier: 0, cosine: 0, score: 0), count: chunk.count * perRule)
            var counts = [Int](repeating: 0, count: chunk.count)
            var words = TermWeightTable(), lead = TermWeightTable()
            for l in chunk {
                let base = (l - chunk.lowerBound) * perRule
                var count = 0
                words.fill(later.text, l)
                lead.fill(later.lead, l)
                for index in nearest[l] { earlier.prefetch(Int(index)) }
                for index in nearest[l] {
                    let p = Int(index)
                    let cosine = words.dot(earlier.text, p)
                    let score = self.score(later, l, earlier, p, cosine: cosine, leadCosine: lead.dot(earlier.lead, p))
                    let candidate = Candidate(earlier: p, cosine: cosine, score: score)
                    var position = base + count
                    while position > base && candidate.precedes(candidates[position - 1]) {
                        candidates[position] = candidates[position - 1]
                        position -= 1
                    }
                    candidates[position] = candidate
                    count += 1
                }
                counts[l - chunk.lowerBound] = count
            }
            return (candidates, counts)
        }
        return CandidateLists(perRule: perRule, candidates: scored.flatMap(\.0), counts: scored.flatMap(\.1))
    }

    /// Each later rule's `candidatesPerRule` earlier rules of the greatest partial dot product
    /// (over the terms not too common to search by), greatest first (the lower index first among
    /// equals). Words only, no topics: so it can be found before topics are assigned
    /// (`PreparedLinkTerms`). `onEveryCore` false: on this thread alone, to leave the other core
    /// to the one writing.
    func nearest(earlier: LinkableRules, later: LinkableRules, termCount: Int, onEveryCore: Bool = true) -> [[Int32]] {
        guard !earlier.isEmpty else { return later.indices.map { _ in [] } }
        let postings = Postings(earlier.text, termCount: termCount)
        let laterText = later.text
        let makeScratch: @Sendable () -> Accumulator = { [candidatesPerRule, count = earlier.count] in
            Accumulator(rules: count, kept: candidatesPerRule)
        }
        // Each later rule's list depends on nothing but the index: on every core, each worker
        // with its own accumulator.
        guard onEveryCore else {
            var scratch = makeScratch()
            return later.indices.map { nearest(to: $0, of: laterText, postings, &scratch) }
        }
        return ParallelChunks.map(count: later.count, makeScratch: makeScratch) { l, scratch in
            nearest(to: l, of: laterText, postings, &scratch)
        }
    }

    private func nearest(to rule: Int, of later: TermVectors, _ postings: Postings, _ scratch: inout Accumulator) -> [Int32] {
        // A term in more than this many earlier rules says too little to find candidates by (it
        // still counts in the score). A constant: a limit that grew with the edition would make
        // the walk over postings grow with its square.
        let commonLimit = 400
        let terms = later.range(rule)
        let kept = candidatesPerRule
        // Pointers throughout: this walk is the matcher's costliest loop, and an array appended to
        // or written through an `inout` checks its uniqueness and bounds at every step.
        return postings.start.withUnsafeBufferPointer { start in
            postings.rules.withUnsafeBufferPointer { rules in
                postings.weights.withUnsafeBufferPointer { weights in
                    later.terms.withUnsafeBufferPointer { laterTerms in
                        later.weights.withUnsafeBufferPointer { laterWeights in
                            scratch.sums.withUnsafeMutableBufferPointer { sums in
                                scratch.touched.withUnsafeMutableBufferPointer { touched in
                                    scratch.topValues.withUnsafeMutableBufferPointer { topValues in
                                        scratch.topRules.withUnsafeMutableBufferPointer { topRules in
                                            var touchedCount = 0
                                            // A rule is counted once as long as every product is
                                            // above 0 (weights are); the bound keeps the writes
                                            // inside `touched` even if one ever were not.
                                            let touchedLimit = touched.count - 1
                                            for index in terms {
                                                let term = Int(laterTerms[index]), weight = laterWeights[index]
                                                let from = Int(start[term]), to = Int(start[term + 1])
                                                guard to - from <= commonLimit else { continue }
                                                for posting in from..<to {
                                                    // Every rule is written down, and kept only when
                                                    // first touched: no branch on which it is.
                                                    let earlierRule = Int(rules[posting])
                                                    touched[touchedCount] = rules[posting]
                                                    touchedCount &+= sums[earlierRule] == 0 && touchedCount < touchedLimit ? 1 : 0
                                                    sums[earlierRule] += weight * weights[posting]
                                                }
                                            }
                                            // The best few by partial dot product, without sorting
                                            // all that were touched: a rule goes in only if it beats
                                            // the last one kept (the greater sum, or the lower index
                                            // of equal sums), and is moved up past those it beats.
                                            var count = 0
                                            for index in touched[..<touchedCount] {
                                                let value = sums[Int(index)]
                                                if count == kept {
                                                    guard kept > 0, value > topValues[kept - 1]
                                                        || (value == topValues[kept - 1] && index < topRules[kept - 1]) else { continue }
                                                    count -= 1
                                                }
                                                var position = count
                                                while position > 0 && (value > topValues[position - 1]
                                                    || (value == topValues[position - 1] && index < topRules[position - 1])) {
                                                    topValues[position] = topValues[position - 1]
                                                    topRules[position] = topRules[position - 1]
                                                    position -= 1
                                                }
                                                topValues[position] = value
                                                topRules[position] = index
                                                count += 1
                                            }
                                            for index in touched[..<touchedCount] { sums[Int(index)] = 0 }
                                            return Array(topRules[..<count])
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// The earlier rules that have each term, with the term's weight in each, in flat arrays:
    /// term t's postings are `start[t]..<start[t + 1]`, in the rules' order.
    private struct Postings: Sendable {
        let start: [Int32]
        let rules: [Int32]
        let weights: [Float]

        init(_ earlier: TermVectors, termCount: Int) {
            var start = [Int32](repeating: 0, count: termCount + 1)
            for term in earlier.terms { start[Int(term) + 1] += 1 }
            for term in 0..<termCount { start[term + 1] += start[term] }
            var next = start
            var rules = [Int32](repeating: 0, count: Int(start[termCount]))
            var weights = [Float](repeating: 0, count: rules.count)
            for rule in 0..<(earlier.start.count - 1) {
                for index in earlier.range(rule) {
                    let term = Int(earlier.terms[index])
                    let slot = Int(next[term])
                    rules[slot] = Int32(rule)
                    weights[slot] = earlier.weights[index]
                    next[term] += 1
                }
            }
            self.start = start
            self.rules = rules
            self.weights = weights
        }
    }

    /// Partial dot products of one later rule with the earlier rules it shares terms with, the
    /// rules whose sum is no longer zero, and the best kept so far (`kept` of them).
    private struct Accumulator {
        var sums: [Float]
        var touched: [Int32]
        var topValues: [Float]
        var topRules: [Int32]

        init(rules: Int, kept: Int) {
            sums = [Float](repeating: 0, count: rules)
            // One more place than rules: each posting is written down before it is known to be new.
            touched = [Int32](repeating: 0, count: rules + 1)
            topValues = [Float](repeating: 0, count: kept)
            topRules = [Int32](repeating: 0, count: kept)
        }
    }
}
