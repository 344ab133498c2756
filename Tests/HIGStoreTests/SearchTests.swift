import Foundation
import Testing
@testable import HIGStore
@testable import HIGText

@Suite("Full-text search")
struct SearchTests {
    var store: RuleStore { get throws { try SeedsDatabase.store } }

    @Test("`search tap` finds the 2010 and 2011 rule about the word tap first")
    func tap() throws {
        let hits = try store.search(SearchRequest(text: "tap")).hits
        #expect(hits.count >= 4)
        // The 2010 and 2011 rules have the same words: one hit, the newest standing for both.
        let first = hits[0]
        #expect(first.record.edition == "2011" && first.versions.map(\.edition) == ["2010", "2011"])
        #expect(first.versions.allSatisfy { $0.text.hasPrefix("Be sure to use the word \"tap\"") })
        #expect(hits[0].snippet(open: "[", close: "]").contains("\"[tap]\""))
        // Stemming: "tapping" is found too.
        #expect(hits.contains { $0.record.text.contains("tapping the Cancel button") })
    }

    @Test(
        "Plain words never fail, whatever FTS5 syntax they hold",
        arguments: [
            "don't use OK", "\"unbalanced", "NEAR(cancel", "AND", "button*", "title: OR", "^start", "a - b", "((( alert",
            "'; DROP TABLE rules; --",
            "don’t", "😀 alert", "x AND NOT y",
            // A quote carrying a combining accent is one character to Swift but still a quote to FTS5.
            "tap\"\u{301}s",
        ])
    func plainWords(text: String) throws {
        _ = try store.search(SearchRequest(text: text))
        #expect(try store.rules().count == 114)
    }

    @Test func apostrophesMatchBothQuoteStyles() throws {
        let hits = try store.search(SearchRequest(text: "don't", limit: 50)).hits
        #expect(hits.contains { $0.record.text.contains("don't") })
        #expect(hits.contains { $0.record.text.contains("don’t") })
    }

    @Test func everyWordMustOccurElseAnyWord() throws {
        let all = try store.search(SearchRequest(text: "cancel leading"))
        #expect(!all.matchedAnyWord)
        #expect(all.hits.allSatisfy { $0.record.text.lowercased().contains("cancel") && $0.record.text.contains("leading") })
        let any = try store.search(SearchRequest(text: "cancel zeppelin"))
        #expect(any.matchedAnyWord && !any.hits.isEmpty)
    }

    @Test func rawExpressions() throws {
        let near = try store.search(SearchRequest(text: "NEAR(cancel left, 6)", raw: true, limit: 50))
        #expect(!near.hits.isEmpty)
        #expect(near.hits.allSatisfy { $0.record.text.contains("left") })
        #expect {
            try store.search(SearchRequest(text: "NEAR(cancel", raw: true))
        } throws: { error in
            guard case .malformedSearch(let query, let reason) = error as? HIGError else { return false }
            return query == "NEAR(cancel" && reason.contains("syntax error")
        }
        #expect(throws: HIGError.self) { try store.search(SearchRequest(text: "title:", raw: true)) }
        #expect(throws: HIGError.self) { try store.search(SearchRequest(text: "nosuchcolumn: alert", raw: true)) }
    }

    @Test func emptyQueries() {
        for text in ["", "   ", "* ( ) \"", "—"] {
            #expect(throws: HIGError.emptySearch) { try store.search(SearchRequest(text: text)) }
        }
        #expect(throws: HIGError.emptySearch) { try store.search(SearchRequest(text: " ", raw: true)) }
        #expect(throws: HIGError.invalidLimit(0)) { try store.search(SearchRequest(text: "alert", limit: 0)) }
    }

    @Test func filters() throws {
        let current = try store.search(SearchRequest(text: "cancel", filter: RuleFilter(edition: "web-2022-23"), limit: 50)).hits
        #expect(!current.isEmpty && current.allSatisfy { $0.record.edition == "web-2022-23" })
        let notes = try store.search(SearchRequest(text: "cancel", filter: RuleFilter(kind: .note), limit: 50))
        #expect(notes.rules.count == 3 && notes.rules.allSatisfy { $0.kind == .note })
        let topic = try store.search(SearchRequest(text: "alert", filter: RuleFilter(topic: "platform-elements"), limit: 50)).hits
        #expect(!topic.isEmpty && topic.allSatisfy { $0.record.topics.contains("platform-elements") })
        #expect(throws: HIGError.self) { try store.search(SearchRequest(text: "alert", filter: RuleFilter(edition: "1999"))) }
    }

    @Test("Rules that rank alike come in id order, however many tie at the limit")
    func tiesByID() throws {
        try Fixtures.withTemporaryFolder { folder in
            let path = folder.appending(path: "t.sqlite").path
            // 100 rules with the same words rank alike; the short one ranks above them all.
            let same = Array(repeating: "**Prefer zeppelins**. They float over the alert.\n", count: 100).joined(separator: "\n")
            let editions = try Fixtures.writeEditions(
                in: folder, manifest: Fixtures.manifest([("one", "one.md")]),
                files: ["one.md": Data((same + "\n**Zeppelins**.\n").utf8)])
            _ = try StoreWriter.importEditions(from: editions, into: path)
            let store = try RuleStore.open(path: path)
            let all = try store.rules()
            #expect(all.count == 101)
            let short = try #require(all.first { $0.text == "Zeppelins." })
            let tied = all.filter { $0.id != short.id }.map(\.id).sorted()
            for limit in [1, 10, 60, 100, 200] {
                let expected = Array(([short.id] + tied).prefix(limit))
                let hits = try store.search(SearchRequest(text: "zeppelin", limit: limit)).hits
                #expect(hits.map(\.record.id) == expected)
                // The filtered query orders the same way.
                let filtered = try store.search(SearchRequest(text: "zeppelin", filter: RuleFilter(edition: "one"), limit: limit)).hits
                #expect(filtered.map(\.record.id) == expected)
                #expect(filtered.map(\.rank) == hits.map(\.rank))
                #expect(hits.dropFirst().allSatisfy { $0.rank == hits.last?.rank && $0.rank > hits[0].rank })
                #expect(
                    hits.allSatisfy {
                        $0.snippet(open: "[", close: "]").contains("[zeppelins]")
                            || $0.snippet(open: "[", close: "]").contains("[Zeppelins]")
                    })
            }
            // A limit near Int.max reads every match, without overflowing while it reads more.
            #expect(try store.search(SearchRequest(text: "zeppelin", limit: .max)).hits.map(\.record.id) == [short.id] + tied)
            #expect(try store.search(SearchRequest(text: "zeppelin", limit: .max - 20)).hits.count == 101)
        }
    }

    @Test("The index follows every import: old words vanish, new ones are found")
    func indexStaysInStep() throws {
        try Fixtures.withTemporaryFolder { folder in
            let path = folder.appending(path: "s.sqlite").path
            let v1 = try Fixtures.writeEditions(
                in: folder.appending(path: "v1"), manifest: Fixtures.manifest([("one", "one.md")]),
                files: ["one.md": Data("**Prefer zeppelins**. They float.\n".utf8)])
            _ = try StoreWriter.importEditions(from: v1, into: path)
            #expect(try RuleStore.open(path: path).search(SearchRequest(text: "zeppelin")).hits.count == 1)
            let v2 = try Fixtures.writeEditions(
                in: folder.appending(path: "v2"), manifest: Fixtures.manifest([("one", "one.md")]),
                files: ["one.md": Data("**Prefer balloons**. They float.\n".utf8)])
            _ = try StoreWriter.importEditions(from: v2, into: path)
            let store = try RuleStore.open(path: path)
            #expect(try store.search(SearchRequest(text: "zeppelin")).hits.isEmpty)
            #expect(try store.search(SearchRequest(text: "balloons")).hits.count == 1)
            #expect(try store.db.scalar("SELECT count(*) FROM rules_fts")?.int == 1)
            try store.db.execute("INSERT INTO rules_fts (rules_fts) VALUES ('integrity-check')")
        }
    }

    @Test("A re-import indexes new and changed files and unindexes removed ones, leaving unchanged files alone")
    func indexFollowsChangedFilesOnly() throws {
        try Fixtures.withTemporaryFolder { folder in
            let path = folder.appending(path: "s.sqlite").path
            let v1 = try Fixtures.writeEditions(
                in: folder.appending(path: "v1"), manifest: Fixtures.manifest([("one", "a.md"), ("one", "b.md"), ("one", "c.md")]),
                files: [
                    "a.md": Data("**Prefer zeppelins**. They float.\n".utf8), "b.md": Data("**Prefer kites**. They fly.\n".utf8),
                    "c.md": Data("**Avoid gliders**. They sink.\n".utf8),
                ])
            _ = try StoreWriter.importEditions(from: v1, into: path)
            // a.md unchanged, b.md changed, c.md dropped from the manifest, d.md new.
            let v2 = try Fixtures.writeEditions(
                in: folder.appending(path: "v2"), manifest: Fixtures.manifest([("one", "a.md"), ("one", "b.md"), ("one", "d.md")]),
                files: [
                    "a.md": Data("**Prefer zeppelins**. They float.\n".utf8), "b.md": Data("**Prefer balloons**. They rise.\n".utf8),
                    "d.md": Data("**Prefer rockets**. They soar.\n".utf8),
                ])
            let zeppelinBefore = try RuleStore.open(path: path).search(SearchRequest(text: "zeppelins")).hits.map(\.record.id)
            _ = try StoreWriter.importEditions(from: v2, into: path)
            let store = try RuleStore.open(path: path)
            #expect(try store.search(SearchRequest(text: "zeppelins")).hits.map(\.record.id) == zeppelinBefore)
            #expect(try store.search(SearchRequest(text: "kites")).hits.isEmpty)
            #expect(try store.search(SearchRequest(text: "balloons")).hits.count == 1)
            #expect(try store.search(SearchRequest(text: "rockets")).hits.count == 1)
            #expect(try store.search(SearchRequest(text: "gliders")).hits.isEmpty)
            #expect(try store.db.scalar("SELECT count(*) FROM rules_fts")?.int == 3)
            try store.db.execute("INSERT INTO rules_fts (rules_fts) VALUES ('integrity-check')")
        }
    }
}
