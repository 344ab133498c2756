import Foundation
import Testing
@testable import HIGStore
@testable import HIGText

@Suite("Reading web pages converted to Markdown (form web-markdown)")
struct WebMarkdownReaderTests {
    static let splitter = SourceSplitter(lexicon: .bundled)

    static let platforms = ["iOS", "iPadOS", "macOS", "tvOS", "visionOS", "watchOS"]

    static func read(_ text: String) -> (lines: [String], reading: SourceReading) {
        let lines = SourceFile.splitLines(text)
        let reading = WebMarkdownReader(platforms: platforms).read(lines)
        return (lines, reading)
    }

    static func rule(_ reading: SourceReading, at line: Int) throws -> RuleDraft {
        try #require(reading.drafts.first { $0.lineStart <= line && line <= $0.lineEnd }, "no rule at line \(line)")
    }

    @Test("The form web-markdown is read by this reader through SourceSplitter")
    func routedBySourceSplitter() throws {
        let entry = try JSONDecoder().decode(
            EditionManifest.File.self,
            from: Data(
                #"{"path": "a.md", "edition": "web-2026-07", "document": "Alerts", "form": "web-markdown", "coverage": "complete"}"#.utf8))
        let lines = SourceFile.splitLines("# Alerts\n\n**Use alerts sparingly.** They interrupt.")
        let reading = Self.splitter.read(lines, entry: entry, platforms: ["iOS"])
        #expect(reading.title == "Alerts")
        #expect(reading.drafts.map(\.title) == ["Use alerts sparingly"])
        #expect(reading.drafts.map(\.text) == ["Use alerts sparingly. They interrupt."])
    }

    @Test("A page's chrome: breadcrumb, title, abstract, opening change note, Source line")
    func pageChrome() throws {
        let (lines, reading) = Self.read(
            """
            [Human Interface Guidelines](../../README.md) › [Components](../../Components.md) › **Alerts**

            # Alerts

            *An alert gives people critical information they need right away.*

            > **Note**
            >
            > Enhanced guidance for buttons.

            ---
            *Source: [https://developer.apple.com/design/alerts](https://developer.apple.com/design/alerts)*
            """)
        #expect(reading.title == "Alerts")
        #expect(reading.url == "https://developer.apple.com/design/alerts")
        #expect(reading.headings == [SectionHeading(line: 3, path: ["Alerts"])])
        let abstract = try Self.rule(reading, at: 5)
        #expect(abstract.kind == .context)
        #expect(abstract.text == "An alert gives people critical information they need right away.")
        #expect(abstract.section == "Alerts")
        // No change log holds the note: it is a change note of its own, undated.
        #expect(reading.changeNotes == [ChangeNote(lineStart: 7, lineEnd: 9, date: nil, text: "Enhanced guidance for buttons.")])
        #expect(ReadingPlaces.reason(of: 1, in: reading) == .converterChrome)
        #expect(ReadingPlaces.reason(of: 8, in: reading) == .changeLog)
        #expect(ReadingPlaces.reason(of: 11, in: reading) == .converterChrome)
        #expect(ReadingPlaces.reason(of: 12, in: reading) == .converterChrome)
        #expect(reading.drafts.count == 1)
        #expect(ReadingPlaces.faults(lines, reading).isEmpty)
    }

    @Test("A YAML front matter opening the page is set aside; a rule of --- over prose is not one")
    func frontMatter() throws {
        let (lines, reading) = Self.read(
            """
            ---
            title: Alerts
            source_url: https://developer.apple.com/design/human-interface-guidelines/alerts
            tags:
              - components
            ---

            # Alerts

            **Use alerts sparingly.** They interrupt.
            """)
        #expect(reading.setAsides.contains(SetAside(lineStart: 1, lineEnd: 6, reason: .converterChrome)))
        #expect(reading.drafts.map(\.lineStart) == [10])
        #expect(reading.title == "Alerts")
        #expect(LineAccounting.account(reading, lines: lines).unaccounted.isEmpty)
        // A thematic break, then words that are no YAML: the words are a rule, as before.
        let (_, prose) = Self.read("---\nUse alerts sparingly: they interrupt.\nPrefer a banner.\n---\n")
        #expect(prose.drafts.count == 1 && prose.drafts[0].lineStart == 2)
        #expect(WebMarkdownBlock.frontMatterEnd(["---", "title: Alerts", "..."]) == 2)
        #expect(WebMarkdownBlock.frontMatterEnd(["---", "---"]) == nil)
    }

    @Test("ATX and setext headings nest under the page title; sections are their paths")
    func headings() throws {
        let (lines, reading) = Self.read(
            """
            Alerts
            ======

            Best practices
            --------------

            Keep it short.

            ### Wording ###

            Use sentence case.
            """)
        #expect(reading.title == "Alerts")
        #expect(reading.headings.map(\.path) == [["Alerts"], ["Alerts", "Best practices"], ["Alerts", "Best practices", "Wording"]])
        #expect(try Self.rule(reading, at: 7).section == "Alerts › Best practices")
        #expect(try Self.rule(reading, at: 11).section == "Alerts › Best practices › Wording")
        #expect(ReadingPlaces.reason(of: 2, in: reading) == .converterChrome)
        #expect(ReadingPlaces.faults(lines, reading).isEmpty)
    }

    @Test("Lists of every marker nest: a lead-in is the parent of its items, an item of the items under it")
    func lists() throws {
        let (lines, reading) = Self.read(
            """
            # Menus

            Menus hold commands. Keep these in mind:

            - Use short titles.
              * Avoid articles.
              + Avoid punctuation.
            - Group related items.
            1. Open the menu.
            2) Choose an item.
            """)
        let lead = try Self.rule(reading, at: 3)
        let first = try Self.rule(reading, at: 5)
        #expect(first.parentOrdinal == lead.ordinal)
        #expect(first.text == "Use short titles.")
        #expect(try Self.rule(reading, at: 6).parentOrdinal == first.ordinal)
        #expect(try Self.rule(reading, at: 7).parentOrdinal == first.ordinal)
        #expect(try Self.rule(reading, at: 8).parentOrdinal == lead.ordinal)
        #expect(try Self.rule(reading, at: 9).text == "Open the menu.")
        #expect(try Self.rule(reading, at: 10).text == "Choose an item.")
        #expect(reading.drafts.count == 7)
        #expect(ReadingPlaces.faults(lines, reading).isEmpty)
    }

    @Test("Links keep their words and lose their addresses; reference definitions are set aside")
    func links() throws {
        let (lines, reading) = Self.read(
            """
            # Alerts

            See [Action sheets](Action%20sheets.md), [alert(_:isPresented:)](https://x.dev/alert(_:isPresented:)-1b) and [Sheets][sheets] or [Modality][].
            Read <https://apple.com> too.

            [sheets]: https://developer.apple.com/sheets "Sheets"
            """)
        #expect(
            try Self.rule(reading, at: 3).text
                == "See Action sheets, alert(_:isPresented:) and Sheets or Modality. Read https://apple.com too.")
        #expect(ReadingPlaces.reason(of: 6, in: reading) == .converterChrome)
        #expect(ReadingPlaces.faults(lines, reading).isEmpty)
    }

    @Test("Emphasis, code, escapes, tags and entities are stripped; asterisks and underscores of words stay")
    func inlineMarkup() {
        #expect(WebMarkdownInline.clean("**Bold** and *italic* and _this_ and __that__") == "Bold and italic and this and that")
        #expect(WebMarkdownInline.clean("Use `exclamationmark.triangle` and `a_b`") == "Use exclamationmark.triangle and a_b")
        #expect(WebMarkdownInline.clean(#"An escaped \*star\* and \_under\_"#) == "An escaped *star* and _under_")
        #expect(WebMarkdownInline.clean("5 * 3 and snake_case_name") == "5 * 3 and snake_case_name")
        #expect(WebMarkdownInline.clean("Fish &amp; chips &lt;3 &#8217; &#x2014; &nbsp;x") == "Fish & chips <3 ’ — x")
        #expect(WebMarkdownInline.clean(#"A <span class="k">key</span> word<br/>here<!-- note -->"#) == "A key word here")
        #expect(WebMarkdownInline.clean("***Both***") == "Both")
        #expect(WebMarkdownInline.boldLead("**Use alerts sparingly.** They interrupt.") == "Use alerts sparingly.")
        #expect(WebMarkdownInline.boldLead("*Not bold.* words") == nil)
    }

    @Test("A bold lead is found on the bytes: escapes, white space before the close, scalars of several bytes")
    func boldLeadsOnBytes() {
        #expect(WebMarkdownInline.boldLead(" \t__Étape un.__ suite") == "Étape un.")
        #expect(WebMarkdownInline.boldLead(#"**Tap \*here\*.** Then"#) == "Tap *here*.")
        // The close needs a non-space before it: U+00A0 is white space, U+2019 is not.
        #expect(WebMarkdownInline.boldLead("**Open\u{A0}**") == nil)
        #expect(WebMarkdownInline.boldLead("**Open\u{2019}**") == "Open\u{2019}")
        #expect(WebMarkdownInline.boldLead("**é**") == "é")
        #expect(WebMarkdownInline.boldLead("****") == nil)
        #expect(WebMarkdownInline.boldLead("**Never closed") == nil)
        #expect(WebMarkdownReader.Walk.isAsideLabel("Developer Note:"))
        #expect(WebMarkdownReader.Walk.isAsideLabel("TIP."))
        #expect(!WebMarkdownReader.Walk.isAsideLabel("Notes"))
        #expect(!WebMarkdownReader.Walk.isAsideLabel("Note that a long bold sentence is never an aside's label."))
        #expect(FastText.foldedLowercase("Don\u{2019}t \u{201C}Say\u{201D} ÉTÉ \u{130}") == "don't \"say\" été i\u{307}")
    }

    @Test("Table cells divide at unescaped pipes outside code spans; a lone backtick opens none")
    func tableCells() {
        // A pipe inside a code span stays in its cell, whole; an escaped one loses its backslash.
        #expect(WebMarkdownTableRow(#"| a `x|y` | b \| c | é |"#, line: 1).cells == ["a `x|y`", "b | c", "é"])
        #expect(WebMarkdownTableRow("| --- | :-: |", line: 2).isSeparator)
        // A backtick with no partner opens no code span: it is a word, and the pipes after it
        // still divide the cells (Keyboards.md's row for the key).
        #expect(
            WebMarkdownTableRow("| Grave accent (`) | Command-Grave accent | Activate. |", line: 3).cells
                == ["Grave accent (`)", "Command-Grave accent", "Activate."])
        // Each run pairs with the next of its length (CommonMark); the last single one has none.
        #expect(WebMarkdownInline.clean("`code` and ``a`b`` and a grave accent (`)") == "code and a`b and a grave accent (`)")
    }

    @Test("HTML anchors and tags alone on a line are converter chrome")
    func htmlLines() throws {
        let (lines, reading) = Self.read(
            """
            <!-- Auto-generated from Apple's Human Interface Guidelines by hig_download.py -->
            # Alerts
            <a id="best-practices"></a>

            <div class="note">
            Use <b>alerts</b> sparingly.
            </div>
            """)
        #expect(ReadingPlaces.reason(of: 1, in: reading) == .converterChrome)
        #expect(ReadingPlaces.reason(of: 3, in: reading) == .converterChrome)
        #expect(ReadingPlaces.reason(of: 5, in: reading) == .converterChrome)
        #expect(try Self.rule(reading, at: 6).text == "Use alerts sparingly.")
        #expect(ReadingPlaces.faults(lines, reading).isEmpty)
    }

    @Test("Images are figures: alt text, caption as title; an image with no words is set aside")
    func images() throws {
        let (lines, reading) = Self.read(
            """
            # Buttons

            ![An illustration of a button with poor contrast.](https://x.dev/a%402x.png)  
            *A button with insufficient color contrast*

            ![](https://x.dev/spacer.png)

            ![A checkmark in a circle.](https://x.dev/check.png)
            """)
        let figure = try Self.rule(reading, at: 3)
        #expect(figure.kind == .figure)
        #expect(figure.text == "An illustration of a button with poor contrast.")
        #expect(figure.title == "A button with insufficient color contrast")
        #expect(figure.lineEnd == 4)
        #expect(ReadingPlaces.reason(of: 6, in: reading) == .image)
        #expect(try Self.rule(reading, at: 8).kind == .figure)
        #expect(ReadingPlaces.faults(lines, reading).isEmpty)
    }

    @Test("A guideline glued after an image and its caption is a guideline, not the caption")
    func guidelineGluedToAnImage() throws {
        // web-2023-09's tab-bars.md line 115 and status-bars.md line 18, shortened.
        let (_, reading) = Self.read(
            """
            # Tab bars

            ![A collapsed tab bar.](https://x.dev/a.png)Collapsed![An expanded tab bar.](https://x.dev/b.png)Expanded**Consider using a sidebar within a tab.** A deep hierarchy needs one.

            ![A photo.](https://x.dev/c.png)![Another photo.](https://x.dev/d.png)**Avoid permanently hiding the status bar.** People check the time there.
            """)
        let rules = reading.drafts.filter { $0.lineStart == 3 }
        #expect(rules.map(\.kind) == [.figure, .figure, .guideline])
        #expect(rules.map(\.title) == ["Collapsed", "Expanded", "Consider using a sidebar within a tab"])
        #expect(rules.last?.text == "Consider using a sidebar within a tab. A deep hierarchy needs one.")
        let status = reading.drafts.filter { $0.lineStart == 5 }
        #expect(status.map(\.kind) == [.figure, .figure, .guideline])
        #expect(status.last?.text == "Avoid permanently hiding the status bar. People check the time there.")
    }

    @Test("Asides are notes titled by their label")
    func asides() throws {
        let (lines, reading) = Self.read(
            """
            # Sidebars

            Sidebars show content.

            > **Important**
            >
            > Don't hide the sidebar.
            > It holds navigation.

            > **Tip:** Use a split view.

            > **Developer note**
            >
            > See [NavigationSplitView](https://x.dev/nsv).
            """)
        let important = try Self.rule(reading, at: 5)
        #expect(important.kind == .note)
        #expect(important.title == "Important")
        #expect(important.text == "Don't hide the sidebar. It holds navigation.")
        #expect(important.lineEnd == 8)
        #expect(try Self.rule(reading, at: 10).title == "Tip")
        #expect(try Self.rule(reading, at: 10).text == "Use a split view.")
        #expect(try Self.rule(reading, at: 12).title == "Developer note")
        #expect(try Self.rule(reading, at: 12).text == "See NavigationSplitView.")
        // Not right under the title: no change note.
        #expect(reading.changeNotes.isEmpty)
        #expect(ReadingPlaces.faults(lines, reading).isEmpty)
    }

    @Test("Table rows are rules; header rows are set aside; platform columns and marks narrow a row")
    func tables() throws {
        let (lines, reading) = Self.read(
            """
            # Pointers

            Support these gestures:

            | Gesture | Meaning | iOS, iPadOS | macOS |
            | --- | :---: | --- | --- |
            | Tap | Select an item. | ● | ● |
            | Force click | Show **Quick Look**. |  | ✓ |
            | Exit | Go [home](home.md). | iOS, iPadOS | — |
            """)
        #expect(ReadingPlaces.reason(of: 5, in: reading) == .tableHeader)
        #expect(ReadingPlaces.reason(of: 6, in: reading) == .tableHeader)
        let lead = try Self.rule(reading, at: 3)
        let tap = try Self.rule(reading, at: 7)
        #expect(tap.text == "Tap — Select an item.")
        #expect(tap.platforms == ["iOS", "iPadOS", "macOS"])
        #expect(tap.parentOrdinal == lead.ordinal)
        let force = try Self.rule(reading, at: 8)
        #expect(force.text == "Force click — Show Quick Look.")
        #expect(force.platforms == ["macOS"])
        let exit = try Self.rule(reading, at: 9)
        #expect(exit.text == "Exit — Go home. (iOS, iPadOS)")
        #expect(exit.platforms == ["iOS", "iPadOS"])
        #expect(ReadingPlaces.faults(lines, reading).isEmpty)
    }

    @Test("Platform considerations: platform headings narrow, platform notes are set aside")
    func platformConsiderations() throws {
        let (lines, reading) = Self.read(
            """
            # Alerts

            ## Platform considerations

            *No additional considerations for tvOS or watchOS.*

            ### iOS, iPadOS

            **Use an action sheet.** It offers choices.

            ### macOS

            #### Icons

            Use a caution symbol sparingly.

            ## Specifications

            Alerts are 270 pt wide.
            """)
        #expect(ReadingPlaces.reason(of: 5, in: reading) == .platformNote)
        let sheet = try Self.rule(reading, at: 9)
        #expect(sheet.platforms == ["iOS", "iPadOS"])
        #expect(sheet.section == "Alerts › Platform considerations › iOS, iPadOS")
        let caution = try Self.rule(reading, at: 15)
        #expect(caution.platforms == ["macOS"])
        #expect(caution.section == "Alerts › Platform considerations › macOS › Icons")
        #expect(try Self.rule(reading, at: 19).platforms == Self.platforms)
        #expect(ReadingPlaces.faults(lines, reading).isEmpty)
    }

    @Test("A platform note's \"Not supported in\" takes those platforms out of every rule of the page")
    func unsupportedPlatformsLeaveThePage() throws {
        let (lines, reading) = Self.read(
            """
            # Tab bars

            **Use a tab bar to switch sections.** It stays visible.

            ## Platform considerations

            *No additional considerations for macOS. Not supported in watchOS or tvOS.*

            ### iOS

            Tabs hide on scroll.
            """)
        #expect(ReadingPlaces.reason(of: 7, in: reading) == .platformNote)
        // Read before any rule although it comes last: the first rule is for every platform
        // the edition has but watchOS and tvOS, in the edition's order.
        #expect(try Self.rule(reading, at: 3).platforms == Self.platforms.filter { $0 != "watchOS" && $0 != "tvOS" })
        #expect(try Self.rule(reading, at: 11).platforms == ["iOS"])
        #expect(ReadingPlaces.faults(lines, reading).isEmpty)
        // "No additional considerations" narrows nothing, nor does a note that would leave no
        // platform at all.
        let everywhere = Self.read("# A\n\nUse it.\n\n*No additional considerations for tvOS or watchOS.*\n").1
        #expect(try Self.rule(everywhere, at: 3).platforms == Self.platforms)
        let nowhere = Self.read("# A\n\nUse it.\n\n*Not supported in \(Self.platforms.joined(separator: ", ")).*\n").1
        #expect(try Self.rule(nowhere, at: 3).platforms == Self.platforms)
    }

    @Test("Resources and Change log sections are set aside; each change log row is a dated change note")
    func resourcesAndChangeLog() throws {
        let (lines, reading) = Self.read(
            """
            # Alerts

            > **Note**
            >
            > Enhanced guidance for buttons.

            ## Resources

            #### Related

            [Modality](../../Patterns/Modality.md)

            - [Get to know the design system](https://developer.apple.com/videos/356) — Dive deeper.

            ## Change log

            | Date | Changes |
            | --- | --- |
            | February 2, 2024 | Enhanced guidance for buttons. |
            | June 21, 2023 | Updated to include guidance for visionOS. |
            """)
        #expect((7...13).filter { !lines[$0 - 1].isEmpty }.allSatisfy { ReadingPlaces.reason(of: $0, in: reading) == .resources })
        #expect((15...20).filter { !lines[$0 - 1].isEmpty }.allSatisfy { ReadingPlaces.reason(of: $0, in: reading) == .changeLog })
        // The opening note is the newest row: one change note, dated.
        #expect(
            reading.changeNotes == [
                ChangeNote(lineStart: 19, lineEnd: 19, date: "2024-02-02", text: "Enhanced guidance for buttons."),
                ChangeNote(lineStart: 20, lineEnd: 20, date: "2023-06-21", text: "Updated to include guidance for visionOS."),
            ])
        #expect(reading.drafts.isEmpty)
        #expect(reading.headings.map(\.joined) == ["Alerts"])
        #expect(ReadingPlaces.faults(lines, reading).isEmpty)
    }

    @Test("Lists of links to pages are tables of contents; a list item that says more is a rule")
    func tablesOfContents() throws {
        let (lines, reading) = Self.read(
            """
            # Presentation

            - [Action sheets](Presentation/Action%20sheets.md) — An action sheet presents choices.
            - [Alerts](Presentation/Alerts.md)
              - [Sheets](Presentation/Sheets.md)
            - [Split views](Split%20views.md). A split view supports hierarchical navigation.
            """)
        #expect((3...5).allSatisfy { ReadingPlaces.reason(of: $0, in: reading) == .tableOfContents })
        #expect(try Self.rule(reading, at: 6).text == "Split views. A split view supports hierarchical navigation.")
        #expect(ReadingPlaces.faults(lines, reading).isEmpty)
    }

    @Test("A body-less bold lead heads the paragraphs after it; a For example paragraph extends the one above")
    func leadsAndContinuations() throws {
        let (lines, reading) = Self.read(
            """
            # Principles

            **Make something meaningful.**

            Design starts with intention.

            Keep what matters.

            For example, remove clutter.
            """)
        let lead = try Self.rule(reading, at: 3)
        #expect(lead.title == "Make something meaningful")
        #expect(try Self.rule(reading, at: 5).parentOrdinal == lead.ordinal)
        let keep = try Self.rule(reading, at: 7)
        #expect(keep.text == "Keep what matters. For example, remove clutter.")
        #expect(keep.lineEnd == 9)
        #expect(reading.drafts.count == 3)
        #expect(ReadingPlaces.faults(lines, reading).isEmpty)
    }

    @Test(
        "Change log dates",
        arguments: [
            ("February 2, 2024", "2024-02-02"), ("June 21, 2023", "2023-06-21"), ("Sept. 9, 2024", "2024-09-09"),
            ("2 March 2025", "2025-03-02"), ("December 2025", "2025-12"), ("2024-02-02", "2024-02-02"),
        ])
    func changeLogDates(text: String, iso: String) {
        #expect(ChangeLogDate.iso(text) == iso)
    }

    @Test func notDates() {
        #expect(ChangeLogDate.iso("Updated guidance") == nil)
        #expect(ChangeLogDate.iso("February 42, 2024") == nil)
    }
}
