import Foundation
import Testing
@testable import HIGStore
@testable import HIGDatabase
@testable import HIGText

/// A real `hig import` sent SIGINT or SIGTERM while it builds its first database, and one that
/// meets another import's lock: what each leaves behind, and what it learns before parsing.
@Suite("Interrupted and locked-out imports")
struct InterruptedImportTests {
    let cli = HigRunner()

    @Test(
        "SIGINT and SIGTERM during a first import: exit 130 or 143, one line, no temporary file, no database",
        .tags(.endToEnd), .fullRunOnly, arguments: [SIGINT, SIGTERM])
    func interruptedFirstImport(signal: Int32) throws {
        try Fixtures.withTemporaryFolder { folder in
            let corpus = try GeneratedCorpus.write(in: folder, copies: 3, variant: "new")
            let path = folder.appending(path: "hig.sqlite").path
            let process = HigRunner.process(["--db", path, "import", "--editions", corpus.path], in: folder)
            let err = Pipe()
            process.standardOutput = FileHandle.nullDevice
            process.standardError = err
            try process.run()
            let temporary = "\(path).importing-\(process.processIdentifier)"
            let building = RunningHig.wait(for: process) { FileManager.default.fileExists(atPath: temporary) }
            try #require(building, "the import ended before its temporary file appeared")
            #expect(kill(process.processIdentifier, signal) == 0)
            let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationReason == .exit, "ended by the signal itself: nothing cleaned up")
            #expect(process.terminationStatus == 128 + signal)
            #expect(stderr == "hig: import interrupted; nothing was written\n")
            let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("hig.sqlite") }
            #expect(left.isEmpty, "left behind: \(left)")
        }
    }

    /// An editions folder whose manifest names a file that is missing: an import that parsed
    /// would report that file.
    func brokenCorpus(in folder: URL) throws -> URL {
        let corpus = try GeneratedCorpus.write(in: folder, copies: 1, variant: "broken")
        let files = try FileManager.default.contentsOfDirectory(atPath: corpus.path).filter { $0 != EditionManifest.fileName }.sorted()
        try FileManager.default.removeItem(at: corpus.appending(path: try #require(files.first)))
        return corpus
    }

    @Test("An update meeting another writer's lock says so before parsing its sources")
    func lockCheckedBeforeParsingForAnUpdate() throws {
        try Fixtures.withTemporaryFolder { folder in
            let path = folder.appending(path: "hig.sqlite").path
            _ = try StoreWriter.importEditions(from: Fixtures.editions, into: path)
            let corpus = try brokenCorpus(in: folder)
            let unlocked = try cli.hig(["--db", path, "import", "--editions", corpus.path], in: folder)
            #expect(unlocked.status == 1)
            #expect(!unlocked.stderr.contains("locked"), "the corpus is not broken: \(unlocked.stderr)")
            let writer = try Database(path: path)
            try writer.execute("BEGIN IMMEDIATE")
            let blocked = try cli.hig(
                ["--db", path, "import", "--editions", corpus.path], in: folder,
                environment: ["HIG_BUSY_TIMEOUT": "1"])
            cli.expectOneLineError(blocked, mentioning: "is locked by another hig writing to it")
            try writer.execute("ROLLBACK")
        }
    }

    @Test("A first import meeting another one's live temporary file says so before parsing its sources")
    func liveTemporaryFileCheckedBeforeParsing() throws {
        try Fixtures.withTemporaryFolder { folder in
            let path = folder.appending(path: "hig.sqlite").path
            let corpus = try brokenCorpus(in: folder)
            let other = try ImportTemporaryFile(besides: path)
            let blocked = try cli.hig(
                ["--db", path, "import", "--editions", corpus.path], in: folder,
                environment: ["HIG_BUSY_TIMEOUT": "1"])
            cli.expectOneLineError(blocked, mentioning: "is locked by another hig writing to it")
            #expect(FileManager.default.fileExists(atPath: other.path), "a live import's file was removed")
            #expect(!FileManager.default.fileExists(atPath: path))
        }
    }
}
