import Foundation
import Testing
@testable import HIGStore
@testable import HIGText

/// The bundled editions (Data/editions, the whole HIG) as the importer reads them: every line
/// placed, every rule's words at its cited lines, platforms narrowed where the source narrows
/// them, and the seeds' rule ids still naming the same words.
@Suite("The whole bundle")
struct WholeBundleTests {
    @Test("Every edition of the issue is bundled, and no source line of any file is left unaccounted")
    func everyLineIsAccounted() throws {
        let bundle = try BundleCorpus.corpus
        let editions = Set(bundle.sources.map(\.edition.id))
        #expect(
            editions == [
                "iphone-2008-11", "iphone-2010-03", "ios-2011-03", "ios-2014-03", "web-2022-23", "web-2022", "web-2023-09", "web-2026-07",
            ])
        // 4 whole PDF documents, the seed page, and the Markdown files of the three web captures:
        // 204 of 2022 (`find hig-web-2022 -name '*.md'`), 165 of 2023-09, 172 of 2026-07.
        #expect(bundle.sources.count == 4 + 1 + 204 + 165 + 172)
        for source in bundle.sources {
            #expect(source.unaccountedLines == 0, "\(source.file.path): \(source.unaccountedLines) lines unaccounted")
        }
    }

    @Test("Every rule of every bundled edition cites lines that hold its words, in order")
    func citedLinesHoldTheWords() throws {
        // Letters only: the clean text drops markup, joins glued words' repairs and page-break
        // cuts, but never adds a letter the cited lines do not hold, nor reorders them.
        // A table row's cell of platform names is moved to the end of its words, in
        // parentheses ("Tap — Activate a control. (iOS, iPadOS)"): it is checked on its own.
        func letters(_ text: some StringProtocol) -> [Character] { text.lowercased().filter(\.isLetter) }
        func firstMissing(_ words: some StringProtocol, in cited: [Character]) -> Character? {
            var position = cited.startIndex
            for letter in letters(words) {
                guard let found = cited[position...].firstIndex(of: letter) else { return letter }
                position = cited.index(after: found)
            }
            return nil
        }
        var checked = 0
        for source in try BundleCorpus.corpus.sources {
            for rule in source.rules {
                let cited = letters(rule.verbatim)
                var words = rule.draft.text[...]
                var movedPlatforms: Substring = ""
                if words.hasSuffix(")"), let open = words.range(of: " (", options: .backwards),
                    Platforms.heading(String(words[open.upperBound..<words.index(before: words.endIndex)])) != nil
                {
                    movedPlatforms = words[open.upperBound...]
                    words = words[..<open.lowerBound]
                }
                let missing = firstMissing(words, in: cited) ?? firstMissing(movedPlatforms, in: cited)
                #expect(
                    missing == nil,
                    "\(rule.id) at \(source.file.path):\(rule.draft.lineStart)-\(rule.draft.lineEnd) lacks '\(missing.map(String.init) ?? "")'"
                )
                checked += 1
            }
        }
        #expect(checked > 10_000)
    }

    @Test("The seeds' 114 rule ids resolve to rules of the whole documents with the same words")
    func seedRuleIDsKeepTheirWords() throws {
        struct Entry: Decodable {
            let former_id: String
            let words: String
        }
        struct File: Decodable { let rules: [Entry] }
        let file = try JSONDecoder().decode(
            File.self, from: Data(contentsOf: Fixtures.bundle.appending(path: "former-rule-ids.json")))
        #expect(file.rules.count == 114)
        let rules = Dictionary(
            uniqueKeysWithValues: try BundleCorpus.corpus.sources.flatMap(\.rules).map { ($0.id, $0) })
        let resolved = Dictionary(uniqueKeysWithValues: try BundleCorpus.corpus.formerRuleIDs.map { ($0.formerID, $0.ruleID) })
        for entry in file.rules {
            let id = try #require(resolved[entry.former_id], "\(entry.former_id) resolves")
            let rule = try #require(rules[id])
            #expect(rule.draft.text == entry.words, "\(entry.former_id) → \(id): the same words")
        }
    }

    @Test("Platforms are narrowed where the source narrows them, and only there")
    func platformsNarrowed() throws {
        let tabBars = try BundleCorpus.source("web-2026-07", "Navigation and search/Tab bars.md")
        func platforms(atLine line: Int) throws -> [String] {
            try #require(tabBars.rules.first { $0.draft.lineStart == line }, "a rule at line \(line)").draft.platforms
        }
        // Read in the file: line 98 is the paragraph under "### visionOS", line 100 the bold-lead
        // guideline after it; line 29 ("Consider using SF Symbols ...") is under "## Best
        // practices", for every platform of the page: line 45 says "Not supported in watchOS".
        #expect(try platforms(atLine: 98) == ["visionOS"])
        #expect(try platforms(atLine: 100) == ["visionOS"])
        #expect(try platforms(atLine: 29) == ["iOS", "iPadOS", "macOS", "tvOS", "visionOS"])
        // Alerts.md: "No additional considerations for tvOS or watchOS." narrows nothing.
        let alerts = try BundleCorpus.source("web-2026-07", "Presentation/Alerts.md")
        #expect(try #require(alerts.rules.first { $0.draft.lineStart == 57 }).draft.platforms.count == 6)
        // The PDF editions are of one platform each: nothing to narrow.
        for edition in ["iphone-2008-11", "ios-2014-03"] {
            let source = try BundleCorpus.source(edition, "full_document.md")
            #expect(Set(source.rules.flatMap(\.draft.platforms)).count == 1)
        }
    }
}
