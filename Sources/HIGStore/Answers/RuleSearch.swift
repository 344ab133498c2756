import CSQLite
import HIGDatabase
import HIGLineage
import HIGText

/// A full-text search and what it found.
public struct SearchRequest: Sendable {
    public var text: String
    /// Pass `text` to FTS5 as it is, operators and all.
    public var raw: Bool
    public var filter: RuleFilter
    public var limit: Int
    /// Put the versions of a rule that kept its words into one hit (`SearchSameWords`); false
    /// gives a hit per rule, in the ranking's order alone.
    public var sameWordsAsOneHit: Bool

    public init(text: String, raw: Bool = false, filter: RuleFilter = RuleFilter(), limit: Int = 10, sameWordsAsOneHit: Bool = true) {
        self.text = text
        self.raw = raw
        self.filter = filter
        self.limit = limit
        self.sameWordsAsOneHit = sameWordsAsOneHit
    }
}

public struct SearchHit: Sendable, Equatable {
    public let record: RuleRecord
    /// The best fragment of the rule, the words that carry the query between `SearchHit.open`
    /// and `SearchHit.close`.
    public let snippet: String
    /// What the hits are ordered by, lower first: `bm25` times the weight of the rule's kind
    /// (`RuleStore.kindWeight`) and of its subject (`SearchSubject`).
    public let rank: Double
    /// The bm25 score alone: lower is better.
    public let bm25: Double
    /// Every version of the rule the search found with the same words (linked as unchanged, one
    /// edition to the next), `record` among them, along the family tree: one hit for a sentence
    /// that five editions kept. `record` is the newest of them.
    public var versions: [RuleRecord] = []
    /// The years the versions span, `2004-2009` (`2004` for one year); nil when undated.
    public var years: String? = nil

    public static let open = "\u{1}"
    public static let close = "\u{2}"

    /// The snippet with its markers replaced.
    public func snippet(open: String, close: String) -> String {
        snippet.replacingOccurrences(of: Self.open, with: open).replacingOccurrences(of: Self.close, with: close)
    }
}

public struct SearchResult: Sendable, Equatable {
    public let hits: [SearchHit]
    /// How many rules matched (and passed the filters): `hits` are the best of them.
    public let total: Int
    /// The FTS5 expression that ran.
    public let expression: String
    /// True when no rule held every word, so rules holding any of them are shown.
    public let matchedAnyWord: Bool
    /// For each word of the search that no rule holds, the nearest words that rules do hold.
    public let suggestions: [SearchSuggestion]
}

/// `hig search --format json`: the hits' rules in the JSON contract (`rules`: each hit's rule,
/// then its other versions with the same words, best hit first), the hits (`hits`: each hit's
/// rule, the ids of all its versions, their editions and years), and what the text output says
/// beside them. `shown` counts the rules, `total` the rules that matched.
extension SearchResult: Encodable {
    enum CodingKeys: String, CodingKey {
        case rules, hits, total, shown, expression, suggestions
        case matchedAnyWord = "matched_any_word"
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(rules, forKey: .rules)
        try container.encode(hits.map(HitJSON.init), forKey: .hits)
        try container.encode(total, forKey: .total)
        try container.encode(rules.count, forKey: .shown)
        try container.encode(expression, forKey: .expression)
        try container.encode(matchedAnyWord, forKey: .matchedAnyWord)
        try container.encode(suggestions, forKey: .suggestions)
    }
}

extension RuleStore {
    // Only the text counts for the rank: a title is the opening words of its text (a bold lead
    // or lead sentence), so weighing it too would count those words twice. A match in a title
    // alone (a table row's label, a figure's caption) still finds the rule.
    //
    // bm25 has to be computed for every rule that matches (common words match tens of thousands
    // of rules), so it is computed once per query and nothing else is done per match: the
    // filters, the ids, the snippets and the records are read for the best-ranked rules alone.
    // `hig_bm25` is FTS5's bm25 with what it needs of the index stored at import
    // (SearchRanking.swift): the same scores, a sixth of the time for a common word.

    /// Scores every match from the index alone, for `SearchRanking.collect` to keep the best
    /// (`hig_bm25_best` returns NULL: no row comes out, and no sorter is fed). FTS5 refuses its
    /// functions inside an aggregate, hence the condition.
    static let bestMatchesQuery = """
        SELECT count(*) FROM rules_fts WHERE rules_fts MATCH ?1 AND hig_bm25_best(rules_fts, 0.0, 1.0) IS NOT NULL
        """

    /// The id, kind and section of the rule of rowid `?1`. The filters are not asked again: a
    /// filtered search ranks the rules that pass them alone (`rowidsPassing`).
    static let candidateRuleQuery = "SELECT id, kind, section FROM rules WHERE rowid = ?1"

    /// The id of the rule of rowid `?1`, for a match already weighed (`SearchRankWeights`).
    static let weighedRuleQuery = "SELECT id FROM rules WHERE rowid = ?1"

    /// How long a search may run before it is stopped (`SearchDeadline`); a test seam.
    @TaskLocal static var searchTimeLimit: Duration = .milliseconds(500)

    /// The time limit as help and documentation write it ("0.5 s").
    public static var searchTimeLimitText: String { HIGError.seconds(searchTimeLimit) + " s" }

    /// How much of its bm25 score a rule of each kind keeps in the order of hits. A figure's
    /// caption or a context paragraph is short and repeats the words of the guideline it
    /// illustrates or introduces, so bm25's length normalisation ranks it above that guideline;
    /// the guidance is what a reader searches for. Applied after bm25 (bm25 is negative, lower
    /// better: a weight below 1 moves a rule down), so `hig_bm25` stays bm25 to the bit.
    static func kindWeight(_ kind: RuleKind) -> Double {
        switch kind {
        case .guideline, .definition, .note: 1
        case .context: 0.75
        case .figure: 0.5
        }
    }

    /// Matches read beyond the limit at first, so that rules moved down by their kind's weight
    /// rarely make a second pass necessary.
    static let candidateMargin = 64

    public func search(_ request: SearchRequest) throws -> SearchResult {
        let limit = Self.searchTimeLimit
        return try answering {
            try SearchDeadline.run(on: db, limit: limit) { deadline in
                do {
                    return try answer(request)
                } catch  where deadline.expired {
                    // SQLite's SQLITE_INTERRUPT, translated or not on its way out.
                    throw HIGError.searchTooSlow(request.text, limit: limit)
                }
            }
        }
    }

    private func answer(_ request: SearchRequest) throws -> SearchResult {
        guard request.limit >= 1 else { throw HIGError.invalidLimit(request.limit) }
        var request = request
        request.filter = try resolved(request.filter)
        try SearchExpression.checkLength(request.text)
        let ranking = try registeredRanking()
        if request.raw {
            guard request.text.contains(where: { !$0.isWhitespace }) else { throw HIGError.emptySearch }
            let terms = ranking.tokenizer.terms(request.text).count
            guard terms <= SearchExpression.maxWords else {
                throw HIGError.searchTooManyWords(request.text, words: terms, limit: SearchExpression.maxWords)
            }
            do {
                let found = try hits(request.text, phrases: nil, highlight: [request.text], subject: nil, request, ranking: ranking)
                return SearchResult(hits: found.hits, total: found.total, expression: request.text, matchedAnyWord: false, suggestions: [])
            } catch let error as SQLiteError where error.primaryCode == SQLITE_ERROR {
                throw HIGError.malformedSearch(request.text, reason: error.message)
            }
        }
        let words = try SearchExpression.distinct(SearchExpression.words(request.text), of: request.text, fold: ranking.tokenizer.terms)
        guard !words.isEmpty else { throw HIGError.emptySearch }
        let carrying = SearchStopwords.carrying(words)
        let all = SearchExpression.all(words)
        let subject = SearchSubject(carryingWords: carrying, tokenizer: ranking.tokenizer)
        let found = try hits(
            all, phrases: words, highlight: [SearchExpression.all(carrying), all], subject: subject, request, ranking: ranking)
        guard found.hits.isEmpty else {
            return SearchResult(hits: found.hits, total: found.total, expression: all, matchedAnyWord: false, suggestions: [])
        }
        let suggestions = try SearchSuggestions(db: db, tokenizer: ranking.tokenizer).suggestions(for: words)
        guard words.count > 1 else {
            return SearchResult(hits: [], total: 0, expression: all, matchedAnyWord: false, suggestions: suggestions)
        }
        let any = SearchExpression.any(words)
        let anyFound = try hits(
            any, phrases: words, highlight: [SearchExpression.any(carrying), any], subject: subject, request, ranking: ranking)
        return SearchResult(
            hits: anyFound.hits, total: anyFound.total, expression: any, matchedAnyWord: !anyFound.hits.isEmpty, suggestions: suggestions)
    }

    /// The second connection of a search split in halves, opened at the second such search of
    /// the store; nil for the first, and when none can read what `db` reads.
    ///
    /// The first runs whole: opening a connection (reading the schema, registering the ranking,
    /// reading the statistics' blocks of its half) cost more than the split saved in a process
    /// that searches once: `hig search action` at 415k rules took 38 ms split against 32 ms whole.
    /// A store that answers many searches (`hig mcp`, a program using the library) pays it once.
    private func searchHalves() -> SearchHalves? {
        if let opened = openedSearchHalves { return opened }
        guard searchedWhole else {
            searchedWhole = true
            return nil
        }
        let halves = SearchHalves.open(beside: db)
        openedSearchHalves = .some(halves)
        return halves
    }

    private func registeredRanking() throws -> SearchRanking {
        if let registered = searchRanking { return registered }
        let ranking = try SearchRanking.register(on: db)
        searchRanking = ranking
        return ranking
    }

    /// A hit before its record and snippet are read.
    struct RankedRule {
        let rowid: Int64
        let id: String
        let rank: Double
        let bm25: Double
    }

    /// `phrases`: the texts of the expression's phrases in order, when it is made of plain
    /// phrases alone, for the ranking's stored counts. `highlight`: the expressions whose
    /// phrases the snippets mark, the first a hit matches. `subject`: the search's words, which
    /// a rule's section holds when the rule is about them (nil for a raw expression).
    ///
    /// `request.limit` counts hits: the versions of a rule with the same words are one hit, so
    /// more matches are ranked until that many hits are found or none are left. Every match is
    /// scored once (`BestScores` keeps them all): ranking more of them selects from those scores.
    private func hits(
        _ expression: String, phrases: [String]?, highlight: [String], subject: SearchSubject?, _ request: SearchRequest,
        ranking: SearchRanking
    ) throws -> (hits: [SearchHit], total: Int) {
        ranking.phrases = phrases
        defer { ranking.phrases = nil }
        let passing = request.filter != RuleFilter() ? try rowidsPassing(request.filter) : nil
        let margin = request.limit.addingReportingOverflow(Self.candidateMargin)
        let keep = margin.overflow ? Int.max : margin.partialValue
        // Weighed as they are scored where the import stored every rule's weights; else (a
        // database imported before migration 0020) ranked by bm25 and weighed from their rows.
        let weights = try ranking.rankWeights(subject: subject)
        var best: BestScores
        var upperIncomplete = false
        if try SearchHalves.worthSplitting(phrases, tokenizer: ranking.tokenizer, db: db), let halves = searchHalves() {
            (best, upperIncomplete) = try halves.collect(
                expression, of: request.text, phrases: phrases, keep: keep, admitting: passing, subject: subject,
                limit: Self.searchTimeLimit
            ) { lowerHalfEnd in
                try ranking.collect(keep: keep, admitting: passing, weighing: weights) {
                    try db.execute(SearchHalves.rangeQuery, expression, Int64.min, lowerHalfEnd)
                }
            }
        } else {
            best = try ranking.collect(keep: keep, admitting: passing, weighing: weights) {
                try db.execute(Self.bestMatchesQuery, expression)
            }
        }
        let weighed = weights.map { !$0.incomplete && !upperIncomplete } ?? false
        if weights != nil && !weighed { best = best.byBM25() }
        var candidates = CandidateRules(subject: subject, tokenizer: ranking.tokenizer)
        var wider = request.limit
        var groups: [SameWordsGroup]
        while true {
            let ranked =
                weighed
                ? try weighedHits(best, limit: wider, candidates: &candidates) : try rankedHits(best, limit: wider, candidates: &candidates)
            groups = try sameWordsGroups(ranked, matches: best, request)
            if groups.count >= request.limit || ranked.count < wider { break }
            wider = wider > Int.max / 4 ? Int.max : wider * 4
        }
        let places = try editionPlaces()
        let read = try groups.prefix(request.limit).compactMap { try versions(of: $0, editions: places) }
        let snippetMaker = try searchSnippets ?? SearchSnippets()
        searchSnippets = snippetMaker
        let snippets = try snippetMaker.snippets(highlight, hits: read.map { ($0.rowid, $0.record.title, $0.record.text) })
        let hits = read.map { group in
            SearchHit(
                record: group.record, snippet: snippets[group.rowid] ?? "", rank: group.lead.rank, bm25: group.lead.bm25,
                versions: group.versions, years: group.years)
        }
        return (hits, best.matches)
    }

    /// What ranking a matched rule needs of its row: its id, and the weights of its kind and
    /// subject (kept apart: the rank multiplies bm25 by one, then the other, and another order
    /// could round differently); read once per search, however many times the search widens.
    struct CandidateRules {
        let subject: SearchSubject?
        let tokenizer: SearchTokenizer
        private var read: [Int64: (id: String, kind: Double, subject: Double)?] = [:]
        private var ids: [Int64: String?] = [:]

        init(subject: SearchSubject?, tokenizer: SearchTokenizer) {
            self.subject = subject
            self.tokenizer = tokenizer
        }

        /// The rule of `rowid`, nil when there is none.
        mutating func rule(_ rowid: Int64, in db: Database) throws -> (id: String, kind: Double, subject: Double)? {
            if let known = read[rowid] { return known }
            var rule: (id: String, kind: Double, subject: Double)?
            try db.forEachRow(RuleStore.candidateRuleQuery, arguments: [rowid]) { row in
                guard let kind = RuleKind(rawValue: row.string(1)) else { return }
                let subjectWeight = subject?.weight(section: row.optionalString(2), tokenizer: tokenizer) ?? 1
                rule = (row.string(0), RuleStore.kindWeight(kind), subjectWeight)
            }
            read[rowid] = .some(rule)
            return rule
        }

        /// The id of the rule of `rowid`, nil when there is none.
        mutating func id(_ rowid: Int64, in db: Database) throws -> String? {
            if let known = ids[rowid] { return known }
            var id: String?
            try db.forEachRow(RuleStore.weighedRuleQuery, arguments: [rowid]) { id = $0.string(0) }
            ids[rowid] = .some(id)
            return id
        }
    }

    /// The best `limit` matches of `best`, collected by rank (bm25 already weighed by kind and
    /// subject, `SearchRankWeights`), ties by id: `rankedHits`' answer, reading the ids of the
    /// best-ranked alone.
    ///
    /// Every match not taken ranks below every match taken, so once `limit` of those have a
    /// rule (a match without one is left out, as `rankedHits` does), they hold the best `limit`
    /// and every match tied with the last of them.
    func weighedHits(_ best: BestScores, limit: Int, candidates: inout CandidateRules) throws -> [RankedRule] {
        var keep = limit
        while true {
            let taken = best.best(keep: keep)
            var hits: [RankedRule] = []
            for match in taken {
                guard let id = try candidates.id(match.rowid, in: db) else { continue }
                hits.append(RankedRule(rowid: match.rowid, id: id, rank: match.rank, bm25: match.bm25))
            }
            if hits.count >= limit || taken.count == best.matches {
                return Array(hits.sorted { $0.rank != $1.rank ? $0.rank < $1.rank : KeyOrder.precedes($0.id, $1.id) }.prefix(limit))
            }
            keep = keep > Int.max / 4 ? Int.max : keep * 4
        }
    }

    /// The best `limit` matches (those that pass the filters, the only ones `best` holds), by
    /// rank (bm25 weighted by kind and subject), ties by id.
    ///
    /// The index has scored every match without reading its row (`BestScores`); the ids and
    /// kinds are read in bm25 order for as few as are needed (`acceptedHits`). With filters,
    /// the rules that pass them were read through the filters' own indexes first (a topic's
    /// rules, an edition's), and only those matches scored and counted. When the kinds' weights
    /// move too many of the best matches down, more of them are taken from the scores.
    func rankedHits(_ best: BestScores, limit: Int, candidates: inout CandidateRules) throws -> [RankedRule] {
        var keep = limit.addingReportingOverflow(Self.candidateMargin).overflow ? Int.max : limit + Self.candidateMargin
        while true {
            let taken = best.best(keep: keep)
            if let hits = try acceptedHits(taken, complete: taken.count == best.matches, limit: limit, candidates: &candidates) {
                return hits
            }
            keep = keep > Int.max / 4 ? Int.max : keep * 4
        }
    }

    /// The best `limit` of `taken` (every match ranking at or above some bm25 score, best
    /// first; `complete` when that is every match) by weighted rank, ties by id; nil when
    /// `taken` may lack some of them.
    ///
    /// A kind's weight and the subject's only move a rule down (its rank never falls below its
    /// bm25), so once
    /// `limit` rules are accepted, a match whose bm25 ranks below the limit-th weighted rank
    /// cannot be among them, nor can any match not taken when that rank is at or
    /// above the last one taken (every match not taken ranks below it).
    private func acceptedHits(
        _ taken: [(rowid: Int64, rank: Double, bm25: Double)], complete: Bool, limit: Int, candidates: inout CandidateRules
    ) throws -> [RankedRule]? {
        var accepted: [RankedRule] = []
        var cutoff: Double?
        var complete = complete
        for (rowid, bm25, _) in taken {
            if let cutoff, bm25 > cutoff {
                complete = true
                break
            }
            guard let rule = try candidates.rule(rowid, in: db) else { continue }
            let rank = bm25 * rule.kind * rule.subject
            accepted.append(RankedRule(rowid: rowid, id: rule.id, rank: rank, bm25: bm25))
            if accepted.count >= limit, cutoff.map({ rank < $0 }) ?? true {
                cutoff = accepted.map(\.rank).sorted()[limit - 1]
            }
        }
        if !complete, let cutoff, let last = taken.last, cutoff <= last.rank { complete = true }
        guard complete else { return nil }
        return Array(accepted.sorted { $0.rank != $1.rank ? $0.rank < $1.rank : KeyOrder.precedes($0.id, $1.id) }.prefix(limit))
    }

    /// The rowids of the rules that pass `filter`, each filter read through its own index (a
    /// topic's rules, an edition's), the smallest set first: the same rules `filterConditions`
    /// lets pass.
    private func rowidsPassing(_ filter: RuleFilter) throws -> Set<Int64> {
        var sets: [Set<Int64>] = []
        func rowids(_ sql: String, _ arguments: [any DatabaseValueConvertible]) throws -> Set<Int64> {
            var rowids = Set<Int64>()
            try db.forEachRow(sql, arguments: arguments) { rowids.insert(Int64($0.int(0))) }
            return rowids
        }
        if let topic = filter.topic {
            sets.append(try rowids("SELECT r.rowid FROM rule_topics t JOIN rules r ON r.id = t.rule_id WHERE t.topic_slug = ?", [topic]))
        }
        if let edition = filter.edition {
            sets.append(
                try rowids("SELECT rowid FROM rules WHERE edition_id = ?1 AND (?2 IS NULL OR kind = ?2)", [edition, filter.kind?.rawValue]))
        } else if let kind = filter.kind {
            sets.append(try rowids("SELECT rowid FROM rules WHERE kind = ?", [kind.rawValue]))
        }
        if let platform = filter.platform {
            sets.append(
                try rowids(
                    """
                    SELECT r.rowid FROM rule_platforms p JOIN rules r ON r.id = p.rule_id WHERE p.platform = ? COLLATE NOCASE
                    """, [platform]))
        }
        if let pattern = filter.sectionPattern {
            sets.append(try rowids("SELECT r.rowid FROM rules r WHERE \(SectionMatch.condition(parameter: 1))", [pattern]))
        }
        sets.sort { $0.count < $1.count }
        guard var passing = sets.first else { return [] }
        for other in sets.dropFirst() { passing.formIntersection(other) }
        return passing
    }
}
