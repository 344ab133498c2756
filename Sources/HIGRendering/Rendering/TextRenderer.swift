import Foundation
import HIGLineage

/// Builds every text answer of the command line: the commands parse arguments, ask the store,
/// and print what a renderer returns.
///
/// `colored` swaps the plain markers (`**word**`, `[-old-]{+new+}`) for terminal colours;
/// `width` is the terminal's width, where a listing cuts its last column (nil: nothing is cut).
public struct TextRenderer: Sendable {
    public let colored: Bool
    public let width: Int?

    public init(colored: Bool, width: Int? = nil) {
        self.colored = colored
        self.width = width
    }

    func bold(_ text: String) -> String { colored ? "\u{1B}[1m\(text)\u{1B}[0m" : text }

    func wordDiff(_ old: String, _ new: String) -> String {
        let segments = WordDiff.segments(from: old, to: new)
        return colored ? WordDiff.colored(segments) : WordDiff.plain(segments)
    }

    func indent(_ text: String, by spaces: Int = 3) -> String {
        String(repeating: " ", count: spaces) + text
    }

    func format(_ value: Double) -> String { String(format: "%.2f", value) }

    /// `similarity 0.47, confidence 0.89`: what a link's line says of it (no confidence in a
    /// database not relinked since it came).
    func measures(similarity: Double, confidence: Double?) -> String {
        "similarity \(format(similarity))" + (confidence.map { ", confidence \(format($0))" } ?? "")
    }
}
