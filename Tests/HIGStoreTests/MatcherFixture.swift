@testable import HIGStore
@testable import HIGLineage

/// Editions written as words for the matcher's tests: each word one term of equal weight, so
/// that a test controls exactly which words two rules share.
enum MatcherFixture {
    /// A rule of a fixture: its words, its lead's words (its text's when nil), its section id,
    /// the ordinal of its parent in the same edition and its subjects.
    struct Spec {
        var text: String
        var lead: String? = nil
        var section: Int32 = -1
        var parent: Int? = nil
        var subjects: [Int32] = []
        /// Its file: rules of one file stand together, in reading order.
        var source: Int = 1
    }

    static func vectors(_ texts: [String], ids: inout [String: Int32]) -> TermVectors {
        var terms: [Int32] = [], weights: [Float] = [], start: [Int32] = [0]
        for text in texts {
            let words = Set(text.split(separator: " ").map(String.init))
            for word in words.sorted() where ids[word] == nil { ids[word] = Int32(ids.count) }
            let own = words.map { ids[$0]! }.sorted()
            terms += own
            weights += [Float](repeating: 1 / Float(own.count).squareRoot(), count: own.count)
            start.append(Int32(terms.count))
        }
        return TermVectors(terms: terms, weights: weights, start: start)
    }

    /// Rules of one edition, in one file, in reading order; term ids shared through `ids`.
    static func edition(_ name: String, _ specs: [Spec], ids: inout [String: Int32]) -> LinkableRules {
        let rules = specs.enumerated().map { ordinal, spec in
            var rule = EditionTerms.Rule(
                id: "\(name)-\(ordinal)", source: spec.source, ordinal: ordinal, parent: spec.parent.map { "\(name)-\($0)" },
                text: spec.text,
                prescribes: true, topics: [], sameWordsKey: spec.text.hashValue, force: .none)
            rule.section = spec.section
            for subject in spec.subjects { rule.subjects.insert(subject) }
            return rule
        }
        let text = vectors(specs.map(\.text), ids: &ids)
        let lead = vectors(specs.map { $0.lead ?? $0.text }, ids: &ids)
        return LinkableRules(
            rules: rules, positions: specs.indices.map { Double($0) / Double(max(1, specs.count - 1)) }, text: text, lead: lead)
    }

}
