import Foundation
import HIGText

/// How sure a link is: the probability that it is right, fitted on the gold set
/// (Data/taxonomy/lineage-confidence.json, written by Scripts/fit-link-confidence.py).
///
/// A curated link is sure (1); a link of the same words has the share of such links the gold set
/// found right (all of them, with Laplace's rule); any other is a logistic model of the pass that
/// made it, its score and the share of its pair of editions' links that join the same words (a
/// weak link is worth less where Apple rewrote the text). The fit leaves one pair of editions
/// out at a time to judge itself; docs/lineage.md gives its figures.
public struct LinkConfidence: Sendable, Decodable {
    public let format: Int
    /// The confidence of a link of the same words.
    let sameWords: Double
    /// Each pass's intercept.
    let base: [String: Double]
    let scoreWeight: Double
    let scoreCap: Double
    let sameWordsShareWeight: Double
    /// Below this confidence a link is shown as of low confidence: where the links shown without
    /// a flag stop being right 95 times in 100, held out by pair (`Tests/Gold/calibrate.py`).
    let lowConfidenceBelow: Double

    enum CodingKeys: String, CodingKey {
        case format, base
        case lowConfidenceBelow = "low_confidence_below"
        case sameWords = "same_words"
        case scoreWeight = "score_weight"
        case scoreCap = "score_cap"
        case sameWordsShareWeight = "same_words_share_weight"
    }

    /// Below this a link is shown as of low confidence (the model file's `low_confidence_below`).
    public static var lowBelow: Double { bundled.lowConfidenceBelow }

    public static let bundled: LinkConfidence = {
        guard let text = EmbeddedResources.taxonomy["lineage-confidence.json"] else {
            preconditionFailure("Data/taxonomy/lineage-confidence.json was not embedded at build time")
        }
        do {
            let model = try JSONDecoder().decode(LinkConfidence.self, from: Data(text.utf8))
            let scored = LinkEvidence.allCases.filter { $0 != .curated && $0 != .sameWords }
            precondition(scored.allSatisfy { model.base[$0.rawValue] != nil }, "lineage-confidence.json lacks a pass's base")
            return model
        } catch {
            preconditionFailure("Data/taxonomy/lineage-confidence.json does not decode: \(error)")
        }
    }()

    /// The probability that a link is right. `score`: the matcher's score of the pair (nil for
    /// a curated link); `sameWordsShare`: the share of the pair of editions' links made of the
    /// same words.
    func confidence(evidence: LinkEvidence, score: Double?, sameWordsShare: Double) -> Double {
        switch evidence {
        case .curated: return 1
        case .sameWords: return sameWords
        default:
            let z = (base[evidence.rawValue] ?? 0) + scoreWeight * min(score ?? 0, scoreCap) + sameWordsShareWeight * sameWordsShare
            return 1 / (1 + exp(-z))
        }
    }

    /// What the linker's results depend on of the model: a re-import relinks when it changes.
    var digest: String {
        let bases = base.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ",")
        return "\(sameWords)|\(bases)|\(scoreWeight)|\(scoreCap)|\(sameWordsShareWeight)"
    }
}
