import Foundation
import Testing
@testable import HIGStore
@testable import HIGRendering
@testable import HIGText

/// Apple's own change notes where a user looks (`hig diff`, the HTML report), and the HTML
/// report's size limit, on the whole bundled HIG.
@Suite("Change notes and report size on the whole HIG")
struct ChangeNotesTests {
    @Test("diff ios-2011-03 ios-2014-03 carries 2014's revision history, as the PDF's table gives it")
    func pdfRevisionHistory() throws {
        let store = try RuleStore.open(path: BundleDatabase.path)
        let diff = try store.diff(from: "ios-2011-03", to: "ios-2014-03")
        // Data/editions/ios-2014-03/full_document.md lines 3532-3535, read by hand (the cells'
        // <br> are spaces).
        let expected: [(String, String)] = [
            ("2014-03-10", "Added guidelines about onboarding; made minor corrections and updated some artwork."),
            ("2014-02-11", "Corrected typos and replaced some outdated artwork."),
            (
                "2013-10-22",
                "Added app icon size for high resolution iPad mini, corrected Newsstand icon sizes, and reinstated iPhone 5 design guidelines."
            ),
            ("2013-09-18", "Reorganized and updated for iOS 7."),
        ]
        let notes = diff.changeNotes.filter { $0.lineStart >= 3532 && $0.lineStart <= 3535 }
        #expect(diff.changeNotes.count == 4)
        #expect(notes.map(\.date) == expected.map(\.0))
        #expect(notes.map(\.text) == expected.map(\.1))
        #expect(notes.allSatisfy { $0.file == "Data/editions/ios-2014-03/full_document.md" && $0.edition == "ios-2014-03" })
        #expect(diff.changeNotes.allSatisfy { $0.edition == "ios-2014-03" })
        let json = try JSONText.encode(diff)
        #expect(json.contains(#""date" : "2013-09-18""#) && json.contains(#""text" : "Reorganized and updated for iOS 7.""#))
        let text = TextRenderer(colored: false).diff(diff, rules: try store.ruleTexts(of: diff), showUnchanged: false)
        #expect(text.contains("\n    2013-09-18  Reorganized and updated for iOS 7.\n"))
        #expect(TextRenderer.diffMarkdown(diff, rules: [:]).contains("| 2013-09-18 | Reorganized and updated for iOS 7. |"))
    }

    @Test("diff ios-2014-03 current carries the change logs of the web pages with changes, dated")
    func webChangeLogs() throws {
        let store = try RuleStore.open(path: BundleDatabase.path)
        let diff = try store.diff(from: "ios-2014-03", to: "current")
        // Charts.md line 168: "| September 23, 2022 | New page. |", read by hand; all of its
        // rules are new in the web edition.
        let charts = "Data/editions/web-2026-07/Components/Content/Charts.md"
        let note = diff.changeNotes.first { $0.file == charts && $0.lineStart == 168 }
        #expect(note?.date == "2022-09-23" && note?.text == "New page." && note?.document == "Charts")
        // Only pages holding an added or changed rule of the diff.
        let changed = Set(diff.added + diff.notInFromExcerpt + diff.changed.map(\.to))
        let changedFiles = Set(try store.rules(RuleFilter(edition: "web-2026-07")).filter { changed.contains($0.id) }.map(\.source.file))
        #expect(!diff.changeNotes.isEmpty)
        #expect(diff.changeNotes.allSatisfy { changedFiles.contains($0.file) })
        let all = try store.changeNotes(edition: "current")
        #expect(Set(all.filter { changedFiles.contains($0.file) }.map(\.text)).count == Set(diff.changeNotes.map(\.text)).count)
    }

    @Test("diff web-2022-23 current --topic alerts carries the Alerts page's change log, not those of pages its pairs lead to")
    func topicChangeNotes() throws {
        let store = try RuleStore.open(path: try BundleDatabase.path)
        let diff = try store.diff(from: "web-2022-23", to: "current", options: .init(topic: "alerts"))
        // Pairs kept for their 2022-23 alert rule lead to Icons.md and App icons.md too (the
        // screenshot of an alert with a trash icon, one with the Podcasts app icon): those
        // pages are not about alerts.
        #expect(diff.changeNotes.contains { $0.document == "Alerts" })
        #expect(!diff.changeNotes.contains { $0.document == "Icons" || $0.document == "App icons" })
        let whole = try store.diff(from: "web-2022-23", to: "current")
        #expect(whole.changeNotes.contains { $0.document == "Icons" })
    }

    @Test("A single-file HTML report of the whole HIG is refused in one line, and nothing is written")
    func wholeReportRefused() throws {
        #expect(throws: HIGError.reportTooLarge(rules: 2_001, limit: 2_000)) { try HTMLReport.checkSize(rules: 2_001) }
        try HTMLReport.checkSize(rules: 2_000)
        try Fixtures.withTemporaryFolder { folder in
            let cli = HigRunner()
            let refused = try cli.hig(["--db", BundleDatabase.path, "export", "--format", "html", "-o", "all.html"], in: folder)
            #expect(refused.status != 0 && refused.stdout.isEmpty)
            #expect(
                refused.stderr
                    == "hig: error: an HTML report of 24030 rules is too large for one file (at most 2000); narrow it with --edition, --topic, --section, --kind or --platform, or write pages with --pages -o FOLDER (nothing was written)\n"
            )
            #expect(!FileManager.default.fileExists(atPath: folder.appending(path: "all.html").path))
            // One page's worth passes, and its sources section shows the page's change log.
            let page = try cli.hig(
                ["--db", BundleDatabase.path, "export", "--format", "html", "--edition", "ios-2014-03", "-o", "p.html"],
                in: folder)
            #expect(page.status == 0)
            let html = try String(contentsOf: folder.appending(path: "p.html"), encoding: .utf8)
            #expect(html.contains("<dt>2014-03-10</dt><dd>Added guidelines about onboarding;"))
        }
    }

    @Test("evolution names the change notes of the files along its lineages, briefly")
    func evolutionNotes() throws {
        let store = try RuleStore.open(path: BundleDatabase.path)
        let answer = try store.evolution("button colors", limit: 2)
        // Alerts.md line 117: "| February 2, 2024 | Enhanced guidance for using default and
        // Cancel buttons. |", read by hand; the lineage ends on Alerts.md:53.
        let alerts = "Data/editions/web-2026-07/Components/Presentation/Alerts.md"
        let note = answer.changeNotes.first { $0.file == alerts && $0.lineStart == 117 }
        #expect(note?.date == "2024-02-02" && note?.text == "Enhanced guidance for using default and Cancel buttons.")
        let files = Set(answer.lineages.flatMap(\.versions).map(\.source.file))
        #expect(answer.changeNotes.allSatisfy { files.contains($0.file) })
        let text = TextRenderer(colored: false).evolution(answer)
        #expect(text.contains("   web-2026-07  Alerts: 2024-02-02  Enhanced guidance for using default and Cancel buttons. (and "))
    }
}
