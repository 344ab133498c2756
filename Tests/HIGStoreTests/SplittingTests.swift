import Foundation
import Testing
@testable import HIGStore
@testable import HIGLineage
@testable import HIGText

@Suite("Splitting the seeds into rules")
struct SplittingTests {
    static let splitter = SourceSplitter(lexicon: .bundled)

    @Test func ruleCountsPerEdition() {
        // Counted by hand from the seed files: one rule per paragraph, bullet, figure or table row,
        // less the explanation paragraphs folded into the rule above them.
        #expect(Fixtures.rules("2008").count == 14)
        #expect(Fixtures.rules("2010").count == 24)
        #expect(Fixtures.rules("2011").count == 39)
        #expect(Fixtures.rules("web-2022-23").count == 37)
    }

    @Test("Each bullet of a PDF edition is its own rule, under the paragraph that introduces it")
    func bulletsAreRules() throws {
        for source in Fixtures.seeds.sources where source.file.entry.form == .pdfMarkdown {
            for (index, raw) in source.file.lines.enumerated() {
                let trimmed = raw.trimmingCharacters(in: .whitespaces)
                guard trimmed.hasPrefix("- ") || trimmed.hasPrefix("● ") else { continue }
                let number = index + 1
                let rule = try #require(source.rules.first { $0.draft.lineStart <= number && number <= $0.draft.lineEnd })
                if rule.draft.lineStart != number {
                    // Only an explanation broken off by the extraction may join the bullet above.
                    #expect(trimmed.hasPrefix("- Instead,"), "\(source.file.path):\(number) was merged")
                }
            }
        }
        let colorBullets = Fixtures.rules("2008").filter { (6...9).contains($0.draft.lineStart) }
        let lead = try #require(Fixtures.rule("2008", line: 5))
        #expect(colorBullets.count == 4)
        #expect(colorBullets.allSatisfy { $0.parentID == lead.id })
    }

    @Test func theWebEditionsBulletsAreFiguresUnderTheirIntroduction() throws {
        let intro = try #require(Fixtures.rule("web-2022-23", line: 16))
        let figures = Fixtures.rules("web-2022-23").filter { $0.draft.kind == .figure }
        #expect(figures.map(\.draft.lineStart) == [18, 19, 21, 23, 27])
        #expect(figures.allSatisfy { $0.parentID == intro.id })
        #expect(figures.compactMap(\.draft.title) == ["One-button alert", "Side-by-side button alert"])
    }

    @Test(
        "Kinds",
        arguments: [
            ("2011", 15, RuleKind.definition), ("2011", 16, .definition),
            ("2008", 10, .note), ("2010-chunk103.md", 12, .note), ("2011", 40, .note),
            ("2008", 15, .figure), ("web-2022-23", 18, .figure), ("web-2022-23", 27, .figure),
            ("web-2022-23", 1, .context), ("web-2022-23", 16, .context), ("web-2022-23", 32, .context), ("web-2022-23", 77, .context),
            ("2008", 14, .context),
            ("2011", 18, .guideline), ("2011", 36, .guideline), ("web-2022-23", 7, .guideline), ("web-2022-23", 41, .guideline),
            ("2008", 9, .guideline),
        ])
    func kind(edition: String, line: Int, expected: RuleKind) throws {
        // "2010-chunk103.md" names a file of edition 2010.
        let file = edition.hasSuffix(".md") ? edition : nil
        let rule = try #require(Fixtures.rule(file.map { String($0.prefix(while: { $0 != "-" })) } ?? edition, line: line, file: file))
        #expect(rule.draft.kind == expected, "\(edition):\(line) \(rule.draft.text)")
    }

    @Test func boldLeadsAndLeadSentencesBecomeTitles() throws {
        #expect(
            try #require(Fixtures.rule("2011", line: 35)).draft.title == "Be sure to test the appearance of your alert in both orientations"
        )
        #expect(try #require(Fixtures.rule("2011", line: 15)).draft.title == "Title-style capitalization")
        #expect(try #require(Fixtures.rule("2008", line: 15)).draft.title == "Figure 7-2")
        #expect(try #require(Fixtures.rule("2011", line: 40)).draft.title == nil)  // "Note:" is a label
        #expect(try #require(Fixtures.rule("web-2022-23", line: 7)).draft.title == "Use alerts sparingly")
        #expect(try #require(Fixtures.rule("web-2022-23", line: 40)).draft.title == "Suppression checkbox")
        #expect(try #require(Fixtures.rule("web-2022-23", line: 1)).draft.title == nil)  // context: no title
    }

    @Test func aBodylessLeadAdoptsTheParagraphsUpToTheEndOfItsList() throws {
        let capitalization = try #require(Fixtures.rule("2011", line: 24))
        for line in 25...27 { #expect(try #require(Fixtures.rule("2011", line: line)).parentID == capitalization.id) }
        let unnecessary = try #require(Fixtures.rule("2011", line: 3))
        let leadIn = try #require(Fixtures.rule("2011", line: 4))
        #expect(leadIn.parentID == unnecessary.id)
        #expect(try #require(Fixtures.rule("2011", line: 9)).parentID == leadIn.id)
        #expect(try #require(Fixtures.rule("2011", line: 12)).parentID == nil)
    }

    @Test func explanationsBrokenOffByTheExtractionStayWithTheirBullet() throws {
        let update = try #require(Fixtures.rule("2011", line: 7))
        #expect(update.draft.lineEnd == 8)
        #expect(update.draft.text.hasPrefix("Update users on tasks that are progressing normally. Instead, consider"))
        #expect(try #require(Fixtures.rule("2011", line: 5)).draft.lineEnd == 6)
        // A bold lead between two bullets is never an explanation.
        #expect(try #require(Fixtures.rule("2010", line: 4, file: "2010-chunk103.md")).draft.lineStart == 4)
    }

    @Test func pagesComeFromAnchorsAndImages() throws {
        #expect(try #require(Fixtures.rule("2008", line: 15)).draft.page == 73)
        #expect(try #require(Fixtures.rule("2011", line: 18)).draft.page == nil)
        #expect(try #require(Fixtures.rule("2011", line: 20)).draft.page == 117)
        #expect(try #require(Fixtures.rule("2011", line: 30)).draft.page == 118)
        #expect(try #require(Fixtures.rule("2011", line: 46)).draft.page == 119)
    }

    @Test func platformScopeOfTheCurrentEdition() throws {
        let all = ["iOS", "iPadOS", "macOS", "tvOS", "watchOS"]
        #expect(try #require(Fixtures.rule("web-2022-23", line: 7)).draft.platforms == all)
        let actionSheet = try #require(Fixtures.rule("web-2022-23", line: 81))
        #expect(actionSheet.draft.platforms == ["iOS", "iPadOS"])
        #expect(actionSheet.draft.section == "Platform considerations › iOS, iPadOS")
        #expect(try #require(Fixtures.rule("web-2022-23", line: 83)).draft.platforms == ["iOS", "iPadOS"])
        let caution = try #require(Fixtures.rule("web-2022-23", line: 86))
        #expect(caution.draft.platforms == ["macOS"])
        #expect(caution.draft.section == "macOS")
        // "No additional considerations for tvOS or watchOS.": its words name its platforms as its subject.
        #expect(try #require(Fixtures.rule("web-2022-23", line: 77)).draft.platforms == ["tvOS", "watchOS"])
        #expect(try #require(Fixtures.rule("2011", line: 20)).draft.platforms == ["iOS"])
        #expect(try #require(Fixtures.rule("2008", line: 2)).draft.platforms == ["iPhone OS"])
    }

    @Test func flattenedTablesStayReadable() throws {
        let home = try #require(Fixtures.rule("web-2022-23", line: 71))
        #expect(home.draft.text == "Exit to the Home Screen (iOS, iPadOS)")
        #expect(home.draft.platforms == ["iOS", "iPadOS"])
        #expect(home.parentID == Fixtures.rule("web-2022-23", line: 68)?.id)
        let escape = try #require(Fixtures.rule("web-2022-23", line: 72))
        #expect(escape.draft.text == "Pressing Escape (Esc) or Command-Period (.) on an attached keyboard (macOS, iOS, iPadOS)")
        let checkbox = try #require(Fixtures.rule("web-2022-23", line: 41))
        #expect(checkbox.draft.lineStart == 40 && checkbox.draft.lineEnd == 41)
        #expect(
            checkbox.draft.text == "You can configure repeating alerts to let people suppress subsequent occurrences of the same alert.")
        // The header row is no rule.
        #expect(Fixtures.rule("web-2022-23", line: 34) == nil)
    }

    /// The Element table (current-alerts.txt, lines 34-47) lost its platform matrix. Read line by
    /// line: 35 (title), 36-37 (informative text) and 38 (buttons) are what line 32 says alerts
    /// show "in all platforms"; 39 says "macOS automatically displays your app icon"; 40-45 are
    /// the suppression checkbox, accessory view and Help button, whose words name no platform:
    /// the manifest puts back that they are Mac-only (`restored_platforms`, citing the later
    /// revision of the page); 46-47 (text field) names no platform.
    @Test("A flattened table row that names its platforms applies to them alone: the Element table's Mac-only rows")
    func tableRowsNarrowToThePlatformsTheyName() throws {
        let all = ["iOS", "iPadOS", "macOS", "tvOS", "watchOS"]
        for line in [39, 41, 43, 45] {
            #expect(try #require(Fixtures.rule("web-2022-23", line: line)).draft.platforms == ["macOS"], "line \(line)")
        }
        for line in [35, 37, 38, 47] {
            #expect(try #require(Fixtures.rule("web-2022-23", line: line)).draft.platforms == all, "line \(line)")
        }
        let watchOS = try SeedsDatabase.store.rules(RuleFilter(edition: "web-2022-23", platform: "watchOS"))
        let macOnly = try [39, 41, 43, 45].map { try #require(Fixtures.rule("web-2022-23", line: $0)).id }
        #expect(watchOS.allSatisfy { !macOnly.contains($0.id) })
        #expect(watchOS.contains { $0.source.lineStart == 35 })

        // The rule is the words, not these rows: a made-up table whose rows name other platforms;
        // a label that names none (Accessory view) keeps the table's.
        let text = """
            Element iOS macOS watchOS Guidance
            On watchOS, the title takes the whole screen.
            Accessory view
            You can append a custom view.
            Title
            Write a brief title; iOS and macOS show it in bold.
            Text field
            Include a text field only if you need people's input.
            """
        let marked = Self.splitter.markedLines(SourceFile.splitLines(text), form: .webText)
        let drafts = WebTextSplitter(platforms: ["iOS", "macOS", "watchOS"], restoredHeadings: []).split(marked)
        #expect(drafts.map(\.platforms) == [["watchOS"], ["iOS", "macOS", "watchOS"], ["iOS", "macOS"], ["iOS", "macOS", "watchOS"]])
    }

    @Test("A manifest's restored_platforms gives the rule holding that line those platforms alone, and is refused without a why")
    func restoredPlatformsComeFromTheManifest() throws {
        let text = "Element iOS macOS Guidance\nAccessory view\nYou can append a custom view.\nText field\nInclude a text field.\n"
        func manifest(_ restored: String) -> String {
            #"{"format": 1, "editions": [{"id": "w", "name": "W", "order": 1, "date": "2020", "platform_scope": "Apple platforms", "platforms": ["iOS", "macOS"]}], "files": [{"path": "w.txt", "edition": "w", "document": "W", "form": "web-text", "coverage": "complete", "restored_platforms": [\#(restored)]}]}"#
        }
        try Fixtures.withTemporaryFolder { folder in
            let good = try Fixtures.writeEditions(
                in: folder.appending(path: "good"),
                manifest: manifest(#"{"line": 3, "platforms": ["macOS"], "why": "the matrix was lost"}"#),
                files: ["w.txt": Data(text.utf8)])
            let rules = try Corpus.load(folder: good).sources[0].rules
            #expect(rules.map(\.draft.platforms) == [["macOS"], ["iOS", "macOS"]])
            let bad = try Fixtures.writeEditions(
                in: folder.appending(path: "bad"), manifest: manifest(#"{"line": 3, "platforms": ["macOS"], "why": ""}"#),
                files: ["w.txt": Data(text.utf8)])
            #expect(throws: HIGError.self) { try Corpus.load(folder: bad) }
        }
    }

    @Test("The cited lines of every rule hold its words, in order")
    func citedLinesHoldTheWords() {
        func letters(_ s: String) -> [Character] { s.lowercased().filter(\.isLetter) }
        for source in Fixtures.seeds.sources {
            for rule in source.rules {
                let cited = source.file.lines[(rule.draft.lineStart - 1)..<rule.draft.lineEnd].joined(separator: "\n")
                #expect(cited == rule.verbatim)
                let needle = letters(rule.draft.text)
                var haystack = letters(cited)[...]
                var found = true
                for letter in needle {
                    guard let index = haystack.firstIndex(of: letter) else { found = false; break }
                    haystack = haystack[haystack.index(after: index)...]
                }
                #expect(found, "\(rule.id) cites \(source.file.path):\(rule.draft.lineStart)-\(rule.draft.lineEnd)")
                // And the words are really from those lines, not from elsewhere: the first and last word.
                let words = Sentences.words(rule.draft.text)
                if let first = words.first { #expect(cited.lowercased().replacingOccurrences(of: "’", with: "'").contains(first)) }
            }
        }
    }

    @Test func idsAreEditionPrefixedAndUnique() {
        let ids = Fixtures.seeds.sources.flatMap(\.rules).map(\.id)
        #expect(Set(ids).count == ids.count)
        for source in Fixtures.seeds.sources {
            for rule in source.rules {
                #expect(rule.id.range(of: "^\(source.edition.id)-[0-9a-f]{8}$", options: .regularExpression) != nil)
            }
        }
    }

    @Test("A rule's verbatim text is its source lines joined with LF, whatever ends them")
    func verbatimJoinsLinesWithLF() throws {
        // Two bold-lead paragraphs, the second continued by an "Instead," line: rules at lines
        // 1 and 3, the second spanning lines 3 and 4.
        let lines = ["**Avoid alerts**. They interrupt.", "", "**Keep titles short**. Use  few words.", "Instead, prefer a phrase."]
        for end in ["\n", "\r\n", "\r"] {
            try Fixtures.withTemporaryFolder { folder in
                let editions = try Fixtures.writeEditions(
                    in: folder, manifest: Fixtures.manifest([("e1", "a.md")]),
                    files: ["a.md": Data(lines.joined(separator: end).utf8)])
                let rules = try Corpus.load(folder: editions).sources[0].rules
                #expect(rules.map(\.verbatim) == [lines[0], lines[2] + "\n" + lines[3]], "line end \(end.debugDescription)")
                #expect(rules.map(\.draft.lineStart) == [1, 3] && rules[1].draft.lineEnd == 4)
            }
        }
    }

    @Test("Rules with the same source lines get distinct ids, the first one the plain hash")
    func equalLinesGetDistinctIDs() throws {
        try Fixtures.withTemporaryFolder { folder in
            let text = "**Avoid alerts**. They interrupt.\n\n**Avoid alerts**.  They interrupt.\n"
            let editions = try Fixtures.writeEditions(
                in: folder, manifest: Fixtures.manifest([("e1", "a.md")]), files: ["a.md": Data(text.utf8)])
            let ids = try Corpus.load(folder: editions).sources[0].rules.map(\.id)
            // White space is collapsed before hashing, so both lines hash alike.
            #expect(ids.count == 2 && ids[0] != ids[1])
            #expect(ids[0] == "e1-" + SHA256.hex(of: "e1\n**Avoid alerts**. They interrupt.").prefix(8))
            #expect(ids[1] == "e1-" + SHA256.hex(of: "e1\n**Avoid alerts**. They interrupt.\n1").prefix(8))
        }
    }

    @Test("A digest's hex prefix is the start of its hex digits (FIPS 180-2's \"abc\")")
    func digestHexPrefix() {
        let abc = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        #expect(SHA256.hex(of: "abc") == abc)
        #expect(SHA256.digest(of: "abc").hexPrefix(8) == "ba7816bf")
        #expect(SHA256.digest(of: "abc").hexPrefix(64) == abc)
        #expect(SHA256.digest(of: "abc").hexPrefix(3) == "ba7")
    }

    @Test func crlfAndLoneCRLineEndsCountLikeLF() {
        #expect(SourceFile.splitLines("a\r\nb\rc\nd") == ["a", "b", "c", "d"])
        #expect(SourceFile.splitLines("a\n\nb\n") == ["a", "", "b"])
    }
}
