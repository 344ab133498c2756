import Foundation
import Testing
@testable import HIGStore

@Suite("Atomic output files")
struct AtomicFileTests {
    func leftovers(in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".tmp") }
    }

    @Test func writesAndReplacesAFile() throws {
        try Fixtures.withTemporaryFolder { folder in
            let target = folder.appending(path: "out.csv").path
            try AtomicFile.write(Data("first\n".utf8), to: target)
            #expect(FileManager.default.contents(atPath: target) == Data("first\n".utf8))
            try AtomicFile.write(Data("second\n".utf8), to: target)
            #expect(FileManager.default.contents(atPath: target) == Data("second\n".utf8))
            #expect(try leftovers(in: folder).isEmpty)
        }
    }

    @Test("While an export is written, the target holds the old content, never part of the new")
    func neverHalfWritten() throws {
        struct Interrupted: Error {}
        try Fixtures.withTemporaryFolder { folder in
            let target = folder.appending(path: "report.html").path
            let old = Data("the old report\n".utf8)
            let chunk = String(repeating: "<tr><td>row</td></tr>\n", count: 5_000)
            try old.write(to: URL(fileURLWithPath: target))
            // A write that fails halfway: the target is untouched, no temporary file is left.
            #expect(throws: Interrupted.self) {
                try AtomicFile.write(to: target) { writer in
                    try writer.write(chunk)
                    #expect(FileManager.default.contents(atPath: target) == old)
                    throw Interrupted()
                }
            }
            #expect(FileManager.default.contents(atPath: target) == old)
            #expect(try leftovers(in: folder).isEmpty)
            // A write that succeeds: old content until the rename, then all of the new.
            try AtomicFile.write(to: target) { writer in
                for _ in 0..<4 {
                    try writer.write(chunk)
                    #expect(FileManager.default.contents(atPath: target) == old)
                }
            }
            #expect(FileManager.default.contents(atPath: target) == Data(String(repeating: chunk, count: 4).utf8))
            // A new file does not exist until it is whole.
            let fresh = folder.appending(path: "fresh.md").path
            try AtomicFile.write(to: fresh) { writer in
                try writer.write(chunk)
                #expect(!FileManager.default.fileExists(atPath: fresh))
            }
            #expect(FileManager.default.contents(atPath: fresh) == Data(chunk.utf8))
            #expect(try leftovers(in: folder).isEmpty)
        }
    }

    @Test func aReplacedFileKeepsItsPermissions() throws {
        try Fixtures.withTemporaryFolder { folder in
            let target = folder.appending(path: "private.json").path
            try Data("{}".utf8).write(to: URL(fileURLWithPath: target))
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: target)
            try AtomicFile.write(Data("[]".utf8), to: target)
            let permissions = try FileManager.default.attributesOfItem(atPath: target)[.posixPermissions] as? NSNumber
            #expect(permissions?.intValue == 0o600)
        }
    }

    @Test func aLinkIsWrittenThroughNotReplaced() throws {
        try Fixtures.withTemporaryFolder { folder in
            let real = folder.appending(path: "real.md").path
            let link = folder.appending(path: "link.md").path
            try Data("old".utf8).write(to: URL(fileURLWithPath: real))
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "real.md")
            try AtomicFile.write(Data("new".utf8), to: link)
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "real.md")
            #expect(FileManager.default.contents(atPath: real) == Data("new".utf8))
        }
    }

    @Test("A bad output path is refused with a clear error, and nothing is written")
    func badPaths() throws {
        try Fixtures.withTemporaryFolder { folder in
            let before = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            let missing = folder.appending(path: "nowhere/report.html").path
            #expect(throws: HIGError.outputFolderMissing(path: missing, folder: folder.appending(path: "nowhere").path)) {
                try AtomicFile.write(Data("x".utf8), to: missing)
            }
            #expect(throws: HIGError.outputIsDirectory(path: folder.path)) { try AtomicFile.write(Data("x".utf8), to: folder.path) }
            #expect(throws: HIGError.outputIsDirectory(path: folder.path + "/new/")) {
                try AtomicFile.write(Data("x".utf8), to: folder.path + "/new/")
            }
            let file = folder.appending(path: "file.txt").path
            try Data("keep".utf8).write(to: URL(fileURLWithPath: file))
            #expect(throws: HIGError.outputFolderMissing(path: file + "/x.csv", folder: file)) {
                try AtomicFile.write(Data("x".utf8), to: file + "/x.csv")
            }
            #expect(throws: HIGError.self) { try AtomicFile.write(Data("x".utf8), to: "") }
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == (before + ["file.txt"]).sorted())
            #expect(FileManager.default.contents(atPath: file) == Data("keep".utf8))
            #expect(HIGError.outputIsDirectory(path: "out").description
                == "cannot write out: it is a folder; give the path of a file inside it (nothing was written)")
        }
    }
}
