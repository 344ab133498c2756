import Foundation
import Testing
@testable import HIGStore

/// Search answers as a reader expects: the words that carry the query are marked, the output
/// says how many matched, a misspelling gets the index's nearest words, and guidance ranks
/// above the figures and context that repeat its words.
@Suite("Search answers")
struct SearchAnswerTests {
    var store: RuleStore { get throws { try SeedsDatabase.store } }

    @Test("Only the words that carry the query are marked, not 'the' and 'on'")
    func stopwordsNotMarked() throws {
        let hits = try store.search(SearchRequest(text: "the button on the", limit: 20)).hits
        #expect(!hits.isEmpty)
        for hit in hits {
            let marked = hit.snippet(open: "[", close: "]")
            #expect(marked.contains("[button") || marked.contains("[Button"), "\(marked)")
            #expect(!marked.lowercased().contains("[the]") && !marked.lowercased().contains("[on]"), "\(marked)")
        }
        // A query of stopwords alone still marks them.
        let the = try store.search(SearchRequest(text: "the")).hits
        #expect(the.allSatisfy { $0.snippet(open: "[", close: "]").lowercased().contains("[the]") })
    }

    @Test("The total counts every match that passes the filters, beyond the limit")
    func totals() throws {
        for filter in [
            RuleFilter(), RuleFilter(edition: "web-2022-23"), RuleFilter(kind: .guideline),
            RuleFilter(topic: "button-placement"), RuleFilter(platform: "watchOS"),
        ] {
            // Every match is in a hit: the versions with the same words of a rule are one.
            let all = try store.search(SearchRequest(text: "button", filter: filter, limit: .max))
            #expect(all.total == all.rules.count)
            let ten = try store.search(SearchRequest(text: "button", filter: filter, limit: 3))
            #expect(ten.total == all.total && ten.hits.count == min(3, all.hits.count))
            #expect(ten.hits.map(\.record.id) == Array(all.hits.prefix(3)).map(\.record.id))
        }
        // Against the texts themselves: every rule whose title or text holds "button" (a form of
        // the word: buttons, two-button) is a match (50 rules of the seeds when written).
        let hand = try store.rules().filter { ($0.title ?? "").lowercased().contains("button") || $0.text.lowercased().contains("button") }
        #expect(try store.search(SearchRequest(text: "button")).total == hand.count)
    }

    @Test("A misspelling that matches nothing suggests the index's nearest words")
    func suggestions() throws {
        let cancle = try store.search(SearchRequest(text: "cancle"))
        #expect(cancle.hits.isEmpty && cancle.total == 0)
        #expect(cancle.suggestions == [SearchSuggestion(word: "cancle", nearest: ["cancel"])])
        #expect(cancle.suggestions.first?.description == "no rule holds 'cancle'; did you mean: cancel?")
        // Each unknown word of several; a known one gets none. "mesage" is `mesag`, one edit from
        // the term `messag`, written "message".
        let two = try store.search(SearchRequest(text: "mesage buton alert"))
        #expect(
            two.suggestions == [
                SearchSuggestion(word: "mesage", nearest: ["message"]), SearchSuggestion(word: "buton", nearest: ["button"]),
            ])
        #expect(two.matchedAnyWord && !two.hits.isEmpty)
        #expect(try store.search(SearchRequest(text: "qqqqqqqq")).suggestions == [SearchSuggestion(word: "qqqqqqqq", nearest: [])])
        #expect(try store.search(SearchRequest(text: "alert")).suggestions.isEmpty)
    }

    @Test("The edit distance counts a swap of neighbours as one edit")
    func editDistance() {
        func distance(_ a: String, _ b: String) -> Int {
            SearchSuggestions.editDistance(Array(a.unicodeScalars), Array(b.unicodeScalars), atMost: 3)
        }
        #expect(distance("cancl", "cancel") == 1)
        #expect(distance("cancle", "cancel") == 1)
        #expect(distance("buton", "button") == 1)
        #expect(distance("alert", "alert") == 0)
        #expect(distance("kitten", "sitting") == 3)
        #expect(distance("abcdefgh", "a") == 4)
    }

    @Test("A figure's caption ranks below the guidelines that use the same words")
    func figuresBelowGuidance() throws {
        // Checked by hand: "Figure 7-2 A two-button alert" (2008-5f6603a3) is the caption of the
        // figure beside "In a two-button alert that proposes ..."; bm25 alone ranks it first.
        let hits = try store.search(SearchRequest(text: "two-button alert", limit: 50)).hits
        let figure = try #require(hits.firstIndex { $0.record.id == "2008-5f6603a3" })
        #expect(hits[figure].bm25 == hits.map(\.bm25).min())
        #expect(hits.prefix(figure).contains { $0.record.kind == .guideline })
        for hit in hits {
            // The fixture's chunk rules have no section: each keeps the off-subject weight.
            #expect(hit.rank == hit.bm25 * RuleStore.kindWeight(hit.record.kind) * SearchSubject.offSubjectWeight)
        }
        #expect(zip(hits, hits.dropFirst()).allSatisfy { $0.rank <= $1.rank })
        // Filtered, the same order.
        let filtered = try store.search(SearchRequest(text: "two-button alert", filter: RuleFilter(edition: "2008"), limit: 50)).hits
        #expect(filtered.map(\.record.id) == hits.filter { $0.record.edition == "2008" }.map(\.record.id))
    }

    @Test("Rules whose section names the subject searched for rank above passing mentions elsewhere")
    func subjectSectionsFirst() throws {
        // A menu page's row names the tab bar in passing, as often as the tab bars page's
        // guideline does, in fewer words, so bm25 alone ranks the row first (checked below by the
        // raw search). Only the guideline's section holds "tab bar". A third page gives the
        // words their weight (bm25 weighs a word all documents hold as nothing).
        let menuBar = "# The menu bar\n\n## View menu\n\n**Show Tab Bar** — Shows or hides the tab bar in a window.\n"
        let tabBars = "# Tab bars\n\n## Best practices\n\n**Keep the tab bar visible.** Hiding the tab bar confuses people.\n"
        let buttons =
            "# Buttons\n\n**Make buttons easy to choose.** A button needs a hit region of at least 44 points.\n\n"
            + "**Use a verb.** Name what the button does.\n\n**Prefer system buttons.** People know them.\n"
        let manifest = #"""
            {"format": 1, "editions": [{"id": "web", "name": "Web", "order": 1, "date": "2026", "platform_scope": "iOS", "platforms": ["iOS"]}],
             "files": [{"path": "Menu.md", "edition": "web", "document": "Menu", "form": "web-markdown", "coverage": "complete"},
                       {"path": "Tab bars.md", "edition": "web", "document": "Tab bars", "form": "web-markdown", "coverage": "complete"},
                       {"path": "Buttons.md", "edition": "web", "document": "Buttons", "form": "web-markdown", "coverage": "complete"}]}
            """#
        try Fixtures.withTemporaryFolder { folder in
            let editions = try Fixtures.writeEditions(
                in: folder, manifest: manifest,
                files: ["Menu.md": Data(menuBar.utf8), "Tab bars.md": Data(tabBars.utf8), "Buttons.md": Data(buttons.utf8)])
            let path = folder.appending(path: "hig.sqlite").path
            _ = try StoreWriter.importEditions(from: editions, into: path)
            let store = try RuleStore.open(path: path)
            let hits = try store.search(SearchRequest(text: "tab bar", limit: 10)).hits
            #expect(hits.map(\.record.section) == ["Tab bars › Best practices", "The menu bar › View menu"])
            let (guideline, row) = (hits[0], hits[1])
            #expect(row.bm25 < guideline.bm25, "bm25 alone puts the short row first")
            #expect(guideline.rank == guideline.bm25)
            #expect(row.rank == row.bm25 * SearchSubject.offSubjectWeight)
            // "the" carries nothing: "the tab bar" is the same subject.
            #expect(try store.search(SearchRequest(text: "the tab bar", limit: 10)).hits.map(\.record.id) == hits.map(\.record.id))
            // A raw expression is ranked by bm25 and kind alone.
            let raw = try store.search(SearchRequest(text: "tab AND bar", raw: true, limit: 10)).hits
            #expect(raw.map(\.record.id) == [row.record.id, guideline.record.id])
        }
    }

    @Test("Many figures at the top of a small limit still give the best weighted hits")
    func weightedOrderAtEveryLimit() throws {
        let all = try store.search(SearchRequest(text: "alert screen", limit: .max)).hits
        #expect(all.contains { $0.record.kind == .figure })
        for limit in [1, 2, 3, 5, 8] {
            #expect(
                try store.search(SearchRequest(text: "alert screen", limit: limit)).hits.map(\.record.id)
                    == all.prefix(limit).map(\.record.id))
        }
    }
}
