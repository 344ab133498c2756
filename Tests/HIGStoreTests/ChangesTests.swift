import Foundation
import HIGTestSupport
import Testing
@testable import HIGRendering
@testable import HIGStore
@testable import HIGText

/// `hig changes`: what changed since an edition or a date, page by page, on three small web
/// captures written here, whose changes are known by construction.
@Suite("What changed since, page by page")
struct ChangesTests {
    /// Three captures of a web HIG: w22 (September 2022), w23 (September 2023), w26 (July 2026).
    static func captures(in folder: URL) throws -> URL {
        let editions = [("w22", "2022-09", [String]()), ("w23", "2023-09", ["w22"]), ("w26", "2026-07", ["w23"])]
        let entries = editions.map { id, date, before in
            #"{"id": "\#(id)", "name": "Web \#(id)", "date": "\#(date)", "platform_scope": "Apple platforms", "platforms": ["iOS", "macOS", "visionOS"], "predecessors": [\#(before.map { "\"\($0)\"" }.joined(separator: ", "))]}"#
        }
        let pages: [String: [String: String]] = [
            "w22": ["Alerts.md": alerts22, "Onscreen keyboards.md": keyboards, "Old page.md": oldPage],
            "w23": ["Alerts.md": alerts23, "Onscreen keyboards.md": keyboards, "Old page.md": oldPage],
            "w26": ["Alerts.md": alerts26, "Virtual keyboards.md": virtualKeyboards, "Charts.md": charts],
        ]
        var files: [String] = []
        var data: [String: Data] = [:]
        for (edition, named) in pages {
            for (name, text) in named {
                files.append(
                    #"{"path": "\#(edition)/\#(name)", "edition": "\#(edition)", "document": "Web HIG", "form": "web-markdown", "coverage": "complete"}"#
                )
                data["\(edition)/\(name)"] = Data(text.utf8)
            }
        }
        let manifest =
            #"{"format": 2, "editions": [\#(entries.joined(separator: ","))], "files": [\#(files.sorted().joined(separator: ","))]}"#
        return try Fixtures.writeEditions(in: folder, manifest: manifest, files: data)
    }

    static let sparingly =
        "**Use alerts sparingly.** Alerts interrupt people, so show them only for important information people need now.\n"
    static let shared = "### visionOS\n\nWhen your app runs in the Shared Space, an alert appears in front of the window that shows it.\n"
    static let alerts22 = """
        # Alerts

        ## Best practices

        \(sparingly)
        **Consider making the Cancel button the default button.** A default Cancel button helps people avoid a destructive action they did not mean.

        """
    static let alerts23 = """
        # Alerts

        ## Best practices

        \(sparingly)
        **Consider making the Cancel button the default button.** A default Cancel button helps people avoid a destructive action they did not mean.

        ## Platform considerations

        \(shared)
        ## Change log

        | Date | Changes |
        | --- | --- |
        | June 21, 2023 | Updated to include guidance for visionOS. |

        """
    static let alerts26 = """
        # Alerts

        ## Best practices

        \(sparingly)
        **Avoid making the Cancel button the default button.** A default Cancel button rarely helps people avoid a destructive action they did not mean.

        **Put the default button on the trailing side.** People expect to find the button that confirms the alert's action on the trailing side of the row.

        ## Platform considerations

        \(shared)
        ## Change log

        | Date | Changes |
        | --- | --- |
        | February 2, 2024 | Enhanced guidance for using default and Cancel buttons. |
        | September 12, 2023 | Added anatomy artwork for visionOS. |
        | June 21, 2023 | Updated to include guidance for visionOS. |

        """
    static let keyboards = """
        # Onscreen keyboards

        **Choose a keyboard type that fits the text people enter.** An email address field shows a keyboard with the at sign.

        **Offer a Done key when people finish entering text.** The return key can end the entry.

        """
    static let virtualKeyboards = """
        # Virtual keyboards

        **Choose a keyboard type that fits the text people enter.** An email address field shows a keyboard with the at sign.

        **Offer a Done key when people finish entering text.** The return key can end the entry in a single field.

        ## Change log

        | Date | Changes |
        | --- | --- |
        | June 10, 2024 | Changed page title from Onscreen keyboards. |

        """
    static let oldPage = """
        # Old page

        **Show the status of a download in the toolbar.** People glance there to see how far it got.

        """
    static let charts = """
        # Charts

        **Give each chart a clear title.** A title tells people what the chart measures before they read its marks.

        ## Change log

        | Date | Changes |
        | --- | --- |
        | September 23, 2024 | New page. |

        """

    /// The fixture's database, imported once per test.
    static func withStore(_ body: (RuleStore, String) throws -> Void) throws {
        try Fixtures.withTemporaryFolder { folder in
            let path = folder.appending(path: "hig.sqlite").path
            _ = try StoreWriter.importEditions(from: try captures(in: folder), into: path)
            try body(try RuleStore.open(path: path), path)
        }
    }

    @Test("From one capture to the next: pages newest note first, Apple's new entries beside the rules of their page")
    func fromCaptureToCapture() throws {
        try Self.withStore { store, _ in
            let changes = try store.changes(.init(from: "w23", to: "w26"))
            #expect(changes.from == "w23" && changes.to == "w26" && changes.through.isEmpty)
            // Charts (2024-09-23), Virtual keyboards (2024-06-10), Alerts (2024-02-02), then
            // Old page (no note).
            #expect(changes.pages.map(\.title) == ["Charts", "Virtual keyboards", "Alerts", "Old page"])
            #expect(changes.pages.map(\.status) == [.added, .changed, .changed, .removed])
            let alerts = changes.pages[2]
            #expect(alerts.path == "Data/editions/w26/Alerts.md" || alerts.path.hasSuffix("w26/Alerts.md"))
            // 2023-06-21 is in w23's change log already: not new.
            #expect(alerts.notes.map(\.note.date) == ["2024-02-02", "2023-09-12"])
            #expect(alerts.notes.first?.note.text == "Enhanced guidance for using default and Cancel buttons.")
            // Its words (default, Cancel, button) are in the changed rule and the added one;
            // "Added anatomy artwork for visionOS" names none (no rule change mentions visionOS).
            #expect(alerts.notes.first?.names == [alerts.added[0].id, alerts.changed[0].to.id])
            #expect(alerts.notes.last?.names == [])
            #expect(
                alerts.added.map(\.text) == [
                    "Put the default button on the trailing side. People expect to find the button that confirms the alert's action on the trailing side of the row."
                ])
            #expect(alerts.removed.isEmpty)
            #expect(alerts.changed.count == 1)
            #expect(alerts.changed.first?.from.text.hasPrefix("Consider making the Cancel button") == true)
            #expect(alerts.changed.first?.to.text.hasPrefix("Avoid making the Cancel button") == true)
            let keyboards = changes.pages[1]
            #expect(keyboards.formerly == ["Onscreen keyboards"])
            #expect(
                keyboards.changed.map(\.to.text) == [
                    "Offer a Done key when people finish entering text. The return key can end the entry in a single field."
                ])
            #expect(changes.pages[0].added.count == 1 && changes.pages[0].notes.map(\.note.text) == ["New page."])
            #expect(
                changes.pages[3].removed.map(\.text) == [
                    "Show the status of a download in the toolbar. People glance there to see how far it got."
                ])
            #expect(changes.pages[3].path.hasSuffix("w23/Old page.md"))
        }
    }

    @Test("--since picks the newest edition dated on or before it, and keeps Apple's entries from that date on")
    func since() throws {
        try Self.withStore { store, _ in
            // w22 (2022-09) is the newest edition dated on or before 2023-01-01; w26 is the newest.
            let changes = try store.changes(.init(since: PartialDate("2023-01-01")))
            #expect(changes.from == "w22" && changes.to == "w26" && changes.through == ["w23"])
            let alerts = try #require(changes.pages.first { $0.title == "Alerts" })
            #expect(alerts.notes.map(\.note.date) == ["2024-02-02", "2023-09-12", "2023-06-21"])
            // From 2024 on, only the 2024 entries, on pages that have one or a rule change.
            let later = try store.changes(.init(since: PartialDate("2024")))
            #expect(later.from == "w23")
            #expect(later.pages.first { $0.title == "Alerts" }?.notes.map(\.note.date) == ["2024-02-02"])
            // A month: its first day is on or before w23's September 2023.
            #expect(try store.changes(.init(since: PartialDate("2023-09"))).from == "w23")
            #expect(throws: HIGError.noEditionBefore(date: "2022-08", edition: "w26", oldest: "w22")) {
                try store.changes(.init(since: PartialDate("2022-08")))
            }
        }
    }

    @Test("Without --since or --from, the newest edition is compared with the one before it")
    func defaultComparison() throws {
        try Self.withStore { store, _ in
            let changes = try store.changes(.init())
            #expect(changes.from == "w23" && changes.to == "w26")
        }
    }

    @Test("--page names a page by title or path, in the later edition or, once removed or renamed, the earlier")
    func onePage() throws {
        try Self.withStore { store, _ in
            func titles(_ page: String) throws -> [String] {
                try store.changes(.init(from: "w23", to: "w26", page: page)).pages.map(\.title)
            }
            #expect(try titles("alerts") == ["Alerts"])
            #expect(try titles("w26/Alerts.md") == ["Alerts"])
            #expect(try titles("Onscreen keyboards") == ["Virtual keyboards"])
            let removed = try store.changes(.init(from: "w23", to: "w26", page: "Old page")).pages
            #expect(removed.map(\.status) == [.removed])
            #expect(throws: HIGError.pageUnknown(page: "Modals", edition: "w26", matches: [])) {
                try store.changes(.init(from: "w23", to: "w26", page: "Modals"))
            }
        }
    }

    @Test("--step: one comparison per step, newest first, following a renamed page back to its former title")
    func steps() throws {
        try Self.withStore { store, _ in
            let alerts = try store.changesByStep(.init(from: "w22", page: "Alerts"))
            #expect(alerts.map { [$0.from, $0.to] } == [["w23", "w26"], ["w22", "w23"]])
            // 2022 to 2023: the visionOS section and its entry.
            let first = try #require(alerts.last?.pages.first)
            #expect(first.notes.map(\.note.text) == ["Updated to include guidance for visionOS."])
            #expect(
                first.added.map(\.text) == [
                    "When your app runs in the Shared Space, an alert appears in front of the window that shows it."
                ])
            #expect(first.notes.first?.names == [first.added[0].id])
            // Virtual keyboards is Onscreen keyboards before 2026, unchanged from 2022 to 2023.
            let keyboards = try store.changesByStep(.init(from: "w22", page: "Virtual keyboards"))
            #expect(keyboards.map { [$0.from, $0.to] } == [["w23", "w26"], ["w22", "w23"]])
            #expect(keyboards[0].pages.map(\.formerly) == [["Onscreen keyboards"]])
            #expect(
                keyboards[0].pages.first?.earlier == ["Data/editions/w23/Onscreen keyboards.md"]
                    || keyboards[0].pages.first?.earlier.first?.hasSuffix("w23/Onscreen keyboards.md") == true)
            #expect(keyboards[1].pages.isEmpty)
            // A page added on the way has nothing before it: the steps stop there.
            #expect(try store.changesByStep(.init(from: "w22", page: "Charts")).map(\.to) == ["w26"])
        }
    }

    @Test("--platform keeps the rules that apply to it and Apple's entries that name it")
    func platform() throws {
        try Self.withStore { store, _ in
            // Every rule of these pages applies to visionOS (the editions' platforms), so the
            // rules stay; macOS rules too. An entry that names another platform does not.
            let vision = try store.changes(.init(from: "w23", to: "w26", platform: "visionOS"))
            let alerts = try #require(vision.pages.first { $0.title == "Alerts" })
            #expect(alerts.notes.map(\.note.text) == ["Added anatomy artwork for visionOS."])
            #expect(alerts.changed.count == 1)
            let mac = try store.changes(.init(from: "w23", to: "w26", platform: "macOS"))
            #expect(mac.pages.first { $0.title == "Alerts" }?.notes.isEmpty == true)
            #expect(throws: HIGError.self) { try store.changes(.init(from: "w23", to: "w26", platform: "Android")) }
        }
    }

    @Test("Text, Markdown and HTML read as a changelog, with word diffs")
    func rendering() throws {
        try Self.withStore { store, _ in
            let changes = try store.changes(.init(from: "w23", to: "w26", page: "Alerts"))
            let text = TextRenderer(colored: false).changes(changes)
            #expect(text.hasPrefix("What changed from w23 to w26\n"))
            #expect(text.contains("\nAlerts: changed\n"))
            #expect(
                text.contains(
                    "    2024-02-02  Enhanced guidance for using default and Cancel buttons.\n                its words are in w26-"))
            #expect(text.contains("[-Consider-] {+Avoid+} making the Cancel button the default button."))
            let markdown = TextRenderer.changesMarkdown(changes)
            #expect(markdown.hasPrefix("# What changed from w23 to w26\n"))
            #expect(markdown.contains("\n## Alerts (changed)\n"))
            #expect(
                markdown.contains(
                    "- **2024-02-02**: Enhanced guidance for using default and Cancel buttons. (its words are in `\(changes.pages[0].added[0].id)`, `\(changes.pages[0].changed[0].to.id)`)\n"
                ))
            #expect(markdown.contains("~~Consider~~ **Avoid** making the Cancel button the default button."))
            let html = ChangesHTML.render(changes, version: "test")
            #expect(html.contains("<h2>Alerts <span class=\"muted\">(changed)</span></h2>"))
            #expect(html.contains("<time>2024-02-02</time>: Enhanced guidance for using default and Cancel buttons."))
            #expect(html.contains("<ins>"))
            // Well-formed: it parses as XML.
            #expect(StrictXML.problems(html).isEmpty)
        }
    }

    @Test("hig changes: a bad date, --since with --from, or an unknown page is one line, exit 1, nothing written")
    func mistakes() throws {
        try Self.withStore { _, path in
            let cli = HigRunner()
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
            let cases: [([String], String)] = [
                (
                    ["changes", "--since", "2023-13-01"],
                    "hig: error: --since '2023-13-01' is not a date; give YYYY, YYYY-MM or YYYY-MM-DD (e.g. 2023-01-01)\n"
                ),
                (
                    ["changes", "--since", "2023", "--from", "w22"],
                    "hig: error: --since and --from both name the earlier edition; give one of them (see `hig help`)\n"
                ),
                (
                    ["changes", "--from", "w23", "--page", "Modals"],
                    "hig: error: no page of w26 has the title or path 'Modals'; list them with `hig pages --edition w26`\n"
                ),
                (
                    ["changes", "--since", "2021", "-o", "out.md"],
                    "hig: error: no edition before w26 is dated on or before 2021; the oldest dated one is w22: give a later --since, or --from\n"
                ),
            ]
            for (arguments, message) in cases {
                let result = try cli.hig(["--db", path] + arguments, in: folder)
                #expect(result.status == 1 && result.stdout.isEmpty)
                #expect(result.stderr == message, "\(arguments)")
            }
            #expect(!FileManager.default.fileExists(atPath: folder.appending(path: "out.md").path))
            let written = try cli.hig(["--db", path, "changes", "--from", "w23", "--format", "markdown", "-o", "out.md"], in: folder)
            #expect(written.status == 0)
            #expect(
                written.stderr
                    == "hig: wrote the changes of 4 pages to out.md (markdown, \(try Data(contentsOf: folder.appending(path: "out.md")).count) bytes)\n"
            )
        }
    }

    @Test("Partial dates: a year and a month stand for their first and last days; impossible dates are refused")
    func partialDates() {
        #expect(PartialDate("2024")?.first == "2024-01-01" && PartialDate("2024")?.last == "2024-12-31")
        #expect(PartialDate("2024-02")?.last == "2024-02-29" && PartialDate("2023-02")?.last == "2023-02-28")
        #expect(PartialDate("2023-06-21")?.first == "2023-06-21")
        for bad in ["", "23", "2023-1", "2023-00", "2023-02-30", "2023-06-21T00", "June 2023", "２０２３"] {
            #expect(PartialDate(bad) == nil, "\(bad)")
        }
    }
}
