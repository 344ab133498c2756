import Foundation
import Testing
@testable import HIGStore

@Suite("Lineage terms prepared while the rules are written")
struct PreparedLinkTermsTests {
    /// Every link and force, each row as SQL literals.
    static func lineage(_ db: Database) throws -> [String] {
        try db.rows("""
            SELECT quote(from_rule) || quote(to_rule) || quote(change) || quote(similarity) || quote(method) || quote(force_from)
                || quote(force_to) || quote(force_changed) || quote(reversal) || quote(rationale) FROM rule_links ORDER BY 1
            """).map { $0[0].string ?? "" }
            + db.rows("SELECT quote(rule_id) || quote(force) FROM rule_force ORDER BY 1").map { $0[0].string ?? "" }
    }

    @Test("An import's links, made from the corpus in memory, are those made from the database")
    func sameLinksAsFromTheDatabase() throws {
        try Fixtures.withTemporaryFolder { folder in
            let db = try Database(path: folder.appending(path: "seeds.sqlite").path(percentEncoded: false), mode: .create)
            _ = try Importer.write(Fixtures.seeds, to: db)
            let prepared = try #require(try PreparedLinkTerms.make(from: Fixtures.seeds, lexicon: .bundled) { false })
            // The import could use them: the database holds exactly the corpus.
            #expect(try prepared.sourceIDs(in: db, lexicon: .bundled) != nil)
            let imported = try Self.lineage(db)
            #expect(imported.count > 100)
            try db.transaction { try Linker.link(db, curated: Fixtures.seeds.curatedLinks) }
            #expect(try Self.lineage(db) == imported)
        }
    }

    @Test("A database holding an edition the corpus lacks has its terms read from it")
    func notUsedForADatabaseHoldingMore() throws {
        try Fixtures.withTemporaryFolder { folder in
            let db = try Database(path: folder.appending(path: "seeds.sqlite").path(percentEncoded: false), mode: .create)
            _ = try Importer.write(Fixtures.seeds, to: db)
            let text = try Data(contentsOf: Fixtures.editions.appending(path: "2008-chunk045.md"))
            let editions = try Fixtures.writeEditions(in: folder, manifest: Fixtures.manifest([("2008", "2008-chunk045.md")]),
                                                      files: ["2008-chunk045.md": text])
            let prepared = try #require(try PreparedLinkTerms.make(from: try Corpus.load(folder: editions), lexicon: .bundled) { false })
            #expect(try prepared.sourceIDs(in: db, lexicon: .bundled) == nil)
        }
    }

    @Test("Cancelled, the preparation stops and gives nothing; background work is joined and handed over once")
    func cancelled() throws {
        #expect(try PreparedLinkTerms.make(from: Fixtures.seeds, lexicon: .bundled) { true } == nil)
        // Runs until cancelled: cancelAndWait returning at all shows the flag reached it.
        let work = BackgroundWork { isCancelled in
            while !isCancelled() { usleep(1_000) }
            return 1
        }
        work.cancelAndWait()
        #expect(try work.take().get() == 1)
        #expect(throws: CancellationError.self) { try work.take().get() }
    }
}
