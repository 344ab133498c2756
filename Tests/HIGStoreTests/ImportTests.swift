import Foundation
import Testing
@testable import HIGStore
@testable import HIGDatabase
@testable import HIGRendering
@testable import HIGText

@Suite("Importing into SQLite")
struct ImportTests {
    @Test func importsEveryEditionWithProvenance() throws {
        try Fixtures.withTemporaryFolder { folder in
            let path = folder.appending(path: "hig.sqlite").path
            let report = try StoreWriter.importEditions(from: Fixtures.editions, into: path)
            #expect(report.editions.map(\.id) == ["2008", "2010", "2011", "web-2022-23"])
            #expect(report.editions.map(\.rules) == [14, 24, 39, 37])
            #expect(report.editions.map(\.repairs) == [2, 8, 5, 0])
            let store = try RuleStore.open(path: path)
            let rule = try #require(try store.rules(RuleFilter(edition: "2011")).first { $0.source.lineStart == 35 })
            #expect(rule.source.file == "Tests/Fixtures/seed-editions/2011-chunk131.md")
            #expect(rule.source.document == "2011 iOS Human Interface Guidelines.pdf")
            #expect(rule.source.chunk == 131)
            #expect(rule.source.page == 118)
            // The SHA-256 of the seed file, computed with sha256sum.
            #expect(rule.source.sha256 == "9f278dc6a2171830dfd53c381db56e4e657bbbdb87c6dfb7ccde09ac7f4c7a0a")
            #expect(rule.verbatim.hasPrefix("**Be sure to testthe appearance of your alertin both orientations**."))
            let detail = try store.detail(id: rule.id)
            #expect(detail.repairs.map(\.original) == ["testthe", "alertin"])
            let current = try store.rules(RuleFilter(edition: "web-2022-23", platform: "macos"))
            #expect(current.contains { $0.source.lineStart == 86 })
            #expect(!current.contains { $0.source.lineStart == 81 })
        }
    }

    @Test("A new database, filled without enforcing foreign keys, has no dangling reference, and enforces them afterwards")
    func newDatabaseKeepsForeignKeys() throws {
        try Fixtures.withTemporaryFolder { folder in
            let generated = try GeneratedCorpus.write(in: folder, copies: 2, variant: "fk")
            for (number, editions) in [Fixtures.editions, generated].enumerated() {
                let path = folder.appending(path: "hig-\(number).sqlite").path
                _ = try StoreWriter.importEditions(from: editions, into: path)
                let db = try Database(path: path)
                #expect(try db.scalar("PRAGMA foreign_key_check") == nil, "\(editions.path)")
                // Every child table the import fills has rows to check.
                for table in ["rule_platforms", "rule_topics", "rule_force", "rule_links", "source_rule_counts"] {
                    #expect(try db.scalar("SELECT count(*) FROM \(table)")?.int ?? 0 > 0, "\(table)")
                }
                #expect(throws: SQLiteError.self) {
                    try db.execute("INSERT INTO rule_platforms (rule_id, platform) VALUES ('no-such-rule', 'iOS')")
                }
            }
        }
    }

    @Test("Re-importing unchanged sources changes nothing and keeps every id")
    func reimportIsIdempotent() throws {
        try Fixtures.withTemporaryFolder { folder in
            let path = folder.appending(path: "hig.sqlite").path
            _ = try StoreWriter.importEditions(from: Fixtures.editions, into: path)
            let before = try Fixtures.dump(Database(path: path))
            let modified = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
            let report = try StoreWriter.importEditions(from: Fixtures.editions, into: path)
            #expect(!report.changedAnything)
            #expect(report.editions.allSatisfy { $0.filesWritten == 0 })
            #expect(try Fixtures.dump(Database(path: path)) == before)
            #expect(try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date == modified)
        }
    }

    @Test("A failure in the middle of an import leaves the database exactly as it was")
    func importIsAtomic() throws {
        try Fixtures.withTemporaryFolder { folder in
            let path = folder.appending(path: "hig.sqlite").path
            let first = try Fixtures.writeEditions(
                in: folder.appending(path: "a"), manifest: Fixtures.manifest([("one", "one.md")]),
                files: ["one.md": Data("**Use alerts sparingly**. They interrupt.\n".utf8)])
            _ = try StoreWriter.importEditions(from: first, into: path)
            // A trigger makes the database refuse the second edition's last rule, after its
            // first rules are already written.
            let db = try Database(path: path)
            try db.execute(
                "CREATE TRIGGER poison BEFORE INSERT ON rules WHEN NEW.text LIKE '%POISON%' BEGIN SELECT RAISE(ABORT, 'poisoned'); END")
            let before = try Fixtures.dump(db)
            let second = try Fixtures.writeEditions(
                in: folder.appending(path: "b"), manifest: Fixtures.manifest([("one", "one.md"), ("two", "two.md")]),
                files: [
                    "one.md": Data("**Use alerts rarely**. Changed.\n".utf8),
                    "two.md": Data("**Keep titles short**. Fine.\n- A bullet.\n- POISON here.\n".utf8),
                ])
            #expect(throws: (any Error).self) { try StoreWriter.importEditions(from: second, into: path) }
            #expect(try Fixtures.dump(db) == before)
        }
    }

    @Test("A failed first import leaves no database file behind")
    func failedFirstImportWritesNothing() throws {
        try Fixtures.withTemporaryFolder { folder in
            let path = folder.appending(path: "hig.sqlite").path
            let editions = try Fixtures.writeEditions(in: folder, manifest: Fixtures.manifest([("one", "one.md")]), files: [:])
            #expect(throws: HIGError.self) { try StoreWriter.importEditions(from: editions, into: path) }
            let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0 != "editions" }
            #expect(left.isEmpty)
        }
    }

    @Test("Ids survive other rules and editions being added around them")
    func idsAreStable() throws {
        try Fixtures.withTemporaryFolder { folder in
            let path = folder.appending(path: "hig.sqlite").path
            let text = "**Use alerts sparingly**. They interrupt.\n**Keep titles short**. Short titles read fast.\n"
            let first = try Fixtures.writeEditions(
                in: folder.appending(path: "a"), manifest: Fixtures.manifest([("one", "one.md")]),
                files: ["one.md": Data(text.utf8)])
            _ = try StoreWriter.importEditions(from: first, into: path)
            let before = try RuleStore.open(path: path).rules().map(\.id)
            let grown = "**A new first rule**. Inserted above.\n" + text
            let second = try Fixtures.writeEditions(
                in: folder.appending(path: "b"), manifest: Fixtures.manifest([("one", "one.md"), ("two", "two.md")]),
                files: ["one.md": Data(grown.utf8), "two.md": Data("**Other**. Words.\n".utf8)])
            let report = try StoreWriter.importEditions(from: second, into: path)
            #expect(report.editions.map(\.filesWritten) == [1, 1])
            let after = try RuleStore.open(path: path).rules(RuleFilter(edition: "one")).map(\.id)
            #expect(after.count == 3)
            #expect(Array(after.dropFirst()) == before)
        }
    }

    @Test func aFileDroppedFromTheManifestIsRemoved() throws {
        try Fixtures.withTemporaryFolder { folder in
            let path = folder.appending(path: "hig.sqlite").path
            let both = try Fixtures.writeEditions(
                in: folder.appending(path: "a"), manifest: Fixtures.manifest([("one", "one.md"), ("one", "extra.md")]),
                files: ["one.md": Data("**Rule one**. Text.\n".utf8), "extra.md": Data("**Rule two**. Text.\n".utf8)])
            _ = try StoreWriter.importEditions(from: both, into: path)
            #expect(try RuleStore.open(path: path).rules().count == 2)
            let single = try Fixtures.writeEditions(
                in: folder.appending(path: "b"), manifest: Fixtures.manifest([("one", "one.md")]),
                files: ["one.md": Data("**Rule one**. Text.\n".utf8)])
            let report = try StoreWriter.importEditions(from: single, into: path)
            #expect(report.filesRemoved == 1)
            #expect(try RuleStore.open(path: path).rules().map(\.text) == ["Rule one. Text."])
        }
    }

    @Test func jsonExportFollowsTheContract() throws {
        try Fixtures.withTemporaryFolder { folder in
            let path = folder.appending(path: "hig.sqlite").path
            _ = try StoreWriter.importEditions(from: Fixtures.editions, into: path)
            let rules = try RuleStore.open(path: path).rules()
            let json = try RuleFormatter.json(rules)
            let objects = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
            #expect(objects.count == 114)
            let keys: Set<String> = [
                "id", "edition", "kind", "section", "title", "text", "platforms", "parent", "topics",
                "previous", "change", "source",
            ]
            let sourceKeys: Set<String> = ["file", "line_start", "line_end", "document", "chunk", "page", "sha256"]
            for object in objects {
                #expect(keys.isSubset(of: Set(object.keys)))
                #expect(object["platforms"] is [String])
                #expect(object["topics"] is [String])
                #expect(object["previous"] is [String])
                let source = try #require(object["source"] as? [String: Any])
                #expect(sourceKeys.isSubset(of: Set(source.keys)))
            }
            let checkbox = try #require(objects.first { ($0["title"] as? String) == "Suppression checkbox" })
            #expect(checkbox["edition"] as? String == "web-2022-23")
            #expect(checkbox["parent"] as? String != nil)
            #expect((checkbox["source"] as? [String: Any])?["chunk"] is NSNull)
        }
    }

    @Test func csvAndMarkdownEscapeTheirSeparators() {
        let record = RuleRecord(
            id: "x-1", edition: "x", kind: .guideline, section: nil, title: "A | B", text: "Say \"hi\", then\nleave",
            verbatim: "", platforms: ["iOS", "macOS"], parent: nil, topics: [], previous: [], change: nil,
            source: .init(file: "f.md", lineStart: 2, lineEnd: 3, document: "d", chunk: nil, page: 7, sha256: ""))
        let csv = RuleFormatter.csv([record])
        #expect(csv.hasPrefix("id,edition,section,kind,topics,platforms,title,text,source,page,chunk,previous,change\r\n"))
        #expect(csv.contains(#","Say ""hi"", then"# + "\nleave\","))
        let markdown = RuleFormatter.markdown([record])
        #expect(markdown.contains(#"| A \| B | Say "hi", then<br>leave |"#))
    }
}
