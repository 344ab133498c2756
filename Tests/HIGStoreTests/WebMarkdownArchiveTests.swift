import Foundation
import Testing
@testable import HIGStore
@testable import HIGText

@Suite("Reading the web HIG of 2026-07 (the shared archive's 172 Markdown files)")
struct WebMarkdownArchiveTests {
    static let pages = WebMarkdownArchive.pages

    static func page(_ path: String) throws -> WebMarkdownArchive.Page {
        try #require(pages.first { $0.path == path }, "\(path) is not in \(WebMarkdownArchive.folder.path)")
    }

    static func kinds(_ reading: SourceReading) -> [RuleKind: Int] {
        reading.drafts.reduce(into: [:]) { $0[$1.kind, default: 0] += 1 }
    }

    @Test("All 172 files are read: 171 pages and the README")
    func allPagesAreRead() {
        #expect(Self.pages.count == 172)
        #expect(Self.pages.allSatisfy { $0.reading.title != nil })
        #expect(
            Self.pages.allSatisfy { $0.reading.url?.hasPrefix("https://developer.apple.com/design/human-interface-guidelines") == true })
    }

    @Test("Every non-blank line of every page ends in exactly one rule, heading or set-aside")
    func everyLineIsAccountedFor() {
        for page in Self.pages {
            let faults = ReadingPlaces.faults(page.lines, page.reading)
            #expect(faults.isEmpty, "\(page.path): \(faults.prefix(5).map { "line \($0.line) in \($0.places) places" })")
        }
    }

    @Test("No markup is left in any rule's text or title, nor in any change note")
    func noMarkupLeft() {
        let marks = ["**", "](", "<span", "|", "`", "&amp;", "<br", "<!--"]
        for page in Self.pages {
            let texts =
                page.reading.drafts.flatMap { [$0.text, $0.title].compactMap { $0 } } + page.reading.changeNotes.map(\.text)
                + [page.reading.title ?? ""] + page.reading.headings.flatMap(\.path)
            // A pipe the source escapes (`Pipe (\\|)`, the key) is a word of the text.
            let escapesPipes = page.lines.contains { $0.contains("\\|") }
            // So is a backtick with no partner on its line (`Grave accent (`)`, the key).
            let loneBackticks = page.lines.contains { $0.filter { $0 == "`" }.count % 2 == 1 }
            for text in texts {
                let found = marks.filter { text.contains($0) && !($0 == "|" && escapesPipes) && !($0 == "`" && loneBackticks) }
                #expect(found.isEmpty, "\(page.path): \(found) in \(text.prefix(120))")
            }
        }
    }

    @Test("Every word of a rule stands in the lines it cites")
    func citedLinesHoldTheWords() {
        for page in Self.pages {
            for draft in page.reading.drafts {
                let cited = page.lines[(draft.lineStart - 1)..<draft.lineEnd].joined(separator: "\n").lowercased()
                let words = (draft.text + " " + (draft.title ?? "")).lowercased()
                    .split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
                let missing = words.filter { !cited.contains($0) }
                #expect(missing.isEmpty, "\(page.path):\(draft.lineStart) lacks \(missing.prefix(5))")
            }
        }
    }

    @Test("Keyboards.md: the row for the grave accent key keeps its backtick and its three cells")
    func graveAccentRow() throws {
        let keyboards = try Self.page("Inputs/Keyboards.md")
        // Line 65: `| Grave accent (`) | Command-Grave accent | Activate the next open window in
        // the frontmost app. |`, whose lone backtick once hid every pipe after it.
        let row = keyboards.reading.drafts.first { $0.lineStart == 65 }
        #expect(row?.text == "Grave accent (`) — Command-Grave accent — Activate the next open window in the frontmost app.")
    }

    @Test("Alerts.md: its rules by kind, counted by hand")
    func alertsCountedByHand() throws {
        let alerts = try Self.page("Components/Presentation/Alerts.md")
        // Counted from the page: context = the abstract (5), "For example, an alert can tell"
        // (13), "An alert is a modal view" (27), "In all platforms" (31) and its three bullets,
        // which carry no cue (33-35), and the two visionOS paragraphs that describe (89, 91): 9.
        // Figure: the image at 11: 1. Guideline: 4 bold leads under Best practices, 5 under
        // Content, 6 under Buttons, the table's 3 rows under the cancel guideline (63-65), 2 bold
        // leads for iOS, iPadOS, the macOS paragraph ("you can supply", 79), its 3 bullets and its
        // bold lead (85), and "create a view" (93): 26. No note: the opening "> **Note**" (7-9) is
        // the page's change note; "No additional considerations" (69) is a platform note.
        #expect(Self.kinds(alerts.reading) == [.context: 9, .figure: 1, .guideline: 26])
        #expect(alerts.reading.drafts.count == 36)
        #expect(ReadingPlaces.reason(of: 69, in: alerts.reading) == .platformNote)
        #expect(ReadingPlaces.reason(of: 8, in: alerts.reading) == .changeLog)
        #expect(alerts.reading.title == "Alerts")
        #expect(alerts.reading.url == "https://developer.apple.com/design/human-interface-guidelines/alerts")
    }

    @Test("Tab bars.md: its rules by kind, counted by hand")
    func tabBarsCountedByHand() throws {
        let tabBars = try Self.page("Components/Navigation and search/Tab bars.md")
        // Counted from the page, a bold sentence lead being a guideline and other paragraphs
        // read with the cue words of Data/vocabulary/cues.json:
        // figure: images at 11, 31, 35, 39, 53 (caption 54), 56 (57), 102 (103), 105 (106): 8.
        // note: the iPadOS "> **Note**" (65-67): 1 (the one at 7-9 is the change note).
        // guideline: 15 bold leads (17-29: 7, 37, 41, 69, 71, 86, 88, 100, 108), "you can choose"
        // (51, 63), "you can:" (75) and its 4 bullets, "you can't change" (82), the 3 bullets of
        // the live-viewing guideline (90-92), "always vertical" (98): 27.
        // context: the abstract (5), 13, "see Apple Design Resources" (33), 49, 59, 84, 94: 7.
        #expect(Self.kinds(tabBars.reading) == [.figure: 8, .note: 1, .guideline: 27, .context: 7])
        #expect(ReadingPlaces.reason(of: 45, in: tabBars.reading) == .platformNote)
    }

    @Test("Rules under a platform heading apply to that platform only")
    func platformsNarrowed() throws {
        let alerts = try Self.page("Components/Presentation/Alerts.md")
        func rule(at line: Int) throws -> RuleDraft { try #require(alerts.reading.drafts.first { $0.lineStart == line }) }
        #expect(try rule(at: 85).platforms == ["macOS"])
        #expect(try rule(at: 85).section == "Alerts › Platform considerations › macOS")
        #expect(try rule(at: 73).platforms == ["iOS", "iPadOS"])
        #expect(try rule(at: 93).platforms == ["visionOS"])
        #expect(try rule(at: 17).platforms == WebMarkdownArchive.platforms)
        #expect(try rule(at: 17).section == "Alerts › Best practices")
        // A table row's platform column narrows the row.
        #expect(try rule(at: 63).platforms == ["iOS", "iPadOS"])
        #expect(try rule(at: 63).text == "Exit to the Home Screen (iOS, iPadOS)")
        #expect(try rule(at: 65).platforms == ["tvOS"])
        #expect(alerts.reading.headings.map(\.joined).contains("Alerts › Platform considerations › iOS, iPadOS"))
    }

    @Test("The change notes of Alerts.md are the three dated rows of its change log")
    func alertsChangeNotes() throws {
        let alerts = try Self.page("Components/Presentation/Alerts.md")
        #expect(
            alerts.reading.changeNotes == [
                ChangeNote(
                    lineStart: 117, lineEnd: 117, date: "2024-02-02", text: "Enhanced guidance for using default and Cancel buttons."),
                ChangeNote(lineStart: 118, lineEnd: 118, date: "2023-09-12", text: "Added anatomy artwork for visionOS."),
                ChangeNote(lineStart: 119, lineEnd: 119, date: "2023-06-21", text: "Updated to include guidance for visionOS."),
            ])
        #expect((95...122).allSatisfy { ReadingPlaces.reason(of: $0, in: alerts.reading) != nil || alerts.lines[$0 - 1].isEmpty })
    }

    @Test("Group and index pages are tables of contents, not rules")
    func indexPagesAreTablesOfContents() throws {
        let presentation = try Self.page("Components/Presentation.md")
        #expect(presentation.reading.drafts.isEmpty)
        #expect((5...12).allSatisfy { ReadingPlaces.reason(of: $0, in: presentation.reading) == .tableOfContents })
        let components = try Self.page("Components.md")
        #expect(components.reading.drafts.map(\.lineStart) == [5])  // the abstract
        #expect((7...14).allSatisfy { ReadingPlaces.reason(of: $0, in: components.reading) == .tableOfContents })
        let readme = try Self.page("README.md")
        #expect(ReadingPlaces.reason(of: 1, in: readme.reading) == .converterChrome)
        #expect(readme.reading.drafts.allSatisfy { $0.kind == .context })
    }
}
