import HIGDatabase

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
        weight(sectionHoldsTerms: section.map { terms.isSubset(of: tokenizer.terms($0)) } ?? false)
    }

    /// The weight of a rule whose section holds every term of the search, or not; 1 either way
    /// for a search of no carrying words.
    func weight(sectionHoldsTerms: Bool) -> Double {
        terms.isEmpty || sectionHoldsTerms ? 1 : Self.offSubjectWeight
    }

    /// The numbers of the sections stored at import (`search_sections`) whose terms hold every
    /// term of the search, from the terms stored with them (`search_section_terms`): the
    /// sections `weight(section:tokenizer:)` gives 1, found without tokenizing any.
    func sectionsHoldingTerms(in db: Database) throws -> Set<Int> {
        var holding: Set<Int>?
        for term in terms.sorted() {
            var sections = Set<Int>()
            try db.forEachRow("SELECT section FROM search_section_terms WHERE term = ?", arguments: [term]) { sections.insert($0.int(0)) }
            holding = holding.map { $0.intersection(sections) } ?? sections
            if holding?.isEmpty == true { break }
        }
        return holding ?? []
    }
}
