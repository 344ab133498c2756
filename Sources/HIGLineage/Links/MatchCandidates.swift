import HIGText

/// The candidates the matcher scores for each later rule: its nearest earlier rules by words,
/// scored and kept best first.
extension RuleMatcher {
    struct Candidate {
        let earlier: Int
        let cosine: Double
        /// What the pair's thresholds read (`RuleMatcher.score`).
        let score: Double
        /// What orders a rule's candidates: the score, plus `RuleMatcher.sectionWeight` when the
        /// two sections align. No score threshold reads the alignment; it decides between
        /// candidates, and which candidates found by their lead alone are kept.
        var rank: Double
        /// Found by its lead alone (`RuleMatcher.nearestByLead`), not among the nearest by words.
        let byLeadOnly: Bool

        init(earlier: Int, cosine: Double, score: Double, byLeadOnly: Bool = false) {
            (self.earlier, self.cosine, self.score, rank, self.byLeadOnly) = (earlier, cosine, score, score, byLeadOnly)
        }

        /// The higher rank first; of equal ranks, the earlier rule read first.
        func precedes(_ other: Candidate) -> Bool {
            rank > other.rank || (rank == other.rank && earlier < other.earlier)
        }
    }

    /// Each later rule's candidates in one flat array: rule l's, best first, are `list(l)`, in
    /// `perRule` places from `l * perRule` (one array for all rather than one per rule).
    struct CandidateLists {
        private(set) var perRule: Int
        private(set) var candidates: [Candidate]
        private(set) var counts: [Int]

        func list(_ l: Int) -> ArraySlice<Candidate> { candidates[(l * perRule)..<(l * perRule + counts[l])] }

        /// Adds `bonus` to the rank of each candidate `aligns` (earlier rule, later rule) and sorts
        /// each list again, in place (a copy of the lists is 38 MB at 100k rules); with
        /// `keepingLeadOnly` false, a candidate found by its lead alone is kept only there: a lead
        /// is a few words, and many rules open alike ("Use ... to ...") across unrelated sections.
        mutating func align(bonus: Double, keepingLeadOnly: Bool = false, where aligns: (Int, Int) -> Bool) {
            for l in counts.indices {
                let base = l * perRule
                var kept = base
                for index in base..<(base + counts[l]) {
                    var candidate = candidates[index]
                    let isAligned = aligns(candidate.earlier, l)
                    guard isAligned || keepingLeadOnly || !candidate.byLeadOnly else { continue }
                    if isAligned { candidate.rank += bonus }
                    candidates[kept] = candidate
                    kept += 1
                }
                counts[l] = kept - base
                candidates[base..<kept].sort { $0.precedes($1) }
            }
        }

        /// Adds `extra[l]` to each list `l` (candidates not in it yet), keeping each list best first.
        mutating func add(_ extra: [[Candidate]]) {
            let newPerRule = zip(counts, extra).map { $0 + $1.count }.max() ?? perRule
            guard newPerRule > perRule else {
                for l in counts.indices where !extra[l].isEmpty { insert(extra[l], into: l, perRule: perRule) }
                return
            }
            var grown = [Candidate](repeating: Candidate(earlier: 0, cosine: 0, score: 0), count: counts.count * newPerRule)
            for l in counts.indices {
                grown.replaceSubrange((l * newPerRule)..<(l * newPerRule + counts[l]), with: list(l))
            }
            (candidates, perRule) = (grown, newPerRule)
            for l in counts.indices where !extra[l].isEmpty { insert(extra[l], into: l, perRule: newPerRule) }
        }

        private mutating func insert(_ extra: [Candidate], into l: Int, perRule: Int) {
            let base = l * perRule
            for candidate in extra {
                candidates[base + counts[l]] = candidate
                counts[l] += 1
            }
            candidates[base..<(base + counts[l])].sort { $0.precedes($1) }
        }

        /// Every candidate of every list.
        var all: some Sequence<Candidate> { counts.indices.lazy.flatMap { list($0) } }

        /// The same candidates by earlier rule: p's are `list(p)`, in the order of the later
        /// rules' lists.
        func byEarlier(count: Int) -> CandidatesByEarlier {
            var start = [Int](repeating: 0, count: count + 1)
            for candidate in all { start[candidate.earlier + 1] += 1 }
            for p in 0..<count { start[p + 1] += start[p] }
            var next = start
            var entries = [CandidatesByEarlier.Entry](repeating: .init(later: 0, score: 0, rank: 0, cosine: 0), count: start[count])
            for l in counts.indices {
                for candidate in list(l) {
                    entries[next[candidate.earlier]] = .init(
                        later: l, score: candidate.score, rank: candidate.rank, cosine: candidate.cosine)
                    next[candidate.earlier] += 1
                }
            }
            return CandidatesByEarlier(entries: entries, start: start)
        }
    }

    struct CandidatesByEarlier {
        struct Entry {
            let later: Int
            let score: Double
            let rank: Double
            let cosine: Double
        }

        let entries: [Entry]
        let start: [Int]

        func list(_ p: Int) -> ArraySlice<Entry> { entries[start[p]..<start[p + 1]] }
    }

    /// Each later rule's best candidates, best first. `nearest`: what `nearest(earlier:later:termCount:)`
    /// gives for these rules, when it was found before; a `forbidden` pair is no candidate.
    /// `byLead`: with each rule's nearest by its lead as well (`nearestByLead`), marked
    /// `byLeadOnly` for the section alignment to keep or drop (`match` alone aligns sections).
    func candidateLists(
        earlier: LinkableRules, later: LinkableRules, termCount: Int,
        nearest known: [[Int32]]?, forbidden: ForbiddenPairs = .none, byLead: Bool = false
    ) -> CandidateLists {
        let byWords = known ?? self.nearest(earlier: earlier, later: later, termCount: termCount)
        let byLead = byLead ? nearestByLead(earlier: earlier, later: later, termCount: termCount) : byWords.map { _ in [] }
        // Each rule's nearest by words, then those by its lead not among them.
        let nearest = zip(byWords, byLead).map { words, lead in words + lead.filter { !words.contains($0) } }
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
                for (place, index) in nearest[l].enumerated() {
                    let p = Int(index)
                    if forbidden.contains(earlier: p, later: l) { continue }
                    let cosine = words.dot(earlier.text, p)
                    let score = self.score(later, l, earlier, p, cosine: cosine, leadCosine: lead.dot(earlier.lead, p))
                    let candidate = Candidate(earlier: p, cosine: cosine, score: score, byLeadOnly: place >= byWords[l].count)
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
}
