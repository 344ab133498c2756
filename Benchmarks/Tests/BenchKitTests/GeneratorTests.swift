import Foundation
import HIGStore
import Testing
import HIGText
@testable import BenchKit

@Suite struct GeneratorTests {
    @Test func splitMixMatchesTheReferenceSequence() {
        // SplitMix64 with seed 0 (Steele et al.; Java's SplittableRandom gives the same).
        var rng = SplitMix64(seed: 0)
        #expect(rng.next() == 0xe220_a839_7b1d_cdaf)
        #expect(rng.next() == 0x6e78_9e6a_a1b9_65f4)
    }

    @Test func drawsStayInRange() {
        var rng = SplitMix64(seed: 7)
        for bound in [1, 2, 3, 10, 1000] {
            for _ in 0..<200 { #expect((0..<bound).contains(rng.below(bound))) }
        }
    }

    @Test func everyVocabularyWordIsLeftWholeByTheRepair() {
        let repairer = GluedWordRepairer(lexicon: .bundled)
        let cut = Vocabulary.allWords.flatMap { $0.split(whereSeparator: { !$0.isLetter }) }
            .map(String.init).filter { repairer.split($0) != nil }
        #expect(cut.isEmpty, "hig would cut these generated words: \(cut)")
    }

    @Test func gluedPairsComeBackAsTheirTwoWords() {
        let glue = Glue()
        let repairer = GluedWordRepairer(lexicon: .bundled)
        #expect(glue.canGlue("test", "the", sentenceStart: false))
        #expect(repairer.split("testthe") == ["test", "the"])
        #expect(!glue.canGlue("in", "to", sentenceStart: false), "'into' is a word")
        #expect(!glue.canGlue("Use", "the", sentenceStart: false), "a capital inside a sentence marks a name")
    }

    @Test func theSameSeedWritesTheSameBytes() throws {
        try withFolder { folder in
            let options = GeneratorOptions(rules: 300, seed: 42, rulesPerFile: 100)
            try CorpusGenerator.generate(options, into: folder.appending(path: "a"))
            try CorpusGenerator.generate(options, into: folder.appending(path: "b"))
            #expect(try FolderDigest.firstDifference(folder.appending(path: "a"), folder.appending(path: "b")) == nil)
            var other = options
            other.seed = 43
            try CorpusGenerator.generate(other, into: folder.appending(path: "c"))
            #expect(try FolderDigest.firstDifference(folder.appending(path: "a"), folder.appending(path: "c")) != nil)
        }
    }

    @Test func eachTransitionHasTheMixShares() throws {
        try withFolder { folder in
            let (corpus, _) = try CorpusGenerator.generate(GeneratorOptions(rules: 2000), into: folder)
            let mix = ChangeMix()
            for (index, transition) in corpus.transitions.enumerated() {
                let older = Double(corpus.editions[index].rules)
                func share(_ change: TruthChange) -> Int { Int((mix.weight(change) * older).rounded()) }
                #expect(transition.links["reworded"] == share(.reworded))
                #expect(transition.links["revised"] == share(.revised))
                #expect(transition.links["split"] == 2 * share(.split))
                // Merges take rules in pairs.
                let merged = share(.merged) / 2 * 2
                #expect(transition.links["merged"] == merged)
                #expect(transition.links["added"] == share(.added))
                #expect(transition.links["moved"] == share(.moved))
                #expect(transition.links["removed"] == share(.removed))
                #expect(
                    corpus.editions[index + 1].rules == corpus.editions[index].rules
                        + share(.split) - merged / 2 - share(.removed) + share(.added))
            }
        }
    }

    @Test func higImportsEveryGeneratedRuleAsWritten() throws {
        try withFolder { folder in
            let editions = folder.appending(path: "editions")
            let (corpus, expected) = try CorpusGenerator.generate(
                GeneratorOptions(rules: 600, seed: 3, rulesPerFile: 150),
                into: editions, expectations: true)
            let report = try ConsistencyCheck.run(
                corpus: corpus, expected: expected, folder: editions,
                database: folder.appending(path: "hig.sqlite").path(percentEncoded: false))
            #expect(report.problems.isEmpty, "\(report.problems.joined(separator: "\n"))")
            #expect(report.editions.map(\.imported) == corpus.editions.map(\.rules))
            #expect(report.editions.dropLast().allSatisfy { $0.glued > 0 })
        }
    }

    @Test func theCheckNoticesARuleSplitDifferently() throws {
        try withFolder { folder in
            let editions = folder.appending(path: "editions")
            let (corpus, expected) = try CorpusGenerator.generate(
                GeneratorOptions(rules: 200, editions: 2),
                into: editions, expectations: true)
            // Join a bullet to the line above it: two generated rules become one.
            let file = editions.appending(path: corpus.editions[0].id)
            let name = try FileManager.default.contentsOfDirectory(atPath: file.path(percentEncoded: false)).sorted()[0]
            let url = file.appending(path: name)
            var lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
            let bullet = try #require(lines.firstIndex { $0.hasPrefix("- ") })
            lines[bullet - 1] += " " + lines[bullet].dropFirst(2)
            lines.remove(at: bullet)
            try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)

            let report = try ConsistencyCheck.run(
                corpus: corpus, expected: expected, folder: editions,
                database: folder.appending(path: "hig.sqlite").path(percentEncoded: false))
            #expect(!report.passed)
            #expect(report.problems.contains { $0.contains("rules generated") })
        }
    }

    private func withFolder(_ body: (URL) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "hig-bench-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try body(folder)
    }
}
