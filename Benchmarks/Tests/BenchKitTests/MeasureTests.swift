import Foundation
import Testing
@testable import BenchKit
import HIGStore

@Suite struct MeasureTests {
    @Test func percentilesUseNearestRank() {
        let samples = (1...100).map(Double.init)
        #expect(Statistics.percentile(samples, 0.5) == 50)
        #expect(Statistics.percentile(samples, 0.99) == 99)
        #expect(Statistics.percentile([3], 0.99) == 3)
        #expect(Statistics.median([4, 1, 3, 2]) == 2.5)
    }

    @Test func aChildProcessReportsItsOwnPeakMemory() throws {
        let run = try ChildProcess.run("/bin/sh", ["-c", "exit 0"])
        #expect(run.peakKiB > 0)
        #expect(run.seconds > 0)
        #expect(throws: BenchError.self) { try ChildProcess.run("/bin/sh", ["-c", "echo broken >&2; exit 3"]) }
    }

    @Test("The sqlite3 tool gets hig's expression in a literal it cannot leave, and ranks as hig does")
    func sqliteSearchQuery() throws {
        #expect(
            ProcessSearch.sql("don't tap") == """
                SELECT rowid, bm25(rules_fts, 0.0, 1.0) AS rank FROM rules_fts WHERE rules_fts MATCH '"don''t" AND "tap"' ORDER BY rank LIMIT 10;
                """)
        guard ChildProcess.available("sqlite3", ["-version"]) else { return }
        let folder = FileManager.default.temporaryDirectory.appending(path: "hig-bench-search-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (_, _) = try CorpusGenerator.generate(GeneratorOptions(rules: 200, editions: 2), into: folder.appending(path: "editions"))
        let database = folder.appending(path: "hig.sqlite").path(percentEncoded: false)
        _ = try HIGStore.StoreWriter.importEditions(from: folder.appending(path: "editions"), into: database)
        let query = try #require(SearchProbe.queries(count: 50, seed: 1).first { $0.contains(" ") })
        let output = folder.appending(path: "out.txt").path(percentEncoded: false)
        try ChildProcess.run("sqlite3", ["-readonly", database, ProcessSearch.sql(query)], output: output)
        let ranks = try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n").compactMap {
            Double($0.split(separator: "|")[1])
        }
        let hits = try HIGStore.RuleStore.open(path: database).search(SearchRequest(text: query, limit: 10)).hits
        // The same scores, best first (rules tied at the tenth may differ; their scores do not).
        #expect(ranks.count == hits.count && !ranks.isEmpty)
        for (rank, hit) in zip(ranks, hits) { #expect(abs(rank - hit.rank) <= 1e-12 * abs(rank), "\(query): \(rank) \(hit.rank)") }
    }
}

@Suite struct LineageScoreTests {
    @Test func everyTruthLinkIsCountedInExactlyOneClass() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "hig-bench-lineage-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let editions = folder.appending(path: "editions")
        let (corpus, _) = try CorpusGenerator.generate(GeneratorOptions(rules: 300, editions: 3), into: editions)
        let database = folder.appending(path: "hig.sqlite").path(percentEncoded: false)
        _ = try HIGStore.StoreWriter.importEditions(from: editions, into: database)
        let score = try LineageScore.score(database: database, editions: editions)

        func declared(_ change: TruthChange) -> Int { corpus.transitions.reduce(0) { $0 + ($1.links[change.rawValue] ?? 0) } }
        let pairs =
            declared(.unchanged) + declared(.moved) + declared(.reworded) + declared(.revised) + declared(.split) + declared(.merged)
        #expect(score.links.truth == pairs)
        #expect(
            score.classes.filter { !$0.name.hasPrefix("moved") && $0.name != "removed" && $0.name != "added" }
                .reduce(0) { $0 + $1.truth } == pairs)
        #expect(score.classes.first { $0.name == "removed" }?.truth == declared(.removed))
        #expect(score.classes.first { $0.name == "added" }?.truth == declared(.added))
        #expect(score.labelled.correct <= score.links.correct)
        #expect(Set(score.perTransition.keys) == ["g1>g2", "g2>g3"])
    }
}
