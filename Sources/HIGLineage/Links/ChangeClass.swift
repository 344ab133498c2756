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
    /// No counterpart in a later excerpt that holds the page of the rule's subject: that page
    /// does not continue it (the rule may still live on a page the excerpt lacks).
    case leftOut = "left-out"
    /// No counterpart in an edition that is an excerpt (later or earlier): it may be outside the excerpt.
    case notInExcerpt = "not-in-excerpt"

    /// Classifies a one-to-one link from its texts, its term cosine and its leads' cosine.
    ///
    /// - The numbers of page, figure and table references are no words of the guidance
    ///   (`CrossReferences`): a rule whose only change is "(page 96)" to "(page 115)" is unchanged.
    /// - Reworded: a few words swapped at a few places, no value changed. No place changes more
    ///   than `rewordedPlaceWords` words, and the words kept are most of the rule
    ///   (`rewordedSimilarity`); or, in a short rule, where one swapped phrase weighs more, at most
    ///   two places of at most `shortRewordWords` ("in a consistent way" → "consistently"), the
    ///   words kept at least half. A sentence or a clause added or dropped, or "three" buttons
    ///   become "four", is a revision.
    /// - Revised: the same guideline changed in substance: a rule whose lead keeps its terms
    ///   even when its explanation was rewritten, or a rule `revisedInPlace` (linked by its place
    ///   between the same neighbours and its opening word, `RuleMatcher.linkGaps`, the pass's own
    ///   premise). "Replaced" is for other words altogether.
    static func of(
        from old: String, to new: String, cosine: Double, leadCosine: Double = 0, revisedInPlace: Bool = false
    ) -> (ChangeClass, wordSimilarity: Double) {
        let a = CrossReferences.foldingReferenceNumbers(WordDiff.comparableWords(old))
        let b = CrossReferences.foldingReferenceNumbers(WordDiff.comparableWords(new))
        if a == b { return (.unchanged, 1) }
        let similarity = WordDiff.similarity(a, b)
        // What the rule says to do, its citations aside, decides between a rewording and a revision.
        // A text with no parenthesis cites nothing: its guidance words are its words.
        let cites = old.utf8.contains(UInt8(ascii: "(")) || new.utf8.contains(UInt8(ascii: "("))
        let (guidance, newGuidance) = cites ? (CrossReferences.guidanceWords(old), CrossReferences.guidanceWords(new)) : (a, b)
        let guidanceSimilarity = cites ? WordDiff.similarity(guidance, newGuidance) : similarity
        if guidanceSimilarity >= shortRewordSimilarity && CrossReferences.values(guidance) == CrossReferences.values(newGuidance) {
            let places = changedPlaces(guidance, newGuidance)
            let widest = places.map { max($0.removed, $0.inserted) }.max() ?? 0
            if widest <= rewordedPlaceWords && guidanceSimilarity >= rewordedSimilarity { return (.reworded, similarity) }
            if widest <= shortRewordWords && places.count <= 2 { return (.reworded, similarity) }
        }
        if cosine >= 0.3 || leadCosine >= 0.3 || similarity >= 0.45 || revisedInPlace { return (.revised, similarity) }
        return (.replaced, similarity)
    }

    /// The least share of words kept, and the most words changed at one place, of a rewording.
    static let rewordedSimilarity = 0.75
    static let rewordedPlaceWords = 5
    /// The same for a short rule's rewording, at one or two places.
    static let shortRewordSimilarity = 0.5
    static let shortRewordWords = 4

    /// The places where words changed, in reading order (a shortest edit's runs of removed and
    /// inserted words between kept ones): at each, how many words went and came.
    static func changedPlaces(_ old: [String], _ new: [String]) -> [(removed: Int, inserted: Int)] {
        let (removed, inserted) = WordDiff.changedOffsets(from: old, to: new)
        var places: [(removed: Int, inserted: Int)] = []
        var (i, j) = (0, 0)
        var current = (removed: 0, inserted: 0)
        while i < old.count || j < new.count {
            if i < old.count && removed[i] {
                current.removed += 1
                i += 1
            } else if j < new.count && inserted[j] {
                current.inserted += 1
                j += 1
            } else {
                if current.removed + current.inserted > 0 { places.append(current) }
                current = (0, 0)
                i += 1
                j += 1
            }
        }
        if current.removed + current.inserted > 0 { places.append(current) }
        return places
    }
}
