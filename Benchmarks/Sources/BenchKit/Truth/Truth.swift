import Foundation

/// Where a rule starts in the generated sources: what `hig` stores as a rule's edition,
/// source file and `line_start`. Rule ids are content hashes, so the truth names positions.
public struct RulePosition: Hashable, Codable, Sendable, Comparable {
    public let edition: String
    /// Relative to the editions folder, as `editions.json` names it.
    public let file: String
    public let line: Int

    public init(edition: String, file: String, line: Int) {
        self.edition = edition
        self.file = file
        self.line = line
    }

    public static func < (a: RulePosition, b: RulePosition) -> Bool {
        (a.edition, a.file, a.line) < (b.edition, b.file, b.line)
    }
}

/// One line of `truth.jsonl`: a rule of one edition and what it became in the next. An added
/// rule has no `from`, a removed one no `to`; a split gives two lines with the same `from`, a
/// merge two lines with the same `to`.
public struct TruthLink: Codable, Sendable, Equatable {
    public let from: RulePosition?
    public let to: RulePosition?
    public let change: TruthChange

    enum CodingKeys: String, CodingKey {
        case from, to
        case change = "class"
    }

    /// The JSON line, keys in a fixed order, written by hand: at 400,000 lines JSONEncoder
    /// would be the slowest part of generating.
    var jsonLine: String {
        func position(_ p: RulePosition?) -> String {
            guard let p else { return "null" }
            return #"{"edition":"\#(p.edition)","file":"\#(p.file)","line":\#(p.line)}"#
        }
        return #"{"class":"\#(change.rawValue)","from":\#(position(from)),"to":\#(position(to))}"#
    }

    public static let fileName = "truth.jsonl"

    /// Reads a truth file.
    public static func read(_ url: URL) throws -> [TruthLink] {
        let text = try String(contentsOf: url, encoding: .utf8)
        let decoder = JSONDecoder()
        return try text.split(separator: "\n").map { try decoder.decode(TruthLink.self, from: Data($0.utf8)) }
    }
}
