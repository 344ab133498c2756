import Foundation
@testable import HIGStore

/// Paths and small on-disk fixtures shared by the tests.
enum Fixtures {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    /// The five seed files (excerpts of the Alerts guidance of four editions) under the edition ids
    /// they were first imported with, the page's renamed web-2022-23: the small real corpus the
    /// hand-counted tests were written against. The bundle (Data/editions) is the whole HIG.
    static let editions = repository.appending(path: "Tests/Fixtures/seed-editions")
    static let bundle = repository.appending(path: "Data/editions")

    /// The real seed corpus, loaded once.
    static let seeds: Corpus = {
        do { return try Corpus.load(folder: editions) } catch { fatalError("cannot load the seeds: \(error)") }
    }()

    static func rules(_ edition: String) -> [Corpus.Rule] {
        seeds.sources.filter { $0.edition.id == edition }.flatMap(\.rules)
    }

    /// The rule that cites `line` of the edition's file (of `file`, when the edition has several).
    static func rule(_ edition: String, line: Int, file: String? = nil) -> Corpus.Rule? {
        let sources = seeds.sources.filter { $0.edition.id == edition && (file == nil || $0.file.path.hasSuffix(file!)) }
        precondition(sources.count == 1, "name the file: edition \(edition) has \(sources.count) matching files")
        return sources[0].rules.first { $0.draft.lineStart <= line && line <= $0.draft.lineEnd }
    }

    /// Where a suite keeps what it makes once for all its tests (a `static let` database): one
    /// folder for the test process, removed when the process exits, so that a run leaves nothing
    /// behind in the temporary folder.
    static let suiteFolder: URL = {
        let folder = FileManager.default.temporaryDirectory.appending(path: "hig-suites-\(UUID().uuidString)")
        do { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) } catch {
            fatalError("cannot make the suites' folder: \(error)")
        }
        atexit { try? FileManager.default.removeItem(at: Fixtures.suiteFolder) }
        return folder
    }()

    /// A path in `suiteFolder` for a file named after `name`, unique within the process.
    static func suitePath(_ name: String) -> URL {
        suiteFolder.appending(path: "\(name)-\(UUID().uuidString)")
    }

    /// A fresh folder, removed when `body` returns.
    @discardableResult
    static func withTemporaryFolder<T>(_ body: (URL) throws -> T) throws -> T {
        let folder = FileManager.default.temporaryDirectory.appending(path: "hig-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        return try body(folder)
    }

    /// Writes an editions folder: a manifest and the given files.
    static func writeEditions(in folder: URL, manifest: String, files: [String: Data]) throws -> URL {
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
    static func manifest(_ entries: [(edition: String, file: String)], form: String = "pdf-markdown") -> String {
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
    static func copyExecutable(_ source: URL, to destination: URL) throws {
        let data = try Data(contentsOf: source)
        let fd = open(destination.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
        guard fd >= 0 else { throw CocoaError(.fileWriteUnknown) }
        defer { close(fd) }
        let written = data.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        guard written == data.count else { throw CocoaError(.fileWriteUnknown) }
    }

    /// Starts `process`, retrying while its executable is still held open by a process that
    /// another test is starting at this very moment (ETXTBSY: between its fork and its exec).
    static func launch(_ process: Process) throws {
        for attempt in 1... {
            do {
                try process.run()
                return
            } catch let error as NSError where attempt < 20 && (error.userInfo[NSUnderlyingErrorKey] as? NSError)?.code == Int(ETXTBSY) {
                usleep(50_000)
            }
        }
    }

    /// Every row of every table, as text: two equal dumps mean two equal databases.
    static func dump(_ db: Database) throws -> String {
        var out = ""
        let tables = try db.rows("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").map { $0.string("name") }
        for table in tables {
            out += "## \(table)\n"
            // Table names come from sqlite_master, not from a user.
            for row in try db.rows("SELECT * FROM \"\(table)\" ORDER BY 1, 2") {
                out += row.values.map { "\($0)" }.joined(separator: "|") + "\n"
            }
        }
        return out
    }
}
