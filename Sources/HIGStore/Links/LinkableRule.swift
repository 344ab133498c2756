/// A rule as the lineage matcher sees it: a weighted bag of stemmed, lexicon-mapped words, its
/// topics, its place in its edition, and the words of its text for classifying a change.
///
/// A class: the matcher hands rules around by the hundred thousand (candidate lists, links),
/// and a struct of nine arrays and strings was retained and released field by field each time.
final class LinkableRule: Sendable {
    let id: String
    let edition: String
    /// The source file it comes from, and its place there: rules next to each other in one file
    /// may be the parts of a split or of a merge.
    let source: Int
    let ordinal: Int
    /// The id of the rule it belongs to (a bullet's lead-in).
    let parent: String?
    /// 0 to 1: its place in its edition's reading order.
    let position: Double
    /// Term ids, ascending, and their TF-IDF weights (unit length).
    let terms: [Int32]
    let weights: [Float]
    /// The same for the rule's lead: its title, or the opening words of its text.
    let leadTerms: [Int32]
    let leadWeights: [Float]
    /// Topic ids, ascending.
    let topics: [Int32]
    let text: String
    /// Guidance and description rarely turn into each other.
    let prescribes: Bool
    /// Equal for texts with the same words in the same order.
    let sameWordsKey: Int

    init(id: String, edition: String, source: Int, ordinal: Int, parent: String?, position: Double, terms: [Int32],
         weights: [Float], leadTerms: [Int32], leadWeights: [Float], topics: [Int32], text: String, prescribes: Bool,
         sameWordsKey: Int) {
        self.id = id
        self.edition = edition
        self.source = source
        self.ordinal = ordinal
        self.parent = parent
        self.position = position
        self.terms = terms
        self.weights = weights
        self.leadTerms = leadTerms
        self.leadWeights = leadWeights
        self.topics = topics
        self.text = text
        self.prescribes = prescribes
        self.sameWordsKey = sameWordsKey
    }

    /// The cosine of two rules' term vectors.
    func cosine(_ other: LinkableRule) -> Double {
        Self.dot(terms, weights, other.terms, other.weights)
    }

    /// The cosine of two rules' leads.
    func leadCosine(_ other: LinkableRule) -> Double {
        Self.dot(leadTerms, leadWeights, other.leadTerms, other.leadWeights)
    }

    static func dot(_ terms: [Int32], _ weights: [Float], _ otherTerms: [Int32], _ otherWeights: [Float]) -> Double {
        var i = 0, j = 0
        var dot: Float = 0
        while i < terms.count && j < otherTerms.count {
            if terms[i] == otherTerms[j] {
                dot += weights[i] * otherWeights[j]
                i += 1
                j += 1
            } else if terms[i] < otherTerms[j] {
                i += 1
            } else {
                j += 1
            }
        }
        return Double(dot)
    }

    /// How much of this rule's weight lies in words the other rule has too (0 to 1).
    func containment(in other: LinkableRule) -> Double {
        var i = 0, j = 0
        var shared: Float = 0
        while i < terms.count && j < other.terms.count {
            if terms[i] == other.terms[j] {
                shared += weights[i] * weights[i]
                i += 1
                j += 1
            } else if terms[i] < other.terms[j] {
                i += 1
            } else {
                j += 1
            }
        }
        return Double(shared)
    }

    /// How much of this rule's weight lies in terms `part` has and `other` lacks (0 to 1): what
    /// `part` adds to `other` in covering this rule.
    func coverageGain(by part: LinkableRule, beyond other: LinkableRule) -> Double {
        var i = 0, j = 0
        var gain: Float = 0
        for (term, weight) in zip(terms, weights) {
            while i < part.terms.count && part.terms[i] < term { i += 1 }
            guard i < part.terms.count && part.terms[i] == term else { continue }
            while j < other.terms.count && other.terms[j] < term { j += 1 }
            if j < other.terms.count && other.terms[j] == term { continue }
            gain += weight * weight
        }
        return Double(gain)
    }

    /// Shared topics over all topics of the two (Jaccard), by walking the two ascending lists
    /// (a repeated topic counts once, as in a set): no sets built per candidate pair.
    func topicOverlap(_ other: LinkableRule) -> Double {
        guard !topics.isEmpty || !other.topics.isEmpty else { return 0 }
        let a = topics, b = other.topics
        var i = 0, j = 0
        var shared = 0, union = 0
        while i < a.count || j < b.count {
            let next: Int32
            if j == b.count || (i < a.count && a[i] < b[j]) {
                next = a[i]
            } else if i == a.count || b[j] < a[i] {
                next = b[j]
            } else {
                next = a[i]
                shared += 1
            }
            union += 1
            while i < a.count && a[i] == next { i += 1 }
            while j < b.count && b[j] == next { j += 1 }
        }
        return Double(shared) / Double(union)
    }

    func isNeighbour(of other: LinkableRule) -> Bool {
        source == other.source && abs(ordinal - other.ordinal) <= 2
    }
}
