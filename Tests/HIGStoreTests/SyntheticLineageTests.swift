import Foundation
import Testing
@testable import HIGStore
@testable import HIGLineage
@testable import HIGText

/// Two synthetic editions with known truth: the second made from the first by every kind of
/// change, then imported and linked like real editions. The matcher's precision and recall
/// over the links are the figures the README states.
@Suite("Lineage on synthetic editions with known truth")
struct SyntheticLineageTests {
    /// Distinct guideline texts of several sentences, taken from the seeds (any edition).
    static let pool: [String] = {
        var seen = Set<String>()
        return Fixtures.seeds.sources.flatMap(\.rules).map(\.draft).filter {
            $0.kind == .guideline && Sentences.firstSentence(of: $0.text) != nil && $0.text.split(separator: " ").count >= 14
        }.map(\.text).filter { text in
            seen.insert(WordDiff.comparableWords(text).prefix(8).joined(separator: " ")).inserted
        }
    }()

    enum Operation: String { case unchanged, reworded, revised, split, merged, moved, removed }

    struct Truth {
        /// (line in edition one, line in edition two, expected class).
        var links: [(Int, Int, ChangeClass)] = []
        var removed: [Int] = []
        var added: [Int] = []
    }

    /// A rule as a line of PDF-derived Markdown: its lead in bold, then the rest.
    static func line(_ text: String) -> String {
        guard let lead = Sentences.firstSentence(of: text) else { return text }
        return "**\(lead.dropLast())**. " + text.dropFirst(lead.count).trimmingCharacters(in: .whitespaces)
    }

    /// Small wording changes that keep the meaning.
    static func reword(_ text: String) -> String {
        var words = text.split(separator: " ").map(String.init)
        let swaps = [
            "people": "users", "users": "people", "app": "application", "alert": "alert view", "buttons": "controls",
            "short": "brief", "title": "heading", "message": "text",
        ]
        var changed = 0
        for index in words.indices where changed < 2 {
            if let swap = swaps[words[index]] {
                words[index] = swap
                changed += 1
            }
        }
        if changed == 0 { words.insert("really", at: min(3, words.count)) }
        return words.joined(separator: " ")
    }

    static func build() -> (one: [String], two: [String], truth: Truth) {
        let pool = Self.pool
        let base = Array(pool.prefix(40))
        let fresh = Array(pool.dropFirst(40))
        var one: [String] = []
        var two: [(text: String, from: Int?, change: ChangeClass?)] = []
        var moved: [(String, Int)] = []
        var truth = Truth()
        var index = 0
        var freshIndex = 0
        while index < base.count {
            let text = base[index]
            one.append(line(text))
            let lineOne = one.count
            switch Operation(
                rawValue: [
                    "unchanged", "reworded", "unchanged", "revised", "split", "merged", "unchanged", "moved", "removed", "unchanged",
                ][index % 10])!
            {
            case .unchanged:
                two.append((line(text), lineOne, .unchanged))
            case .reworded:
                two.append((line(reword(text)), lineOne, .reworded))
            case .revised:
                // The lead stays; the explanation is another rule's.
                let lead = Sentences.firstSentence(of: text)!
                let other = fresh[freshIndex % fresh.count]
                freshIndex += 1
                let rest = other.dropFirst(Sentences.firstSentence(of: other)?.count ?? 0)
                two.append((line(lead + rest), lineOne, .revised))
            case .split:
                let lead = Sentences.firstSentence(of: text)!
                let rest = String(text.dropFirst(lead.count)).trimmingCharacters(in: .whitespaces)
                if RuleBuilder.continues(rest) {
                    // "For example, …" cannot stand alone: the splitter would join it again.
                    two.append((line(text), lineOne, .unchanged))
                } else {
                    two.append((line(lead), lineOne, .split))
                    two.append((rest, lineOne, .split))
                }
            case .merged:
                index += 1
                let next = base[index]
                one.append(line(next))
                two.append((line(text + " " + next), lineOne, .merged))
                truth.links.append((lineOne + 1, -1, .merged))  // resolved below
            case .moved:
                moved.append((line(text), lineOne))
            case .removed:
                truth.removed.append(lineOne)
            }
            index += 1
        }
        // Moved rules go to the end; three new rules are added.
        for (text, lineOne) in moved { two.append((text, lineOne, .unchanged)) }
        for offset in 0..<3 { two.append((line(fresh[(freshIndex + offset) % fresh.count]), nil, nil)) }
        var links: [(Int, Int, ChangeClass)] = []
        for (position, entry) in two.enumerated() {
            let lineTwo = position + 1
            if let from = entry.from, let change = entry.change {
                links.append((from, lineTwo, change))
                if change == .merged, let pending = truth.links.firstIndex(where: { $0.0 == from + 1 && $0.1 == -1 }) {
                    truth.links[pending].1 = lineTwo
                }
            } else {
                truth.added.append(lineTwo)
            }
        }
        truth.links = truth.links.filter { $0.1 != -1 } + links
        return (one, two.map(\.text), truth)
    }

    @Test("Precision and recall of the matcher on every kind of change")
    func precisionAndRecall() throws {
        let (one, two, truth) = Self.build()
        try Fixtures.withTemporaryFolder { folder in
            let editions = try Fixtures.writeEditions(
                in: folder,
                manifest: Fixtures.manifest([("one", "one.md"), ("two", "two.md")])
                    .replacingOccurrences(of: "\"excerpt\"", with: "\"complete\""),
                files: [
                    "one.md": Data((one.joined(separator: "\n") + "\n").utf8), "two.md": Data((two.joined(separator: "\n") + "\n").utf8),
                ])
            let path = folder.appending(path: "syn.sqlite").path
            _ = try StoreWriter.importEditions(from: editions, into: path)
            let store = try RuleStore.open(path: path)
            let rules = try store.rules()
            #expect(rules.filter { $0.edition == "one" }.count == one.count)
            #expect(rules.filter { $0.edition == "two" }.count == two.count)
            let lineOf = Dictionary(uniqueKeysWithValues: rules.map { ($0.id, $0.source.lineStart) })
            let predicted = try store.allLinks().map { (lineOf[$0.from]!, lineOf[$0.to]!, $0.change) }

            let truthPairs = Set(truth.links.map { "\($0.0)>\($0.1)" })
            let predictedPairs = Set(predicted.map { "\($0.0)>\($0.1)" })
            let correct = truthPairs.intersection(predictedPairs).count
            let precision = Double(correct) / Double(max(1, predictedPairs.count))
            let recall = Double(correct) / Double(max(1, truthPairs.count))
            var classRight = 0
            var report = ""
            for change in [ChangeClass.unchanged, .reworded, .revised, .split, .merged] {
                let expected = truth.links.filter { $0.2 == change }
                let found = expected.filter { link in predicted.contains { $0.0 == link.0 && $0.1 == link.1 } }
                let right = found.filter { link in predicted.contains { $0.0 == link.0 && $0.1 == link.1 && $0.2 == change } }
                classRight += right.count
                report += "\(change.rawValue): \(found.count)/\(expected.count) linked, \(right.count) classed right; "
            }
            let diff = try store.diff(from: "one", to: "two")
            let removedLines = Set(diff.removed.map { lineOf[$0]! })
            let addedLines = Set(diff.added.map { lineOf[$0]! })
            report += "removed \(removedLines.intersection(truth.removed).count)/\(truth.removed.count) (of \(removedLines.count) said); "
            report += "added \(addedLines.intersection(truth.added).count)/\(truth.added.count) (of \(addedLines.count) said)"
            print(
                "SYNTHETIC precision \(String(format: "%.3f", precision)) recall \(String(format: "%.3f", recall)) class accuracy \(classRight)/\(truth.links.count); \(report)"
            )
            #expect(precision >= 0.95, "\(report)")
            #expect(recall >= 0.95, "\(report)")
            #expect(Double(classRight) / Double(truth.links.count) >= 0.85, "\(report)")
            #expect(Set(truth.removed).isSubset(of: removedLines))
            #expect(Set(truth.added).isSubset(of: addedLines))
            // Edition one is complete: a rule of two with no counterpart in it was added.
            #expect(rules.filter { diff.added.contains($0.id) }.allSatisfy { $0.change == "added" })
        }
    }
}
