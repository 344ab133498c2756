import Foundation
import Testing
@testable import HIGStore
@testable import HIGDatabase
@testable import HIGText

/// A database remembers what it was built from (its editions folder and the archive, each with
/// its path): a plain `hig import` reads them again, so nothing imported is lost to it, and an
/// edition is removed only for a reason that is true.
@Suite("A plain import keeps what the database was built from")
struct ImportSourcesTests {
    let cli = HigRunner()

    /// A tiny archive: every document the catalogue names, each a heading, two sections of one
    /// guideline and a chunk file per section (the converter leaves headings out of chunks).
    static func writeArchive(in folder: URL) throws -> URL {
        let archive = folder.appending(path: "human-interface-markdown")
        for (index, document) in ArchiveCatalogue.bundled.documents.enumerated() {
            let place = archive.appending(path: document.folder)
            try FileManager.default.createDirectory(at: place.appending(path: "chunks"), withIntermediateDirectories: true)
            let first = "Use short, specific labels for the buttons of document \(index)."
            let second = "Avoid menus longer than a screen in document \(index)."
            let whole = "# \(document.title)\n\n## Buttons\n\n\(first)\n\n## Menus\n\n\(second)\n"
            try Data(whole.utf8).write(to: place.appending(path: "full_document.md"))
            try Data("\(first)\n".utf8).write(to: place.appending(path: "chunks/chunk_001.md"))
            try Data("\(second)\n".utf8).write(to: place.appending(path: "chunks/chunk_002.md"))
        }
        return archive
    }

    static var archiveEditionCount: Int {
        ArchiveCatalogue.bundled.documents.count
    }

    func editionCount(_ database: String) throws -> Int {
        try Database(path: database, mode: .readOnly).scalar("SELECT count(*) FROM editions")?.int ?? 0
    }

    @Test("hig import --archive X, then a plain hig import: the archive and the editions folder stay, nothing is rewritten")
    func plainImportKeepsTheArchive() throws {
        try Fixtures.withTemporaryFolder { folder in
            let archive = try Self.writeArchive(in: folder)
            let database = folder.appending(path: "hig.sqlite").path
            let first = try cli.hig(
                ["--db", database, "import", "--editions", Fixtures.editions.path, "--archive", archive.path], in: folder)
            #expect(first.status == 0, "\(first.stderr)")
            let imported = try editionCount(database)
            #expect(imported == 4 + Self.archiveEditionCount)

            let plain = try cli.hig(["--db", database, "import"], in: folder)
            #expect(plain.status == 0, "\(plain.stderr)")
            #expect(!plain.stdout.contains("removed edition"), "\(plain.stdout)")
            #expect(plain.stdout.contains("read from the editions folder \(Fixtures.editions.path) and the archive \(archive.path)\n"))
            #expect(plain.stdout.hasSuffix("\(database) was up to date; nothing changed\n"), "\(plain.stdout)")
            #expect(try editionCount(database) == imported)
        }
    }

    @Test("An archive that moved stops a plain import with one line, nothing changed; --archive gives its new place")
    func movedArchive() throws {
        try Fixtures.withTemporaryFolder { folder in
            let archive = try Self.writeArchive(in: folder)
            let database = folder.appending(path: "hig.sqlite").path
            let first = try cli.hig(
                ["--db", database, "import", "--editions", Fixtures.editions.path, "--archive", archive.path], in: folder)
            #expect(first.status == 0, "\(first.stderr)")
            let moved = folder.appending(path: "elsewhere")
            try FileManager.default.moveItem(at: archive, to: moved)
            let before = try Data(contentsOf: URL(fileURLWithPath: database))

            cli.expectOneLineError(
                try cli.hig(["--db", database, "import"], in: folder),
                mentioning:
                    "holds \(Self.archiveEditionCount) editions of the archive read from \(archive.path), which is no longer there; give --archive FOLDER"
            )
            #expect(try Data(contentsOf: URL(fileURLWithPath: database)) == before)

            let found = try cli.hig(["--db", database, "import", "--archive", moved.path], in: folder)
            #expect(found.status == 0, "\(found.stderr)")
            #expect(!found.stdout.contains("removed edition"), "\(found.stdout)")
            // No rule changed, but what the database records did.
            #expect(found.stdout.hasSuffix("imported into \(database)\n"), "\(found.stdout)")
            #expect(try editionCount(database) == 4 + Self.archiveEditionCount)
            // Recorded: the next plain import reads the new place.
            let again = try cli.hig(["--db", database, "import"], in: folder)
            #expect(again.stdout.contains("and the archive \(moved.path)\n"), "\(again.stdout)")
        }
    }

    @Test("--drop-archive removes the archive's editions, saying so, and later imports leave it out")
    func droppedArchive() throws {
        try Fixtures.withTemporaryFolder { folder in
            let archive = try Self.writeArchive(in: folder)
            let database = folder.appending(path: "hig.sqlite").path
            _ = try cli.hig(["--db", database, "import", "--editions", Fixtures.editions.path, "--archive", archive.path], in: folder)
            cli.expectOneLineError(
                try cli.hig(["--db", database, "import", "--archive", archive.path, "--drop-archive"], in: folder),
                mentioning: "--archive reads the archive and --drop-archive removes it; give one of them")

            let dropped = try cli.hig(["--db", database, "import", "--drop-archive"], in: folder)
            #expect(dropped.status == 0, "\(dropped.stderr)")
            let removals = dropped.stdout.split(separator: "\n").filter { $0.hasPrefix("removed edition ") }
            #expect(removals.count == Self.archiveEditionCount)
            #expect(removals.allSatisfy { $0.hasSuffix("): the archive \(archive.path) dropped (--drop-archive)") }, "\(removals)")
            #expect(try editionCount(database) == 4)
            let plain = try cli.hig(["--db", database, "import"], in: folder)
            #expect(plain.stdout.contains("read from the editions folder \(Fixtures.editions.path)\n"), "\(plain.stdout)")
            #expect(plain.stdout.hasSuffix("was up to date; nothing changed\n"), "\(plain.stdout)")
        }
    }

    @Test("A database whose archive an older hig imported, without recording where: a plain import asks, nothing changed")
    func unrecordedArchive() throws {
        try Fixtures.withTemporaryFolder { folder in
            let archive = try Self.writeArchive(in: folder)
            let database = folder.appending(path: "hig.sqlite").path
            _ = try cli.hig(["--db", database, "import", "--editions", Fixtures.editions.path, "--archive", archive.path], in: folder)
            try Database(path: database).execute("DELETE FROM import_sources")
            cli.expectOneLineError(
                try cli.hig(["--db", database, "import", "--editions", Fixtures.editions.path], in: folder),
                mentioning:
                    "holds \(Self.archiveEditionCount) editions of the archive but not the folder they were read from (an older hig imported them)"
            )
            #expect(try editionCount(database) == 4 + Self.archiveEditionCount)
        }
    }

    @Test("Another editions folder replaces the first: what it lacks is removed, in words that name both")
    func replacedEditionsFolder() throws {
        try Fixtures.withTemporaryFolder { folder in
            let database = folder.appending(path: "hig.sqlite").path
            let mine = try Fixtures.writeEditions(
                in: folder.appending(path: "mine"), manifest: Fixtures.manifest([("mine", "mine.md")]),
                files: ["mine.md": Data("# Buttons\n\nUse short labels for buttons.\n".utf8)])
            _ = try cli.hig(["--db", database, "import", "--editions", Fixtures.editions.path], in: folder)
            let rules = try Database(path: database, mode: .readOnly).scalar("SELECT count(*) FROM rules WHERE edition_id = '2008'")?.int
            let replaced = try cli.hig(["--db", database, "import", "--editions", mine.path], in: folder)
            #expect(replaced.status == 0, "\(replaced.stderr)")
            #expect(
                replaced.stdout.contains(
                    "removed edition 2008 (\(rules ?? 0) rules): not in the manifest of the editions folder \(mine.path), read instead of the editions folder \(Fixtures.editions.path)\n"
                ), "\(replaced.stdout)")
        }
    }
}
