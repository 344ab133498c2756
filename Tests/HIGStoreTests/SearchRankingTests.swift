import Foundation
import Testing
@testable import HIGStore
@testable import HIGDatabase
@testable import HIGText

/// Search ranks with `hig_bm25` (FTS5's bm25 reading lengths and rule counts stored at import),
/// keeps the candidates it reads to the best-ranked, and makes snippets in a small index of the
/// hits: each must give exactly what FTS5's own `bm25`, `ORDER BY`, and `snippet` give.
@Suite("Search ranking: FTS5's scores, order and snippets, faster")
struct SearchRankingTests {
    /// Plain queries as search builds them, with their phrases' texts, and raw ones (nil).
    static let queries: [(expression: String, phrases: [String]?)] = {
        var queries: [(String, [String]?)] = []
        for text in [
            "tap", "alert button", "cancel leading", "the default button", "two-button alert", "don't use OK",
            "people", "a the of", "Cancel Cancel",
        ] {
            let words = SearchExpression.words(text)
            queries.append((SearchExpression.all(words), words))
            queries.append((SearchExpression.any(words), words))
        }
        for raw in [
            "NEAR(cancel left, 6)", "butt*", "text: alert", "title: alert", "\"default button\"", "alert NOT cancel", "alert OR tap",
        ] {
            queries.append((raw, nil))
        }
        return queries
    }()

    /// Each matching row's `bm25` and `hig_bm25` scores, by rowid.
    static func scores(_ store: RuleStore, _ expression: String, phrases: [String]?) throws -> [(Int, Double, Double)] {
        _ = try store.search(SearchRequest(text: "alert"))
        let ranking = try #require(store.searchRanking)
        ranking.phrases = phrases
        defer { ranking.phrases = nil }
        return try store.db.rows(
            """
            SELECT rowid, bm25(rules_fts, 0.0, 1.0) AS fts, hig_bm25(rules_fts, 0.0, 1.0) AS hig FROM rules_fts WHERE rules_fts MATCH ?
            """, expression
        ).map { row in
            guard case .real(let fts) = row["fts"], case .real(let hig) = row["hig"] else { return (row.int("rowid"), 0, 1) }
            return (row.int("rowid"), fts, hig)
        }
    }

    /// A copy of the seeded database to change.
    static func withSeedCopy<T>(_ body: (String) throws -> T) throws -> T {
        try Fixtures.withTemporaryFolder { folder in
            let path = folder.appending(path: "copy.sqlite").path
            try FileManager.default.copyItem(atPath: SeedsDatabase.path, toPath: path)
            return try body(path)
        }
    }

    @Test("hig_bm25 gives bm25's score to the bit, on every matching rule of the seeds", arguments: queries.indices)
    func sameScores(query: Int) throws {
        let (expression, phrases) = Self.queries[query]
        let store = try SeedsDatabase.store
        for phrases in [phrases, nil] {
            let rows = try Self.scores(store, expression, phrases: phrases)
            #expect(!rows.isEmpty, "\(expression)")
            for (rowid, fts, hig) in rows {
                #expect(fts == hig, "\(expression), rowid \(rowid): bm25 \(fts), hig_bm25 \(hig)")
            }
        }
    }

    @Test("Without stored statistics (a database from before migration 0006) the scores are still bm25's")
    func missingStatistics() throws {
        try Self.withSeedCopy { path in
            try Database(path: path).execute("DELETE FROM search_lengths")
            try Database(path: path).execute("DELETE FROM search_terms")
            let store = try RuleStore.open(path: path)
            for (expression, phrases) in Self.queries {
                #expect(try Self.scores(store, expression, phrases: phrases).allSatisfy { $0.1 == $0.2 }, "\(expression)")
            }
        }
    }

    @Test("The stored lengths are the ones used: a wrong one changes the score, the 'too long' mark asks FTS5")
    func storedLengthsAreUsed() throws {
        try Self.withSeedCopy { path in
            let store = try RuleStore.open(path: path)
            let (rowid, fts, _) = try #require(try Self.scores(store, "\"tap\"", phrases: ["tap"]).first)
            let (block, offset) = try #require(RowidBlocks.place(of: Int64(rowid)))
            func setLength(_ length: UInt16) throws {
                let db = try Database(path: path)
                var lengths = [UInt16](repeating: 0, count: RowidBlocks.size)
                try db.forEachRow("SELECT lengths FROM search_lengths WHERE block = ?", arguments: [block]) { row in
                    lengths = row.withBlob(0) { RowidBlocks.values($0, as: UInt16.self) }
                }
                lengths[offset] = length
                try db.execute("UPDATE search_lengths SET lengths = ? WHERE block = ?", RowidBlocks.littleEndianBytes(lengths), block)
            }
            try setLength(1)
            let wrong = try #require(try Self.scores(try RuleStore.open(path: path), "\"tap\"", phrases: ["tap"]).first { $0.0 == rowid })
            #expect(wrong.2 != fts)
            try setLength(SearchStatistics.tooLong)
            let asked = try #require(try Self.scores(try RuleStore.open(path: path), "\"tap\"", phrases: ["tap"]).first { $0.0 == rowid })
            #expect(asked.2 == fts)
        }
    }

    @Test("BestScores keeps exactly the matches ranking at or above the keep-th, ties included", arguments: 0..<40)
    func bestScores(seed: Int) {
        var random = SeededRandom(seed: UInt64(seed))
        let count = random.int(0...3_000)
        // Few distinct ranks, so that ties at the threshold are common.
        let ranks = (0..<count).map { _ in -Double(random.int(0...40)) / 4 }
        let keep = [1, 3, 10, 266, 5_000, .max][seed % 6]
        let best = BestScores(keep: keep)
        for (rowid, rank) in ranks.enumerated() { best.offer(rowid: Int64(rowid), rank: rank) }
        // Ranks ascending, rowids ascending among equal ranks.
        let sorted: [(rowid: Int64, rank: Double)] = ranks.indices.sorted { ranks[$0] < ranks[$1] || (ranks[$0] == ranks[$1] && $0 < $1) }
            .map { (rowid: Int64($0), rank: ranks[$0]) }
        let expected = keep >= sorted.count ? sorted : sorted.filter { $0.rank <= sorted[keep - 1].rank }
        let kept = best.best()
        #expect(kept.map { $0.rowid } == expected.map { $0.rowid }, "seed \(seed), \(count) matches, keep \(keep)")
        #expect(kept.map { $0.rank } == expected.map { $0.rank })
        #expect(best.matches == count)
        #expect(best.keptAll == (expected.count == count))
        // More of them, selected from every match offered, as if they had been kept.
        for wider in [keep, keep.multipliedReportingOverflow(by: 4).partialValue, 2_000, .max] where wider >= keep {
            let expectedWider = wider >= sorted.count ? sorted : sorted.filter { $0.rank <= sorted[wider - 1].rank }
            #expect(best.best(keep: wider).map { $0.rowid } == expectedWider.map { $0.rowid }, "seed \(seed), keep \(wider)")
        }
        // Every match offered is known, and no other rowid.
        #expect((0..<count).allSatisfy { best.contains(Int64($0)) })
        #expect(!best.contains(-1) && !best.contains(Int64(count)))
        let backwards = BestScores(keep: keep)
        for (rowid, rank) in ranks.enumerated().reversed() { backwards.offer(rowid: Int64(rowid), rank: rank) }
        #expect((0..<count).allSatisfy { backwards.contains(Int64($0)) } && !backwards.contains(Int64(count)))
    }

    @Test("The stored rule counts are the ones used, for plain phrases of one token only")
    func storedRuleCountsAreUsed() throws {
        try Self.withSeedCopy { path in
            let before = try Self.scores(try RuleStore.open(path: path), "\"tap\" AND \"button\"", phrases: ["tap", "button"])
            try Database(path: path).execute("UPDATE search_terms SET rules = 1 WHERE term = 'tap'")
            let store = try RuleStore.open(path: path)
            let after = try Self.scores(store, "\"tap\" AND \"button\"", phrases: ["tap", "button"])
            #expect(after.count == before.count && zip(after, before).allSatisfy { $0.2 != $1.1 })
            // A raw query, or one whose phrases are not the texts given, counts with FTS5.
            #expect(try Self.scores(store, "\"tap\" AND \"button\"", phrases: nil).allSatisfy { $0.1 == $0.2 })
            #expect(try Self.scores(store, "\"tap\" AND \"button\"", phrases: ["tap"]).allSatisfy { $0.1 == $0.2 })
            #expect(try Self.scores(store, "\"tap the\" AND \"button\"", phrases: ["tap the", "button"]).allSatisfy { $0.1 == $0.2 })
        }
    }

    /// Lengths and rule counts counted independently, from every token FTS5 indexed.
    static func countedStatistics(_ db: Database) throws -> (lengths: [Int: Int], terms: [String: Int]) {
        try db.execute("CREATE VIRTUAL TABLE IF NOT EXISTS temp.instances USING fts5vocab(main, rules_fts, instance)")
        var lengths: [Int: Int] = [:]
        try db.forEachRow("SELECT doc, count(*) FROM temp.instances GROUP BY doc") { lengths[$0.int(0)] = $0.int(1) }
        var terms: [String: Int] = [:]
        try db.forEachRow("SELECT term, count(DISTINCT doc) FROM temp.instances GROUP BY term") { terms[$0.string(0)] = $0.int(1) }
        return (lengths, terms)
    }

    static func storedStatistics(_ db: Database) throws -> (lengths: [Int: Int], terms: [String: Int]) {
        var lengths: [Int: Int] = [:]
        try db.forEachRow("SELECT block, lengths FROM search_lengths") { row in
            let block = row.int(0)
            for (offset, length) in row.withBlob(1, { RowidBlocks.values($0, as: UInt16.self) }).enumerated() where length > 0 {
                lengths[block * RowidBlocks.size + offset] = Int(length)
            }
        }
        var terms: [String: Int] = [:]
        try db.forEachRow("SELECT term, rules FROM search_terms") { terms[$0.string(0)] = $0.int(1) }
        return (lengths, terms)
    }

    @Test("The stored statistics are what the index holds, after a first import and after re-imports that change, drop and add files")
    func statisticsFollowImports() throws {
        let seeds = try Database(path: SeedsDatabase.path, mode: .readOnly)
        let counted = try Self.countedStatistics(seeds)
        let stored = try Self.storedStatistics(seeds)
        #expect(stored.lengths.count == 114 && stored.lengths == counted.lengths)
        #expect(stored.terms.count > 500 && stored.terms == counted.terms)
        #expect(stored.terms["button"] == counted.terms["button"] && (stored.terms["button"] ?? 0) > 40)
        try Fixtures.withTemporaryFolder { folder in
            let path = folder.appending(path: "s.sqlite").path
            let v1 = try Fixtures.writeEditions(
                in: folder.appending(path: "v1"), manifest: Fixtures.manifest([("one", "a.md"), ("one", "b.md"), ("one", "c.md")]),
                files: [
                    "a.md": Data("**Prefer zeppelins**. They float.\n".utf8), "b.md": Data("**Prefer kites**. They fly.\n".utf8),
                    "c.md": Data("**Avoid gliders**. They sink over the sea.\n".utf8),
                ])
            _ = try StoreWriter.importEditions(from: v1, into: path)
            let v2 = try Fixtures.writeEditions(
                in: folder.appending(path: "v2"), manifest: Fixtures.manifest([("one", "a.md"), ("one", "b.md"), ("one", "d.md")]),
                files: [
                    "a.md": Data("**Prefer zeppelins**. They float.\n".utf8),
                    "b.md": Data("**Prefer balloons**. They rise, and rise, and rise.\n".utf8),
                    "d.md": Data("**Prefer rockets**. They soar.\n\n**Prefer kites**. They fly high.\n".utf8),
                ])
            _ = try StoreWriter.importEditions(from: v2, into: path)
            let db = try Database(path: path)
            let after = try Self.storedStatistics(db)
            #expect(after.lengths.count == 4)
            #expect(after.lengths == (try Self.countedStatistics(db)).lengths)
            #expect(after.terms == (try Self.countedStatistics(db)).terms)
            #expect(after.terms["glider"] == nil && after.terms["kite"] == 1 && after.terms["prefer"] == 4)
        }
    }

    @Test("A database imported before migration 0006 gets its statistics at the next import, even when no file changed")
    func statisticsBackfilledByImport() throws {
        try Self.withSeedCopy { path in
            try Database(path: path).execute("DELETE FROM search_lengths")
            let report = try StoreWriter.importEditions(from: Fixtures.editions, into: path)
            #expect(report.editions.allSatisfy { $0.filesWritten == 0 })
            let db = try Database(path: path)
            #expect(try Self.storedStatistics(db).lengths == (try Self.countedStatistics(db)).lengths)
        }
    }

    /// Each hit's snippet against FTS5's own `snippet` of the same row in the rules' index: of
    /// `highlight` (the words that carry the query) where the row matches it, else of the query.
    static func expectFTS5Snippets(_ result: SearchResult, _ store: RuleStore, highlight: String? = nil) throws {
        #expect(!result.hits.isEmpty, "\(result.expression)")
        for hit in result.hits {
            let own = try [highlight, result.expression].compactMap { $0 }.lazy.compactMap { expression in
                try store.db.scalar(
                    """
                    SELECT snippet(rules_fts, -1, char(1), char(2), '…', 20) FROM rules_fts
                    WHERE rules_fts MATCH ?1 AND rowid = (SELECT rowid FROM rules WHERE id = ?2)
                    """, expression, hit.record.id)?.string
            }.first
            #expect(hit.snippet == own, "\(result.expression): \(hit.record.id)")
            #expect(hit.snippet.contains(SearchHit.open))
        }
    }

    @Test(
        "Snippets are FTS5's own, read from the rules' index",
        arguments: [
            "tap", "alert button", "the default button",
            "cancel zeppelin", "don't use OK",
        ])
    func snippetsAreFTS5s(text: String) throws {
        let store = try SeedsDatabase.store
        let result = try store.search(SearchRequest(text: text, limit: 30))
        // The stopwords are checked by hand: "the" is one, no other word of these queries is.
        let carrying = SearchExpression.words(text).filter { $0 != "the" }
        let highlight = result.matchedAnyWord ? SearchExpression.any(carrying) : SearchExpression.all(carrying)
        try Self.expectFTS5Snippets(result, store, highlight: highlight)
    }

    @Test(
        "Raw expressions' snippets are FTS5's own too",
        arguments: ["NEAR(cancel left, 6)", "title: alert", "butt*", "alert NOT cancel", "^use"])
    func rawSnippetsAreFTS5s(expression: String) throws {
        let store = try SeedsDatabase.store
        try Self.expectFTS5Snippets(try store.search(SearchRequest(text: expression, raw: true, limit: 30)), store)
    }

    @Test("A search that fails leaves the store searching: the next one is not handed the old error")
    func failedSearchThenAnother() throws {
        let store = try SeedsDatabase.store
        let expected = try store.search(SearchRequest(text: "tap")).hits.map(\.record.id)
        for bad in ["alert AND", "nosuchcolumn: alert", "use AND NOT button", "NEAR(alert"] {
            #expect(throws: HIGError.self) { try store.search(SearchRequest(text: bad, raw: true)) }
            #expect(try store.search(SearchRequest(text: "alert", raw: true)).hits.count == 10, "after \(bad)")
            #expect(try store.search(SearchRequest(text: "tap")).hits.map(\.record.id) == expected, "after \(bad)")
            #expect(try store.search(SearchRequest(text: "tap", filter: RuleFilter(edition: "2010"))).hits.count == 3, "after \(bad)")
        }
    }

    @Test("The rules' index, the snippets' and the lineage's stems use the one tokenizer the migrations write")
    func snippetTokenizer() throws {
        let sql = try SeedsDatabase.store.db.scalar("SELECT sql FROM sqlite_master WHERE name = 'rules_fts'")?.string ?? ""
        #expect(sql.contains("tokenize = '\(FullTextTokenizer.spec)'"))
    }

    @Test("A filter that none of the best matches pass: its rules are read through its own index, and the best of them found")
    func narrowFilterFallsBack() throws {
        try Fixtures.withTemporaryFolder { folder in
            let path = folder.appending(path: "n.sqlite").path
            // 400 short guidelines rank above the 3 long notes for "zeppelin": more than the 256
            // extra matches a filter is given before every match's row is read.
            let guidelines = (1...400).map { "**Prefer zeppelins \($0)**. They float.\n" }.joined(separator: "\n")
            let notes = (1...3).map { "**Note:** Zeppelins \($0) float over the sea, the hills and the towns of the valley.\n" }
                .joined(separator: "\n")
            let editions = try Fixtures.writeEditions(
                in: folder.appending(path: "e"), manifest: Fixtures.manifest([("one", "one.md")]),
                files: ["one.md": Data((guidelines + "\n" + notes).utf8)])
            _ = try StoreWriter.importEditions(from: editions, into: path)
            let store = try RuleStore.open(path: path)
            for limit in [1, 2, 3, 10] {
                let expected = try store.db.rows(
                    """
                    SELECT r.id FROM rules_fts JOIN rules r ON r.rowid = rules_fts.rowid
                    WHERE rules_fts MATCH '"zeppelin"' AND r.kind = 'note' ORDER BY bm25(rules_fts, 0.0, 1.0), r.id LIMIT ?
                    """, limit
                ).map { $0.string("id") }
                #expect(expected.count == min(limit, 3))
                let hits = try store.search(SearchRequest(text: "zeppelin", filter: RuleFilter(kind: .note), limit: limit)).hits
                #expect(hits.map(\.record.id) == expected)
                #expect(hits.allSatisfy { $0.record.kind == .note && $0.snippet.contains(SearchHit.open) })
            }
            #expect(try store.search(SearchRequest(text: "zeppelin", limit: 500)).hits.count == 403)
        }
    }

    /// The reference weighs each kind as the README documents (figures 0.5, context 0.75).
    @Test(
        "Filtered searches give what ranking every match with its row gives",
        arguments: [
            RuleFilter(edition: "web-2022-23"), RuleFilter(kind: .note), RuleFilter(topic: "platform-elements"),
            RuleFilter(platform: "macOS"), RuleFilter(edition: "2011", kind: .guideline), RuleFilter(),
        ])
    func filteredOrder(filter: RuleFilter) throws {
        let store = try SeedsDatabase.store
        for text in ["alert", "button", "cancel", "the", "tap"] {
            for limit in [1, 3, 10, 500] {
                let expression = SearchExpression.all(SearchExpression.words(text))
                let expected = try store.db.rows(
                    """
                    SELECT r.id FROM rules_fts JOIN rules r ON r.rowid = rules_fts.rowid
                    WHERE rules_fts MATCH ?1
                      AND (?2 IS NULL OR r.edition_id = ?2) AND (?3 IS NULL OR r.kind = ?3)
                      AND (?4 IS NULL OR EXISTS (SELECT 1 FROM rule_topics t WHERE t.rule_id = r.id AND t.topic_slug = ?4))
                      AND (?5 IS NULL OR EXISTS (SELECT 1 FROM rule_platforms p WHERE p.rule_id = r.id AND p.platform = ?5 COLLATE NOCASE))
                    ORDER BY bm25(rules_fts, 0.0, 1.0) * CASE r.kind WHEN 'figure' THEN 0.5 WHEN 'context' THEN 0.75 ELSE 1.0 END, r.id
                    LIMIT ?6
                    """, expression, filter.edition, filter.kind?.rawValue, filter.topic, filter.platform, limit
                ).map { $0.string("id") }
                // The ranking's order, rule by rule: versions with the same words apart.
                let hits = try store.search(SearchRequest(text: text, filter: filter, limit: limit, sameWordsAsOneHit: false)).hits
                    .map(\.record.id)
                #expect(hits == expected, "\(text), limit \(limit)")
            }
        }
    }
}
