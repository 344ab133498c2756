import HIGText

extension RuleMatcher {
    /// Each later rule's `candidatesPerRule` earlier rules of the greatest partial dot product
    /// (over the terms not too common to search by), greatest first (the lower index first among
    /// equals). Words only, no topics: so it can be found before topics are assigned
    /// (`PreparedLinkTerms`). `onEveryCore` false: on this thread alone, to leave the other core
    /// to the one writing.
    func nearest(earlier: LinkableRules, later: LinkableRules, termCount: Int, onEveryCore: Bool = true) -> [[Int32]] {
        nearest(earlier: earlier.text, later: later.text, termCount: termCount, kept: candidatesPerRule, onEveryCore: onEveryCore)
    }

    /// The nearest earlier rules of the later rules `only` (indices into `later`), in that
    /// order: as `nearest(earlier:later:termCount:)` finds them, for a few rules of an edition.
    func nearest(earlier: LinkableRules, later: LinkableRules, termCount: Int, only: [Int]) -> [[Int32]] {
        guard earlier.text.start.count > 1, candidatesPerRule > 0 else { return only.map { _ in [] } }
        let postings = Postings(earlier.text, termCount: termCount)
        var scratch = Accumulator(rules: earlier.text.start.count - 1, kept: candidatesPerRule)
        return only.map { nearest(to: $0, of: later.text, postings, kept: candidatesPerRule, &scratch) }
    }

    /// Each later rule's `kept` nearest earlier rules by their leads alone: a rule rewritten
    /// under the same heading words ("Place buttons appropriately", "Place buttons where people
    /// expect") may share too little of its explanation to be among the nearest by its words.
    func nearestByLead(earlier: LinkableRules, later: LinkableRules, termCount: Int) -> [[Int32]] {
        nearest(earlier: earlier.lead, later: later.lead, termCount: termCount, kept: leadCandidatesPerRule, onEveryCore: true)
    }

    private func nearest(earlier: TermVectors, later laterText: TermVectors, termCount: Int, kept: Int, onEveryCore: Bool) -> [[Int32]] {
        let laterCount = laterText.start.count - 1
        guard earlier.start.count > 1, kept > 0 else { return (0..<laterCount).map { _ in [] } }
        let postings = Postings(earlier, termCount: termCount)
        let makeScratch: @Sendable () -> Accumulator = { [count = earlier.start.count - 1] in
            Accumulator(rules: count, kept: kept)
        }
        // Each later rule's list depends on nothing but the index: on every core, each worker
        // with its own accumulator.
        guard onEveryCore else {
            var scratch = makeScratch()
            return (0..<laterCount).map { nearest(to: $0, of: laterText, postings, kept: kept, &scratch) }
        }
        return ParallelChunks.map(count: laterCount, makeScratch: makeScratch) { l, scratch in
            nearest(to: l, of: laterText, postings, kept: kept, &scratch)
        }
    }

    /// A term in more than this many earlier rules says too little to find candidates by (it
    /// still counts in the score). A constant: a limit that grew with the edition would make the
    /// walk over postings grow with its square.
    static let commonTermLimit = 400

    /// Rule `rule`'s nearest earlier rules. The walk over postings is the matcher's costliest
    /// loop: its steps read and write through spans, unchecked (every index is a term's, a
    /// posting's or a rule's, in range by construction), where an array written through an
    /// `inout` would check its uniqueness and bounds at every step.
    private func nearest(to rule: Int, of later: TermVectors, _ postings: Postings, kept: Int, _ scratch: inout Accumulator) -> [Int32] {
        let touchedCount = Self.accumulate(rule, of: later, postings, sums: &scratch.sums, touched: &scratch.touched)
        let count = Self.keepBest(
            kept, of: scratch.touched, touchedCount, by: scratch.sums,
            values: &scratch.topValues, rules: &scratch.topRules)
        Self.clear(&scratch.sums, of: scratch.touched, touchedCount)
        return Array(scratch.topRules[..<count])
    }

    /// Adds each product of rule `rule`'s weight and an earlier rule's, term by term, to that
    /// earlier rule's sum, and writes down each earlier rule the first time it is touched; gives
    /// how many were.
    @inline(__always)
    private static func accumulate(
        _ rule: Int, of later: TermVectors, _ postings: Postings,
        sums sumsArray: inout [Float], touched touchedArray: inout [Int32]
    ) -> Int {
        var sums = sumsArray.mutableSpan, touched = touchedArray.mutableSpan
        let (start, rules, weights) = (postings.start.span, postings.rules.span, postings.weights.span)
        let (laterTerms, laterWeights) = (later.terms.span, later.weights.span)
        var touchedCount = 0
        // A rule is counted once as long as every product is above 0 (weights are); the bound
        // keeps the writes inside `touched` even if one ever were not.
        let touchedLimit = touched.count - 1
        for index in later.range(rule) {
            let term = Int(laterTerms[unchecked: index]), weight = laterWeights[unchecked: index]
            let from = Int(start[unchecked: term]), to = Int(start[unchecked: term + 1])
            guard to - from <= commonTermLimit else { continue }
            for posting in from..<to {
                // Every rule is written down, and kept only when first touched: no branch on
                // which it is.
                let earlierRule = Int(rules[unchecked: posting])
                touched[unchecked: touchedCount] = rules[unchecked: posting]
                touchedCount &+= sums[unchecked: earlierRule] == 0 && touchedCount < touchedLimit ? 1 : 0
                sums[unchecked: earlierRule] += weight * weights[unchecked: posting]
            }
        }
        return touchedCount
    }

    /// The best `kept` of the first `touchedCount` rules of `touched` by their sums, greatest
    /// first (the lower index first of equal sums), into `values` and `rules`; gives how many.
    /// Without sorting all that were touched: a rule goes in only if it beats the last one kept,
    /// and is moved up past those it beats.
    @inline(__always)
    private static func keepBest(
        _ kept: Int, of touchedArray: [Int32], _ touchedCount: Int, by sumsArray: [Float],
        values valuesArray: inout [Float], rules rulesArray: inout [Int32]
    ) -> Int {
        let (touched, sums) = (touchedArray.span, sumsArray.span)
        var values = valuesArray.mutableSpan, rules = rulesArray.mutableSpan
        var count = 0
        for slot in 0..<touchedCount {
            let rule = touched[unchecked: slot]
            let value = sums[unchecked: Int(rule)]
            if count == kept {
                guard kept > 0,
                    value > values[unchecked: kept - 1]
                        || (value == values[unchecked: kept - 1] && rule < rules[unchecked: kept - 1])
                else { continue }
                count -= 1
            }
            var position = count
            while position > 0
                && (value > values[unchecked: position - 1]
                    || (value == values[unchecked: position - 1] && rule < rules[unchecked: position - 1]))
            {
                values[unchecked: position] = values[unchecked: position - 1]
                rules[unchecked: position] = rules[unchecked: position - 1]
                position -= 1
            }
            values[unchecked: position] = value
            rules[unchecked: position] = rule
            count += 1
        }
        return count
    }

    /// Sets the touched rules' sums back to zero, for the next later rule.
    @inline(__always)
    private static func clear(_ sumsArray: inout [Float], of touchedArray: [Int32], _ touchedCount: Int) {
        var sums = sumsArray.mutableSpan
        let touched = touchedArray.span
        for slot in 0..<touchedCount { sums[unchecked: Int(touched[unchecked: slot])] = 0 }
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
