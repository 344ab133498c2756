import Foundation
import Testing
@testable import HIGStore
@testable import HIGLineage
@testable import HIGRendering

/// Every link's confidence, on the bundled editions: the calibration file's formula, applied as
/// written; low confidence flagged in every answer; a diff pair over several links multiplies them.
@Suite("Link confidence")
struct LinkConfidenceTests {
    var store: RuleStore { get throws { try BundleDatabase.store } }

    /// The calibration file, read here on its own (not through `LinkConfidence`).
    static var model: [String: Any] {
        let url = Fixtures.repository.appending(path: "Data/taxonomy/lineage-confidence.json")
        return (try? JSONSerialization.jsonObject(with: Data(contentsOf: url))) as? [String: Any] ?? [:]
    }

    @Test("Each link's confidence is the calibration file's formula of its evidence, score and pair")
    func formula() throws {
        let links = try store.allLinks()
        let base = try #require(Self.model["base"] as? [String: Double])
        let (scoreWeight, cap, shareWeight, sameWords) = try (
            #require(Self.model["score_weight"] as? Double), #require(Self.model["score_cap"] as? Double),
            #require(Self.model["same_words_share_weight"] as? Double), #require(Self.model["same_words"] as? Double)
        )
        // The share of each pair of editions' links that join the same words.
        let edition = Dictionary(
            uniqueKeysWithValues: try store.db.rows("SELECT id, edition_id FROM rules").map { ($0.string("id"), $0.string("edition_id")) })
        var total: [String: Int] = [:]
        var same: [String: Int] = [:]
        for link in links {
            let pair = edition[link.from]! + ">" + edition[link.to]!
            total[pair, default: 0] += 1
            if link.evidence == .sameWords { same[pair, default: 0] += 1 }
        }
        var seen = Set<LinkEvidence>()
        for link in links {
            let evidence = try #require(link.evidence)
            let confidence = try #require(link.confidence)
            seen.insert(evidence)
            switch evidence {
            case .curated: #expect(confidence == 1 && link.method == .curated && link.score == nil)
            case .sameWords: #expect(abs(confidence - sameWords) < 1e-9)
            default:
                let pair = edition[link.from]! + ">" + edition[link.to]!
                let share = Double(same[pair, default: 0]) / Double(total[pair]!)
                let z = base[evidence.rawValue]! + scoreWeight * min(try #require(link.score), cap) + shareWeight * share
                // Scores are stored to 3 decimals.
                #expect(abs(confidence - 1 / (1 + exp(-z))) < 0.002, "\(link.from) → \(link.to)")
            }
        }
        // The bundle has links of every kind of evidence, restorations too: 2022 rules linked to
        // 2026 across 2023-09, which holds no rule of them ("Avoid permanently hiding the status
        // bar": 2023-09's status-bars.md line 18 is read as its two screenshots alone).
        #expect(seen == Set(LinkEvidence.allCases))
    }

    @Test("A link under the threshold is flagged low confidence; hig diff --low-confidence keeps those and the links in doubt")
    func lowConfidence() throws {
        // Read in the gold set (Tests/Gold): 2011's "Use alert button colors appropriately" was
        // replaced by 2014's "Place buttons appropriately". The two share two words; the matcher
        // links them because their bullets became each other's (a lead-in's link, `parent`),
        // which makes a link right about half the time: it is shown as one to review.
        let link = try #require(
            try store.allLinks().first { $0.from == "ios-2011-03-825319eb" && $0.to == "ios-2014-03-ec74b15b" })
        #expect(link.isLowConfidence && link.flags.contains(.lowConfidence) && link.evidence == .parent)
        let shown = TextRenderer(colored: false).detail(try store.detail(id: "ios-2014-03-ec74b15b"))
        #expect(shown.contains("ios-2011-03-825319eb  ios-2011-03  replaced (similarity 0.06, confidence 0.40)  ⚑ "))
        #expect(shown.contains("low confidence"))
        let diff = try store.diff(from: "ios-2011-03", to: "ios-2014-03", options: .init(lowConfidenceOnly: true))
        // A possible counterpart (`doubt`) is kept too, whatever its confidence: it is one to review.
        #expect(!diff.changed.isEmpty && diff.changed.allSatisfy { ($0.confidence ?? 1) < LinkConfidence.lowBelow || $0.doubt != nil })
        #expect(diff.added.isEmpty && diff.removed.isEmpty && diff.unchanged.isEmpty)
        let all = try store.diff(from: "ios-2011-03", to: "ios-2014-03")
        #expect(all.changed.filter { ($0.confidence ?? 1) < LinkConfidence.lowBelow || $0.doubt != nil } == diff.changed)
        let text = TextRenderer(colored: false).diff(
            diff, rules: try store.ruleTexts(of: diff), options: .init(lowConfidenceOnly: true), showUnchanged: false)
        #expect(text.hasPrefix("hig diff ios-2011-03 ios-2014-03 --low-confidence\n"))
        #expect(text.contains("only changes flagged as low confidence"))
    }

    @Test("A diff pair across an edition has the product of its links' confidences")
    func pathConfidence() throws {
        let links = try store.allLinks()
        let diff = try store.diff(from: "iphone-2008-11", to: "ios-2011-03")
        var checked = 0
        for pair in diff.changed.prefix(40) {
            let first = links.filter { $0.from == pair.from && $0.to.hasPrefix("iphone-2010-03-") }
            let second = links.filter { $0.to == pair.to && first.map(\.to).contains($0.from) }
            guard first.count == 1, second.count == 1 else { continue }
            #expect(abs((pair.confidence ?? -1) - first[0].confidence! * second[0].confidence!) < 1e-9)
            checked += 1
        }
        #expect(checked >= 10)
    }
}
