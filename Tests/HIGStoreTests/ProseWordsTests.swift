import Foundation
import HIGTestSupport
import Testing

@testable import HIGLineage
@testable import HIGText

/// What the glued-word lexicon learns from web text: its prose, never its addresses, code or API
/// names (the 2022 and 2023-09 captures' `statusbar(hidden:)` and `walletpasses/passfields`).
@Suite("Words learnt from web pages")
struct ProseWordsTests {
    @Test("A web page's link targets, code and API names teach no words to the repair of a PDF's glued words")
    func addressesAndNamesAreNoWords() throws {
        // The PDF line is ios-2014-03/full_document.md's lines 1970 and 1273, shortened; the web
        // lines as the 2023-09 capture writes its links to the status bar and pass field APIs.
        let pdf = "Thestatusbar shows the time. It's best to use the appropriate passfieldsfor all of the text in your pass.\n"
        let web = """
            # Status bars

            Hide it with [statusBar(hidden:)](https://developer.apple.com/documentation/swiftui/path/statusbar(hidden:)).

            Fill [PassFields](/documentation/walletpasses/passfields) and `PassFields.AuxiliaryFields`, or a subtask of it.

            """
        let manifest = """
            {"format": 1, "editions": [
              {"id": "pdf", "name": "PDF", "order": 1, "date": "2014", "platform_scope": "iOS", "platforms": ["iOS"]},
              {"id": "web", "name": "Web", "order": 2, "date": "2023", "platform_scope": "iOS", "platforms": ["iOS"]}],
             "files": [
              {"path": "doc.md", "edition": "pdf", "document": "D", "chunk": 1, "form": "pdf-markdown", "coverage": "excerpt"},
              {"path": "page.md", "edition": "web", "document": "W", "form": "web-markdown", "coverage": "complete"}]}
            """
        let text = try Fixtures.withTemporaryFolder { folder in
            let editions = try Fixtures.writeEditions(
                in: folder, manifest: manifest, files: ["doc.md": Data(pdf.utf8), "page.md": Data(web.utf8)])
            return try Corpus.load(folder: editions).sources.filter { $0.edition.id == "pdf" }.flatMap(\.rules).map(\.draft.text)
                .joined(separator: " ")
        }
        #expect(text.contains("The status bar shows the time."))
        #expect(text.contains("the appropriate pass fields for all of the text"))
    }

    @Test("Prose keeps its words; addresses, code spans and names with inner capitals are blanked")
    func proseOnly() {
        func blanking(_ text: String, _ parts: [String]) -> String {
            parts.reduce(text) { $0.replacingOccurrences(of: $1, with: String(repeating: " ", count: $1.count)) }
        }
        let text = "See [the bar](https://x.com/a(b)) and `NSStatusBar`, statusBar or exclamationmark.triangle."
        #expect(
            Lexicon.proseOnly(text) == blanking(text, ["(https://x.com/a(b))", "`NSStatusBar`", "statusBar", "exclamationmark.triangle."]))
        let counts = Lexicon.proseWordCounts(in: "A subtask, then /docs/statusbar and http://x/passfields.")
        #expect(counts["subtask"] == 1 && counts["statusbar"] == nil && counts["passfields"] == nil)
    }
}
