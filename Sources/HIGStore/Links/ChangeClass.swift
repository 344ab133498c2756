/// How a rule changed between two editions.
public enum ChangeClass: String, Sendable, CaseIterable, Codable {
    /// The same words, after folding case, quotes and punctuation.
    case unchanged
    /// A small wording change.
    case reworded
    /// The same guideline, changed in substance.
    case revised
    /// The same concern, answered by a rule with other words (button colours → placement).
    case replaced
    /// One earlier rule became several.
    case split
    /// Several earlier rules became one.
    case merged
    /// Back after an edition that lacked it (the link skips that edition).
    case restored
    /// No counterpart in the earlier edition.
    case added
    /// No counterpart in a later edition that is complete.
    case removed
    /// No counterpart in an edition that is an excerpt (later or earlier): it may be outside the excerpt.
    case notInExcerpt = "not-in-excerpt"

    /// Classifies a one-to-one link from its texts, its term cosine and its leads' cosine. The
    /// numbers of page, figure and table references are no words of the guidance
    /// (`CrossReferences`): a rule whose only change is "(page 96)" to "(page 115)" is unchanged.
    /// A small change of words that changes a value ("three" buttons to "four") is revised, not
    /// reworded. A rule whose lead keeps its terms is the same guideline changed in substance
    /// (revised) even when its explanation was rewritten; "replaced" is for other words altogether.
    static func of(from old: String, to new: String, cosine: Double, leadCosine: Double = 0) -> (ChangeClass, wordSimilarity: Double) {
        let a = CrossReferences.foldingReferenceNumbers(WordDiff.comparableWords(old))
        let b = CrossReferences.foldingReferenceNumbers(WordDiff.comparableWords(new))
        if a == b { return (.unchanged, 1) }
        let similarity = WordDiff.similarity(a, b)
        if similarity >= 0.75 && CrossReferences.values(a) == CrossReferences.values(b) { return (.reworded, similarity) }
        if cosine >= 0.3 || leadCosine >= 0.3 || similarity >= 0.45 { return (.revised, similarity) }
        return (.replaced, similarity)
    }
}
