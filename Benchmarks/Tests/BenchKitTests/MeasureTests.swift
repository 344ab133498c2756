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
}

@Suite struct LineageScoreTests {
    @Test func everyTruthLinkIsCountedInExactlyOneClass() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "hig-bench-lineage-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let editions = folder.appending(path: "editions")
        let (corpus, _) = try CorpusGenerator.generate(GeneratorOptions(rules: 300, editions: 3), into: editions)
        let database = folder.appending(path: "hig.sqlite").path(percentEncoded: false)
        _ = try HIGStore.RuleStore.importEditions(from: editions, into: database)
        let score = try LineageScore.score(database: database, editions: editions)

        func declared(_ change: TruthChange) -> Int { corpus.transitions.reduce(0) { $0 + ($1.links[change.rawValue] ?? 0) } }
        let pairs = declared(.unchanged) + declared(.moved) + declared(.reworded) + declared(.revised) + declared(.split) + declared(.merged)
        #expect(score.links.truth == pairs)
        #expect(score.classes.filter { !$0.name.hasPrefix("moved") && $0.name != "removed" && $0.name != "added" }
            .reduce(0) { $0 + $1.truth } == pairs)
        #expect(score.classes.first { $0.name == "removed" }?.truth == declared(.removed))
        #expect(score.classes.first { $0.name == "added" }?.truth == declared(.added))
        #expect(score.labelled.correct <= score.links.correct)
        #expect(Set(score.perTransition.keys) == ["g1>g2", "g2>g3"])
    }
}
