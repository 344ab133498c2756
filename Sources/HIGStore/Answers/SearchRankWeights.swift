import HIGDatabase
import HIGText

/// The weights that move a match down the order of hits (`RuleStore.kindWeight` of its kind,
/// `SearchSubject` of its section), found for each match as the index scores it, from the
/// facts the import stored (`SearchRuleFacts`) instead of the match's row.
///
/// A common word matches tens of thousands of rules, and the weights move so many of the best
/// by bm25 down that finding the ten best by rank meant reading thousands of rows, one B-tree
/// search each (two thirds of a search for "shortcut" at 4 x 100k). With the weights known per
/// match, the best by rank are collected directly and only the hits' rows are read.
///
/// One per query. A match whose facts are not stored makes the weights `incomplete`: the search
/// then ranks as it did without them (`RuleStore.rankedHits`), which gives the same hits.
final class SearchRankWeights {
    private let facts: SearchRuleFactsCache
    /// Each kind's weight, by its stored code (`SearchRuleFacts.kindCodes`, 1 up).
    private let kindWeights: [Double]
    /// The subject's weight of a rule in each stored section, by number (0: no section).
    private let subjectWeights: [Double]
    /// True when some match had no stored facts.
    @exclusivity(unchecked) private(set) var incomplete = false

    /// The weights of a query about `subject` (nil: none, every subject weight 1), from `facts`.
    init(facts: SearchRuleFactsCache, subject: SearchSubject?, db: Database) throws {
        self.facts = facts
        kindWeights = [.nan] + SearchRuleFacts.kindCodes.map(RuleStore.kindWeight)
        var subjectWeights = [Double](repeating: 1, count: facts.sections + 1)
        if let subject {
            let holding = try subject.sectionsHoldingTerms(in: db)
            for section in subjectWeights.indices {
                subjectWeights[section] = subject.weight(sectionHoldsTerms: holding.contains(section))
            }
        }
        self.subjectWeights = subjectWeights
    }

    /// The weights of the rule of `rowid`, to multiply its bm25 by in this order; nil (and
    /// `incomplete` set) when they are not stored.
    func weights(of rowid: Int64) -> (kind: Double, subject: Double)? {
        let stored = facts.facts(of: rowid)
        let code = SearchRuleFacts.kindCode(stored)
        let section = SearchRuleFacts.sectionNumber(stored)
        guard code >= 1, code < kindWeights.count, section < subjectWeights.count else {
            incomplete = true
            return nil
        }
        return (kindWeights[code], subjectWeights[section])
    }
}

/// The stored facts of a connection's database (`SearchRuleFacts`): each rowid's, read a block
/// of 1,024 at a time on first use, and kept for the connection's later searches while the
/// database does not change.
final class SearchRuleFactsCache {
    /// The stored sections are numbered 1 to `sections`.
    let sections: Int
    private let blocks: RowidBlocks.Reader<UInt32>

    /// The stored facts of `db`; nil when none are stored (a database imported before
    /// migration 0020).
    static func stored(in db: Database) -> SearchRuleFactsCache? {
        guard let blocks = RowidBlocks.Reader<UInt32>.stored(in: db, table: "search_rule_blocks", column: "facts") else { return nil }
        let sections = (try? db.scalar("SELECT max(number) FROM search_sections"))??.int ?? 0
        return SearchRuleFactsCache(sections: sections, blocks: blocks)
    }

    private init(sections: Int, blocks: RowidBlocks.Reader<UInt32>) {
        self.sections = sections
        self.blocks = blocks
    }

    /// The stored facts of the rule of `rowid`; 0 when none are stored.
    func facts(of rowid: Int64) -> UInt32 { blocks.value(of: rowid) }
}
