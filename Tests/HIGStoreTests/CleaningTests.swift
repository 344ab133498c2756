import Testing
@testable import HIGStore
@testable import HIGText

@Suite("Cleaning: markup, pages and glued words")
struct CleaningTests {
    let repairer = GluedWordRepairer(lexicon: .bundled)

    @Test(
        "Every glued word of the seeds is repaired, and nothing else is",
        arguments: [
            // Each pair read off the seed files by hand.
            ("2008-chunk045.md", 4, "userssometimesrespond", "users sometimes respond"),
            ("2008-chunk045.md", 4, "userstowardsthis", "users towards this"),
            ("2010-chunk098.md", 3, "alertsfrom", "alerts from"),
            ("2010-chunk098.md", 3, "applicationsthat", "applications that"),
            ("2010-chunk098.md", 3, "usersthat", "users that"),
            ("2010-chunk098.md", 3, "makessense", "makes sense"),
            ("2010-chunk103.md", 7, "testthe", "test the"),
            ("2010-chunk103.md", 7, "alertin", "alert in"),
            ("2010-chunk103.md", 8, "containsthree", "contains three"),
            ("2010-chunk103.md", 8, "buttonsissignificantly", "buttons is significantly"),
            ("2011-chunk131.md", 8, "users(these", "users (these"),
            ("2011-chunk131.md", 15, "meansthat", "means that"),
            ("2011-chunk131.md", 35, "testthe", "test the"),
            ("2011-chunk131.md", 35, "alertin", "alert in"),
            ("2011-chunk131.md", 41, "Itshould", "It should"),
        ])
    func gluedWordRepaired(file: String, line: Int, original: String, replacement: String) throws {
        let edition = String(file.prefix(4))
        let rule = try #require(Fixtures.rule(edition, line: line, file: file))
        #expect(rule.draft.repairs.contains { $0.original == original && $0.replacement == replacement && $0.line == line })
        #expect(!rule.draft.text.contains(original))
        #expect(rule.draft.text.contains(replacement))
    }

    @Test func theSeedsHoldExactlyFifteenRepairs() {
        let repairs = Fixtures.seeds.sources.flatMap(\.rules).flatMap(\.draft.repairs)
        #expect(repairs.count == 15)
    }

    @Test(
        "Real words are never split",
        arguments: [
            "another", "anywhere", "onscreen", "overwrite", "nonintrusive", "Another", "undoable", "nondestructive",
            "iPadOS", "UIAlertView", "patronizing", "inattentive", "harmonizes", "steppers", "popovers",
        ])
    func realWordKept(word: String) {
        #expect(repairer.split(word) == nil)
        #expect(repairer.repair("an \(word) here", line: 1).repairs.isEmpty)
    }

    @Test func dottedNamesAndNumbersAreLeftAlone() {
        for text in ["exclamationmark.triangle", "Error 329347 occurred", "watchOS10", "e.g.", "x86_64"] {
            #expect(repairer.repair(text, line: 1).repairs.isEmpty, "\(text)")
        }
    }

    @Test func repairKeepsPunctuationAndCapital() {
        let (text, repairs) = repairer.repair("“Itshould,” said testthe.", line: 9)
        #expect(text == "“It should,” said test the.")
        #expect(repairs.map(\.line) == [9, 9])
    }

    @Test("A word list is read the same on its bytes as through Character")
    func wordListParsing() {
        var ascii = Set<String>()
        Lexicon.addListWords(" Alert\n# comment\n\r\nbutton \t\r\ttap\u{0B}OK\n", to: &ascii)
        #expect(ascii == ["alert", "button", "tap", "ok"])
        // Non-ASCII lists take the Character path: a no-break space is trimmed, É lowercased.
        var unicode = Set<String>()
        Lexicon.addListWords("\u{00A0}Écran\u{00A0}\n#x\ncafé\u{2028}tap", to: &unicode)
        #expect(unicode == ["écran", "café", "tap"])
        #expect(Lexicon.bundled.contains("alert") && Lexicon.bundled.contains("button") && !Lexicon.bundled.contains("#"))
    }

    @Test("White space of any kind collapses to single spaces, none at the ends")
    func whitespaceCollapses() {
        #expect(MarkupStripper.collapseWhitespace("a b") == "a b")
        #expect(MarkupStripper.collapseWhitespace("  a \t b\u{00A0}\u{2003}c\u{3000} ") == "a b c")
        #expect(MarkupStripper.collapseWhitespace(" ") == "")
        #expect(MarkupStripper.collapseWhitespace("") == "")
        #expect(MarkupStripper.collapseWhitespace("“Don’t”\u{2028}● ok") == "“Don’t” ● ok")
    }

    @Test func markupIsStrippedAndPagesRead() {
        let stripper = MarkupStripper(form: .pdfMarkdown, repairer: nil)
        let line = stripper.mark(
            #"- <span id="page-118-0"></span>● **Avoid** *this* ["Using](#page-70-0) Action [Sheets"](#page-70-0) (page 71)."#, number: 3)
        #expect(line.text == #"Avoid this "Using Action Sheets" (page 71)."#)
        #expect(line.bulletDepth == 2)
        #expect(line.boldLead == "Avoid")
        #expect(line.pageMarkers == [119])
        let image = stripper.mark("![](images/_page_116_Picture_13.jpeg)  ", number: 4)
        #expect(image.isBlank && image.isMarkupOnly && image.pageMarkers == [117])
        let heading = stripper.mark("#### **Avoid creating unnecessary alerts**.  ", number: 5)
        #expect(
            heading.headingLevel == 4 && heading.text == "Avoid creating unnecessary alerts."
                && heading.boldLead == "Avoid creating unnecessary alerts")
    }

    @Test func webTextKeepsItsAsterisksAndDashes() {
        let stripper = MarkupStripper(form: .webText, repairer: nil)
        #expect(stripper.mark("- 5 * 3 is **not** markup here", number: 1).text == "- 5 * 3 is **not** markup here")
        let bullet = stripper.mark("  • A screenshot of an alert", number: 2)
        #expect(bullet.isBullet && bullet.indent == 2 && bullet.text == "A screenshot of an alert")
    }

    @Test("No markup is left in any clean text or title of the seeds")
    func noMarkupLeft() {
        let markup = ["**", "__", "<span", "</", "<!--", "-->", "](", "![", "[", "]", "❏", "●", "•", "#", "\\"]
        for rule in Fixtures.seeds.sources.flatMap(\.rules) {
            for text in [rule.draft.text, rule.draft.title ?? ""] {
                for mark in markup {
                    #expect(!text.contains(mark), "\(rule.id) still holds \(mark): \(text)")
                }
                #expect(!text.hasPrefix("- ") && !text.hasPrefix("* ") && !text.hasPrefix(" "), "\(rule.id): \(text)")
                #expect(!text.contains("  "), "\(rule.id) has doubled spaces")
                #expect(!text.contains("*"), "\(rule.id) has an asterisk: \(text)")
            }
        }
    }
}
