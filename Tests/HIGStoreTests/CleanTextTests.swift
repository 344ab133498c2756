import Foundation
import Testing
@testable import HIGStore
@testable import HIGLineage
@testable import HIGText

/// What a reader of a clean text expects of it (issue 29, items 10 to 12): Markdown's backslash
/// escapes read as their characters, no fragment of a caption or a table standing as a rule, and
/// a rule that names its platform applying to it. Each expectation was worked out by reading the
/// fixture or the source lines named, not from the readers' output.
@Suite("Clean texts: escapes, fragments and platforms")
struct CleanTextTests {
    static let pdf = MarkupStripper(form: .pdfMarkdown, repairer: GluedWordRepairer(lexicon: .bundled))

    static func rule(_ source: Corpus.Source, at line: Int) throws -> Corpus.Rule {
        try #require(source.rules.first { $0.draft.lineStart <= line && line <= $0.draft.lineEnd }, "a rule at line \(line)")
    }

    // MARK: - Escapes (item 10)

    @Test("A backslash escape in PDF Markdown reads as its character, and no markup pass reads that character")
    func escapesReadAsTheirCharacters() {
        func clean(_ line: String) -> String { Self.pdf.mark(line, number: 1).text }
        #expect(
            clean(#"the kAudioSessionProperty\_OtherAudioIsPlaying property"#) == "the kAudioSessionProperty_OtherAudioIsPlaying property")
        #expect(clean(#"see "Split View (iPad [Only\)"](#page-104-0) (page 105)"#) == #"see "Split View (iPad Only)" (page 105)"#)
        #expect(
            clean(#"see ["Document-Modal Dialogs \(Sheets\)" \(page 72\)](#page-71-1)."#)
                == #"see "Document-Modal Dialogs (Sheets)" (page 72)."#)
        #expect(clean(#"A currency symbol (\$, ¢, £, ¥)"#) == "A currency symbol ($, ¢, £, ¥)")
        // An escaped bracket closes no link: the link around it is still read whole.
        #expect(clean(#"[Opening placement\] 74](#page-73-0)"#) == "Opening placement] 74")
        // An escaped asterisk is no emphasis and no bullet, even once the bullet before it is gone.
        #expect(clean(#"- \* For any reuse or distribution"#) == "* For any reuse or distribution")
        #expect(clean(#"such as 435.00 \* 12 or \*this\*"#) == "such as 435.00 * 12 or *this*")
        #expect(clean(#"**<sup>\*</sup>Users can change these.**"#) == "*Users can change these.")
        #expect(Self.pdf.mark(#"**<sup>\*</sup>Users can change these.**"#, number: 1).boldLead == "*Users can change these.")
        // Two backslashes are one; a backslash before a letter or a space is a backslash (read
        // without glued-word repair, which would cut "setminus").
        let unrepaired = MarkupStripper(form: .pdfMarkdown, repairer: nil)
        #expect(unrepaired.mark(#"a \\ b, $\setminus$ and C:\ c"#, number: 1).text == #"a \ b, $\setminus$ and C:\ c"#)
        // Web text has no markup: its backslashes are its own.
        #expect(MarkupStripper(form: .webText, repairer: nil).mark(#"a \_ b"#, number: 1).text == #"a \_ b"#)
    }

    @Test("A line already holding a placeholder's noncharacter keeps it, and its escapes still read as characters")
    func placeholdersInTheSourceStay() {
        let noncharacter = CleaningFastPathTests.placeholder(0)
        let line = Self.pdf.mark("x \(noncharacter) \\( y \\)", number: 1)
        #expect(line.text == "x \(noncharacter) ( y )")
    }

    @Test("No rule of the bundled editions holds a Markdown escape; the issue's two rules read their characters")
    func bundleHoldsNoEscape() throws {
        let bundle = (try BundleCorpus.corpus)
        var leaks: [String] = []
        for rule in bundle.sources.flatMap(\.rules) {
            for text in [rule.draft.text, rule.draft.title ?? ""]
            where text.range(of: #"\\[(){}\[\]_*$#.!-]"#, options: .regularExpression) != nil {
                leaks.append("\(rule.id): \(text.prefix(80))")
            }
        }
        #expect(leaks.isEmpty, "\(leaks.prefix(5))")
        let rules = bundle.sources.flatMap(\.rules)
        let audio = try #require(rules.first { $0.id == "iphone-2010-03-19a86346" })
        #expect(audio.draft.text.contains("kAudioSessionProperty_OtherMixableAudioShouldDuck"))
        let popover = try #require(rules.first { $0.id == "ios-2011-03-06872414" })
        #expect(popover.draft.text.contains(#"see "Popover (iPad Only)" (page 103)"#))
    }

    // MARK: - Fragments (item 11)

    @Test("A caption wrapped onto two lines under an image is one figure's caption")
    func wrappedCaptionIsOneCaption() throws {
        let (_, reading) = WebMarkdownReaderTests.read(
            """
            # Controls

            ![A screenshot of the Dynamic Island.](island.png)
            *Control toggle in the Dynamic Island
            performed from the Action button*

            Offer controls for frequent actions.
            """)
        #expect(reading.drafts.count == 2)
        let figure = try WebMarkdownReaderTests.rule(reading, at: 3)
        #expect(figure.kind == .figure && figure.lineStart == 3 && figure.lineEnd == 5)
        #expect(figure.title == "Control toggle in the Dynamic Island performed from the Action button")
        #expect(try WebMarkdownReaderTests.rule(reading, at: 7).text == "Offer controls for frequent actions.")
    }

    @Test("A PDF table row of numbers alone is set aside; a row with a word keeps its numbers; a bullet in a cell is no word")
    func numberRowsAndCellBullets() throws {
        let text = """
            # <span id="page-0-0"></span>Timers

            Clock uses borders to draw attention to the Start button.

            | Timer |          |
            |-------|----------|
            |       | 12<br>13 |
            | 0 hours | 15 min |
            | 1     | 16       |

            The status bar:

            | Is<br>transparent<br>● |  |
            """
        let (reading, lines) = PDFDocumentReaderTests.read(text)
        let reasons = ReadingPlaces.reasons(reading)
        #expect(reasons[7] == .tableNumbers && reasons[9] == .tableNumbers)
        #expect(reading.drafts.contains { $0.lineStart == 8 && $0.text == "0 hours — 15 min" })
        #expect(reading.drafts.contains { $0.lineStart == 13 && $0.text == "Is transparent" })
        #expect(LineAccounting.account(reading, lines: lines).unaccounted.isEmpty)
    }

    /// The archive's converter wraps some text in a Markdown code block (1980 Lisa, lines 425-431:
    /// the reserved CODE key combinations; 1982 Apple IIe, line 54: a table of contents): the
    /// fence lines are its markup, not words of the guidelines, and were 36 rules reading "```".
    @Test("A PDF's code fence is the converter's markup, set aside; the lines inside it keep their words")
    func codeFenceIsMarkup() throws {
        let text = """
            # <span id="page-0-0"></span>Keys

            Certain CODE combinations are reserved, namely:

            ```
            CODE | ... | {
            ```

            ```text
            Keep It Simple
            ```
            """
        let (reading, lines) = PDFDocumentReaderTests.read(text)
        let reasons = ReadingPlaces.reasons(reading)
        for fence in [5, 7, 9, 11] {
            #expect(reasons[fence] == .converterChrome, "line \(fence): \(lines[fence - 1])")
        }
        #expect(!reading.drafts.contains { $0.text.contains("```") }, "\(reading.drafts.map(\.text))")
        #expect(reading.drafts.contains { $0.lineStart == 6 && $0.text.contains("CODE") })
        #expect(reading.drafts.contains { $0.lineStart == 10 && $0.text == "Keep It Simple" })
        #expect(LineAccounting.account(reading, lines: lines).unaccounted.isEmpty)
    }

    /// The Mac OS X HIG of 2005-2008 letter-spaces its part labels: `#### **P A R T I**` and
    /// `**P A R T III**` were read as running heads, but `**P A R T I I**` (six letters apart)
    /// was a rule reading "P A R T I I" in four editions.
    @Test("A letter-spaced part label is a running head however its letters are spaced")
    func letterSpacedPartLabel() {
        for label in ["#### **P A R T I**", "#### **P A R T III**", "#### **P A R T I I**", "#### **C HAPTER 1 3**"] {
            #expect(PageFurniture.runningHeadLabel(Substring(label)) != nil, "\(label)")
        }
        // A bold heading of words in capitals stays one, as before: five words at most.
        #expect(PageFurniture.runningHeadLabel("#### **USE THE STANDARD MENUS AND CONTROLS**") == nil)
    }

    @Test("The bundle's fragments: the Controls caption, the 2014 timer's numbers and the status bar's bullet")
    func bundleFragments() throws {
        let controls = try BundleCorpus.source("web-2026-07", "System experiences/Controls.md")
        let figure = try Self.rule(controls, at: 36)
        #expect(figure.draft.kind == .figure && figure.draft.lineStart == 35 && figure.draft.lineEnd == 37)
        #expect(figure.draft.title == "Control toggle in the Dynamic Island performed from the Action button")
        let ios2014 = try BundleCorpus.source("ios-2014-03", "full_document.md")
        // Lines 576-581: the Timer screenshot's picker, read out as a table (line 578 is "0 hours — 15 min").
        for line in [576, 577, 579, 580] {
            #expect(!ios2014.rules.contains { $0.draft.lineStart <= line && line <= $0.draft.lineEnd }, "line \(line) is a rule")
            #expect(ios2014.reading.setAsides.contains { $0.lineStart <= line && line <= $0.lineEnd && $0.reason == .tableNumbers })
        }
        #expect(try Self.rule(ios2014, at: 578).draft.text == "0 hours — 15 min")
        #expect(try Self.rule(ios2014, at: 1971).draft.text == "Is transparent")
        #expect(!(try BundleCorpus.corpus).sources.flatMap(\.rules).contains { $0.draft.text == "performed from the Action button" })
    }

    // MARK: - Platforms (item 12)

    @Test("A rule's opening names its platforms as its subject; a platform named in passing is none")
    func platformSubjects() {
        let all = WebMarkdownReaderTests.platforms
        func subject(_ text: String) -> [String]? { Platforms.subject(of: text, among: all) }
        #expect(subject("macOS alerts can add a suppression checkbox and a Help button.") == ["macOS"])
        #expect(subject("On watchOS, a sheet fills the screen.") == ["watchOS"])
        #expect(
            subject("In iOS, iPadOS, macOS, and visionOS, an alert can include a text field.") == ["iOS", "iPadOS", "macOS", "visionOS"])
        #expect(subject("Alerts in macOS and visionOS can include an icon and an accessory view.") == ["macOS", "visionOS"])
        #expect(subject("For tvOS apps, use a focus effect.") == ["tvOS"])
        #expect(subject("Unlike iOS, macOS shows a menu bar.") == nil)
        #expect(subject("As in macOS, use a toolbar.") == nil)
        #expect(subject("Like iOS apps, visionOS apps use tab bars.") == nil)
        #expect(subject("For example, in macOS, people choose a command.") == nil)
        #expect(subject("Use a toolbar for frequent commands, as macOS apps do.") == nil)
        #expect(subject("In all platforms, alerts display a title.") == nil)
        // A platform the rule's section is not for narrows nothing.
        #expect(Platforms.subject(of: "On watchOS, a sheet fills the screen.", among: ["iOS", "macOS"]) == nil)
        #expect(Platforms.subject(of: "In Mac OS X, menus drop down.", among: ["Mac OS X"]) == ["Mac OS X"])
        // The readers skip texts by bytes every known name holds: "OS", and its first letter.
        #expect(Platforms.known.allSatisfy { FastText.contains("OS", in: $0) && Platforms.initials.contains($0.utf8.first!) })
        #expect(Platforms.heading("Mac OS X, iOS") == ["Mac OS X", "iOS"])
        #expect(Platforms.heading("\u{A0}iOS") == ["iOS"])
        #expect(Platforms.heading("Alerts") == nil)
    }

    @Test("A rule naming its platform applies to it, and its list items with it; the others keep the section's")
    func subjectNarrowsARuleAndItsItems() throws {
        let (_, reading) = WebMarkdownReaderTests.read(
            """
            # Sheets

            On watchOS, a sheet can hold:

            - A title
            - A Cancel button

            Unlike iOS, macOS attaches a sheet to its window.
            """)
        let all = WebMarkdownReaderTests.platforms
        #expect(try WebMarkdownReaderTests.rule(reading, at: 3).platforms == ["watchOS"])
        #expect(try WebMarkdownReaderTests.rule(reading, at: 5).platforms == ["watchOS"])
        #expect(try WebMarkdownReaderTests.rule(reading, at: 6).platforms == ["watchOS"])
        #expect(try WebMarkdownReaderTests.rule(reading, at: 8).platforms == all)
    }

    @Test("The 2026 Alerts page's content list: each element applies to the platforms its words name")
    func bundleAlertElements() throws {
        let alerts = try BundleCorpus.source("web-2026-07", "Presentation/Alerts.md")
        #expect(try Self.rule(alerts, at: 33).draft.platforms == ["iOS", "iPadOS", "macOS", "visionOS"])
        #expect(try Self.rule(alerts, at: 34).draft.platforms == ["macOS", "visionOS"])
        #expect(try Self.rule(alerts, at: 35).draft.platforms == ["macOS"])
        // The paragraph over the list is for every platform.
        #expect(try Self.rule(alerts, at: 31).draft.platforms.count == 6)
    }
}
