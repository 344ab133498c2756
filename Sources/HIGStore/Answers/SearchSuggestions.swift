import HIGDatabase
import HIGText

/// A word of a search that no rule holds, and the nearest words that rules do hold.
public struct SearchSuggestion: Sendable, Equatable, Codable, CustomStringConvertible {
    public let word: String
    /// Best first; empty when no word of the index is near.
    public let nearest: [String]

    /// "no rule holds 'cancle'; did you mean: cancel?"
    public var description: String {
        let start = "no rule holds \(HIGError.quoted(word))"
        return nearest.isEmpty ? start : start + "; did you mean: \(nearest.joined(separator: ", "))?"
    }
}

/// Suggestions for misspelled words ("cancle": did you mean "cancel"?), from the index's own
/// vocabulary: `search_terms`, every term of the index with how many rules hold it.
///
/// A word is compared as the index holds it (folded and stemmed: "cancle" is `cancl`) with
/// every term of about its length, by edit distance counting a swap of two neighbouring letters
/// as one edit; the nearest come first, the terms more rules hold first among equals. A term
/// is shown as a rule writes it (`messag` as "message"). This runs only when a search found
/// nothing: it reads the whole vocabulary (tens of thousands of terms at 400k rules).
struct SearchSuggestions {
    /// The most suggestions for one word.
    static let count = 3
    /// The most words given suggestions: each reads the vocabulary.
    static let words = 3

    let db: Database
    let tokenizer: SearchTokenizer

    func suggestions(for words: [String]) throws -> [SearchSuggestion] {
        // A database imported before migration 0006 has no vocabulary stored: no suggestions.
        guard try db.scalar("SELECT EXISTS (SELECT 1 FROM search_terms)")?.int == 1 else { return [] }
        var unknown: [(word: String, term: String)] = []
        for word in words where unknown.count < Self.words {
            let terms = tokenizer.terms(word)
            // A word of several terms ("don't") is a phrase: its terms may all exist apart.
            guard terms.count == 1, try db.scalar("SELECT rules FROM search_terms WHERE term = ?", terms[0]) == nil else { continue }
            unknown.append((word, terms[0]))
        }
        return try unknown.map { word, term in
            let forms = try nearestTerms(to: term).map { try writtenForm(of: $0, nearest: word) }
            var nearest: [String] = []
            for form in forms where !nearest.contains(form) { nearest.append(form) }
            return SearchSuggestion(word: word, nearest: nearest)
        }
    }

    /// The terms nearest to `term`: at most one edit away for a term of up to four letters,
    /// two for a longer one.
    private func nearestTerms(to term: String) throws -> [String] {
        let target = Array(term.unicodeScalars)
        let allowed = target.count <= 4 ? 1 : 2
        var found: [(term: String, distance: Int, rules: Int)] = []
        try db.forEachRow(
            "SELECT term, rules FROM search_terms WHERE length(term) BETWEEN ? AND ?",
            arguments: [target.count - allowed, target.count + allowed]
        ) { row in
            let candidate = row.string(0)
            let distance = Self.editDistance(target, Array(candidate.unicodeScalars), atMost: allowed)
            if distance <= allowed { found.append((candidate, distance, row.int(1))) }
        }
        found.sort { ($0.distance, -$0.rules, $0.term) < ($1.distance, -$1.rules, $1.term) }
        guard let best = found.first?.distance else { return [] }
        return found.prefix { $0.distance == best }.prefix(Self.count).map(\.term)
    }

    /// How rules write `term`, of the forms the first rules holding it use ("cancel",
    /// "cancels"), the one nearest to what was typed, lower-cased; the term itself when none is
    /// found.
    private func writtenForm(of term: String, nearest typed: String) throws -> String {
        var forms = Set<String>()
        try db.forEachRow(
            """
            SELECT r.title, r.text FROM rules r WHERE r.rowid IN (SELECT rowid FROM rules_fts WHERE rules_fts MATCH ?1 LIMIT 8)
            """, arguments: [SearchExpression.phrase(term)]
        ) { row in
            for text in [row.optionalString(0), row.optionalString(1)].compactMap({ $0 }) {
                let bytes = Array(text.utf8)
                for token in tokenizer.tokens(text, forQuery: false) where token.term == term {
                    forms.insert(String(decoding: bytes[token.bytes], as: UTF8.self).lowercased())
                }
            }
        }
        let typed = Array(typed.lowercased().unicodeScalars)
        let distances = forms.map { ($0, Self.editDistance(typed, Array($0.unicodeScalars), atMost: Int.max / 2)) }
        return distances.min { ($0.1, $0.0.count, $0.0) < ($1.1, $1.0.count, $1.0) }?.0 ?? term
    }

    /// The optimal string alignment distance (Levenshtein with a swap of neighbours as one edit),
    /// or `limit + 1` once it must exceed `limit`.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], atMost limit: Int) -> Int {
        if abs(a.count - b.count) > limit { return limit + 1 }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var smallest = current[0]
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { value = min(value, before[j - 2] + 1) }
                current[j] = value
                smallest = min(smallest, value)
            }
            if smallest > limit { return limit + 1 }
            (before, previous, current) = (previous, current, before)
        }
        return previous[b.count]
    }
}
