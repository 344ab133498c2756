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
    // bm25 has to be computed for every rule that matches (about 1 µs each: common words match
    // tens of thousands of rules), so each query below computes it once and nothing else per
    // match: the snippets and the records are fetched for the hits alone.

    /// Without filters, the ranking needs the index alone: reading each matched rule's row for
    /// its id would cost as much again. `?2` rows, best first; ties are settled by `rankedHits`.
    static let rankedMatchesQuery = """
        SELECT rowid, bm25(rules_fts, 0.0, 1.0) AS rank
        FROM rules_fts
        WHERE rules_fts MATCH ?1
        ORDER BY rank
        LIMIT ?2
        """

    /// With filters, which need each matched rule's row.
    static let filteredRankedQuery = """
        SELECT r.rowid, r.id, bm25(rules_fts, 0.0, 1.0) AS rank
        FROM rules_fts JOIN rules r ON r.rowid = rules_fts.rowid
        WHERE rules_fts MATCH ?1
          AND (?2 IS NULL OR r.edition_id = ?2)
          AND (?3 IS NULL OR r.kind = ?3)
          AND (?4 IS NULL OR EXISTS (SELECT 1 FROM rule_topics t WHERE t.rule_id = r.id AND t.topic_slug = ?4))
          AND (?6 IS NULL OR EXISTS (SELECT 1 FROM rule_platforms p WHERE p.rule_id = r.id AND p.platform = ?6 COLLATE NOCASE))
        ORDER BY rank, r.id
        LIMIT ?5
        """

    /// One hit's snippet: the index seeks the row instead of walking every match.
    static let snippetQuery = """
        SELECT snippet(rules_fts, -1, char(1), char(2), '…', 20)
        FROM rules_fts
        WHERE rules_fts MATCH ?1 AND rowid = ?2
        """

    public func search(_ request: SearchRequest) throws -> SearchResult {
        guard request.limit >= 1 else { throw HIGError.invalidLimit(request.limit) }
        if let edition = request.filter.edition { try checkEdition(edition) }
        if request.raw {
            guard request.text.contains(where: { !$0.isWhitespace }) else { throw HIGError.emptySearch }
            do {
                return SearchResult(hits: try hits(request.text, request), expression: request.text, matchedAnyWord: false)
            } catch let error as SQLiteError where error.primaryCode == SQLITE_ERROR {
                throw HIGError.malformedSearch(request.text, reason: error.message)
            }
        }
        let words = SearchExpression.words(request.text)
        guard !words.isEmpty else { throw HIGError.emptySearch }
        let all = SearchExpression.all(words)
        let found = try hits(all, request)
        if found.isEmpty && words.count > 1 {
            let any = SearchExpression.any(words)
            return SearchResult(hits: try hits(any, request), expression: any, matchedAnyWord: true)
        }
        return SearchResult(hits: found, expression: all, matchedAnyWord: false)
    }

    /// A hit before its record and snippet are read.
    private struct RankedRule {
        let rowid: Int64
        let id: String
        let rank: Double
    }

    private func hits(_ expression: String, _ request: SearchRequest) throws -> [SearchHit] {
        let ranked = try rankedHits(expression, request)
        return try ranked.compactMap { hit in
            guard let record = try rule(id: hit.id) else { return nil }
            let snippet = try db.scalar(Self.snippetQuery, expression, hit.rowid)?.string ?? ""
            return SearchHit(record: record, snippet: snippet, rank: hit.rank)
        }
    }

    /// The best `request.limit` matches by rank, ties by id: what `ORDER BY rank, id LIMIT n` gives.
    private func rankedHits(_ expression: String, _ request: SearchRequest) throws -> [RankedRule] {
        let filter = request.filter
        if filter.edition != nil || filter.kind != nil || filter.topic != nil || filter.platform != nil {
            return try db.rows(Self.filteredRankedQuery, arguments: [expression, filter.edition, filter.kind?.rawValue,
                                                                    filter.topic, request.limit, filter.platform]).map {
                RankedRule(rowid: Int64($0.int("rowid")), id: $0.string("id"), rank: Self.rank($0))
            }
        }
        // Rules with equal texts have equal ranks (an unchanged rule in every edition), so more
        // than `limit` rows are read: once the last row read ranks below the limit-th, every rule
        // tied with the limit-th is among them, and sorting them by id settles the ties.
        var fetch = request.limit.addingReportingOverflow(32).overflow ? Int.max : request.limit + 32
        while true {
            let rows = try db.rows(Self.rankedMatchesQuery, arguments: [expression, fetch])
            let complete = rows.count < fetch
            if complete || Self.rank(rows[rows.count - 1]) > Self.rank(rows[request.limit - 1]) {
                let matches = try rows.map { row in
                    let rowid = Int64(row.int("rowid"))
                    return RankedRule(rowid: rowid, id: try db.scalar("SELECT id FROM rules WHERE rowid = ?", rowid)?.string ?? "",
                                      rank: Self.rank(row))
                }
                return Array(matches.sorted { $0.rank != $1.rank ? $0.rank < $1.rank : KeyOrder.precedes($0.id, $1.id) }.prefix(request.limit))
            }
            fetch = fetch.multipliedReportingOverflow(by: 4).overflow ? Int.max : fetch * 4
        }
    }

    private static func rank(_ row: Row) -> Double {
        if case .real(let value) = row["rank"] { value } else { 0 }
    }
}
