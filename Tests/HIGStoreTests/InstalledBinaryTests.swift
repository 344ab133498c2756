import Foundation
import Testing
@testable import HIGStore

/// `hig` installed on the PATH, outside any clone: it still finds editions to build its first
/// database from (Scripts/install.sh; Tests/clients/install_test.sh checks a whole install).
@Suite("An installed hig")
struct InstalledBinaryTests {
    /// Runs `hig` the way a shell does: found on PATH, so that its argv[0] is the bare word "hig".
    static func runFromPath(_ arguments: [String], bin: URL, in folder: URL) throws -> HigRunner.Result {
        let process = HigRunner.process(["hig"] + arguments, in: folder, executable: URL(fileURLWithPath: "/usr/bin/env"))
        var environment = process.environment ?? [:]
        environment["PATH"] = bin.path + ":/usr/bin:/bin"
        process.environment = environment
        return try HigRunner.run(process)
    }

    @Test("Linked onto the PATH, hig finds the editions of the clone it was built in")
    func linkedOntoThePath() throws {
        try Fixtures.withTemporaryFolder { folder in
            let bin = folder.appending(path: "bin")
            try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(at: bin.appending(path: "hig"), withDestinationURL: HigRunner.binary)
            let result = try Self.runFromPath(["--db", folder.appending(path: "hig.sqlite").path, "editions"], bin: bin, in: folder)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains("\niphone-2008-11  iPhone Human Interface Guidelines (November 2008)"))
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
