import Foundation
import Testing
@testable import HIGStore
@testable import HIGDatabase
@testable import HIGText

/// A search's cost is bounded whatever is typed: repeated words are searched once, a search
/// past its bounds is refused with one short line, and a backstop stops what no bound foresaw.
/// (Asserted on the work done and the errors, never on times: those are measured in the
/// benchmark.)
@Suite("Search bounds")
struct SearchBoundsTests {
    var store: RuleStore { get throws { try SeedsDatabase.store } }

    @Test("A word repeated, or folded to the same terms, is searched once")
    func repeatedWordsOnce() throws {
        let once = try store.search(SearchRequest(text: "cancel", limit: 50))
        // 140 times: 980 bytes, within the bound.
        let repeated = try store.search(SearchRequest(text: Array(repeating: "cancel", count: 140).joined(separator: " "), limit: 50))
        #expect(repeated.expression == "\"cancel\"")
        #expect(repeated.hits == once.hits)
        #expect(try store.search(SearchRequest(text: "Cancel cancelled CANCEL canceling")).expression == "\"Cancel\"")
        #expect(try store.search(SearchRequest(text: "don't don’t alert")).expression == "\"don't\" AND \"alert\"")
    }

    @Test("3,000 times 'cancel' and a 105 KB search are refused at once, quoting 60 characters")
    func longSearchesRefused() throws {
        for text in [Array(repeating: "cancel", count: 3_000).joined(separator: " "), String(repeating: "alert ", count: 17_500)] {
            let bytes = text.utf8.count
            #expect {
                try store.search(SearchRequest(text: text))
            } throws: { error in
                guard case .searchTooLong(_, let count, let limit) = error as? HIGError else { return false }
                let line = (error as? HIGError)?.description ?? ""
                return count == bytes && limit == SearchExpression.maxBytes && line.utf8.count < 200 && line.contains("\(bytes) bytes")
            }
        }
    }

    @Test("More than 64 different words are refused; 64 are searched")
    func tooManyWords() throws {
        let words = (0..<65).map { "word\($0)x" }
        #expect(throws: HIGError.searchTooManyWords(words.joined(separator: " "), words: 65, limit: 64)) {
            try store.search(SearchRequest(text: words.joined(separator: " ")))
        }
        _ = try store.search(SearchRequest(text: words.dropLast().joined(separator: " ")))
        // A raw expression counts its terms, operators included.
        let raw = Array(repeating: "alert", count: 40).joined(separator: " OR ")
        #expect(throws: HIGError.searchTooManyWords(raw, words: 79, limit: 64)) { try store.search(SearchRequest(text: raw, raw: true)) }
    }

    @Test("A malformed raw expression of 100 KB is reported in one short line")
    func longMalformedExpression() throws {
        let text = "NEAR(cancel " + String(repeating: "x", count: 100_000)
        let error = try #require(throws: HIGError.self) { try store.search(SearchRequest(text: text, raw: true)) }
        #expect(error.description.utf8.count < 200, "\(error.description.utf8.count) bytes")
        let short = String(repeating: "y", count: 900) + " AND ("
        let malformed = try #require(throws: HIGError.self) { try store.search(SearchRequest(text: short, raw: true)) }
        guard case .malformedSearch(let query, _) = malformed else { Issue.record("\(malformed)"); return }
        #expect(query == short)
        #expect(malformed.description.utf8.count < 250, "\(malformed.description)")
        #expect(malformed.description.contains("…' (906 bytes)"))
    }

    @Test("A search that runs past its time limit is stopped with one line saying so")
    func deadline() throws {
        RuleStore.$searchTimeLimit.withValue(.zero) {
            #expect(throws: HIGError.searchTooSlow("button", limit: .zero)) { try store.search(SearchRequest(text: "button")) }
            #expect(throws: HIGError.searchTooSlow("butt* OR a*", limit: .zero)) {
                try store.search(SearchRequest(text: "butt* OR a*", raw: true))
            }
        }
        // The handler is removed after a search: the next one runs.
        #expect(!(try store.search(SearchRequest(text: "button")).hits.isEmpty))
    }

    @Test("A query on a database damaged past its first pages throws HIGError, never SQLiteError")
    func libraryErrorsTranslated() throws {
        try Fixtures.withTemporaryFolder { folder in
            let path = folder.appending(path: "damaged.sqlite").path
            try FileManager.default.copyItem(atPath: SeedsDatabase.path, toPath: path)
            // The root page of `rules` overwritten: opening reads other pages, every query of
            // rules reads this one.
            let (root, pageSize) = try {
                let db = try Database(path: path, mode: .readOnly)
                let root = try #require(try db.scalar("SELECT rootpage FROM sqlite_master WHERE name = 'rules'")?.int)
                return (root, try #require(try db.scalar("PRAGMA page_size")?.int))
            }()
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            try handle.seek(toOffset: UInt64((root - 1) * pageSize))
            try handle.write(contentsOf: Data(repeating: 0xA5, count: pageSize))
            try handle.close()
            let store = try RuleStore.open(path: path)
            let queries: [() throws -> Void] = [
                { _ = try store.rules() }, { _ = try store.editions() }, { _ = try store.topicMatrix() },
                { _ = try store.search(SearchRequest(text: "alert")) }, { _ = try store.search(SearchRequest(text: "zzqx")) },
                { _ = try store.diff(from: "2010", to: "2011") }, { _ = try store.evolution("alert") },
                { _ = try store.exportContent() }, { _ = try store.detail(id: "2011-87efb4bd") }, { _ = try store.allLinks() },
            ]
            var failed = 0
            for query in queries {
                do { try query() } catch {
                    failed += 1
                    #expect(error is HIGError, "\(type(of: error)): \(error)")
                }
            }
            #expect(failed >= 3)
        }
    }
}
