import HIGText

/// Turns what a user types ("button colours", "buttons-placement", "Cancel") into a topic.
///
/// Both sides are normalized (case, punctuation, plural `s`, British `our`), then compared with
/// every topic's slug, name and aliases by edit distance. A close enough spelling resolves;
/// so do words that only one topic's names all contain ("colour" → button placement, whose
/// aliases say "button colours"). Anything else is refused with the nearest topics, never guessed.
public struct TopicResolver: Sendable {
    public let taxonomy: Taxonomy
    /// The least similarity (1 - distance / length) that counts as the same name.
    static let threshold = 0.8

    public init(taxonomy: Taxonomy = .bundled) {
        self.taxonomy = taxonomy
    }

    public func resolve(_ input: String) throws -> Taxonomy.Topic {
        let query = Self.normalize(input)
        guard !query.isEmpty else { throw HIGError.unknownTopic(input, nearest: nearest(query)) }
        let scored = taxonomy.topics.map { ($0, similarity(query, $0)) }
        if let best = scored.max(by: { $0.1 < $1.1 }), best.1 >= Self.threshold {
            return best.0
        }
        let words = Set(query.split(separator: " "))
        let containing = taxonomy.topics.filter { topic in
            ([topic.slug, topic.name] + topic.aliases).contains { words.isSubset(of: Set(Self.normalize($0).split(separator: " "))) }
        }
        if containing.count == 1 { return containing[0] }
        if containing.count > 1 {
            throw HIGError.ambiguousTopic(input, candidates: containing.map { "\($0.slug) (\($0.name))" })
        }
        throw HIGError.unknownTopic(input, nearest: nearest(query))
    }

    func nearest(_ query: String) -> [String] {
        taxonomy.topics.map { ($0, similarity(query, $0)) }
            .sorted { $0.1 > $1.1 }
            .prefix(3)
            .map { "\($0.0.slug) (\($0.0.name))" }
    }

    func similarity(_ query: String, _ topic: Taxonomy.Topic) -> Double {
        ([topic.slug, topic.name] + topic.aliases).map { name in
            let candidate = Self.normalize(name)
            let distance = Self.editDistance(Array(query), Array(candidate))
            return 1 - Double(distance) / Double(max(query.count, candidate.count, 1))
        }.max() ?? 0
    }

    package static func normalize(_ text: String) -> String {
        text.lowercased()
            .split { !($0.isLetter || $0.isNumber) }
            .map { word -> String in
                var word = String(word).replacingOccurrences(of: "our", with: "or")
                if word.count > 3, word.hasSuffix("s"), !word.hasSuffix("ss") { word.removeLast() }
                return word
            }
            .joined(separator: " ")
    }

    /// Levenshtein distance, two rows at a time.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}

import Foundation
