import Foundation
import Testing
@testable import HIGStore

@Suite("JSON Lines")
struct JSONLinesTests {
    let cli = HigRunner()

    static func objects(_ text: String) throws -> [NSDictionary] {
        try text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? NSDictionary)
        }
    }

    @Test("rules, search and export --format jsonl: one object per line, each the JSON array's element")
    func rulesAsLines() throws {
        try Fixtures.withTemporaryFolder { folder in
            let db = folder.appending(path: "hig.sqlite").path
            _ = try StoreWriter.importEditions(from: Fixtures.editions, into: db)
            for command in [["rules"], ["search", "tap"], ["export", "--topic", "button colours"]] {
                let lines = try cli.hig(["--db", db] + command + ["--format", "jsonl"], in: folder)
                let array = try cli.hig(["--db", db] + command + ["--format", "json"], in: folder)
                #expect(lines.status == 0 && lines.stdout.hasSuffix("\n"), "\(command)")
                // search --format json is an object whose `rules` are the hits.
                let parsed = try JSONSerialization.jsonObject(with: Data(array.stdout.utf8))
                let expected = try #require((parsed as? [NSDictionary]) ?? ((parsed as? NSDictionary)?["rules"] as? [NSDictionary]))
                #expect(!expected.isEmpty)
                #expect(try Self.objects(lines.stdout) == expected, "\(command)")
            }
        }
    }

    @Test("diff --format jsonl: a line per pair or rule, as many per change class as the diff counts")
    func diffAsLines() throws {
        try Fixtures.withTemporaryFolder { folder in
            let db = folder.appending(path: "hig.sqlite").path
            _ = try StoreWriter.importEditions(from: Fixtures.editions, into: db)
            let result = try cli.hig(["--db", db, "diff", "2010", "2011", "--format", "jsonl"], in: folder)
            let lines = try Self.objects(result.stdout)
            var counts: [String: Int] = [:]
            for line in lines { counts[line["change"] as? String ?? "?", default: 0] += 1 }
            // `hig diff 2010 2011`: 2010 is an excerpt, so no 2011 rule counts as added. "The
            // infrequency with which alerts appear …" is revised: 2011 drops its closing clause,
            // "In general, try to avoid creating alerts that:" (eight words at one place).
            #expect(counts == ["unchanged": 9, "reworded": 9, "revised": 4, "not-in-excerpt": 2, "not-in-from-excerpt": 17])
            let reworded = try #require(lines.first { $0["change"] as? String == "reworded" })
            #expect((reworded["from_source"] as? String)?.hasPrefix("Tests/Fixtures/seed-editions/2010-") == true)
            #expect((reworded["to_source"] as? String)?.hasPrefix("Tests/Fixtures/seed-editions/2011-") == true)
            #expect(Set(lines.map { Set($0.allKeys.compactMap { $0 as? String }) }).count == 1, "every line has the same keys")
        }
    }
}
