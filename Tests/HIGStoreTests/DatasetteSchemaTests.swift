import Foundation
import Testing
@testable import HIGStore
@testable import HIGDatabase

/// What tools that browse the database (Datasette, Datasette/metadata.json) need of its schema.
@Suite("Schema for browsing tools")
struct DatasetteSchemaTests {
    /// Datasette 0.65's `detect_fts(conn, "rules")`, word for word: the index is found by the
    /// text of its declaration.
    static let datasetteDetectFTS = """
        SELECT name FROM sqlite_master
        WHERE rootpage = 0
          AND (sql LIKE '%VIRTUAL TABLE%USING FTS%content="rules"%'
               OR sql LIKE '%VIRTUAL TABLE%USING FTS%content=[rules]%'
               OR (tbl_name = 'rules' AND sql LIKE '%VIRTUAL TABLE%USING FTS%'))
        """

    @Test("Datasette finds the full-text index of rules")
    func datasetteFindsTheIndex() throws {
        try Fixtures.withTemporaryFolder { folder in
            let path = folder.appending(path: "hig.sqlite").path
            _ = try StoreWriter.importEditions(from: Fixtures.editions, into: path)
            let db = try Database(path: path, mode: .readOnly)
            #expect(try db.rows(Self.datasetteDetectFTS).map { $0.string("name") } == ["rules_fts"])
        }
    }

    @Test("Declaring the index again on a filled database keeps every search result and rank")
    func redeclaringKeepsSearch() throws {
        try Fixtures.withTemporaryFolder { folder in
            let path = folder.appending(path: "hig.sqlite").path
            _ = try StoreWriter.importEditions(from: Fixtures.editions, into: path)
            let queries = ["tap", "button", "cancel button", "alert title", "destructive", "OK", "leading trailing"]
            func results() throws -> [[String]] {
                let store = try RuleStore.open(path: path)
                return try queries.map { query in
                    try store.search(SearchRequest(text: query, limit: 200)).hits.map { "\($0.record.id) \($0.rank) \($0.snippet)" }
                }
            }
            let before = try results()
            #expect(before.allSatisfy { !$0.isEmpty })
            // Migration 0008 as an older database applies it: on an index that holds every rule.
            let migration = try #require(Migration.all.first { $0.name == "0008_detectable_search_index" })
            let db = try Database(path: path)
            try db.transaction { try db.executeScript(migration.sql) }
            try db.execute("INSERT INTO rules_fts (rules_fts) VALUES ('integrity-check')")
            #expect(try db.scalar("SELECT v FROM rules_fts_config WHERE k = 'hashsize'")?.int == 67_108_864)
            #expect(try results() == before)
        }
    }

    @Test("rules_browse gives every rule once with its topics and platforms as JSON arrays")
    func browsingView() throws {
        try Fixtures.withTemporaryFolder { folder in
            let path = folder.appending(path: "hig.sqlite").path
            _ = try StoreWriter.importEditions(from: Fixtures.editions, into: path)
            let store = try RuleStore.open(path: path)
            let rows = try store.db.rows("SELECT id, topics, platforms, source FROM rules_browse")
            let rules = try store.rules()
            #expect(rows.count == rules.count)
            let byID = Dictionary(uniqueKeysWithValues: rows.map { ($0.string("id"), $0) })
            for rule in rules {
                let row = try #require(byID[rule.id])
                #expect(try JSONDecoder().decode([String].self, from: Data(row.string("topics").utf8)) == rule.topics)
                #expect(try JSONDecoder().decode([String].self, from: Data(row.string("platforms").utf8)) == rule.platforms)
                #expect(row.string("source") == rule.source.citation)
            }
        }
    }
}
