import Foundation
import Testing
@testable import HIGStore
@testable import HIGRendering
@testable import HIGText

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

    /// The kind of file at `path` itself (a link is not followed).
    func kind(_ path: String) -> mode_t {
        var status = stat()
        return lstat(path, &status) == 0 ? status.st_mode & S_IFMT : 0
    }

    @Test("A named pipe is written through to its reader, never replaced by a file")
    func aPipeIsWrittenThrough() throws {
        try Fixtures.withTemporaryFolder { folder in
            let pipe = folder.appending(path: "out.fifo").path
            #expect(mkfifo(pipe, 0o600) == 0)
            // The reader is open before the write (so opening the pipe for writing does not wait)
            // and does not wait for data: were the pipe replaced, it would read nothing, not hang.
            let reader = open(pipe, O_RDONLY | O_NONBLOCK)
            #expect(reader >= 0)
            defer { close(reader) }
            let content = Data(String(repeating: "a row of the export\n", count: 1_000).utf8)
            try AtomicFile.write(content, to: pipe)
            var received = Data()
            var buffer = [UInt8](repeating: 0, count: 4_096)
            while true {
                let count = read(reader, &buffer, buffer.count)
                if count <= 0 { break }
                received.append(contentsOf: buffer[..<count])
            }
            #expect(received == content)
            #expect(kind(pipe) == S_IFIFO)
            #expect(try leftovers(in: folder).isEmpty)
        }
    }

    @Test("A device is written through, never replaced: the null device stays one, a full one fails clearly")
    func aDeviceIsWrittenThrough() throws {
        try Fixtures.withTemporaryFolder { folder in
            // Device nodes of our own where we may make them (root), so that a broken write
            // cannot replace the machine's /dev/null; else the machine's, through a link.
            let null = folder.appending(path: "null").path, full = folder.appending(path: "full").path
            if mknod(null, S_IFCHR | 0o666, Fixtures.device(major: 1, minor: 3)) != 0 {
                #expect(symlink("/dev/null", null) == 0)
            }
            if mknod(full, S_IFCHR | 0o666, Fixtures.device(major: 1, minor: 7)) != 0 {
                #expect(symlink("/dev/full", full) == 0)
            }
            let nullKind = kind(null), fullKind = kind(full)
            try AtomicFile.write(Data("[]\n".utf8), to: null)
            #expect(kind(null) == nullKind)
            var status = stat()
            #expect(stat(null, &status) == 0 && status.st_mode & S_IFMT == S_IFCHR)
            #expect(throws: HIGError.outputIncomplete(path: full, reason: "no space left on the device")) {
                try AtomicFile.write(Data("[]\n".utf8), to: full)
            }
            #expect(kind(full) == fullKind)
            #expect(stat(full, &status) == 0 && status.st_mode & S_IFMT == S_IFCHR)
            #expect(try leftovers(in: folder).isEmpty)
        }
    }

    @Test("A dangling link makes the file it names, as the shell's > does, and stays a link")
    func aDanglingLinkMakesItsFile() throws {
        try Fixtures.withTemporaryFolder { folder in
            let sub = folder.appending(path: "sub")
            try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
            let link = folder.appending(path: "link.json").path
            #expect(symlink("sub/new.json", link) == 0)
            try AtomicFile.write(Data("[]".utf8), to: link)
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "sub/new.json")
            #expect(FileManager.default.contents(atPath: sub.appending(path: "new.json").path) == Data("[]".utf8))
            // A link into a folder that is not there is refused like any missing folder.
            let lost = folder.appending(path: "lost.json").path
            #expect(symlink("nowhere/new.json", lost) == 0)
            #expect(throws: HIGError.outputFolderMissing(path: lost, folder: folder.appending(path: "nowhere").path)) {
                try AtomicFile.write(Data("[]".utf8), to: lost)
            }
            #expect(kind(lost) == S_IFLNK)
            // A loop of links is refused, not followed forever.
            #expect(symlink("b", folder.appending(path: "a").path) == 0 && symlink("a", folder.appending(path: "b").path) == 0)
            #expect(throws: HIGError.outputUnwritable(path: folder.appending(path: "a").path, reason: "too many symbolic links")) {
                try AtomicFile.write(Data("[]".utf8), to: folder.appending(path: "a").path)
            }
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
            // A path that ends in "/" names a folder; there is none, so that is what is said.
            #expect(throws: HIGError.outputNamesNoFolder(path: folder.path + "/new/")) {
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
            #expect(
                HIGError.outputIsDirectory(path: "out").description
                    == "cannot write out: it is a folder; give the path of a file inside it (nothing was written)")
        }
    }
}
