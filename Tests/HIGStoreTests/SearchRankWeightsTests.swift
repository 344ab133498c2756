import Foundation
import HIGTestSupport
import Testing
@testable import HIGDatabase
@testable import HIGStore
@testable import HIGText

/// Search weighs each match by its kind and subject as the index scores it, from the facts the
/// import stored (`SearchRuleFacts`, `SearchRankWeights`), instead of reading the rows of the
/// best matches by bm25 until the ten best by rank are certain (`RuleStore.rankedHits`). Both
/// ways must give the same hits: the stored facts are the rules' own kinds and sections, the
/// weights are the ones read from a row, and a search without stored facts (a database
/// imported before migration 0020), or with a match missing from them, answers the same.
@Suite("Search rank weights: stored with the rules, the same hits as weighing each row")
struct SearchRankWeightsTests {
    /// Every rule's stored kind and section, by rowid.
    static func storedFacts(_ db: Database) throws -> [Int: (kind: RuleKind, section: String?)] {
        var sections: [Int: String] = [:]
        try db.forEachRow("SELECT number, section FROM search_sections") { sections[$0.int(0)] = $0.string(1) }
        var byRowid: [Int: (kind: RuleKind, section: String?)] = [:]
        try db.forEachRow("SELECT block, facts FROM search_rule_blocks") { row in
            let block = row.int(0)
            for (offset, facts) in row.withBlob(1, { RowidBlocks.values($0, as: UInt32.self) }).enumerated() {
                guard let (kind, section) = SearchRuleFacts.kindAndSection(facts) else { continue }
                byRowid[block * RowidBlocks.size + offset] = (kind, section == 0 ? nil : sections[section])
            }
        }
        return byRowid
    }

    @Test("Every rule's stored facts are its own kind and section; each section is stored once, with its terms")
    func factsAreTheRules() throws {
        let db = try Database(path: BundleDatabase.path, mode: .readOnly)
        let stored = try Self.storedFacts(db)
        var rules = 0
        try db.forEachRow("SELECT rowid, kind, section FROM rules") { row in
            rules += 1
            let facts = stored[row.int(0)]
            #expect(facts?.kind.rawValue == row.string(1) && facts?.section == row.optionalString(2), "rowid \(row.int(0))")
        }
        #expect(rules == 24_030 && stored.count == rules)
        let distinct = try db.scalar("SELECT count(DISTINCT section) FROM rules")?.int
        #expect(try db.scalar("SELECT count(*) FROM search_sections")?.int == distinct)
        #expect((distinct ?? 0) > 1_000)
        // "Tab bars › Platform considerations › visionOS" is stored with the terms the index
        // folds and stems its words to.
        let number = try #require(
            try db.scalar("SELECT number FROM search_sections WHERE section = ?", "Tab bars › Platform considerations › visionOS")?.int)
        var terms: [String] = []
        try db.forEachRow("SELECT term FROM search_section_terms WHERE section = ? ORDER BY term", arguments: [number]) {
            terms.append($0.string(0))
        }
        #expect(terms == ["bar", "consider", "platform", "tab", "visiono"])
    }

    @Test("The weights of every rule are the ones its row gives, for a subject and for none")
    func weightsAreTheRows() throws {
        let store = try BundleDatabase.store
        _ = try store.search(SearchRequest(text: "alert"))
        let ranking = try #require(store.searchRanking)
        for words in [["tab", "bar"], ["alert"], []] {
            let subject = words.isEmpty ? nil : SearchSubject(carryingWords: words, tokenizer: ranking.tokenizer)
            let weights = try #require(try ranking.rankWeights(subject: subject))
            var offSubject = 0
            try store.db.forEachRow("SELECT rowid, kind, section FROM rules") { row in
                let kind = RuleStore.kindWeight(try #require(RuleKind(rawValue: row.string(1))))
                let subjectWeight = subject?.weight(section: row.optionalString(2), tokenizer: ranking.tokenizer) ?? 1
                let stored = weights.weights(of: Int64(row.int(0)))
                #expect(stored?.kind == kind && stored?.subject == subjectWeight, "rowid \(row.int(0)), \(words)")
                if subjectWeight < 1 { offSubject += 1 }
            }
            #expect(!weights.incomplete)
            // Both weights occur: a subject's sections hold some rules and not others.
            #expect(words.isEmpty ? offSubject == 0 : offSubject > 1_000 && offSubject < 24_030, "\(words)")
        }
    }

    /// Searches of every shape: common and rare words, a subject's words, words no rule holds
    /// together, raw expressions, filters, limits, versions grouped or not.
    static let requests: [SearchRequest] = {
        var requests: [SearchRequest] = []
        let texts = [
            "button", "tab bar", "alert", "the default button", "action sheet", "cancel", "tap", "zeppelin button", "split view",
        ]
        for text in texts {
            for limit in [1, 10, 300] {
                requests.append(SearchRequest(text: text, limit: limit))
            }
            requests.append(SearchRequest(text: text, limit: 10, sameWordsAsOneHit: false))
        }
        // Only stopwords: no word carries the search, so no section is its subject.
        requests.append(SearchRequest(text: "the of", limit: 10))
        for raw in ["butt*", "NEAR(cancel left, 6)", "title: alert", "alert NOT cancel"] {
            requests.append(SearchRequest(text: raw, raw: true, limit: 10))
        }
        for filter in [
            RuleFilter(edition: "ios-2011-03"), RuleFilter(kind: .figure), RuleFilter(platform: "iPadOS"), RuleFilter(topic: "alerts"),
            RuleFilter(section: "Tab bars"),
        ] {
            requests.append(SearchRequest(text: "button", filter: filter, limit: 10))
            requests.append(SearchRequest(text: "tab bar", filter: filter, limit: 300))
        }
        return requests
    }()

    /// The answers to `requests` on the database at `path` (without the time limit: a debug
    /// build weighing every row, beside other tests, may need more than it).
    static func answers(_ path: String) throws -> [SearchResult] {
        let store = try RuleStore.open(path: path)
        return try RuleStore.$searchTimeLimit.withValue(.seconds(60)) { try requests.map { try store.search($0) } }
    }

    @Test("Without stored facts, or with a hit missing from them, every search answers the same")
    func sameHitsWithoutFacts() throws {
        let weighed = try Self.answers(try BundleDatabase.path)
        #expect(weighed.filter { !$0.hits.isEmpty }.count > Self.requests.count - 6)
        try Fixtures.withTemporaryFolder { folder in
            let path = folder.appending(path: "copy.sqlite").path
            try FileManager.default.copyItem(atPath: try BundleDatabase.path, toPath: path)
            // The first hit of "tab bar" without stored facts: its searches weigh every row.
            let first = try #require(weighed[Self.requests.firstIndex { $0.text == "tab bar" } ?? 0].hits.first)
            let rowid = try #require(try Database(path: path).scalar("SELECT rowid FROM rules WHERE id = ?", first.record.id)?.int)
            let (block, offset) = try #require(RowidBlocks.place(of: Int64(rowid)))
            let db = try Database(path: path)
            var facts = [UInt32]()
            try db.forEachRow("SELECT facts FROM search_rule_blocks WHERE block = ?", arguments: [block]) { row in
                facts = row.withBlob(0) { RowidBlocks.values($0, as: UInt32.self) }
            }
            facts[offset] = 0
            try db.execute("UPDATE search_rule_blocks SET facts = ? WHERE block = ?", RowidBlocks.littleEndianBytes(facts), block)
            let store = try RuleStore.open(path: path)
            _ = try store.search(SearchRequest(text: "alert"))
            let ranking = try #require(store.searchRanking)
            let weights = try #require(try ranking.rankWeights(subject: nil))
            #expect(weights.weights(of: Int64(rowid)) == nil && weights.incomplete)
            let oneMissing = try Self.answers(path)
            try db.execute("DELETE FROM search_rule_blocks")
            let emptied = try RuleStore.open(path: path)
            _ = try emptied.search(SearchRequest(text: "alert"))
            #expect(try #require(emptied.searchRanking).rankWeights(subject: nil) == nil)
            let noneStored = try Self.answers(path)
            for (index, request) in Self.requests.enumerated() {
                #expect(oneMissing[index] == weighed[index], "\(request.text), limit \(request.limit)")
                #expect(noneStored[index] == weighed[index], "\(request.text), limit \(request.limit)")
            }
        }
    }

    @Test("A database imported before migration 0020 gets its facts at the next import, even when no file changed")
    func factsBackfilledByImport() throws {
        try Fixtures.withTemporaryFolder { folder in
            let path = folder.appending(path: "copy.sqlite").path
            try FileManager.default.copyItem(atPath: try SeedsDatabase.path, toPath: path)
            let db = try Database(path: path)
            let before = try Self.storedFacts(db)
            for table in ["search_rule_blocks", "search_section_terms", "search_sections"] { try db.execute("DELETE FROM \(table)") }
            let report = try StoreWriter.importEditions(from: Fixtures.editions, into: path)
            #expect(report.editions.allSatisfy { $0.filesWritten == 0 })
            let after = try Self.storedFacts(db)
            #expect(!before.isEmpty && after.count == before.count)
            #expect(after.allSatisfy { before[$0.key]?.kind == $0.value.kind && before[$0.key]?.section == $0.value.section })
        }
    }

    @Test("Numbers survive their little-endian blob, every byte of them; facts give back each kind and section")
    func factsRoundTrip() {
        let numbers: [UInt32] = [0, 1, 255, 256, 65_535, 65_536, 16_777_216, 0x0102_0304, .max]
        #expect(RowidBlocks.littleEndianBytes(numbers).withUnsafeBytes { RowidBlocks.values($0, as: UInt32.self) } == numbers)
        #expect(RowidBlocks.littleEndianBytes([UInt32(0x0102_0304)]) == [4, 3, 2, 1])
        // Lengths are 16-bit: two bytes each.
        let lengths: [UInt16] = [0, 1, 258, .max]
        #expect(RowidBlocks.littleEndianBytes(lengths) == [0, 0, 1, 0, 2, 1, 255, 255])
        #expect(RowidBlocks.littleEndianBytes(lengths).withUnsafeBytes { RowidBlocks.values($0, as: UInt16.self) } == lengths)
        for kind in RuleKind.allCases {
            for section in [0, 1, 4_182, SearchRuleFacts.sectionLimit - 1] {
                let facts = SearchRuleFacts.facts(kind: kind, section: section)
                #expect(SearchRuleFacts.kindAndSection(facts)?.kind == kind && SearchRuleFacts.kindAndSection(facts)?.section == section)
            }
        }
        // The codes Migrations/0020 documents, and none for "no rule".
        #expect(SearchRuleFacts.facts(kind: .guideline, section: 0) == 1 << 24)
        #expect(SearchRuleFacts.facts(kind: .context, section: 7) == 5 << 24 | 7)
        #expect(SearchRuleFacts.kindAndSection(0) == nil && SearchRuleFacts.kindAndSection(6 << 24) == nil)
    }
}
