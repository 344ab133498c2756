import Foundation
import Testing
@testable import HIGStore
@testable import HIGText

/// A manifest names files inside its editions folder and nothing else: no `..`, no absolute
/// path, no link (to a file or to a folder on the way) that leads out, however it is spelled.
@Suite("A manifest cannot make the importer read outside its folder")
struct ManifestEscapeTests {
    static let good = Data("**Use alerts sparingly**. Text.\n".utf8)

    /// An editions folder with the links of every case, beside a folder `outside` holding `outside.md`.
    func layout(_ folder: URL) throws -> URL {
        let manager = FileManager.default
        let editions = try Fixtures.writeEditions(
            in: folder, manifest: Fixtures.manifest([("one", "inside.md")]),
            files: ["inside.md": Self.good, "sub/nested.md": Self.good])
        let outside = folder.appending(path: "outside")
        try manager.createDirectory(at: outside, withIntermediateDirectories: true)
        try Self.good.write(to: outside.appending(path: "outside.md"))
        try Self.good.write(to: folder.appending(path: "beside.md"))
        func link(_ name: String, to target: String) throws {
            try manager.createSymbolicLink(atPath: editions.appending(path: name).path, withDestinationPath: target)
        }
        try link("file-link.md", to: outside.appending(path: "outside.md").path)
        try link("relative-link.md", to: "../beside.md")
        try link("folder-link", to: outside.path)
        try link("relative-folder-link", to: "../outside")
        try link("parent-link", to: "..")
        try link("chain-1.md", to: "chain-2.md")
        try link("chain-2.md", to: "../beside.md")
        try link("sub/up-link", to: "../..")
        try link("dangling-out.md", to: "../nowhere.md")
        // Links that stay inside are fine.
        try link("inside-link.md", to: "inside.md")
        try link("sub-link", to: "sub")
        return editions
    }

    func importing(_ path: String, from editions: URL, into folder: URL) throws {
        try Data(Fixtures.manifest([("one", path)]).utf8).write(to: editions.appending(path: EditionManifest.fileName))
        _ = try StoreWriter.importEditions(from: editions, into: folder.appending(path: "hig.sqlite").path)
    }

    @Test(
        "Refused",
        arguments: [
            "../beside.md", "../outside/outside.md", "sub/../../beside.md", "./../beside.md", "sub/../sub/../../beside.md",
            "/etc/hostname", "//etc/hostname", "file-link.md", "relative-link.md", "folder-link/outside.md",
            "relative-folder-link/outside.md", "parent-link/beside.md", "chain-1.md",
            "sub/up-link/beside.md", "sub-link/../../beside.md", "dangling-out.md", ".", "", "sub",
        ])
    func refused(path: String) throws {
        try Fixtures.withTemporaryFolder { folder in
            let editions = try layout(folder)
            #expect {
                try importing(path, from: editions, into: folder)
            } throws: { error in
                switch error as? HIGError {
                case .sourceOutsideFolder(let named): named == path
                // Not outside, but no file either: a folder, or a link to nothing.
                case .sourceNotRegularFile, .sourceMissing: ["sub", ".", "dangling-out.md"].contains(path)
                default: false
                }
            }
            #expect(!FileManager.default.fileExists(atPath: folder.appending(path: "hig.sqlite").path))
        }
    }

    @Test(
        "Accepted",
        arguments: [
            "inside.md", "./inside.md", "sub/nested.md", "sub/../inside.md", "inside-link.md", "sub-link/nested.md",
            "parent-link/editions/inside.md",
        ])
    func accepted(path: String) throws {
        try Fixtures.withTemporaryFolder { folder in
            let editions = try layout(folder)
            try importing(path, from: editions, into: folder)
            #expect(try RuleStore.open(path: folder.appending(path: "hig.sqlite").path).rules().count == 1)
        }
    }

    @Test("An editions folder reached through a link is read as itself")
    func editionsFolderThroughALink() throws {
        try Fixtures.withTemporaryFolder { folder in
            let editions = try layout(folder)
            let alias = folder.appending(path: "alias")
            try FileManager.default.createSymbolicLink(at: alias, withDestinationURL: editions)
            try importing("inside.md", from: alias, into: folder)
            #expect {
                try importing("../beside.md", from: alias, into: folder)
            } throws: { ($0 as? HIGError) == .sourceOutsideFolder(path: "../beside.md") }
        }
    }

    @Test("A pipe or a device is refused before it is opened (reading a pipe would wait forever)")
    func pipesAndDevices() throws {
        try Fixtures.withTemporaryFolder { folder in
            let editions = try layout(folder)
            #expect(mkfifo(editions.appending(path: "pipe.md").path, 0o644) == 0)
            try FileManager.default.createSymbolicLink(atPath: editions.appending(path: "null.md").path, withDestinationPath: "/dev/null")
            #expect {
                try importing("pipe.md", from: editions, into: folder)
            } throws: { error in
                guard case .sourceNotRegularFile(let path) = error as? HIGError else { return false }
                return path.hasSuffix("editions/pipe.md")
            }
            // /dev/null is outside the folder before it is anything else.
            #expect(throws: HIGError.sourceOutsideFolder(path: "null.md")) { try importing("null.md", from: editions, into: folder) }
        }
    }

    @Test("A path with a NUL byte is refused, not cut short at it")
    func nulInAPath() throws {
        try Fixtures.withTemporaryFolder { folder in
            let editions = try layout(folder)
            #expect {
                // As the manifest's JSON writes it: inside.md\u0000../../beside.md
                try importing("inside.md\\u0000../../beside.md", from: editions, into: folder)
            } throws: { error in
                guard case .manifestInvalid(_, let reason) = error as? HIGError else { return false }
                return reason.contains("NUL")
            }
        }
    }
}
