import CSQLite
import Foundation
import Testing
@testable import HIGStore
@testable import HIGDatabase
@testable import HIGText

/// Databases that are not what they should be: each fault is one clear line from every
/// command, exit status 1, and the file left as it was.
@Suite("Database faults: one clear line, exit 1, nothing changed")
struct DatabaseFaultTests {
    let cli = HigRunner()

    /// Every command, on `path`: one line naming the fault, and not a byte of the file changed.
    func expectEveryCommandRefuses(
        _ path: String, in folder: URL, mentioning words: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        for command in HigCommand.all {
            let result = try cli.hig(command.invocation(database: path), in: folder)
            cli.expectOneLineError(result, mentioning: words, sourceLocation: sourceLocation)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before, sourceLocation: sourceLocation)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains(".importing-") }
        #expect(leftovers.isEmpty, sourceLocation: sourceLocation)
    }

    func seeded(in folder: URL, name: String = "hig.sqlite") throws -> String {
        let path = folder.appending(path: name).path
        _ = try StoreWriter.importEditions(from: Fixtures.editions, into: path)
        return path
    }

    @Test func aFileThatIsNotSQLite() throws {
        try Fixtures.withTemporaryFolder { folder in
            let path = folder.appending(path: "notes.sqlite").path
            try Data("These are my notes, not a database.\n".utf8).write(to: URL(fileURLWithPath: path))
            try expectEveryCommandRefuses(path, in: folder, mentioning: "notes.sqlite is not a hig database")
        }
    }

    @Test("A real hig database cut short, at half its size and elsewhere", .tags(.endToEnd), .fullRunOnly)
    func aTruncatedDatabase() throws {
        try Fixtures.withTemporaryFolder { folder in
            let whole = try Data(contentsOf: URL(fileURLWithPath: try seeded(in: folder, name: "whole.sqlite")))
            var random = SeededRandom(seed: 0x7E)
            // Half, a page boundary, inside a page, and inside the header's first page.
            let cuts = [whole.count / 2, 4_096 * 3, random.int(4_097...(whole.count - 2)), 3_000]
            for cut in cuts {
                let path = folder.appending(path: "cut-\(cut).sqlite").path
                try whole.prefix(cut).write(to: URL(fileURLWithPath: path))
                try expectEveryCommandRefuses(path, in: folder, mentioning: "is not a hig database")
            }
        }
    }

    @Test("A database damaged in its middle: a query that reads the damage says so; import refuses it")
    func aDamagedDatabase() throws {
        try Fixtures.withTemporaryFolder { folder in
            let path = try seeded(in: folder)
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            try handle.seek(toOffset: 4_096 * 12)
            try handle.write(contentsOf: Data(repeating: 0xA5, count: 4_096 * 6))
            try handle.close()
            let before = try Data(contentsOf: URL(fileURLWithPath: path))
            var refused = 0
            for command in HigCommand.all {
                let result = try cli.hig(command.invocation(database: path, value: "2011-00000000"), in: folder)
                if result.status == 0 { continue }
                refused += 1
                cli.expectOneLineError(result, mentioning: "is not a hig database")
            }
            cli.expectOneLineError(
                try cli.hig(["--db", path, "import", "--editions", Fixtures.editions.path], in: folder),
                mentioning: "is not a hig database")
            #expect(refused >= 2)
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        }
    }

    @Test func aDatabaseWithANewerSchema() throws {
        try Fixtures.withTemporaryFolder { folder in
            let path = try seeded(in: folder)
            try Database(path: path).execute("INSERT INTO schema_migrations VALUES (9999, '9999_future', 'x')")
            try expectEveryCommandRefuses(path, in: folder, mentioning: "has schema version 9999, newer than this hig knows")
        }
    }

    @Test func aDatabaseOfAnotherProgramOrAFolder() throws {
        try Fixtures.withTemporaryFolder { folder in
            let other = folder.appending(path: "invoices.sqlite").path
            try Database(path: other, mode: .create).execute("CREATE TABLE invoices (id INTEGER)")
            try expectEveryCommandRefuses(
                other, in: folder, mentioning: "invoices.sqlite is an SQLite database, but another program's, not hig's")
            let directory = folder.appending(path: "adirectory.sqlite")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            for command in HigCommand.all {
                cli.expectOneLineError(
                    try cli.hig(command.invocation(database: directory.path), in: folder), mentioning: "adirectory.sqlite")
            }
        }
    }

    @Test("A database reached through a symbolic link is queried, not taken for a file cut short")
    func aDatabaseThroughASymbolicLink() throws {
        try Fixtures.withTemporaryFolder { folder in
            let path = try seeded(in: folder)
            let link = folder.appending(path: "link.sqlite").path
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: path)
            #expect(!RuleStore.needsImport(path: link))
            #expect(try RuleStore.open(path: link).rules().count == 114)
            let result = try cli.hig(["--db", link, "editions"], in: folder)
            #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        }
    }

    @Test("An immutable read takes a file name with ?, # and % literally")
    func immutableReadOfAnOddName() throws {
        try Fixtures.withTemporaryFolder { folder in
            let path = try seeded(in: folder, name: "what? #1 100%.sqlite")
            #expect(Database.uri(path, query: "immutable=1").hasSuffix("what%3F%20%231%20100%25.sqlite?immutable=1"))
            #expect(try Database(path: path, mode: .immutable).scalar("SELECT count(*) FROM rules")?.int == 114)
        }
    }

    // MARK: - A full disk

    @Test("A full disk during an update: diskFull, and the database as it was")
    func aFullDiskDuringAnUpdate() throws {
        try Fixtures.withTemporaryFolder { folder in
            let path = try seeded(in: folder)
            let db = try Database(path: path)
            let before = try Fixtures.dump(db)
            let pages = try #require(try db.scalar("PRAGMA page_count")?.int)
            let grown = try GeneratedCorpus.write(in: folder, copies: 2, variant: "grown")
            #expect(throws: HIGError.diskFull(path: path)) {
                try StoreWriter.$pageLimit.withValue(pages + 2) { try StoreWriter.importEditions(from: grown, into: path) }
            }
            #expect(try Fixtures.dump(db) == before)
            #expect(try db.scalar("PRAGMA integrity_check")?.string == "ok")
            #expect(HIGError.diskFull(path: path).description.contains("nothing was changed"))
            // With room again, the same import goes through.
            #expect(try StoreWriter.importEditions(from: grown, into: path).changedAnything)
        }
    }

    @Test("A full disk during a first import: diskFull, and no file left")
    func aFullDiskDuringAFirstImport() throws {
        try Fixtures.withTemporaryFolder { folder in
            let path = folder.appending(path: "hig.sqlite").path
            #expect(throws: HIGError.diskFull(path: path)) {
                try StoreWriter.$pageLimit.withValue(12) { try StoreWriter.importEditions(from: Fixtures.editions, into: path) }
            }
            let left = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            #expect(left.isEmpty)
        }
    }

    // MARK: - Read-only databases and folders

    /// Runs `hig` as a user who may not write what root created (`nobody`, through setpriv, when
    /// the tests run as root: root writes any file whatever its mode).
    static let otherUser: [String]? = {
        if geteuid() != 0 { return [] }
        let setpriv = "/usr/bin/setpriv"
        return FileManager.default.isExecutableFile(atPath: setpriv)
            ? [setpriv, "--reuid=65534", "--regid=65534", "--clear-groups"] : nil
    }()

    func higAsOtherUser(_ arguments: [String], in folder: URL) throws -> HigRunner.Result {
        let prefix = try #require(Self.otherUser)
        // A copy in the test's own folder: the build folder may not be open to that user.
        let binary = folder.appending(path: "hig")
        if !FileManager.default.fileExists(atPath: binary.path) { try Fixtures.copyExecutable(HigRunner.binary, to: binary) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: prefix.first ?? binary.path)
        process.arguments = Array(prefix.dropFirst()) + (prefix.isEmpty ? [] : [binary.path]) + arguments
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "HIG_DB")
        environment["HIG_EDITIONS"] = folder.appending(path: "missing").path
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try Fixtures.launch(process)
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return .init(
            status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// A database the other user may read, not write, in `folder`, and what each query prints.
    func readOnlySetUp(_ folder: URL, folderMode: Int, fileMode: Int) throws -> (path: String, answers: [[String]: String]) {
        let path = try seeded(in: folder)
        let id = try #require(try RuleStore.open(path: path).rules(RuleFilter(edition: "2011")).first?.id)
        var answers: [[String]: String] = [:]
        for query in [["editions"], ["rules", "--platform", "iOS"], ["show", id], ["export"]] {
            answers[query] = try cli.hig(["--db", path] + query, in: folder).stdout
        }
        try FileManager.default.setAttributes([.posixPermissions: fileMode], ofItemAtPath: path)
        try FileManager.default.setAttributes([.posixPermissions: folderMode], ofItemAtPath: folder.path)
        return (path, answers)
    }

    func expectQueriesAnswer(
        _ answers: [[String]: String], _ path: String, in folder: URL,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        for (query, answer) in answers {
            let result = try higAsOtherUser(["--db", path] + query, in: folder)
            #expect(result.status == 0 && result.stderr.isEmpty, "\(query): \(result.stderr)", sourceLocation: sourceLocation)
            #expect(result.stdout == answer, "\(query)", sourceLocation: sourceLocation)
        }
    }

    @Test(
        "Read-only database in a writable folder: queries work; import says why not",
        .enabled(if: Self.otherUser != nil, "needs a non-root user, or setpriv to become one"))
    func aReadOnlyDatabase() throws {
        try Fixtures.withTemporaryFolder { folder in
            let (path, answers) = try readOnlySetUp(folder, folderMode: 0o777, fileMode: 0o444)
            defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path) }
            let before = try Data(contentsOf: URL(fileURLWithPath: path))
            try expectQueriesAnswer(answers, path, in: folder)
            cli.expectOneLineError(
                try higAsOtherUser(["--db", path, "import", "--editions", Fixtures.editions.path], in: folder),
                mentioning: "hig.sqlite is read-only, so it cannot be written; queries still work")
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        }
    }

    @Test(
        "Read-only WAL database in a read-only folder: queries work without -wal or -shm files",
        .enabled(if: Self.otherUser != nil, "needs a non-root user, or setpriv to become one"))
    func aReadOnlyDatabaseInAReadOnlyFolder() throws {
        try Fixtures.withTemporaryFolder { folder in
            let (path, answers) = try readOnlySetUp(folder, folderMode: 0o755, fileMode: 0o644)
            defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path) }
            // WAL mode (file format versions 2), and no -wal or -shm file beside it.
            #expect(try Data(contentsOf: URL(fileURLWithPath: path))[18...19] == Data([2, 2]))
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["hig.sqlite"])
            try expectQueriesAnswer(answers, path, in: folder)
            cli.expectOneLineError(
                try higAsOtherUser(["--db", path, "import", "--editions", Fixtures.editions.path], in: folder),
                mentioning: "hig.sqlite is read-only")
            let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
            #expect(files == ["hig", "hig.sqlite"])
        }
    }

    @Test(
        "Writable database in a read-only folder: queries work; import and a first import explain the folder",
        .enabled(if: Self.otherUser != nil, "needs a non-root user, or setpriv to become one"))
    func aReadOnlyFolder() throws {
        try Fixtures.withTemporaryFolder { folder in
            let (path, answers) = try readOnlySetUp(folder, folderMode: 0o755, fileMode: 0o666)
            let before = try Data(contentsOf: URL(fileURLWithPath: path))
            try expectQueriesAnswer(answers, path, in: folder)
            for arguments in [
                ["--db", path, "import", "--editions", Fixtures.editions.path],
                ["--db", folder.appending(path: "new.sqlite").path, "import", "--editions", Fixtures.editions.path],
            ] {
                cli.expectOneLineError(try higAsOtherUser(arguments, in: folder), mentioning: "its folder is not writable")
            }
            // With no database there yet, no query works either: the message does not say they do.
            let first = try higAsOtherUser(["--db", folder.appending(path: "new.sqlite").path, "rules"], in: folder)
            #expect(first.stderr.contains("cannot create") && !first.stderr.contains("queries still work"), "\(first.stderr)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["hig", "hig.sqlite"])
        }
    }

    @Test(
        "A read-only database from an older hig: one line saying the upgrade needs write access",
        .enabled(if: Self.otherUser != nil, "needs a non-root user, or setpriv to become one"))
    func aReadOnlyDatabaseNeedingAnUpgrade() throws {
        try Fixtures.withTemporaryFolder { folder in
            let path = folder.appending(path: "old.sqlite").path
            try Database(path: path, mode: .create).execute(
                "CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, checksum TEXT NOT NULL) STRICT")
            let result = try higAsOtherUser(["--db", path, "rules"], in: folder)
            cli.expectOneLineError(result, mentioning: "old.sqlite has schema version 0, older than this hig's")
        }
    }
}
