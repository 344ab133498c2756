import Foundation
import HIGStore
import HIGLineage
import HIGText

/// Paths and small on-disk fixtures shared by the tests.
public enum Fixtures {
    public static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    /// The five seed files (excerpts of the Alerts guidance of four editions) under the edition ids
    /// they were first imported with, the page's renamed web-2022-23: the small real corpus the
    /// hand-counted tests were written against. The bundle (Data/editions) is the whole HIG.
    public static let editions = repository.appending(path: "Tests/Fixtures/seed-editions")
    public static let bundle = repository.appending(path: "Data/editions")

    /// The real seed corpus, loaded once.
    public static let seeds: Corpus = {
        do { return try Corpus.load(folder: editions) } catch { fatalError("cannot load the seeds: \(error)") }
    }()

    public static func rules(_ edition: String) -> [Corpus.Rule] {
        seeds.sources.filter { $0.edition.id == edition }.flatMap(\.rules)
    }

    /// The rule that cites `line` of the edition's file (of `file`, when the edition has several).
    public static func rule(_ edition: String, line: Int, file: String? = nil) -> Corpus.Rule? {
        let sources = seeds.sources.filter { $0.edition.id == edition && (file == nil || $0.file.path.hasSuffix(file!)) }
        precondition(sources.count == 1, "name the file: edition \(edition) has \(sources.count) matching files")
        return sources[0].rules.first { $0.draft.lineStart <= line && line <= $0.draft.lineEnd }
    }

    /// Where a suite keeps what it makes once for all its tests (a `static let` database): one
    /// folder for the test process, removed when the process exits, so that a run leaves nothing
    /// behind in the temporary folder.
    public static let suiteFolder: URL = {
        let folder = FileManager.default.temporaryDirectory.appending(path: "hig-suites-\(UUID().uuidString)")
        do { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) } catch {
            fatalError("cannot make the suites' folder: \(error)")
        }
        atexit { try? FileManager.default.removeItem(at: Fixtures.suiteFolder) }
        return folder
    }()

    /// A path in `suiteFolder` for a file named after `name`, unique within the process.
    public static func suitePath(_ name: String) -> URL {
        suiteFolder.appending(path: "\(name)-\(UUID().uuidString)")
    }

    /// A fresh folder, removed when `body` returns.
    @discardableResult
    public static func withTemporaryFolder<T>(_ body: (URL) throws -> T) throws -> T {
        let folder = FileManager.default.temporaryDirectory.appending(path: "hig-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        return try body(folder)
    }

    /// Writes an editions folder: a manifest and the given files.
    public static func writeEditions(in folder: URL, manifest: String, files: [String: Data]) throws -> URL {
        let editions = folder.appending(path: "editions")
        try FileManager.default.createDirectory(at: editions, withIntermediateDirectories: true)
        try Data(manifest.utf8).write(to: editions.appending(path: EditionManifest.fileName))
        for (name, data) in files {
            let url = editions.appending(path: name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url)
        }
        return editions
    }

    /// A manifest with one edition per (id, file) pair, all PDF-derived excerpts.
    public static func manifest(_ entries: [(edition: String, file: String)], form: String = "pdf-markdown") -> String {
        var ids: [String] = []
        for entry in entries where !ids.contains(entry.edition) { ids.append(entry.edition) }
        let editions = ids.enumerated().map { index, id in
            #"{"id": "\#(id)", "name": "Edition \#(id)", "order": \#(index + 1), "date": "2020", "platform_scope": "iOS", "platforms": ["iOS"]}"#
        }
        let files = entries.map { entry in
            #"{"path": "\#(entry.file)", "edition": "\#(entry.edition)", "document": "Test document", "chunk": 1, "form": "\#(form)", "coverage": "excerpt"}"#
        }
        return #"{"format": 1, "editions": [\#(editions.joined(separator: ","))], "files": [\#(files.joined(separator: ","))]}"#
    }

    /// Copies an executable through a descriptor that no child process can inherit: a write
    /// descriptor leaked into a process another test spawns meanwhile would make running the
    /// copy fail with "Text file busy" for as long as that process lives.
    public static func copyExecutable(_ source: URL, to destination: URL) throws {
        let data = try Data(contentsOf: source)
        let fd = open(destination.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
        guard fd >= 0 else { throw CocoaError(.fileWriteUnknown) }
        defer { close(fd) }
        let written = data.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        guard written == data.count else { throw CocoaError(.fileWriteUnknown) }
    }

    /// Starts `process`, retrying while its executable is still held open by a process that
    /// another test is starting at this very moment (ETXTBSY: between its fork and its exec).
    public static func launch(_ process: Process) throws {
        for attempt in 1... {
            do {
                try process.run()
                return
            } catch let error as NSError where attempt < 20 && (error.userInfo[NSUnderlyingErrorKey] as? NSError)?.code == Int(ETXTBSY) {
                usleep(50_000)
            }
        }
    }

    /// Linux's device number (glibc's `makedev`, a macro Swift does not import), for small
    /// numbers: the tests `mknod` their own null and full devices where they are allowed to.
    public static func device(major: UInt, minor: UInt) -> dev_t {
        dev_t((major & 0xFFF) << 8 | (minor & 0xFF))
    }
}
