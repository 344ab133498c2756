/// The words of a search that carry it, for the snippets to mark: "the button on the" marks
/// "button", not every "the" and "on" of the rule.
///
/// Every word is still searched for (bm25 already gives a common word little weight); only the
/// marking leaves these out. The list is English function words alone: articles, pronouns,
/// prepositions, conjunctions and forms of be, have and do. Negations ("not", "don't") and
/// modals ("should", "must", "can") are left out of it: in a guideline they carry the rule.
enum SearchStopwords {
    static let words: Set<String> = [
        "a", "an", "the",
        "i", "me", "my", "we", "us", "our", "you", "your", "he", "him", "his", "she", "her", "it", "its",
        "they", "them", "their", "this", "that", "these", "those", "who", "whom", "whose", "which", "what",
        "about", "above", "after", "against", "along", "among", "around", "at", "before", "behind", "below",
        "beside", "between", "by", "down", "during", "for", "from", "in", "inside", "into", "near", "of",
        "off", "on", "onto", "out", "over", "per", "through", "to", "toward", "towards", "under", "up",
        "upon", "via", "with", "within",
        "and", "as", "because", "but", "if", "or", "so", "than", "then", "though", "when", "where",
        "whether", "while",
        "am", "is", "are", "was", "were", "be", "been", "being", "has", "have", "had", "having",
        "do", "does", "did",
    ]

    /// `words` without the stopwords; all of them when every word is one.
    static func carrying(_ words: [String]) -> [String] {
        let carrying = words.filter { !Self.words.contains($0.lowercased()) }
        return carrying.isEmpty ? words : carrying
    }
}
