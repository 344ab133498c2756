import HIGText

/// The words of a search that carry it, for the snippets to mark: "the button on the" marks
/// "button", not every "the" and "on" of the rule.
///
/// Every word is still searched for (bm25 already gives a common word little weight); only the
/// marking leaves these out. The list (Data/vocabulary/cues.json, "search-unmarked") is English
/// function words alone: negations ("not", "don't") and modals ("should", "must", "can") are
/// left out of it, since in a guideline they carry the rule.
enum SearchStopwords {
    static let words = CueWords.bundled.words("search-unmarked")

    /// `words` without the stopwords; all of them when every word is one.
    static func carrying(_ words: [String]) -> [String] {
        let carrying = words.filter { !Self.words.contains($0.lowercased()) }
        return carrying.isEmpty ? words : carrying
    }
}
