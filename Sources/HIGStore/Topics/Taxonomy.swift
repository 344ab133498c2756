import Foundation

/// The topic taxonomy: what users look for ("button placement", "Cancel"), each topic with an
/// FTS5 query over the rules' words, so that it classifies any edition, seen or not.
///
/// Kept as data in Data/taxonomy/topics.json and compiled into the binary.
public struct Taxonomy: Sendable, Decodable {
    public struct Topic: Sendable, Decodable, Equatable {
        public let slug: String
        public let name: String
        public let description: String
        /// Other names users give the topic ("button colours"); used to resolve what they type.
        public let aliases: [String]
        /// An SQLite FTS5 expression matched against titles and texts.
        public let query: String
    }

    public let format: Int
    public let topics: [Topic]

    /// The compiled-in taxonomy.
    public static let bundled: Taxonomy = {
        guard let text = EmbeddedResources.taxonomy["topics.json"] else {
            preconditionFailure("Data/taxonomy/topics.json was not embedded at build time")
        }
        do {
            return try JSONDecoder().decode(Taxonomy.self, from: Data(text.utf8))
        } catch {
            preconditionFailure("Data/taxonomy/topics.json does not decode: \(error)")
        }
    }()

    /// Digest of the taxonomy: topics are recomputed when it differs from the one they were computed with.
    public var digest: String {
        SHA256.hex(of: topics.map { "\($0.slug)|\($0.name)|\($0.description)|\($0.query)" }.joined(separator: "\n"))
    }

    public func topic(slug: String) -> Topic? { topics.first { $0.slug == slug } }
}
