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

    @Test("Topics found for rules by source file and ordinal are those found by rule id")
    func topicsByPlaceAsByID() throws {
        try Fixtures.withTemporaryFolder { folder in
            let db = try Database(path: folder.appending(path: "seeds.sqlite").path(percentEncoded: false), mode: .create)
            _ = try Importer.write(Fixtures.seeds, to: db)
            var corpus = try LinkCorpus(db, lexicon: .bundled)
            var withTopics = 0
            for index in corpus.editions.indices {
                var edition = try corpus.load(edition: index, db)
                let byPlace = edition.rules.map(\.topics)
                for rule in edition.rules.indices { edition.rules[rule].topics = [] }
                try corpus.attachTopics(to: &edition, db, byID: true)
                #expect(edition.rules.map(\.topics) == byPlace)
                withTopics += byPlace.filter { !$0.isEmpty }.count
            }
            #expect(withTopics > 100)
        }
    }

    @Test("Rules are found by place only in runs by source, by ascending ordinal")
    func rulePlaces() throws {
        func rules(_ places: [(source: Int, ordinal: Int)]) -> [EditionTerms.Rule] {
            places.map { EditionTerms.Rule(id: "\($0.source)-\($0.ordinal)", source: $0.source, ordinal: $0.ordinal, parent: nil,
                                           text: "", prescribes: true, topics: [], sameWordsKey: 0, force: .none) }
        }
        let inRuns = rules([(7, 1), (7, 2), (7, 5), (3, 1), (3, 4), (9, 2)])
        let places = try #require(LinkCorpus.RulePlaces(inRuns))
        for (index, rule) in inRuns.enumerated() { #expect(places.index(source: rule.source, ordinal: rule.ordinal, in: inRuns) == index) }
        #expect(places.index(source: 7, ordinal: 3, in: inRuns) == nil)
        #expect(places.index(source: 7, ordinal: 6, in: inRuns) == nil)
        #expect(places.index(source: 4, ordinal: 1, in: inRuns) == nil)
        #expect(LinkCorpus.RulePlaces([]) != nil)
        #expect(LinkCorpus.RulePlaces(rules([(7, 1), (3, 1), (7, 2)])) == nil)
        #expect(LinkCorpus.RulePlaces(rules([(7, 2), (7, 1)])) == nil)
        #expect(LinkCorpus.RulePlaces(rules([(7, 1), (7, 1)])) == nil)
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
