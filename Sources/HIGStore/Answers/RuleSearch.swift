import CSQLite

/// A full-text search and what it found.
public struct SearchRequest: Sendable {
    public var text: String
    /// Pass `text` to FTS5 as it is, operators and all.
    public var raw: Bool
    public var filter: RuleFilter
    public var limit: Int

    public init(text: String, raw: Bool = false, filter: RuleFilter = RuleFilter(), limit: Int = 10) {
        self.text = text
        self.raw = raw
        self.filter = filter
        self.limit = limit
    }
}

public struct SearchHit: Sendable, Equatable {
    public let record: RuleRecord
    /// The best fragment of the rule, the matched words between `SearchHit.open` and `SearchHit.close`.
    public let snippet: String
    /// bm25 score: lower is better.
    public let rank: Double

    public static let open = "\u{1}"
    public static let close = "\u{2}"

    /// The snippet with its markers replaced.
    public func snippet(open: String, close: String) -> String {
        snippet.replacingOccurrences(of: Self.open, with: open).replacingOccurrences(of: Self.close, with: close)
    }
}

public struct SearchResult: Sendable, Equatable {
    public let hits: [SearchHit]
    /// The FTS5 expression that ran.
    public let expression: String
    /// True when no rule held every word, so rules holding any of them are shown.
    public let matchedAnyWord: Bool
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

    /// The filters on a rule `r`: edition `?2`, kind `?3`, topic `?4`, platform `?5`; NULL lets
    /// every rule pass.
    static let filterConditions = """
        (?2 IS NULL OR r.edition_id = ?2)
          AND (?3 IS NULL OR r.kind = ?3)
          AND (?4 IS NULL OR EXISTS (SELECT 1 FROM rule_topics t WHERE t.rule_id = r.id AND t.topic_slug = ?4))
          AND (?5 IS NULL OR EXISTS (SELECT 1 FROM rule_platforms p WHERE p.rule_id = r.id AND p.platform = ?5 COLLATE NOCASE))
        """

    /// The id of the matched rule of rowid `?1`, if it passes the filters.
    static let filteredRuleQuery = """
        SELECT r.id FROM rules r
        WHERE r.rowid = ?1 AND \(filterConditions)
        """

    /// With filters that few of the best matches pass: every match's row is read; `?6` rows.
    static let filteredRankedQuery = """
        SELECT r.rowid, r.id, hig_bm25(rules_fts, 0.0, 1.0) AS rank
        FROM rules_fts JOIN rules r ON r.rowid = rules_fts.rowid
        WHERE rules_fts MATCH ?1 AND \(filterConditions)
        ORDER BY rank, r.id
        LIMIT ?6
        """

    public func search(_ request: SearchRequest) throws -> SearchResult {
        guard request.limit >= 1 else { throw HIGError.invalidLimit(request.limit) }
        if let edition = request.filter.edition { try checkEdition(edition) }
        if request.raw {
            guard request.text.contains(where: { !$0.isWhitespace }) else { throw HIGError.emptySearch }
            do {
                return SearchResult(hits: try hits(request.text, phrases: nil, request), expression: request.text, matchedAnyWord: false)
            } catch let error as SQLiteError where error.primaryCode == SQLITE_ERROR {
                throw HIGError.malformedSearch(request.text, reason: error.message)
            }
        }
        let words = SearchExpression.words(request.text)
        guard !words.isEmpty else { throw HIGError.emptySearch }
        let all = SearchExpression.all(words)
        let found = try hits(all, phrases: words, request)
        if found.isEmpty && words.count > 1 {
            let any = SearchExpression.any(words)
            return SearchResult(hits: try hits(any, phrases: words, request), expression: any, matchedAnyWord: true)
        }
        return SearchResult(hits: found, expression: all, matchedAnyWord: false)
    }

    /// A hit before its record and snippet are read.
    private struct RankedRule {
        let rowid: Int64
        let id: String
        let rank: Double
    }

    /// `phrases`: the texts of the expression's phrases in order, when it is made of plain
    /// phrases alone, for the ranking's stored counts.
    private func hits(_ expression: String, phrases: [String]?, _ request: SearchRequest) throws -> [SearchHit] {
        let ranking: SearchRanking
        if let registered = searchRanking {
            ranking = registered
        } else {
            ranking = try SearchRanking.register(on: db)
            searchRanking = ranking
        }
        ranking.phrases = phrases
        defer { ranking.phrases = nil }
        let ranked = try rankedHits(expression, request, ranking: ranking)
        let records = try ranked.compactMap { hit in try rule(id: hit.id).map { (hit, $0) } }
        let snippetMaker = try searchSnippets ?? SearchSnippets()
        searchSnippets = snippetMaker
        let snippets = try snippetMaker.snippets(expression, hits: records.map { ($0.0.rowid, $0.1.title, $0.1.text) })
        return records.map { hit, record in SearchHit(record: record, snippet: snippets[hit.rowid] ?? "", rank: hit.rank) }
    }

    /// The best `request.limit` matches that pass the filters, by rank, ties by id: what
    /// `ORDER BY rank, id LIMIT n` gives.
    ///
    /// The index scores every match without reading its row, keeping the best (`BestScores`);
    /// the filters and ids are then read in rank order for as few as are needed: until `limit`
    /// rules passed and the next match ranks below the last of them (rules with equal texts
    /// have equal ranks, an unchanged rule in every edition, so every rule tied with the
    /// limit-th has to be seen before the ties are sorted by id). With filters, 256 more are
    /// kept; when even those hold too few that pass (a narrow filter, a topic of a few hundred
    /// rules), the rules that pass are read through the filters' own indexes and the matches are
    /// scored again, keeping the best of those alone.
    private func rankedHits(_ expression: String, _ request: SearchRequest, ranking: SearchRanking) throws -> [RankedRule] {
        let filter = request.filter
        let filtered = filter.edition != nil || filter.kind != nil || filter.topic != nil || filter.platform != nil
        let limit = request.limit
        let keep = !filtered ? limit : limit.addingReportingOverflow(256).overflow ? Int.max : limit + 256
        let best = try ranking.collect(keep: keep) { try db.execute(Self.bestMatchesQuery, expression) }
        if let hits = try acceptedHits(best, request) { return hits }
        // Unfiltered, every match was taken unless a matched rule's row is missing.
        guard filtered else { return try filteredRankedHits(expression, request) }
        let passing = try rowidsPassing(filter)
        let bestPassing = try ranking.collect(keep: limit, admitting: passing) { try db.execute(Self.bestMatchesQuery, expression) }
        if let hits = try acceptedHits(bestPassing, request) { return hits }
        // Only if the filters' indexes and `filterConditions` disagreed.
        return try filteredRankedHits(expression, request)
    }

    /// The best `limit` of `best` that pass the filters, ties by id; nil when `best` may lack
    /// some of them (too few passed, and not every match was kept).
    private func acceptedHits(_ best: BestScores, _ request: SearchRequest) throws -> [RankedRule]? {
        let filter = request.filter
        var accepted: [RankedRule] = []
        var cutoff: Double?
        for (rowid, rank) in best.best() {
            if let cutoff, rank > cutoff { break }
            let id = try db.scalar(Self.filteredRuleQuery, rowid, filter.edition, filter.kind?.rawValue, filter.topic, filter.platform)
            guard let id = id?.string else { continue }
            accepted.append(RankedRule(rowid: rowid, id: id, rank: rank))
            if accepted.count == request.limit { cutoff = rank }
        }
        // Every rule ranking at or above the cutoff was kept, so the ties are all here.
        guard accepted.count >= request.limit || best.keptAll else { return nil }
        return Array(accepted.sorted { $0.rank != $1.rank ? $0.rank < $1.rank : KeyOrder.precedes($0.id, $1.id) }.prefix(request.limit))
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
            sets.append(try rowids("SELECT rowid FROM rules WHERE edition_id = ?1 AND (?2 IS NULL OR kind = ?2)", [edition, filter.kind?.rawValue]))
        } else if let kind = filter.kind {
            sets.append(try rowids("SELECT rowid FROM rules WHERE kind = ?", [kind.rawValue]))
        }
        if let platform = filter.platform {
            sets.append(try rowids("""
                SELECT r.rowid FROM rule_platforms p JOIN rules r ON r.id = p.rule_id WHERE p.platform = ? COLLATE NOCASE
                """, [platform]))
        }
        sets.sort { $0.count < $1.count }
        guard var passing = sets.first else { return [] }
        for other in sets.dropFirst() { passing.formIntersection(other) }
        return passing
    }

    private func filteredRankedHits(_ expression: String, _ request: SearchRequest) throws -> [RankedRule] {
        let filter = request.filter
        return try db.rows(Self.filteredRankedQuery, arguments: [expression, filter.edition, filter.kind?.rawValue,
                                                                filter.topic, filter.platform, request.limit]).map {
            RankedRule(rowid: Int64($0.int("rowid")), id: $0.string("id"), rank: Self.rank($0))
        }
    }

    private static func rank(_ row: Row) -> Double {
        if case .real(let value) = row["rank"] { value } else { 0 }
    }
}
