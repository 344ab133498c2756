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
    /// Only the text counts for the rank: a title is the opening words of its text (a bold lead
    /// or lead sentence), so weighing it too would count those words twice. A match in a title
    /// alone (a table row's label, a figure's caption) still finds the rule.
    static let searchQuery = """
        SELECT r.id, bm25(rules_fts, 0.0, 1.0) AS rank,
               snippet(rules_fts, -1, char(1), char(2), '…', 20) AS snippet
        FROM rules_fts JOIN rules r ON r.rowid = rules_fts.rowid
        WHERE rules_fts MATCH ?1
          AND (?2 IS NULL OR r.edition_id = ?2)
          AND (?3 IS NULL OR r.kind = ?3)
          AND (?4 IS NULL OR EXISTS (SELECT 1 FROM rule_topics t WHERE t.rule_id = r.id AND t.topic_slug = ?4))
          AND (?6 IS NULL OR EXISTS (SELECT 1 FROM rule_platforms p WHERE p.rule_id = r.id AND p.platform = ?6 COLLATE NOCASE))
        ORDER BY rank, r.id
        LIMIT ?5
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

    private func hits(_ expression: String, _ request: SearchRequest) throws -> [SearchHit] {
        let filter = request.filter
        let rows = try db.rows(Self.searchQuery, arguments: [expression, filter.edition, filter.kind?.rawValue, filter.topic, request.limit, filter.platform])
        return try rows.compactMap { row in
            guard let record = try rule(id: row.string("id")) else { return nil }
            let rank: Double = if case .real(let value) = row["rank"] { value } else { 0 }
            return SearchHit(record: record, snippet: row.string("snippet"), rank: rank)
        }
    }
}
