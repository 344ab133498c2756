import Foundation
import Testing
@testable import HIGStore
@testable import HIGDatabase
@testable import HIGLineage
@testable import HIGText

@Suite("Lineage terms prepared while the rules are written")
struct PreparedLinkTermsTests {
    /// Every link and force, each row as SQL literals.
    static func lineage(_ db: Database) throws -> [String] {
        try db.rows(
            """
            SELECT quote(from_rule) || quote(to_rule) || quote(change) || quote(similarity) || quote(method) || quote(force_from)
                || quote(force_to) || quote(force_changed) || quote(reversal) || quote(rationale) || quote(evidence)
                || quote(score) || quote(confidence) FROM rule_links ORDER BY 1
            """
        ).map { $0[0].string ?? "" }
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

    @Test("Every link's reversal flag is read from its two texts' named words, though most are carried from the pair before")
    func reversalsAsReadFromBothTexts() throws {
        try Fixtures.withTemporaryFolder { folder in
            let db = try Database(path: folder.appending(path: "seeds.sqlite").path(percentEncoded: false), mode: .create)
            _ = try Importer.write(Fixtures.seeds, to: db)
            let links = try db.rows(
                """
                SELECT a.text, b.text, l.reversal FROM rule_links l JOIN rules a ON a.id = l.from_rule JOIN rules b ON b.id = l.to_rule
                """)
            #expect(links.count > 40)
            var reversals = 0
            for link in links {
                let (old, new) = (link[0].string ?? "", link[1].string ?? "")
                #expect((link[2].int == 1) == Linker.isReversal(from: old, to: new), "\(old) → \(new)")
                if link[2].int == 1 { reversals += 1 }
            }
            #expect(reversals >= 1)
        }
    }

    @Test("Topics read as a range of rule ids, met with the rules in key order, are those found by a join on the edition")
    func topicsByRangeAsByJoin() throws {
        try Fixtures.withTemporaryFolder { folder in
            let db = try Database(path: folder.appending(path: "seeds.sqlite").path(percentEncoded: false), mode: .create)
            _ = try Importer.write(Fixtures.seeds, to: db)
            // An edition whose id begins with another's and a hyphen, so that its rules' ids lie in
            // the other's range; one of its rules with a topic.
            let (edition, rule) = try #require(
                try db.rows("SELECT r.edition_id, r.id FROM rules r JOIN rule_topics t ON t.rule_id = r.id LIMIT 1").first.map {
                    ($0[0].string ?? "", $0[1].string ?? "")
                })
            let impostor = edition + "-" + String(rule.dropFirst(edition.count + 1))
            try db.execute(
                "INSERT INTO editions (id, name, position, date, platform_scope, platforms) SELECT ? || '-x', name, position + 1000, date, platform_scope, platforms FROM editions WHERE id = ?",
                edition, edition)
            try db.execute(
                "INSERT INTO rules SELECT ? || '-x-' || ?, edition_id || '-x', source_id, ordinal + 100000, NULL, kind, section, title, text, verbatim, line_start, line_end, page, chunk FROM rules WHERE id = ?",
                edition, impostor, rule)
            try db.execute(
                "INSERT INTO rule_topics SELECT ? || '-x-' || ?, topic_slug, via FROM rule_topics WHERE rule_id = ?",
                edition, impostor, rule)
            var (byRange, byJoin) = (try LinkCorpus(db, lexicon: .bundled), try LinkCorpus(db, lexicon: .bundled))
            var withTopics = 0
            for index in byRange.editions.indices where byRange.editions[index].id != edition + "-x" {
                let ranged = try byRange.load(edition: index, db)
                var joined = ranged
                for rule in joined.rules.indices { joined.rules[rule].topics = [] }
                try byJoin.attachTopics(to: &joined, db, byRange: false)
                let (rangeSlugs, joinSlugs) = (byRange.topicSlugs, byJoin.topicSlugs)
                #expect(
                    ranged.rules.map { Set($0.topics.map { rangeSlugs[Int($0)] }) }
                        == joined.rules.map { Set($0.topics.map { joinSlugs[Int($0)] }) })
                withTopics += ranged.rules.filter { !$0.topics.isEmpty }.count
            }
            #expect(withTopics > 100)
        }
    }

    @Test("A database holding an edition the corpus lacks has its terms read from it")
    func notUsedForADatabaseHoldingMore() throws {
        try Fixtures.withTemporaryFolder { folder in
            let db = try Database(path: folder.appending(path: "seeds.sqlite").path(percentEncoded: false), mode: .create)
            _ = try Importer.write(Fixtures.seeds, to: db)
            let text = try Data(contentsOf: Fixtures.editions.appending(path: "2008-chunk045.md"))
            let editions = try Fixtures.writeEditions(
                in: folder, manifest: Fixtures.manifest([("2008", "2008-chunk045.md")]),
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

@Suite("Tokens as the search index cuts them")
struct TermScannerTests {
    /// The tokens of `text` as the scanner first read them: scalar by scalar, ASCII letters
    /// lowercased, other letters and numbers as written, anything else a separator.
    static func referenceTokens(_ text: String) -> [String] {
        var tokens: [String] = []
        var current = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let value = scalar.value
            let isPart =
                value < 128
                ? (65...90).contains(value) || (97...122).contains(value) || (48...57).contains(value)
                : scalar.properties.isAlphabetic || scalar.properties.numericType != nil
            if isPart {
                current.append((65...90).contains(value) ? Unicode.Scalar(value + 32)! : scalar)
            } else if !current.isEmpty {
                tokens.append(String(current))
                current = String.UnicodeScalarView()
            }
        }
        if !current.isEmpty { tokens.append(String(current)) }
        return tokens
    }

    /// Scans `texts` in order and checks each text's tokens, and that new tokens are numbered
    /// in the order first seen.
    static func expectScannedAsReference(_ texts: [String]) {
        var scanner = TermScanner()
        for text in texts {
            var numbers: [Int32] = []
            let before = scanner.tokens.count
            scanner.scan(text, into: &numbers)
            #expect(numbers.map { scanner.tokens[Int($0)] } == referenceTokens(text), "\(text.debugDescription)")
            let new = numbers.filter { $0 >= before }
            var next = Int32(before)
            for number in new where number >= next {
                #expect(number == next, "\(text.debugDescription)")
                next = number + 1
            }
        }
        #expect(Set(scanner.tokens).count == scanner.tokens.count)
    }

    @Test("The seeds' texts and titles are cut as scalar by scalar, tokens numbered as first seen")
    func seeds() {
        let texts = Fixtures.seeds.sources.flatMap(\.rules).flatMap { [$0.draft.title ?? "", $0.draft.text] }
        #expect(texts.count > 200)
        Self.expectScannedAsReference(texts)
    }

    @Test("Random texts of ASCII, accented, CJK, emoji and digit scalars are cut as scalar by scalar")
    func randomTexts() {
        var random = SeededRandom(seed: 31)
        let pieces = [
            "Alert", "OK", "tap", "TAP", " ", "-", "’", "“", "”", "é", "e\u{301}", "Ü", "ß", "İ", "日本", "٣", "²", "½",
            "👍", "🇫🇷", "\u{00A0}", "\t", "x2", "42", "Ⅻ", "ﬁ", "\u{200D}", "a’b", ".", "_", "Ω",
        ]
        var texts = (0..<3_000).map { _ in (0..<random.int(0...20)).map { _ in random.pick(pieces) }.joined() }
        // Enough distinct tokens to make the scanner's table grow several times.
        texts += (0..<20_000).map { "word\($0) W\($0 * 7)x" }
        Self.expectScannedAsReference(texts)
    }
}

@Suite("Pair ids as a dictionary keeps them")
struct PairIDsTests {
    @Test("Pairs set, overwritten and looked up, through several growths, as in a dictionary")
    func asADictionary() {
        var random = SeededRandom(seed: 17)
        var table = LinkCorpus.PairIDs()
        var reference: [Int64: Int32] = [:]
        for step in 0..<60_000 {
            // Small ids (many repeats), large ones, and the extremes of Int32.
            let pick = { (random: inout SeededRandom) -> Int32 in
                random.chance(0.7)
                    ? Int32(random.int(0...300)) : random.chance(0.9) ? Int32(random.int(0...5_000_000)) : random.pick([0, Int32.max])
            }
            let (first, second) = (pick(&random), pick(&random))
            let key = Int64(first) << 32 | Int64(second)
            #expect(table[first, second] == reference[key])
            if random.chance(0.6) {
                table[first, second] = Int32(step)
                reference[key] = Int32(step)
            }
        }
        for (key, id) in reference { #expect(table[Int32(key >> 32), Int32(truncatingIfNeeded: key)] == id) }
        #expect(reference.count > 10_000)
    }
}
