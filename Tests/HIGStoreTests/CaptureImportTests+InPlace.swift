import Foundation
import Testing
@testable import HIGDatabase

/// A capture's folder updated in place (a `git pull` in the same clone, newer pages copied over
/// it): a later import that reads the capture refuses, rather than read the newer pages into the
/// older edition under its date; putting the folder back, or dropping the capture, is the way out.
extension CaptureImportTests {
    static let captureDate = "2026-11-20"
    static let captureID = "web-2026-11-20"

    /// A database of the small editions folder with the suite's capture imported, in `folder`.
    func importCapture(in folder: URL) throws -> (database: String, capture: URL) {
        let database = try importEditions(in: folder)
        let capture = try Self.writeCapture(in: folder)
        let imported = try cli.hig(["--db", database, "import", "--capture", capture.path, "--date", Self.captureDate], in: folder)
        #expect(imported.status == 0, "\(imported.stderr)")
        return (database, capture)
    }

    /// The start of the refusal for `capture`, up to the counts of what changed.
    static func changedSince(_ capture: URL, _ counts: String) -> String {
        "holds the capture \(captureID) read from \(capture.path), whose pages have changed since (\(counts)), and reading them would date"
    }

    func page(_ name: String, of capture: URL) -> URL { capture.appending(path: "\(Self.presentation)/\(name)") }

    @Test("A page changed in the capture's folder stops the import, which writes nothing; putting it back lets the import run again")
    func changedPageIsRefused() throws {
        try Fixtures.withTemporaryFolder { folder in
            let (database, capture) = try importCapture(in: folder)
            let alerts = page("Alerts.md", of: capture)
            let original = try Data(contentsOf: alerts)
            try (original + Data("\n**Keep an alert's title short.** A title of a few words is read at a glance.\n".utf8)).write(to: alerts)

            let before = bytes(of: database)
            let refused = try cli.hig(["--db", database, "import"], in: folder)
            cli.expectOneLineError(refused, mentioning: Self.changedSince(capture, "1 page changed"))
            #expect(refused.stderr.contains("date the newer pages \(Self.captureDate); put the folder back as it was"), "\(refused.stderr)")
            #expect(refused.stderr.hasSuffix("(nothing was changed)\n"), "\(refused.stderr)")
            #expect(bytes(of: database) == before)

            try original.write(to: alerts)
            let restored = try cli.hig(["--db", database, "import"], in: folder)
            #expect(restored.status == 0, "\(restored.stderr)")
            #expect(restored.stdout.hasSuffix("\(database) was up to date; nothing changed\n"), "\(restored.stdout)")
        }
    }

    @Test("A page added to the capture's folder stops an import of another capture, which writes nothing")
    func addedPageIsRefused() throws {
        try Fixtures.withTemporaryFolder { folder in
            let (database, capture) = try importCapture(in: folder)
            try Data("**Prefer a short title.** A title of a few words is read at a glance.\n".utf8)
                .write(to: page("Titles.md", of: capture))
            let later = try Self.writeCapture(in: folder, name: "later")
            try Data("**Prefer a short label.** A label of one or two words is read at a glance.\n".utf8)
                .write(to: page("Labels.md", of: later))

            let before = bytes(of: database)
            cli.expectOneLineError(
                try cli.hig(["--db", database, "import", "--capture", later.path, "--date", "2026-11-24"], in: folder),
                mentioning: Self.changedSince(capture, "1 page added"))
            #expect(bytes(of: database) == before)
            #expect(try strings("SELECT id FROM editions ORDER BY position", in: database) == ["web-2026-07", Self.captureID])
        }
    }

    @Test("A page removed from the capture's folder stops the import, which writes nothing")
    func removedPageIsRefused() throws {
        try Fixtures.withTemporaryFolder { folder in
            let (database, capture) = try importCapture(in: folder)
            try FileManager.default.removeItem(at: page("Sheets.md", of: capture))

            let before = bytes(of: database)
            cli.expectOneLineError(
                try cli.hig(["--db", database, "import"], in: folder), mentioning: Self.changedSince(capture, "1 page removed"))
            #expect(bytes(of: database) == before)
            let sheets = "\(Self.captureID)/\(Self.presentation)/Sheets.md"
            #expect(try strings("SELECT path FROM sources WHERE path = '\(sheets)'", in: database) == [sheets])
        }
    }

    @Test("--drop-capture removes a capture whose folder changed or is gone, and with --capture replaces it by the folder as it is")
    func dropCaptureIsTheWayOut() throws {
        try Fixtures.withTemporaryFolder { folder in
            let (database, capture) = try importCapture(in: folder)
            for name in ["Alerts.md", "Sheets.md"] {
                let changed = try String(contentsOf: page(name, of: capture), encoding: .utf8) + "\nA line added since.\n"
                try Data(changed.utf8).write(to: page(name, of: capture))
            }
            try Data("**Prefer a short title.** A title of a few words is read at a glance.\n".utf8)
                .write(to: page("Titles.md", of: capture))
            try FileManager.default.removeItem(at: page("Action menus.md", of: capture))
            let before = bytes(of: database)
            cli.expectOneLineError(
                try cli.hig(["--db", database, "import"], in: folder),
                mentioning: Self.changedSince(capture, "2 pages changed, 1 added, 1 removed"))
            #expect(bytes(of: database) == before)

            // The way the refusal gives: the folder as it is now, in place of the older capture.
            let replaced = try cli.hig(
                ["--db", database, "import", "--drop-capture", Self.captureID, "--capture", capture.path, "--date", "2026-11-24"],
                in: folder)
            #expect(replaced.status == 0, "\(replaced.stderr)")
            #expect(try strings("SELECT id FROM editions ORDER BY position", in: database) == ["web-2026-07", "web-2026-11-24"])
            let titles = "web-2026-11-24/\(Self.presentation)/Titles.md"
            #expect(try strings("SELECT path FROM sources WHERE path = '\(titles)'", in: database) == [titles])
            let plain = try cli.hig(["--db", database, "import"], in: folder)
            #expect(plain.stdout.hasSuffix("\(database) was up to date; nothing changed\n"), "\(plain.stdout)")

            // A folder changed again, then dropped alone; a folder gone, dropped alone.
            try Data("A line added later.\n".utf8).write(to: page("Later.md", of: capture))
            cli.expectOneLineError(try cli.hig(["--db", database, "import"], in: folder), mentioning: "(1 page added)")
            let dropped = try cli.hig(["--db", database, "import", "--drop-capture", "web-2026-11-24"], in: folder)
            #expect(dropped.status == 0, "\(dropped.stderr)")
            #expect(try strings("SELECT id FROM editions ORDER BY position", in: database) == ["web-2026-07"])
            let again = try cli.hig(["--db", database, "import", "--capture", capture.path, "--date", "2026-11-25"], in: folder)
            #expect(again.status == 0, "\(again.stderr)")
            try FileManager.default.removeItem(at: capture)
            cli.expectOneLineError(try cli.hig(["--db", database, "import"], in: folder), mentioning: "which is no longer there")
            let gone = try cli.hig(["--db", database, "import", "--drop-capture", "web-2026-11-25"], in: folder)
            #expect(gone.status == 0, "\(gone.stderr)")
            #expect(try strings("SELECT id FROM editions ORDER BY position", in: database) == ["web-2026-07"])
        }
    }
}
