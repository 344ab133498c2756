import Testing
@testable import HIGStore
@testable import HIGLineage

/// The matcher on rules written here as words (each word one term of equal weight), so that each
/// test controls exactly which words two rules share.
@Suite("Rule matcher on small fixtures")
struct RuleMatcherTests {
    /// Rules of one edition, in one file, in reading order; term ids shared through `ids`.
    static func edition(_ name: String, _ texts: [String], subjects: [[Int32]] = [], ids: inout [String: Int32]) -> LinkableRules {
        MatcherFixture.edition(
            name, texts.enumerated().map { .init(text: $1, subjects: $0 < subjects.count ? subjects[$0] : []) }, ids: &ids)
    }

    static func links(_ one: [String], _ two: [String]) -> [(earlier: Int, later: Int, shape: RuleMatcher.Link.Shape)] {
        var ids: [String: Int32] = [:]
        let earlier = edition("one", one, ids: &ids)
        let later = edition("two", two, ids: &ids)
        return RuleMatcher().match(earlier: earlier, later: later, termCount: ids.count).map { ($0.earlier, $0.later, $0.shape) }
    }

    @Test("A weak likeness links two rules under related subjects or unknown ones, not under unrelated subjects")
    func unrelatedSubjects() {
        // Two shared words of seven each: a cosine of 2/7, a score of 0.34 with the place, over
        // the least score (0.25) alone, under it less the subject penalty (0.1).
        let one = ["alpha bravo charlie delta echo foxtrot golf"]
        let two = ["alpha bravo kilo lima mike november oscar"]
        func linked(_ earlier: [Int32], _ later: [Int32]) -> Bool {
            var ids: [String: Int32] = [:]
            let first = Self.edition("one", one, subjects: [earlier], ids: &ids)
            let second = Self.edition("two", two, subjects: [later], ids: &ids)
            return !RuleMatcher().match(earlier: first, later: second, termCount: ids.count).isEmpty
        }
        #expect(linked([3, 7], [3, 9]))  // a group in common (Components)
        #expect(linked([], [9]))  // an excerpt without its headings
        #expect(linked([200], [456]))  // ids 256 apart share a bit: related, never wrongly apart
        #expect(!linked([3, 7], [4, 9]))
        var set = SubjectSet()
        set.insert(70)
        var other = SubjectSet()
        other.insert(6)
        #expect(!set.intersects(other) && !set.isEmpty && SubjectSet().isEmpty)
        other.insert(70)
        #expect(set.intersects(other))
    }

    @Test("A word alone (a list's item) is no weak pair's side: only a strong likeness links it")
    func fragmentsTakeNoWeakPair() {
        // Eleven words; the earlier rule shares one of them (cosine 1/√11 = 0.30, a weak score)
        // or, as a control, two of its three (2/√33 = 0.35). The later edition's second rule
        // keeps the leftovers unequal, so no gap pairs them by place.
        let paragraph = "alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo"
        #expect(Self.links(["alpha"], [paragraph, "zulu yankee xray"]).isEmpty)
        #expect(Self.links(["alpha bravo lima"], [paragraph, "zulu yankee xray"]).map { [$0.earlier, $0.later] } == [[0, 0]])
        // A strong likeness still links a word alone: "alpha" and "alpha bravo" (cosine 0.71).
        #expect(Self.links(["alpha"], ["alpha bravo", "zulu yankee xray"]).map { [$0.earlier, $0.later] } == [[0, 0]])
    }

    @Test("A rule revised in place pairs with its place's rule by one shared word when both open with it")
    func revisedInPlaceKeepsItsOpening() {
        // Between two unchanged neighbours, one rule each side sharing one word of eleven (cosine
        // 1/11 = 0.09, under the gap's least cosine, 0.1). Opening with that word ("Provide a
        // window" -> "Provide a tooltip"), they pair; with it elsewhere, they do not.
        let (first, last) = ("alpha bravo charlie delta", "zulu yankee xray whiskey victor")
        func pairs(_ new: String) -> [[Int]] {
            Self.links([first, "provide b c d e f g h i j k", last], [first, new, last]).map { [$0.earlier, $0.later] }
        }
        #expect(pairs("provide l m n o p q r s t u") == [[0, 0], [1, 1], [2, 2]])
        #expect(pairs("l provide m n o p q r s t u") == [[0, 0], [2, 2]])
        #expect(RuleMatcher.openAlike("Provide a window.", "provide a tooltip at first launch."))
        #expect(!RuleMatcher.openAlike("On the surface, …", "The key is to create a balance"))
        #expect(!RuleMatcher.openAlike("F9 — Tile or untile all open windows.", "F10 — Apple reserved."))
    }

    @Test("The second half of a split, a new lead over the rest, is found by what it adds to the first half's cover")
    func secondHalfOfASplit() {
        // Rule 0 became rules 0 and 1: the first keeps four of its eight words, the second three
        // more behind four new ones (3 of its 7 words: too few to be found by its words alone).
        let found = Self.links(
            ["alpha bravo charlie delta echo foxtrot golf hotel", "zulu yankee xray whiskey victor"],
            ["alpha bravo charlie delta", "kilo lima mike november foxtrot golf hotel", "zulu yankee xray whiskey victor"])
        #expect(found.contains { $0 == (0, 0, .split) })
        #expect(found.contains { $0 == (0, 1, .split) })
        #expect(found.contains { $0 == (1, 2, .single) })
        #expect(found.count == 3)
    }

    @Test("The second half of a split is found across new rules put between the halves")
    func secondHalfOfASplitAcrossNewRules() {
        // The split above, with two new rules (words of neither edition) between its halves, as
        // the generator puts an added list there: the second half's linked neighbour is the first
        // half, three rules up.
        let found = Self.links(
            ["alpha bravo charlie delta echo foxtrot golf hotel", "zulu yankee xray whiskey victor"],
            [
                "alpha bravo charlie delta", "papa quebec romeo sierra tango", "uniform oscar juliet india",
                "kilo lima mike november foxtrot golf hotel", "zulu yankee xray whiskey victor",
            ])
        #expect(found.contains { $0 == (0, 0, .split) })
        #expect(found.contains { $0 == (0, 3, .split) })
        #expect(found.contains { $0 == (1, 4, .single) })
        #expect(found.count == 3)
    }

    @Test("The second half of a merge, the split above the other way round, is found by the same pass run the other way")
    func secondHalfOfAMerge() {
        // Rules 0 and 1 became rule 0: the mirror of the split above, earlier and later swapped.
        let found = Self.links(
            ["alpha bravo charlie delta", "kilo lima mike november foxtrot golf hotel", "zulu yankee xray whiskey victor"],
            ["alpha bravo charlie delta echo foxtrot golf hotel", "zulu yankee xray whiskey victor"])
        #expect(found.contains { $0 == (0, 0, .merged) })
        #expect(found.contains { $0 == (1, 0, .merged) })
        #expect(found.contains { $0 == (2, 1, .single) })
        #expect(found.count == 3)
    }

    @Test("A rule left over whose words lie mostly in its neighbour's earlier rule is the second half of a split")
    func splitFoundByWords() {
        // Rule 0 became rules 0 and 1, each keeping half of its words: the second half is a
        // candidate of the whole by its words alone.
        let found = Self.links(
            ["alpha bravo charlie delta echo foxtrot golf hotel", "zulu yankee xray whiskey victor"],
            ["alpha bravo charlie delta", "echo foxtrot golf hotel", "zulu yankee xray whiskey victor"])
        #expect(found.contains { $0 == (0, 0, .split) })
        #expect(found.contains { $0 == (0, 1, .split) })
        #expect(found.count == 3)
    }

    @Test("And the other way round, an earlier rule whose words lie mostly in its neighbour's later rule is half of a merge")
    func mergeFoundByWords() {
        let found = Self.links(
            ["alpha bravo charlie delta", "echo foxtrot golf hotel", "zulu yankee xray whiskey victor"],
            ["alpha bravo charlie delta echo foxtrot golf hotel", "zulu yankee xray whiskey victor"])
        #expect(found.contains { $0 == (0, 0, .merged) })
        #expect(found.contains { $0 == (1, 0, .merged) })
        #expect(found.count == 3)
    }

    @Test("A new rule next to an unchanged one is no second half, however many words it shares with it")
    func newRuleNextToUnchangedOne() {
        let found = Self.links(
            ["one two three four", "zulu yankee xray whiskey victor"],
            ["one two three four", "one two five six seven", "zulu yankee xray whiskey victor"])
        #expect(!found.contains { $0.later == 1 })
        #expect(found.count == 2)
    }

    @Test("A rule revised in place, between the same two neighbours, is linked though few words remain")
    func revisedInPlace() {
        let found = Self.links(
            ["alpha bravo charlie delta", "customize sidebars need", "echo foxtrot golf hotel"],
            [
                "alpha bravo charlie delta", "customize popovers across app segmented controls group concise status",
                "echo foxtrot golf hotel",
            ])
        #expect(found.contains { $0 == (1, 1, .single) })
        #expect(found.count == 3)
    }

    @Test("Between two neighbours, unequal numbers of leftover rules are not paired")
    func unequalGapIsLeftAlone() {
        let found = Self.links(
            ["alpha bravo charlie delta", "customize sidebars need", "review small lists", "echo foxtrot golf hotel"],
            [
                "alpha bravo charlie delta", "customize popovers across app segmented controls group concise status",
                "echo foxtrot golf hotel",
            ])
        #expect(!found.contains { $0.later == 1 })
    }

    /// The dot product as the matcher first took it: a merge that branches on the terms' order.
    static func mergedDot(_ vectors: TermVectors, _ rule: Int, _ other: Int) -> Double {
        let (a, b) = (vectors.range(rule), vectors.range(other))
        var i = a.lowerBound, j = b.lowerBound
        var dot: Float = 0
        while i < a.upperBound && j < b.upperBound {
            if vectors.terms[i] == vectors.terms[j] {
                dot += vectors.weights[i] * vectors.weights[j]
                i += 1
                j += 1
            } else if vectors.terms[i] < vectors.terms[j] {
                i += 1
            } else {
                j += 1
            }
        }
        return Double(dot)
    }

    @Test("Dot products, by the branchless merge or through a rule's term table, are a branching merge's, bit for bit")
    func termTableDotsAsTheMerge() {
        var random = SeededRandom(seed: 5)
        // Rules of 0 to 150 distinct terms from a small and a large vocabulary (so that some
        // share most terms, some none), with weights of every size; rule 0 has no terms.
        var terms: [Int32] = [], weights: [Float] = [], start: [Int32] = [0, 0]
        for _ in 0..<400 {
            let vocabulary = random.chance(0.5) ? 40 : 100_000
            let own = Set((0..<random.int(0...(random.chance(0.1) ? 150 : 40))).map { _ in Int32(random.int(below: vocabulary)) }).sorted()
            terms += own
            weights += own.map { _ in Float(random.int(1...1_000_000)) / Float(random.int(1...1_000)) }
            start.append(Int32(terms.count))
        }
        let vectors = TermVectors(terms: terms, weights: weights, start: start)
        var table = TermWeightTable()
        for rule in 0..<(start.count - 1) {
            table.fill(vectors, rule)
            for other in (0..<30).map({ _ in random.int(below: start.count - 1) }) + [0, rule] {
                let merged = Self.mergedDot(vectors, rule, other)
                #expect(vectors.dot(rule, vectors, other).bitPattern == merged.bitPattern, "rule \(rule) with \(other)")
                #expect(table.dot(vectors, other).bitPattern == merged.bitPattern, "rule \(rule) with \(other)")
                #expect(vectors.dot(other, vectors, rule).bitPattern == merged.bitPattern, "rule \(other) with \(rule)")
            }
        }
    }
}
