import Foundation
import Testing
@testable import HIGDatabase
@testable import HIGStore

@Suite("Database digests")
struct DatabaseDigestTests {
    /// The committed digests of the databases the bundled editions (the whole HIG) and the seed
    /// fixture (the five seed files, which the hand-counted tests use) import into.
    static let committed = Fixtures.repository.appending(path: "Digests/bundled.tsv")
    static let committedSeeds = Fixtures.repository.appending(path: "Digests/seed-editions.tsv")

    @Test("The database built from the bundled editions has the committed digest")
    func bundledEditionsKeepTheirDigest() throws {
        try check(BundleDatabase.path, against: Self.committed, describing: "Data/editions")
    }

    @Test("The database built from the seed fixture has the committed digest")
    func seedEditionsKeepTheirDigest() throws {
        try check(SeedsDatabase.path, against: Self.committedSeeds, describing: "Tests/Fixtures/seed-editions")
    }

    /// `path`: the database `hig import` built from the editions `name` (the shared import of
    /// the test process, `StoreWriter.importEditions` into a new file, which no test writes to).
    func check(_ path: String, against committed: URL, describing name: String) throws {
        let digest = try DatabaseDigest.of(databaseAt: path)
        if ProcessInfo.processInfo.environment["HIG_UPDATE_DIGESTS"] == "1" {
            let header = [
                "The database `hig import` builds from \(name): per table, its rows and the SHA-256",
                "of their values in key order (Sources/HIGStore/Store/DatabaseDigest.swift).",
                "Checked by DatabaseDigestTests; written again by `HIG_UPDATE_DIGESTS=1 swift test --filter DatabaseDigestTests`",
                "in a commit that says which intended change altered the database and why.",
            ]
            try Data(digest.text(header: header).utf8).write(to: committed)
            return
        }
        let expected = try DatabaseDigest(text: String(decoding: try Data(contentsOf: committed), as: UTF8.self))
        let differences = digest.differences(from: expected)
        #expect(
            differences.isEmpty,
            """
            the import's output from \(name) changed: \(differences.joined(separator: "; ")). If the change is meant, \
            run `HIG_UPDATE_DIGESTS=1 swift test --filter DatabaseDigestTests` and say why in the commit.
            """)
    }

    @Test("A digest depends on what the tables hold, not on the order rows were inserted in")
    func insertionOrderDoesNotCount() throws {
        try Fixtures.withTemporaryFolder { folder in
            let first = try Self.database(in: folder, name: "a", rows: [("x", 1), ("y", 2)])
            let second = try Self.database(in: folder, name: "b", rows: [("y", 2), ("x", 1)])
            #expect(try DatabaseDigest.of(databaseAt: first) == DatabaseDigest.of(databaseAt: second))
        }
    }

    @Test("A changed value, values cut in other places, or a value of another type change the table's digest alone")
    func changesAreSeenInTheirTable() throws {
        try Fixtures.withTemporaryFolder { folder in
            let base = try DatabaseDigest.of(databaseAt: Self.database(in: folder, name: "base", rows: [("ab", 1)]))
            let changed = try DatabaseDigest.of(databaseAt: Self.database(in: folder, name: "changed", rows: [("ab", 2)]))
            #expect(changed.differences(from: base).count == 1)
            #expect(changed.differences(from: base).first?.hasPrefix("t: 1 rows") == true)
            #expect(changed.total != base.total)

            // "ab" + "c" against "a" + "bc": a digest of the bytes alone would not see it.
            let path = folder.appending(path: "cut.sqlite").path
            let db = try Database(path: path, mode: .create)
            try db.execute("CREATE TABLE t (a, b)")
            try db.execute("CREATE TABLE u (a, b)")
            try db.execute("INSERT INTO t VALUES ('ab', 'c')")
            try db.execute("INSERT INTO u VALUES ('a', 'bc')")
            try db.execute("CREATE TABLE v (a)")
            try db.execute("CREATE TABLE w (a)")
            try db.execute("INSERT INTO v VALUES ('1')")
            try db.execute("INSERT INTO w VALUES (1)")
            let digest = try DatabaseDigest.of(databaseAt: path)
            let hashes = Dictionary(uniqueKeysWithValues: digest.tables.map { ($0.name, $0.sha256) })
            #expect(hashes["t"] != hashes["u"])
            #expect(hashes["v"] != hashes["w"])
        }
    }

    @Test("A digest's committed text reads back to the same digest; a hand-edited one is refused")
    func committedTextRoundTrips() throws {
        try Fixtures.withTemporaryFolder { folder in
            let digest = try DatabaseDigest.of(databaseAt: Self.database(in: folder, name: "a", rows: [("x", 1)]))
            let text = digest.text(header: ["a test"])
            #expect(text.hasPrefix("# a test\n"))
            #expect(try DatabaseDigest(text: text) == digest)
            let edited = text.replacingOccurrences(of: "t\t1\t", with: "t\t2\t")
            #expect(throws: DatabaseDigest.MalformedDigest.self) { try DatabaseDigest(text: edited) }
            #expect(throws: DatabaseDigest.MalformedDigest.self) { try DatabaseDigest(text: "t\t1\n") }
        }
    }

    private static func database(in folder: URL, name: String, rows: [(String, Int)]) throws -> String {
        let path = folder.appending(path: "\(name).sqlite").path
        let db = try Database(path: path, mode: .create)
        try db.execute("CREATE TABLE t (word TEXT PRIMARY KEY, n INTEGER)")
        for (word, n) in rows { try db.execute("INSERT INTO t VALUES (?, ?)", word, n) }
        return path
    }
}
