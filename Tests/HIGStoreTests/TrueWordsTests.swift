import Foundation
import Testing
@testable import HIGStore
@testable import HIGDatabase
@testable import HIGRendering
@testable import HIGText

/// What hig tells a user is true: an output it may not write is refused as the shell's `>`
/// would refuse it, and each message names what is really wrong.
@Suite("Messages say what is true")
struct TrueWordsTests {
    let cli = HigRunner()
    let env = ["HIG_EDITIONS": Fixtures.editions.path]

    /// A seeds database in `folder`, imported once per test.
    func seeded(_ folder: URL) throws -> String {
        let path = folder.appending(path: "hig.sqlite").path
        let result = try cli.hig(["--db", path, "import"], in: folder, environment: env)
        #expect(result.status == 0, "\(result.stderr)")
        return path
    }

    @Test("export -o refuses a file no one may write, even as root, and leaves it as it was")
    func exportRefusesAReadOnlyFile() throws {
        try Fixtures.withTemporaryFolder { folder in
            let database = try seeded(folder)
            let file = folder.appending(path: "ro.json")
            try Data("mine\n".utf8).write(to: file)
            try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: file.path)
            cli.expectOneLineError(
                try cli.hig(["--db", database, "export", "-o", "ro.json"], in: folder),
                mentioning: "cannot write ro.json (it is read-only: no one has write permission")
            #expect(try Data(contentsOf: file) == Data("mine\n".utf8))
            let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
            #expect(mode == 0o444)
        }
    }

    @Test(
        "export -o refuses a file the user may not write though its owner may, as `>` does",
        .enabled(if: DatabaseFaultTests.otherUser != nil, "needs a non-root user, or setpriv to become one"))
    func exportRefusesAnotherUsersFile() throws {
        try Fixtures.withTemporaryFolder { folder in
            let faults = DatabaseFaultTests()
            let database = try seeded(folder)
            let file = folder.appending(path: "theirs.json")
            try Data("theirs\n".utf8).write(to: file)
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file.path)
            try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: folder.path)
            defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path) }
            cli.expectOneLineError(
                try faults.higAsOtherUser(["--db", database, "export", "-o", "theirs.json"], in: folder),
                mentioning: "cannot write theirs.json (it is read-only for you")
            #expect(try Data(contentsOf: file) == Data("theirs\n".utf8))
        }
    }

    @Test("export -o newdir/ with no such folder says there is none, not that it is one")
    func exportIntoAMissingFolder() throws {
        try Fixtures.withTemporaryFolder { folder in
            let database = try seeded(folder)
            let result = try cli.hig(["--db", database, "export", "-o", "newdir/"], in: folder)
            cli.expectOneLineError(
                result, mentioning: "cannot write newdir/: a path that ends in / names a folder, and there is no such folder")
            #expect(!result.stderr.contains("it is a folder"))
        }
    }

    @Test("Another program's SQLite database is called that, not a damaged file, and hig does not offer to delete it")
    func anotherProgramsDatabase() throws {
        try Fixtures.withTemporaryFolder { folder in
            let other = folder.appending(path: "invoices.sqlite").path
            try Database(path: other, mode: .create).execute("CREATE TABLE invoices (id INTEGER)")
            for arguments in [["rules"], ["import"]] {
                let result = try cli.hig(["--db", other] + arguments, in: folder, environment: env)
                cli.expectOneLineError(result, mentioning: "invoices.sqlite is an SQLite database, but another program's, not hig's")
                #expect(!result.stderr.contains("damaged") && !result.stderr.contains("delete"))
            }
        }
    }

    @Test("hig show with a wildcard after an edition names the edition's ids instead of five arbitrary ones")
    func showWithAWildcard() throws {
        try Fixtures.withTemporaryFolder { folder in
            let database = try seeded(folder)
            let result = try cli.hig(["--db", database, "show", "2011-%"], in: folder)
            cli.expectOneLineError(
                result,
                mentioning:
                    "no rule with id '2011-%'; an id is its edition and 8 hexadecimal digits, without wildcards; list 2011's with `hig rules --edition 2011`"
            )
            #expect(!result.stderr.contains("did you mean"))
            // A typo in an id's digits still gets the ids that start like it.
            let id = try #require(try RuleStore.open(path: database).rules(RuleFilter(edition: "2011")).first?.id)
            let typo = String(id.dropLast()) + (id.hasSuffix("0") ? "1" : "0")
            #expect(try cli.hig(["--db", database, "show", typo], in: folder).stderr.contains("did you mean \(id)"))
        }
    }

    @Test("The Markdown export names every chunk its rules lie in, not the first rule's")
    func markdownNamesEveryChunk() throws {
        try Fixtures.withTemporaryFolder { folder in
            let archive = try ImportSourcesTests.writeArchive(in: folder)
            let database = folder.appending(path: "hig.sqlite").path
            let imported = try cli.hig(
                ["--db", database, "import", "--editions", Fixtures.editions.path, "--archive", archive.path], in: folder)
            #expect(imported.status == 0, "\(imported.stderr)")
            let edition = try #require(ArchiveCatalogue.bundled.documents.first { $0.bundledAs == nil })
            let chunks = try Database(path: database, mode: .readOnly).rows(
                "SELECT DISTINCT chunk FROM rules WHERE edition_id = ? ORDER BY chunk", edition.id
            ).map { $0.int("chunk") }
            #expect(chunks == [1, 2])
            let page = try cli.hig(["--db", database, "export", "--format", "markdown", "--edition", edition.id], in: folder).stdout
            #expect(
                page.contains("\(edition.sourcePDF), chunks 1–2 — `human-interface-markdown/\(edition.folder)/full_document.md`"), "\(page)"
            )
        }
    }

    @Test("A changed migration's error does not send the user to Migrations/, which is built into hig")
    func changedMigration() throws {
        try Fixtures.withTemporaryFolder { folder in
            let database = try seeded(folder)
            try Database(path: database).execute("UPDATE schema_migrations SET checksum = 'edited' WHERE version = 1")
            let result = try cli.hig(["--db", database, "rules"], in: folder)
            cli.expectOneLineError(result, mentioning: "whose migration 0001_rule_store is not this hig's")
            #expect(!result.stderr.contains("Migrations/"))
        }
    }

    @Test("In a 100-column terminal the rule column of hig rules keeps half the width; the source is cut from its start")
    func rulesColumnAtOneHundred() throws {
        try Fixtures.withTemporaryFolder { folder in
            let store = try RuleStore.open(path: try seeded(folder))
            let table = TextRenderer(colored: false, width: 100).rules(try store.rules(RuleFilter(edition: "2011"))).output
            let lines = table.split(separator: "\n")
            let header = try #require(lines.first)
            let ruleColumn = try #require(header.range(of: "RULE")).lowerBound
            #expect(header.distance(from: header.startIndex, to: ruleColumn) <= 50, "\(header)")
            #expect(lines.allSatisfy { $0.count <= 100 })
            #expect(lines.dropFirst().allSatisfy { $0.contains(".md:") })
        }
    }
}
