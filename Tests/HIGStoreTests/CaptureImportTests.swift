import Foundation
import Testing
@testable import HIGDatabase
@testable import HIGText

/// `hig import --capture DIR --date D`: a newer copy of the web HIG is one more edition of the
/// web line, compared with the newest capture by `hig changes` and `hig diff`, recorded so that
/// a plain import keeps it; every mistake is one line and leaves the database as it was.
///
/// On a small editions folder (three pages of the bundled web-2026-07 as its one capture), so
/// that each import takes a moment: the capture is those pages with one guideline reworded, one
/// added and one removed on Alerts, Sheets unchanged, and Action sheets renamed Action menus.
@Suite("A newer web capture is imported with one command and compared with the newest one")
struct CaptureImportTests {
    let cli = HigRunner()

    static let presentation = "Components/Presentation"
    static let pages = ["Alerts.md", "Sheets.md", "Action sheets.md"]
    static let bundledCapture = Fixtures.bundle.appending(path: "web-2026-07")

    static let reworded = (
        from: "**Use alerts sparingly.** Alerts give people important information,",
        to: "**Use alerts rarely.** Alerts give people urgent information,"
    )
    static let removed = "**Avoid showing an alert when your app starts.**"
    /// The renamed page's lead guideline, reworded with the page.
    static let renamedLead = (from: "**Use action sheets sparingly.**", to: "**Use action menus sparingly.**")
    static let added =
        "**Test every alert with VoiceOver before you ship it.** Check that VoiceOver reads the title, the message and each button in order."

    /// An editions folder whose one edition, web-2026-07, is three of its pages, byte for byte.
    static func writeEditions(in folder: URL) throws -> URL {
        let manifest = """
            {"format": 2, "files": [],
             "editions": [{"id": "web-2026-07", "name": "Human Interface Guidelines (web, captured 2026-07-13)", "line": "web",
                           "predecessors": [], "date": "2026-07-13", "platform_scope": "Apple platforms",
                           "platforms": ["iOS", "iPadOS", "macOS", "tvOS", "visionOS", "watchOS"]}],
             "folders": [{"folder": "web-2026-07", "edition": "web-2026-07", "document": "Human Interface Guidelines (web), 2026-07-13",
                          "form": "web-markdown", "coverage": "complete", "extension": "md"}]}
            """
        var files: [String: Data] = [:]
        for page in pages {
            files["web-2026-07/\(presentation)/\(page)"] = try Data(contentsOf: bundledCapture.appending(path: "\(presentation)/\(page)"))
        }
        return try Fixtures.writeEditions(in: folder, manifest: manifest, files: files)
    }

    /// The newer capture: the same three pages, changed as the suite says, in a folder of its
    /// own (`name`), the renamed page under its new name.
    static func writeCapture(in folder: URL, name: String = "capture") throws -> URL {
        let capture = folder.appending(path: name)
        let place = capture.appending(path: presentation)
        try FileManager.default.createDirectory(at: place, withIntermediateDirectories: true)
        func page(_ name: String) throws -> String {
            try String(contentsOf: bundledCapture.appending(path: "\(presentation)/\(name)"), encoding: .utf8)
        }
        var alerts = try page("Alerts.md").components(separatedBy: "\n")
        let rewordedLine = try #require(alerts.firstIndex { $0.hasPrefix(reworded.from) })
        alerts[rewordedLine] = alerts[rewordedLine].replacingOccurrences(of: reworded.from, with: reworded.to)
        alerts.removeAll { $0.hasPrefix(removed) }
        alerts.insert(contentsOf: [added, ""], at: rewordedLine + 2)
        try Data(alerts.joined(separator: "\n").utf8).write(to: place.appending(path: "Alerts.md"))
        try Data(try page("Sheets.md").utf8).write(to: place.appending(path: "Sheets.md"))
        let menus = try page("Action sheets.md").replacingOccurrences(of: "**Action sheets**", with: "**Action menus**")
            .replacingOccurrences(of: "# Action sheets\n", with: "# Action menus\n")
            .replacingOccurrences(of: renamedLead.from, with: renamedLead.to)
        try Data(menus.utf8).write(to: place.appending(path: "Action menus.md"))
        return capture
    }

    /// The line of the added guideline in the capture's Alerts page.
    static func addedLine(in capture: URL) throws -> Int {
        let text = try String(contentsOf: capture.appending(path: "\(presentation)/Alerts.md"), encoding: .utf8)
        return try #require(text.components(separatedBy: "\n").firstIndex(of: added)) + 1
    }

    /// A database of the small editions folder, in `folder`.
    func importEditions(in folder: URL) throws -> String {
        let editions = try Self.writeEditions(in: folder)
        let database = folder.appending(path: "hig.sqlite").path
        let result = try cli.hig(["--db", database, "import", "--editions", editions.path], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        return database
    }

    /// The database file and its write-ahead log, byte for byte. An empty log is no log: the
    /// import's wait for the write lock opens the database for writing, which leaves one (as
    /// any reader of a database in WAL mode may), holding no page.
    func bytes(of database: String) -> [Data] {
        [database, database + "-wal"].map { (try? Data(contentsOf: URL(fileURLWithPath: $0))) ?? Data() }
    }

    /// The first column of `sql`'s rows, read through a connection of its own: each read sees
    /// what the imports run since wrote.
    func strings(_ sql: String, in database: String) throws -> [String] {
        try Database(path: database, mode: .readOnly).rows(sql).map { $0[0].string ?? "" }
    }

    func json(_ result: HigRunner.Result) throws -> Any {
        #expect(result.status == 0, "\(result.stderr)")
        return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
    }

    @Test("The capture becomes one edition of the web line after the newest capture, citing its own files by path and line")
    func importAddsOneEdition() throws {
        try Fixtures.withTemporaryFolder { folder in
            let database = try importEditions(in: folder)
            let capture = try Self.writeCapture(in: folder)
            let result = try cli.hig(["--db", database, "import", "--capture", "capture", "--date", "2026-11-20"], in: folder)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains("and the capture web-2026-11-20 \(capture.path)\n"), "\(result.stdout)")

            let db = try Database(path: database, mode: .readOnly)
            let editions = try db.rows("SELECT id, line, date FROM editions ORDER BY position").map {
                [$0.string("id"), $0.string("line"), $0.string("date")]
            }
            #expect(editions == [["web-2026-07", "web", "2026-07-13"], ["web-2026-11-20", "web", "2026-11-20"]])
            let predecessors = try db.rows("SELECT edition_id, predecessor_id FROM edition_predecessors").map {
                [$0.string("edition_id"), $0.string("predecessor_id")]
            }
            #expect(predecessors == [["web-2026-11-20", "web-2026-07"]])
            let paths = try db.rows("SELECT path FROM sources WHERE edition_id = 'web-2026-11-20' ORDER BY path").map { $0.string("path") }
            #expect(paths == ["Action menus.md", "Alerts.md", "Sheets.md"].map { "web-2026-11-20/\(Self.presentation)/\($0)" })
            // The added guideline is cited at its line of the capture's file, with its words.
            let cited = try #require(
                try db.rows(
                    """
                    SELECT r.line_start, r.verbatim, s.path FROM rules r JOIN sources s ON s.id = r.source_id
                    WHERE r.edition_id = 'web-2026-11-20' AND r.text LIKE 'Test every alert with VoiceOver%'
                    """
                ).first)
            #expect(cited.int("line_start") == (try Self.addedLine(in: capture)))
            #expect(cited.string("verbatim") == Self.added)
            #expect(cited.string("path") == "web-2026-11-20/\(Self.presentation)/Alerts.md")
        }
    }

    @Test("hig changes and hig diff show the reworded, added and removed guidelines and the renamed page")
    func changesAndDiffShowTheCapture() throws {
        try Fixtures.withTemporaryFolder { folder in
            let database = try importEditions(in: folder)
            _ = try Self.writeCapture(in: folder)
            let imported = try cli.hig(["--db", database, "import", "--capture", "capture", "--date", "2026-11-20"], in: folder)
            #expect(imported.status == 0, "\(imported.stderr)")

            let changes = try #require(
                try json(
                    cli.hig(
                        ["--db", database, "changes", "--from", "web-2026-07", "--to", "web-2026-11-20", "--format", "json"], in: folder)
                ) as? [String: Any])
            #expect(changes["from"] as? String == "web-2026-07")
            #expect(changes["to"] as? String == "web-2026-11-20")
            let pages = try #require(changes["pages"] as? [[String: Any]])
            // Sheets is unchanged, so it is no page of the changelog.
            #expect(Set(pages.compactMap { $0["title"] as? String }) == ["Alerts", "Action menus"])
            let menus = try #require(pages.first { $0["title"] as? String == "Action menus" })
            #expect(menus["formerly"] as? [String] == ["Action sheets"], "\(menus)")
            #expect(menus["status"] as? String == "changed", "\(menus)")
            let alerts = try #require(pages.first { $0["title"] as? String == "Alerts" })
            func texts(_ key: String) -> [String] {
                (alerts[key] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
            }
            #expect(texts("added").contains { $0.hasPrefix("Test every alert with VoiceOver") }, "\(texts("added"))")
            #expect(texts("removed").contains { $0.hasPrefix("Avoid showing an alert when your app starts.") }, "\(texts("removed"))")
            let changed = (alerts["changed"] as? [[String: Any]] ?? []).map { change in
                [
                    (change["pair"] as? [String: Any])?["change"] as? String, (change["from"] as? [String: Any])?["citation"] as? String,
                    (change["to"] as? [String: Any])?["citation"] as? String,
                ]
            }
            #expect(
                changed == [
                    [
                        "reworded", "editions/web-2026-07/\(Self.presentation)/Alerts.md:17",
                        "web-2026-11-20/\(Self.presentation)/Alerts.md:17",
                    ]
                ])

            // hig pages follows the renamed page back to its old title, through its rules' links.
            let renamed = try #require(
                try json(cli.hig(["--db", database, "pages", "--edition", "web-2026-11-20", "--format", "json"], in: folder))
                    as? [String: Any])
            let menusPage = try #require(
                (renamed["pages"] as? [[String: Any]])?.first { ($0["page"] as? [String: Any])?["title"] as? String == "Action menus" })
            let previous = (menusPage["previous"] as? [[String: Any]] ?? []).compactMap { $0["title"] as? String }
            #expect(previous == ["Action sheets"], "\(menusPage)")

            let diff = try cli.hig(["--db", database, "diff", "web-2026-07", "web-2026-11-20", "--page", "Alerts"], in: folder)
            #expect(diff.status == 0, "\(diff.stderr)")
            #expect(
                diff.stdout.contains("Use alerts [-sparingly.-] {+rarely.+} Alerts give people [-important-] {+urgent+} information"),
                "\(diff.stdout)")
            #expect(diff.stdout.contains("Test every alert with VoiceOver"), "\(diff.stdout)")
            #expect(diff.stdout.contains("Avoid showing an alert when your app starts."), "\(diff.stdout)")
        }
    }

    @Test("A plain hig import reads the captures again from their folders; a moved folder stops it; --drop-capture removes one")
    func plainImportKeepsTheCapture() throws {
        try Fixtures.withTemporaryFolder { folder in
            let database = try importEditions(in: folder)
            let capture = try Self.writeCapture(in: folder)
            let first = try cli.hig(["--db", database, "import", "--capture", capture.path, "--date", "2026-11-20"], in: folder)
            #expect(first.status == 0, "\(first.stderr)")

            let plain = try cli.hig(["--db", database, "import"], in: folder)
            #expect(plain.status == 0, "\(plain.stderr)")
            #expect(plain.stdout.contains("and the capture web-2026-11-20 \(capture.path)\n"), "\(plain.stdout)")
            #expect(plain.stdout.hasSuffix("\(database) was up to date; nothing changed\n"), "\(plain.stdout)")

            // A second capture follows the first, the newest by then.
            let later = try Self.writeCapture(in: folder, name: "later")
            try Data("**Prefer a short title.** A title of a few words is read at a glance.\n".utf8)
                .write(to: later.appending(path: "\(Self.presentation)/Titles.md"))
            let second = try cli.hig(
                ["--db", database, "import", "--capture", later.path, "--date", "2026-11-24", "--id", "web-next"], in: folder)
            #expect(second.status == 0, "\(second.stderr)")
            let followed = "SELECT predecessor_id FROM edition_predecessors WHERE edition_id = 'web-next'"
            #expect(try strings(followed, in: database) == ["web-2026-11-20"])

            let moved = folder.appending(path: "moved")
            try FileManager.default.moveItem(at: capture, to: moved)
            let before = bytes(of: database)
            cli.expectOneLineError(
                try cli.hig(["--db", database, "import"], in: folder),
                mentioning: "holds the capture web-2026-11-20 read from \(capture.path), which is no longer there")
            #expect(bytes(of: database) == before)
            try FileManager.default.moveItem(at: moved, to: capture)

            // Dropping the first capture: the second then follows the newest capture before it.
            let dropped = try cli.hig(["--db", database, "import", "--drop-capture", "web-2026-11-20"], in: folder)
            #expect(dropped.status == 0, "\(dropped.stderr)")
            #expect(dropped.stdout.contains("removed edition web-2026-11-20 ("), "\(dropped.stdout)")
            #expect(dropped.stdout.contains("): the capture read from \(capture.path) dropped (--drop-capture)\n"), "\(dropped.stdout)")
            #expect(try strings(followed, in: database) == ["web-2026-07"], "\(dropped.stdout)")
            let again = try cli.hig(["--db", database, "import"], in: folder)
            #expect(again.stdout.hasSuffix("\(database) was up to date; nothing changed\n"), "\(again.stdout)")
            #expect(try strings("SELECT id FROM editions ORDER BY position", in: database) == ["web-2026-07", "web-next"])
        }
    }

    @Test("A capture may mix the three converters' forms: each page is read as the same file is in an editions folder")
    func eachPageInItsOwnForm() throws {
        try Fixtures.withTemporaryFolder { folder in
            let database = try importEditions(in: folder)
            // The 2026 Alerts page (changed), the 2023-09 Sheets page and the 2022 Action sheets page.
            let mixed = try Self.writeCapture(in: folder, name: "mixed")
            let place = mixed.appending(path: Self.presentation)
            try FileManager.default.removeItem(at: place.appending(path: "Sheets.md"))
            try FileManager.default.removeItem(at: place.appending(path: "Action menus.md"))
            let older = [
                ("sheets.md", Fixtures.bundle.appending(path: "web-2023-09/components/presentation/sheets.md")),
                ("action-sheets.md", Fixtures.bundle.appending(path: "web-2022/components/presentation/action-sheets.md")),
            ]
            for (name, source) in older { try FileManager.default.copyItem(at: source, to: place.appending(path: name)) }
            let imported = try cli.hig(["--db", database, "import", "--capture", "mixed", "--date", "2026-11-20"], in: folder)
            #expect(imported.status == 0, "\(imported.stderr)")

            // The same three files as the one edition of an editions folder of their own.
            let reference = folder.appending(path: "reference")
            try FileManager.default.createDirectory(at: reference, withIntermediateDirectories: true)
            let manifest = """
                {"format": 2, "files": [],
                 "editions": [{"id": "reference", "name": "Reference", "predecessors": [], "date": "2026-11-20",
                               "platform_scope": "Apple platforms", "platforms": ["iOS", "iPadOS", "macOS", "tvOS", "visionOS", "watchOS"]}],
                 "folders": [{"folder": "pages", "edition": "reference", "document": "Reference", "form": "web-markdown",
                              "coverage": "complete", "extension": "md"}]}
                """
            try Data(manifest.utf8).write(to: reference.appending(path: "editions.json"))
            try FileManager.default.copyItem(at: mixed, to: reference.appending(path: "pages"))
            let referenceDatabase = folder.appending(path: "reference.sqlite").path
            let built = try cli.hig(["--db", referenceDatabase, "import", "--editions", reference.path], in: folder)
            #expect(built.status == 0, "\(built.stderr)")

            func readings(_ edition: String, in database: String) throws -> [String: String] {
                let sources = try #require(
                    try json(cli.hig(["--db", database, "sources", "--edition", edition, "--format", "json"], in: folder))
                        as? [[String: Any]])
                var byPage: [String: String] = [:]
                for var source in sources {
                    let file = source.removeValue(forKey: "file") as? String ?? ""
                    let text = try JSONSerialization.data(withJSONObject: source, options: [.sortedKeys])
                    byPage[String(file.split(separator: "/").last ?? "")] = String(decoding: text, as: UTF8.self)
                }
                return byPage
            }
            let captured = try readings("web-2026-11-20", in: database)
            #expect(captured.keys.sorted() == ["Alerts.md", "action-sheets.md", "sheets.md"])
            #expect(captured == (try readings("reference", in: referenceDatabase)))
            // Each page found its title in its own form's place (2022's slug line, 2023's setext heading).
            for title in ["\"title\":\"Alerts\"", "\"title\":\"Sheets\"", "\"title\":\"Action sheets\""] {
                #expect(captured.values.contains { $0.contains(title) }, "\(captured)")
            }
            #expect(captured.values.allSatisfy { $0.contains("\"unaccounted\":[]") }, "\(captured)")
        }
    }

    @Test("Each mistake is one line saying what to do, and leaves the database byte for byte as it was")
    func refusalsWriteNothing() throws {
        try Fixtures.withTemporaryFolder { folder in
            let database = try importEditions(in: folder)
            _ = try Self.writeCapture(in: folder)
            let unchanged = folder.appending(path: "unchanged/\(Self.presentation)")
            try FileManager.default.createDirectory(at: unchanged, withIntermediateDirectories: true)
            for page in Self.pages {
                try FileManager.default.copyItem(
                    at: Self.bundledCapture.appending(path: "\(Self.presentation)/\(page)"), to: unchanged.appending(path: page))
            }
            try FileManager.default.createDirectory(at: folder.appending(path: "no-pages"), withIntermediateDirectories: true)
            try Data("not a page\n".utf8).write(to: folder.appending(path: "no-pages/notes.txt"))
            try Data("a file\n".utf8).write(to: folder.appending(path: "a-file.md"))

            let mistakes: [([String], String)] = [
                (
                    ["--capture", "capture"],
                    "the date of the capture capture is unknown; give the day its pages were copied from Apple's site with --date YYYY-MM-DD"
                ),
                (
                    ["--capture", "capture", "--date", "2026-02-30"],
                    "--date '2026-02-30' is not a day; give the capture's date as YYYY-MM-DD"
                ),
                (["--capture", "capture", "--date", "2026-11"], "--date '2026-11' is not a day"),
                (["--capture", "capture", "--date", "20 November 2026"], "is not a day"),
                (
                    ["--capture", "capture", "--date", "2999-01-01"],
                    "--date 2999-01-01 has not come yet (today is \(WebCapture.latestDayOnEarth()) at the latest)"
                ),
                (
                    ["--capture", "capture", "--date", "2026-07-13"],
                    "--date 2026-07-13 is not after 2026-07-13, the date of web-2026-07, the newest capture"
                ),
                (["--capture", "capture", "--date", "2025-12-01"], "--date 2025-12-01 is not after 2026-07-13"),
                (["--capture", "missing", "--date", "2026-11-20"], "missing does not exist; give --capture the folder"),
                (["--capture", "a-file.md", "--date", "2026-11-20"], "a-file.md is not a folder; give --capture the folder"),
                (
                    ["--capture", "no-pages", "--date", "2026-11-20"],
                    "no-pages holds no Markdown page (no .md file in it or its subfolders)"
                ),
                (
                    ["--capture", "capture", "--date", "2026-11-20", "--id", "web-2026-07"],
                    "there is already an edition 'web-2026-07'; give the capture another id with --id ID"
                ),
                (["--capture", "capture", "--date", "2026-11-20", "--id", "current"], "--id 'current' is not an edition id"),
                (["--capture", "capture", "--date", "2026-11-20", "--id", "web 2026"], "--id 'web 2026' is not an edition id"),
                (
                    ["--capture", "unchanged", "--date", "2026-11-20"],
                    "unchanged holds the same 3 pages as web-2026-07, byte for byte: nothing changed since that capture"
                ),
                (["--date", "2026-11-20"], "--date describes a capture; give the capture's folder with --capture DIR"),
                (["--id", "web-next"], "--id describes a capture"),
                (["--drop-capture", "web-2026-07"], "'web-2026-07' is not a capture imported with --capture (none is)"),
            ]
            let before = bytes(of: database)
            for (arguments, words) in mistakes {
                cli.expectOneLineError(try cli.hig(["--db", database, "import"] + arguments, in: folder), mentioning: words)
                #expect(bytes(of: database) == before, "\(arguments) changed the database")
            }
        }
    }
}
