import Foundation
import Testing
@testable import HIGStore

/// `hig` installed on the PATH, outside any clone: it still finds editions to build its first
/// database from (Scripts/install.sh; Tests/clients/install_test.sh checks a whole install).
@Suite("An installed hig")
struct InstalledBinaryTests {
    /// Runs `hig` the way a shell does: found on PATH, so that its argv[0] is the bare word "hig".
    static func runFromPath(_ arguments: [String], bin: URL, in folder: URL) throws -> HigRunner.Result {
        try HigRunner.run(processFromPath(arguments, bin: bin, in: folder))
    }

    static func processFromPath(_ arguments: [String], bin: URL, in folder: URL) -> Process {
        let process = HigRunner.process(["hig"] + arguments, in: folder, executable: URL(fileURLWithPath: "/usr/bin/env"))
        var environment = process.environment ?? [:]
        environment["PATH"] = bin.path + ":/usr/bin:/bin"
        process.environment = environment
        return process
    }

    /// Importing the whole bundle takes 40 s of CPU in a debug build, and the bundle's import is
    /// tested elsewhere: this test stops hig once it has named the folder it imports.
    @Test("Linked onto the PATH, hig finds the editions of the clone it was built in")
    func linkedOntoThePath() throws {
        try Fixtures.withTemporaryFolder { folder in
            let bin = folder.appending(path: "bin")
            try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(at: bin.appending(path: "hig"), withDestinationURL: HigRunner.binary)
            let database = folder.appending(path: "hig.sqlite").path
            let stderr = folder.appending(path: "stderr.txt")
            _ = FileManager.default.createFile(atPath: stderr.path, contents: nil)
            let process = Self.processFromPath(["--db", database, "editions"], bin: bin, in: folder)
            process.standardOutput = FileHandle.nullDevice
            process.standardError = try FileHandle(forWritingTo: stderr)
            try Fixtures.launch(process)
            let expected = "hig: no database at \(database) yet; importing \(Fixtures.bundle.standardizedFileURL.path) "
            func said() -> String { (try? String(contentsOf: stderr, encoding: .utf8)) ?? "" }
            let named = RunningHig.wait(for: process) { said().contains(expected) }
            RunningHig.kill(process)
            #expect(named || said().contains(expected), "\(said())")
        }
    }

    @Test("Copied into PREFIX/bin, hig finds the editions installed in PREFIX/share/hig/editions")
    func copiedWithItsEditions() throws {
        try Fixtures.withTemporaryFolder { folder in
            let bin = folder.appending(path: "prefix/bin")
            let editions = folder.appending(path: "prefix/share/hig/editions")
            try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: editions.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: HigRunner.binary, to: bin.appending(path: "hig"))
            try FileManager.default.copyItem(at: Fixtures.editions, to: editions)
            let result = try Self.runFromPath(["--db", folder.appending(path: "hig.sqlite").path, "editions"], bin: bin, in: folder)
            #expect(result.status == 0, "\(result.stderr)")
            // The note names the folder relative to the current one.
            #expect(result.stderr.contains("importing prefix/share/hig/editions first"), "\(result.stderr)")
        }
    }
}
