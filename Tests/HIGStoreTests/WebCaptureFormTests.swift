import Foundation
import Testing
@testable import HIGStore
@testable import HIGText

/// The forms of the 2022 and 2023-09 captures of the web HIG, read by the one web-Markdown reader
/// (`WebMarkdownReader+PageOpening`, `WebMarkdownReader+InlineImages`), on fixtures shaped as
/// their pages are (`hig-web-2022/components/presentation/alerts.md`, `hig-web-2023-09/...`).
@Suite("Reading the 2022 and 2023-09 web captures")
struct WebCaptureFormTests {
    static func read(_ text: String) -> SourceReading {
        WebMarkdownReader(platforms: WebMarkdownReaderTests.platforms).read(SourceFile.splitLines(text))
    }

    @Test("2022: a slug title, an abstract heading, level-1 sections and nested platform sections")
    func form2022() throws {
        let reading = Self.read(
            """
            # **[components-presentation] alerts**

            ## An alert gives people critical information they need right away.

            ![https://developer.apple.com/a.png](https://developer.apple.com/a.png)

            # **Best practices**

            **Use alerts sparingly.** Alerts interrupt.

            • [iOS](https://developer.apple.com/design/alerts#)

            -

            # **Platform considerations**

            # **iOS, iPadOS**

            **Use an action sheet.** Not an alert.

            ### **Scrolling**

            **Avoid an alert that scrolls.** Keep it short.
            """)
        #expect(reading.title == "Alerts")
        let texts = reading.drafts.map(\.text)
        #expect(
            texts == [
                "An alert gives people critical information they need right away.", "Use alerts sparingly. Alerts interrupt.",
                "Use an action sheet. Not an alert.", "Avoid an alert that scrolls. Keep it short.",
            ])
        #expect(reading.drafts[0].kind == .context)
        #expect(reading.drafts[1].section == "Alerts › Best practices")
        #expect(reading.drafts[2].section == "Alerts › Platform considerations › iOS, iPadOS")
        #expect(reading.drafts[2].platforms == ["iOS", "iPadOS"])
        #expect(reading.drafts[3].section == "Alerts › Platform considerations › iOS, iPadOS › Scrolling")
        #expect(reading.drafts[3].platforms == ["iOS", "iPadOS"])
    }

    @Test("2022: a place before a title of words is where the page is, not part of its title")
    func placeBeforeWords() {
        // As `hig-web-2022/platforms/designing-for-ios.md` and `patterns/collaboration-and-sharing.md` open.
        for (line, title) in [
            ("# **[Platforms] Designing for iOS**", "Designing for iOS"),
            ("# **[patterns] Collaboration and sharing**", "Collaboration and sharing"),
            ("# **[technologies-apple-pay] Buttons-and-marks**", "Buttons and marks"),
        ] {
            let reading = Self.read("\(line)\n\n# **Best practices**\n\n**Be brief.** Say it once.\n")
            #expect(reading.title == title)
            #expect(reading.drafts.map(\.section) == ["\(title) › Best practices"])
        }
        // A linked heading is no place: its words are the title, as any other heading's are.
        #expect(Self.read("# [Alerts](/design/alerts)\n\nSome words.\n").title != "(/design/alerts)")
    }

    @Test("2023-09: a dated banner, linked setext headings, glued images, a Note label and the change log")
    func form2023() throws {
        let reading = Self.read(
            """
            June 21, 2023

             Updated to include guidance for visionOS. Alerts
            ======

            An alert gives people critical information.![A stylized alert.](https://x/a.png)

            [Best practices](/design/human-interface-guidelines/alerts#Best-practices)
            --------------------------------------------------------------------------

            **Use alerts sparingly.** Alerts interrupt.

             [Play](#) 
            Keep the accessory view small.

            Note

            Alerts can scroll.

            [Change log](/design/human-interface-guidelines/alerts#Change-log)
            ------------------------------------------------------------------

            | Date | Changes |
            | --- | --- |
            | June 21, 2023 | Updated to include guidance for visionOS. |
            """)
        #expect(reading.title == "Alerts")
        #expect(
            reading.drafts.map(\.text) == [
                "An alert gives people critical information.", "A stylized alert.", "Use alerts sparingly. Alerts interrupt.",
                "Keep the accessory view small.", "Alerts can scroll.",
            ])
        #expect(reading.drafts.map(\.kind)[0...1] == [.context, .figure])
        #expect(reading.drafts[2].section == "Alerts › Best practices")
        #expect(reading.drafts[4].kind == .note && reading.drafts[4].title == "Note")
        // The banner repeats the log's row: one note, dated.
        #expect(reading.changeNotes.map(\.text) == ["Updated to include guidance for visionOS."])
        #expect(reading.changeNotes.map(\.date) == ["2023-06-21"])
    }

    @Test("A setext heading glued under a paragraph is that one line: the change log after a Resources card")
    func headingGluedUnderParagraph() throws {
        let reading = Self.read(
            """
            App icons
            =========

            [Resources](/design/human-interface-guidelines/app-icons#Resources)
            -------------------------------------------------------------------

            [![](https://x/v.jpg) App Icon Design](https://developer.apple.com/videos/play/wwdc2017/822)
            [Change log](/design/human-interface-guidelines/app-icons#Change-log)
            ---------------------------------------------------------------------

            | Date | Changes |
            | --- | --- |
            | June 21, 2023 | Updated to include guidance for visionOS. |
            | September 14, 2022 | Added specifications for Apple Watch Ultra. |
            """)
        #expect(reading.changeNotes.map(\.date) == ["2023-06-21", "2022-09-14"])
        #expect(reading.drafts.isEmpty)
    }

    @Test("A section index of page cards is a table of contents, after its abstract")
    func pageCards() throws {
        let reading = Self.read(
            """
            Components
            ==========

            Learn how to use components.[![A stylized note.](https://x/c.png) Content](/design/human-interface-guidelines/content) 
            [![A stylized window.](https://x/l.png) Layout and organization](/design/human-interface-guidelines/layout-and-organization) 
            """)
        #expect(reading.title == "Components")
        #expect(reading.drafts.map(\.text) == ["Learn how to use components."])
    }

    @Test("Pages match by title and place, by a renaming note, then by where their rules went")
    func pageMatching() {
        func page(_ id: Int, _ path: String, _ title: String, notes: [String] = []) -> PageFacts {
            PageFacts(id: id, path: path, title: title, rules: 5, notes: notes)
        }
        let earlier = [
            page(1, "w/components/status/acitivity-rings.md", "Acitivity rings"),
            page(2, "w/foundations/color.md", "Color"), page(3, "w/technologies/messages-for-business/color.md", "Color"),
            page(4, "w/components/selection-and-input/onscreen-keyboards.md", "Onscreen keyboards"),
            page(5, "w/technologies/machine-learning/roles.md", "Machine learning roles"),
        ]
        let later = [
            page(11, "v/components/status/activity-rings.md", "Activity rings"),
            page(12, "v/foundations/color.md", "Color"),
            page(
                14, "v/components/selection-and-input/virtual-keyboards.md", "Virtual keyboards",
                notes: ["changed page title from onscreen keyboards and updated to include guidance for visionos."]),
            page(15, "v/technologies/machine-learning.md", "Machine learning"),
        ]
        // Links between the pages' rules: Activity rings (misspelt in 2022) by lineage, the
        // machine learning sub-page into its merged page.
        let links = [1: [11: 4], 2: [12: 3], 4: [14: 3], 5: [15: 6]]
        let pairs = PageMatcher.pairs(earlier: earlier, later: later, links: links).map { "\($0.earlier)>\($0.later) \($0.how)" }
        #expect(Set(pairs) == ["1>11 lineage", "2>12 same-title", "4>14 renamed", "5>15 lineage"])
    }
}
