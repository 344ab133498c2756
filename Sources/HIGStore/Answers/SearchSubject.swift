/// Whether a matched rule is about what the search names: its section path (a page's title and
/// headings, a chapter's) holds every word of the search that carries meaning.
///
/// At the scale of the whole HIG, the words of a subject ("tab bar") appear in many places that
/// are about something else: a menu item "Show/Hide Tab Bar" on the menu bar's page, a passing
/// "as a tab in a tab bar" on the search fields' page. bm25 ranks such short rows first, since it
/// favours short texts; a designer asking about tab bars wants the Tab bars page, and the
/// chapters titled "Tab Bars" of the older editions, first. A rule whose section does not hold
/// the words keeps `offSubjectWeight` of its score: enough to move it below the rules of the
/// subject's own sections when their bm25 scores are close (on the bundle they differ by less
/// than 10% for "tab bar"), not enough to hide a far better match.
///
/// The weight only ever moves a rule down, like the kinds' weights (`RuleStore.kindWeight`), so
/// the search's early stop stays exact. A search where no section holds the words moves every
/// rule down alike: the order is bm25's.
struct SearchSubject: Sendable {
    /// The index's terms of the words that carry the search (stopwords left out), folded and
    /// stemmed as the index folds them.
    let terms: Set<String>

    static let offSubjectWeight = 0.85

    init(carryingWords words: [String], tokenizer: SearchTokenizer) {
        terms = Set(words.flatMap { tokenizer.terms($0) })
    }

    /// 1 when `section`'s terms hold every term of the search, `offSubjectWeight` otherwise.
    func weight(section: String?, tokenizer: SearchTokenizer) -> Double {
        guard !terms.isEmpty else { return 1 }
        guard let section else { return Self.offSubjectWeight }
        return terms.isSubset(of: tokenizer.terms(section)) ? 1 : Self.offSubjectWeight
    }
}
