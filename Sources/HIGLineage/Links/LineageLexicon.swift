import Foundation
import HIGText

/// The lineage matcher's domain lexicon (Data/taxonomy/lineage.json): groups of words whose
/// wording changed between editions while the concern stayed ("left" → "leading", "tap" →
/// "choose", "users" → "people"), and the stopwords left out of similarity.
public struct LineageLexicon: Sendable, Decodable {
    public struct Group: Sendable, Decodable {
        public let concept: String
        public let words: [String]
        public let why: String
    }

    public let format: Int
    public let groups: [Group]
    public let stopwords: [String]

    public static let bundled: LineageLexicon = {
        guard let text = EmbeddedResources.taxonomy["lineage.json"] else {
            preconditionFailure("Data/taxonomy/lineage.json was not embedded at build time")
        }
        do { return try JSONDecoder().decode(LineageLexicon.self, from: Data(text.utf8)) } catch {
            preconditionFailure("Data/taxonomy/lineage.json does not decode: \(error)")
        }
    }()

    public var digest: String {
        SHA256.hex(
            of: groups.map { "\($0.concept):\($0.words.joined(separator: ","))" }.joined(separator: "\n")
                + "|" + stopwords.joined(separator: ","))
    }
}
