import Foundation
@testable import HIGStore
@testable import HIGLineage

/// Three small complete editions of one file each, imported into a database of their own: the
/// fixture of the suites that record link decisions (which write to the database).
enum LinkFixture {
    static let titles = "**Keep alert titles short**. A title of a few words reads at a glance.\n"
    static let buttons = "**Prefer two buttons in an alert**. Two buttons give people a clear choice.\n"

    /// Three complete editions, one file each; `two` and `three` default to `one`'s words.
    static func editions(
        in folder: URL, one: String = titles + "\n" + buttons, two: String? = nil, three: String? = nil, curated: String? = nil
    ) throws -> URL {
        var files = ["one.md": Data(one.utf8), "two.md": Data((two ?? one).utf8), "three.md": Data((three ?? two ?? one).utf8)]
        if let curated { files["links.json"] = Data(curated.utf8) }
        return try Fixtures.writeEditions(in: folder, manifest: manifest(curated: curated != nil), files: files)
    }

    /// The manifest of `editions(in:)`: one, two, three, complete.
    static func manifest(curated: Bool) -> String {
        let manifest = Fixtures.manifest([("one", "one.md"), ("two", "two.md"), ("three", "three.md")])
            .replacingOccurrences(of: #""coverage": "excerpt""#, with: #""coverage": "complete""#)
        return curated
            ? manifest.replacingOccurrences(of: #"{"format": 1,"#, with: #"{"format": 1, "curated_links": "links.json","#) : manifest
    }

    /// Imports `editions` into a database in `folder` and runs `body` on its path.
    static func withDatabase<T>(_ editions: (URL) throws -> URL, _ body: (String, URL) throws -> T) throws -> T {
        try Fixtures.withTemporaryFolder { folder in
            let path = folder.appending(path: "d.sqlite").path
            let folderOfEditions = try editions(folder)
            _ = try StoreWriter.importEditions(from: folderOfEditions, into: path)
            return try body(path, folderOfEditions)
        }
    }

    static func ids(_ path: String, _ edition: String) throws -> [String] {
        try RuleStore.open(path: path).rules(RuleFilter(edition: edition)).map(\.id)
    }

    static func links(_ path: String) throws -> [LinkRecord] { try RuleStore.open(path: path).allLinks() }
}
