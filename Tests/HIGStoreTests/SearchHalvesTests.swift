import Foundation
import HIGTestSupport
import Testing
@testable import HIGDatabase
@testable import HIGStore
@testable import HIGText

/// A search scored in two halves of the rowids on two connections (`SearchHalves`) must answer
/// exactly as the search run whole: the same hits, ranks to the bit, totals and expression; and
/// a store whose database changed after it was opened must not read the change through its
/// second connection.
@Suite("Search in two halves: the same answers as the whole, never another snapshot")
struct SearchHalvesTests {
    static let requests: [SearchRequest] = [
        SearchRequest(text: "button"),
        SearchRequest(text: "use", limit: 200),
        SearchRequest(text: "alert buttons"),
        SearchRequest(text: "the app", limit: 50, sameWordsAsOneHit: false),
        SearchRequest(text: "button", filter: RuleFilter(edition: "web-2026-07")),
        SearchRequest(text: "color", filter: RuleFilter(kind: .guideline, topic: "color")),
        // No rule holds both words: the any-word search runs too.
        SearchRequest(text: "toolbar zzyzxnotaword"),
    ]

    /// The answers of `requests` on a new store, searches split when their words match at
    /// least `minimumMatches` rules, and whether the store opened a second connection.
    static func answers(minimumMatches: Int) throws -> (results: [SearchResult], split: Bool) {
        let store = try BundleDatabase.store
        let results = try SearchHalves.$minimumMatches.withValue(minimumMatches) {
            try requests.map { try store.search($0) }
        }
        guard case .some(.some) = store.openedSearchHalves else { return (results, false) }
        return (results, true)
    }

    @Test("Split or whole, every search of the bundle gives the same hits, ranks and totals")
    func sameAnswers() throws {
        let whole = try Self.answers(minimumMatches: .max)
        let halves = try Self.answers(minimumMatches: 1)
        #expect(!whole.split && halves.split)
        for (index, request) in Self.requests.enumerated() {
            #expect(halves.results[index] == whole.results[index], "\(request.text)")
            #expect(whole.results[index].total > 0, "\(request.text)")
        }
        // Wide enough to matter: "use" matches thousands of rules in either half.
        #expect(whole.results[1].total > 2_000 && whole.results[1].hits.count == 200)
    }

    @Test("A store's first search large enough to split runs whole, without a second connection")
    func firstSearchWhole() throws {
        let store = try BundleDatabase.store
        try SearchHalves.$minimumMatches.withValue(1) {
            _ = try store.search(SearchRequest(text: "button"))
            #expect(store.openedSearchHalves == nil)
            _ = try store.search(SearchRequest(text: "button"))
            #expect(store.openedSearchHalves != nil)
        }
    }

    @Test("Matches joined from two halves are the best of both, ties and all")
    func joinedHalves() {
        let lower = BestScores(keep: 2)
        let upper = BestScores(keep: 2)
        for (rowid, rank) in [(1, -3.0), (2, -1.0), (3, -5.0)] { lower.offer(rowid: Int64(rowid), rank: rank) }
        for (rowid, rank) in [(7, -5.0), (8, -4.0), (9, -0.5)] { upper.offer(rowid: Int64(rowid), rank: rank) }
        let both = lower.followed(by: upper)
        // -5 twice (rowids 3 and 7) are the best two; nothing else ties the second.
        #expect(both.best().map(\.rowid) == [3, 7])
        #expect(both.matches == 6 && both.contains(8) && !both.contains(4))
        #expect(both.best(keep: 4).map(\.rowid) == [3, 7, 8, 1])
    }

    @Test("A store opened before its database changed splits no search: it keeps reading its own snapshot")
    func changedDatabase() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "hig-halves-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appending(path: "copy.sqlite").path
        try Database(path: BundleDatabase.path, mode: .readOnly).execute("VACUUM INTO ?", path)
        // In WAL mode, as hig's databases are: a writer commits while readers keep their snapshot.
        let writer = try Database(path: path, mode: .readWrite)
        #expect(try writer.setJournalMode("wal") == "wal")
        let store = try RuleStore.open(path: path)
        let request = SearchRequest(text: "button")
        let before = try SearchHalves.$minimumMatches.withValue(.max) { try store.search(request) }
        // Another connection adds a match to the index after the store's snapshot began.
        try writer.execute("INSERT INTO rules_fts (rowid, title, text) VALUES (900000, 'Button', 'A button button.')")
        // The first search large enough to split runs whole; the second would split.
        let after = try SearchHalves.$minimumMatches.withValue(1) { try [store.search(request), store.search(request)] }
        #expect(after == [before, before])
        // Tried, and refused.
        let refused: Bool = if case .some(.none) = store.openedSearchHalves { true } else { false }
        #expect(refused)
        // A store opened now sees the new match, split or not.
        let newer = try RuleStore.open(path: path)
        let newerTotal = try SearchHalves.$minimumMatches.withValue(1) { try newer.search(request).total }
        #expect(newerTotal == before.total + 1)
    }

    @Test("The upper half is the matches above the lower half's end, and stops at the search's time limit")
    func upperHalf() throws {
        let store = try BundleDatabase.store
        let halves = try #require(SearchHalves.open(beside: store.db))
        func upper(limit: Duration) throws -> BestScores {
            // No lower half: what comes back is the upper half's alone.
            try halves.collect("use", of: "use", phrases: ["use"], keep: 10, admitting: nil, subject: nil, limit: limit) { _ in
                BestScores(keep: 10)
            }.best
        }
        let found = try upper(limit: .seconds(60))
        let lowerHalfEnd = halves.lowerHalfEnd
        let whole = try store.db.scalar("SELECT count(*) FROM rules_fts WHERE rules_fts MATCH 'use' AND rowid > ?", lowerHalfEnd)?.int
        #expect(found.matches > 1_000 && found.matches == whole)
        #expect(found.best().allSatisfy { $0.rowid > lowerHalfEnd })
        #expect(throws: HIGError.searchTooSlow("use", limit: .zero)) { try upper(limit: .zero) }
    }
}
