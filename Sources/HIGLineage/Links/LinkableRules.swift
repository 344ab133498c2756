/// Unit TF-IDF vectors of an edition's rules in flat arrays: rule i's terms, ascending, and their
/// weights are at `range(i)`. One allocation per column rather than four arrays and an object per
/// rule, which a pair of large editions made, retained, released and freed by the hundred thousand.
struct TermVectors: Sendable {
    let terms: [Int32]
    let weights: [Float]
    let start: [Int32]

    init(terms: [Int32], weights: [Float], start: [Int32]) {
        precondition(terms.count == weights.count && Int(start.last ?? -1) == terms.count, "term vectors out of step")
        self.terms = terms
        self.weights = weights
        self.start = start
    }

    func range(_ rule: Int) -> Range<Int> { Int(start[rule])..<Int(start[rule + 1]) }

    /// The vectors of the rules at `indices`, in that order.
    func subset(_ indices: [Int]) -> TermVectors {
        var terms: [Int32] = [], weights: [Float] = [], start: [Int32] = [0]
        for index in indices {
            let range = range(index)
            terms.append(contentsOf: self.terms[range])
            weights.append(contentsOf: self.weights[range])
            start.append(Int32(terms.count))
        }
        return TermVectors(terms: terms, weights: weights, start: start)
    }

    /// The dot product of rule `rule` here and rule `otherRule` of `other`: the products of the
    /// weights of their shared terms, summed in ascending term order (either way round, the same
    /// bits: each product commutes and the order of the sum is the terms').
    func dot(_ rule: Int, _ other: TermVectors, _ otherRule: Int) -> Double {
        let (a, b) = (range(rule), other.range(otherRule))
        return terms.withUnsafeBufferPointer { terms in
            weights.withUnsafeBufferPointer { weights in
                other.terms.withUnsafeBufferPointer { otherTerms in
                    other.weights.withUnsafeBufferPointer { otherWeights in
                        Double(Self.dot(terms, weights, a, otherTerms, otherWeights, b))
                    }
                }
            }
        }
    }

    /// The merge of two ascending term lists without a branch on their order: both cursors move
    /// past the smaller term (both on a shared one), and a term not shared adds +0 to the sum,
    /// which leaves any sum of these products as it was (none is -0). So the sum is that of the
    /// shared terms' products in ascending term order, as a merge that branches makes it.
    @inline(__always)
    static func dot(
        _ terms: UnsafeBufferPointer<Int32>, _ weights: UnsafeBufferPointer<Float>, _ a: Range<Int>,
        _ otherTerms: UnsafeBufferPointer<Int32>, _ otherWeights: UnsafeBufferPointer<Float>, _ b: Range<Int>
    ) -> Float {
        var i = a.lowerBound, j = b.lowerBound
        let (iEnd, jEnd) = (a.upperBound, b.upperBound)
        var dot: Float = 0
        while i < iEnd && j < jEnd {
            let (term, otherTerm) = (terms[i], otherTerms[j])
            let product = weights[i] * otherWeights[j]
            dot += term == otherTerm ? product : 0
            i &+= term <= otherTerm ? 1 : 0
            j &+= otherTerm <= term ? 1 : 0
        }
        return dot
    }
}

/// One rule's term weights by term, for its dot products with many other rules (a later rule
/// and its candidates): each product then walks the other rule's terms alone and looks each up
/// here, instead of merging two lists step by step, each step waiting on the one before.
///
/// The products are those of `TermVectors.dot`, bit for bit: the other rule's terms are read in
/// ascending order, so the shared terms' products are summed in ascending term order, from
/// zero, one after the other (kept aside as they are found, then added up).
struct TermWeightTable {
    /// Open addressing, linear probing: `keys[slot]` a term or -1, `weights[slot]` its weight.
    /// Kept at most 1/16 full, so that a look-up nearly always ends at its first slot.
    private var keys: [Int32] = []
    private var weights: [Float] = []
    private var shift = 0
    /// The slots of the rule's terms, to empty them for the next rule.
    private var used: [Int] = []
    /// The shared terms' products, in ascending term order.
    private var products: [Float] = []

    /// Takes rule `rule` of `vectors` as the one to multiply others with (its terms distinct, as
    /// every rule's are).
    mutating func fill(_ vectors: TermVectors, _ rule: Int) {
        let range = vectors.range(rule)
        if keys.count < 16 * range.count || keys.isEmpty {
            var bits = 6
            while 1 << bits < 16 * range.count { bits += 1 }
            keys = [Int32](repeating: -1, count: 1 << bits)
            weights = [Float](repeating: 0, count: 1 << bits)
            shift = 32 - bits
            used.removeAll(keepingCapacity: true)
        } else {
            for slot in used { keys[slot] = -1 }
            used.removeAll(keepingCapacity: true)
        }
        // A place for each shared term and one more: each term's product is written before it is
        // known to be shared.
        if products.count < range.count + 1 { products = [Float](repeating: 0, count: range.count + 1) }
        let mask = keys.count - 1
        for index in range {
            let term = vectors.terms[index]
            var slot = slot(of: term)
            while keys[slot] != -1 && keys[slot] != term { slot = (slot + 1) & mask }
            keys[slot] = term
            weights[slot] = vectors.weights[index]
            used.append(slot)
        }
    }

    @inline(__always)
    private func slot(of term: Int32) -> Int {
        Int((UInt32(bitPattern: term) &* 0x9E37_79B1) >> UInt32(shift))
    }

    /// The dot product of the rule filled in with rule `rule` of `vectors`.
    mutating func dot(_ vectors: TermVectors, _ rule: Int) -> Double {
        let range = vectors.range(rule)
        let mask = keys.count - 1
        let shift = UInt32(self.shift)
        return keys.withUnsafeBufferPointer { keys in
            weights.withUnsafeBufferPointer { weights in
                vectors.terms.withUnsafeBufferPointer { terms in
                    vectors.weights.withUnsafeBufferPointer { otherWeights in
                        products.withUnsafeMutableBufferPointer { products in
                            // Every term writes its product in the next place; only a shared one
                            // keeps it there (no branch on whether a term is shared).
                            var count = 0
                            for index in range {
                                let term = terms[index]
                                var slot = Int((UInt32(bitPattern: term) &* 0x9E37_79B1) >> shift)
                                while keys[slot] != term && keys[slot] != -1 { slot = (slot + 1) & mask }
                                products[count] = otherWeights[index] * weights[slot]
                                count &+= keys[slot] == term ? 1 : 0
                            }
                            var dot: Float = 0
                            for product in products[..<count] { dot += product }
                            return Double(dot)
                        }
                    }
                }
            }
        }
    }
}

/// An edition's rules as the lineage matcher sees them: each a weighted bag of stemmed,
/// lexicon-mapped words (`text`), the same for its lead (`lead`: its title, or the opening words
/// of its text), its topics, its place in its edition, and its text for classifying a change.
/// A rule is an index into these columns.
struct LinkableRules: Sendable {
    /// Identity, source file and ordinal, parent, text, kind, topics (ascending) and force.
    let rules: [EditionTerms.Rule]
    let text: TermVectors
    let lead: TermVectors
    /// What a pair's score reads of each rule besides its words, together: one cache line
    /// brings all of it for a rule read out of the blue (a candidate).
    private let scoring: [Scoring]
    /// The rules' topics again, flat: rule i's are `topics[scoring[i].topics]`.
    private let topics: [Int32]
    private let subjects: [SubjectSet]
    /// Each rule's innermost subjects: its page, or its heading's own subject.
    private let places: [SubjectSet]
    /// Each rule's section id (`EditionTerms.Rule.section`).
    let sections: [Int32]
    /// Each rule's parent (the lead-in over a bullet) as an index among these rules, -1 when it
    /// has none here: found once, for the passes that read lead-ins and their bullets.
    private let parents: [Int32]

    /// 16 bytes, four to a cache line.
    private struct Scoring {
        /// 0 to 1: the rule's place in its edition's reading order.
        let position: Double
        let topicStart: Int32
        let topicCount: UInt16
        let prescribes: Bool

        var topics: Range<Int> { Int(topicStart)..<(Int(topicStart) + Int(topicCount)) }
    }

    init(rules: [EditionTerms.Rule], positions: [Double], text: TermVectors, lead: TermVectors) {
        precondition(
            positions.count == rules.count && text.start.count == rules.count + 1 && lead.start.count == rules.count + 1,
            "linkable rules out of step")
        self.rules = rules
        self.text = text
        self.lead = lead
        var topics: [Int32] = [], scoring: [Scoring] = []
        scoring.reserveCapacity(rules.count)
        for rule in rules.indices {
            let start = topics.count
            topics.append(contentsOf: rules[rule].topics)
            precondition(topics.count - start <= Int(UInt16.max), "a rule has at most 65,535 topics")
            scoring.append(
                Scoring(
                    position: positions[rule], topicStart: Int32(start), topicCount: UInt16(topics.count - start),
                    prescribes: rules[rule].prescribes))
        }
        self.topics = topics
        self.scoring = scoring
        subjects = rules.map(\.subjects)
        places = rules.map { $0.subjects.subtracting($0.broaderSubjects) }
        sections = rules.map(\.section)
        let indexOfID = Dictionary(uniqueKeysWithValues: rules.indices.map { (rules[$0].id, Int32($0)) })
        parents = rules.map { $0.parent.flatMap { indexOfID[$0] } ?? -1 }
    }

    var count: Int { rules.count }
    var isEmpty: Bool { rules.isEmpty }
    var indices: Range<Int> { rules.indices }

    /// 0 to 1: rule `rule`'s place in its edition's reading order.
    func position(_ rule: Int) -> Double { scoring[rule].position }

    /// The index of rule `rule`'s parent among these rules, nil when it has none here.
    func parent(of rule: Int) -> Int? { parents[rule] >= 0 ? Int(parents[rule]) : nil }

    /// Whether rule `rule` is a word alone (a list's item, such as "Alert" among the notification
    /// styles "Banner", "Alert", "Badge"): fewer than three terms, since two words make three
    /// (each word, and the pair).
    func isFragment(_ rule: Int) -> Bool { text.range(rule).count < 3 }

    /// Whether rule `rule` prescribes (guidance or a definition) rather than describes.
    func prescribes(_ rule: Int) -> Bool { scoring[rule].prescribes }

    /// The rules at `indices`, in that order, each keeping its place in its edition.
    func subset(_ indices: [Int]) -> LinkableRules {
        LinkableRules(
            rules: indices.map { rules[$0] }, positions: indices.map { scoring[$0].position },
            text: text.subset(indices), lead: lead.subset(indices))
    }

    /// The cosine of two rules' term vectors.
    func cosine(_ rule: Int, _ other: LinkableRules, _ otherRule: Int) -> Double {
        text.dot(rule, other.text, otherRule)
    }

    /// The cosine of two rules' leads.
    func leadCosine(_ rule: Int, _ other: LinkableRules, _ otherRule: Int) -> Double {
        lead.dot(rule, other.lead, otherRule)
    }

    /// How much of rule `rule`'s weight lies in words the other rule has too (0 to 1).
    func containment(_ rule: Int, in other: LinkableRules, _ otherRule: Int) -> Double {
        let (terms, weights, otherTerms) = (text.terms, text.weights, other.text.terms)
        var i = text.range(rule).lowerBound, j = other.text.range(otherRule).lowerBound
        let (iEnd, jEnd) = (text.range(rule).upperBound, other.text.range(otherRule).upperBound)
        var shared: Float = 0
        while i < iEnd && j < jEnd {
            if terms[i] == otherTerms[j] {
                shared += weights[i] * weights[i]
                i += 1
                j += 1
            } else if terms[i] < otherTerms[j] {
                i += 1
            } else {
                j += 1
            }
        }
        return Double(shared)
    }

    /// How much of rule `rule`'s weight lies in terms `part` of `parts` has and `other` of
    /// `parts` lacks (0 to 1): what `part` adds to `other` in covering this rule.
    func coverageGain(_ rule: Int, by part: Int, beyond other: Int, of parts: LinkableRules) -> Double {
        let partTerms = parts.text.range(part), otherTerms = parts.text.range(other)
        var i = partTerms.lowerBound, j = otherTerms.lowerBound
        var gain: Float = 0
        for index in text.range(rule) {
            let (term, weight) = (text.terms[index], text.weights[index])
            while i < partTerms.upperBound && parts.text.terms[i] < term { i += 1 }
            guard i < partTerms.upperBound && parts.text.terms[i] == term else { continue }
            while j < otherTerms.upperBound && parts.text.terms[j] < term { j += 1 }
            if j < otherTerms.upperBound && parts.text.terms[j] == term { continue }
            gain += weight * weight
        }
        return Double(gain)
    }

    /// Shared topics over all topics of the two (Jaccard), by walking the two ascending lists
    /// (a repeated topic counts once, as in a set): no sets built per candidate pair.
    func topicOverlap(_ rule: Int, _ other: LinkableRules, _ otherRule: Int) -> Double {
        let (a, b) = (topics, other.topics)
        let (ours, theirs) = (scoring[rule].topics, other.scoring[otherRule].topics)
        var (i, j) = (ours.lowerBound, theirs.lowerBound)
        let (iEnd, jEnd) = (ours.upperBound, theirs.upperBound)
        guard i < iEnd || j < jEnd else { return 0 }
        var shared = 0, union = 0
        while i < iEnd || j < jEnd {
            let next: Int32
            if j == jEnd || (i < iEnd && a[i] < b[j]) {
                next = a[i]
            } else if i == iEnd || b[j] < a[i] {
                next = b[j]
            } else {
                next = a[i]
                shared += 1
            }
            union += 1
            while i < iEnd && a[i] == next { i += 1 }
            while j < jEnd && b[j] == next { j += 1 }
        }
        return Double(shared) / Double(union)
    }

    /// Whether the two rules stand under subjects that have nothing in common (neither the same
    /// page or heading nor the same group): false when either stands under none known.
    func standApart(_ rule: Int, _ other: LinkableRules, _ otherRule: Int) -> Bool {
        let (ours, theirs) = (subjects[rule], other.subjects[otherRule])
        return !ours.isEmpty && !theirs.isEmpty && !ours.intersects(theirs)
    }

    /// Whether the two rules stand on different pages: their innermost subjects (a page, or the
    /// subject of the heading over them) have none in common; false when either has none known.
    /// Rules of one group's sibling pages ("Alerts" and "Boxes") stand apart here though not for
    /// `standApart`.
    func onOtherPages(_ rule: Int, _ other: LinkableRules, _ otherRule: Int) -> Bool {
        let (ours, theirs) = (places[rule], other.places[otherRule])
        return !ours.isEmpty && !theirs.isEmpty && !ours.intersects(theirs)
    }

    /// Rules next to each other in one source file may be the parts of a split or of a merge.
    func isNeighbour(_ rule: Int, of other: LinkableRules, _ otherRule: Int) -> Bool {
        rules[rule].source == other.rules[otherRule].source && abs(rules[rule].ordinal - other.rules[otherRule].ordinal) <= 2
    }
}
