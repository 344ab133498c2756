import Foundation
import HIGText

/// The topic taxonomy: the subjects of the whole HIG (Data/taxonomy/subjects.json: the web HIG's
/// groups and pages as a tree, with the names older editions gave them) and finer topics under
/// them (Data/taxonomy/topics.json: "button placement", "Cancel" in alerts), each of these with an
/// FTS5 query over the rules' words, so that it classifies any edition, seen or not.
///
/// Kept as data and compiled into the binary.
public struct Taxonomy: Sendable {
    public struct Topic: Sendable, Decodable, Equatable {
        public let slug: String
        public let name: String
        public let description: String
        /// Other names users give the topic ("button colours"), and for a subject the headings
        /// of older editions that name it ("Alerts, Action Sheets, and Modal Views").
        public let aliases: [String]
        /// An SQLite FTS5 expression matched against titles and texts; empty for a subject,
        /// which rules get through their page or section.
        public let query: String
        /// The topic it is part of; nil at the top.
        public let parent: String?
        /// A subject's page in the 2026 web HIG, relative to its folder.
        public let page: String?

        enum CodingKeys: String, CodingKey { case slug, name, description, aliases, query, parent, page }

        public init(
            slug: String, name: String, description: String, aliases: [String] = [], query: String = "", parent: String? = nil,
            page: String? = nil
        ) {
            self.slug = slug
            self.name = name
            self.description = description
            self.aliases = aliases
            self.query = query
            self.parent = parent
            self.page = page
        }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            slug = try c.decode(String.self, forKey: .slug)
            name = try c.decode(String.self, forKey: .name)
            aliases = try c.decodeIfPresent([String].self, forKey: .aliases) ?? []
            query = try c.decodeIfPresent(String.self, forKey: .query) ?? ""
            parent = try c.decodeIfPresent(String.self, forKey: .parent)
            page = try c.decodeIfPresent(String.self, forKey: .page)
            description =
                try c.decodeIfPresent(String.self, forKey: .description)
                ?? "The subject of the web HIG's page \(name)" + (page.map { " (\($0))" } ?? "") + "."
        }

        /// True for a subject of the HIG's structure, false for a finer topic defined by words.
        public var isSubject: Bool { query.isEmpty }
    }

    private struct File: Decodable {
        let format: Int
        let topics: [Topic]?
        let subjects: [Topic]?
    }

    /// The subjects in the tree's reading order, then the finer topics.
    public let topics: [Topic]
    /// Each slug's place in `topics`, the first where two share one.
    private let placeOfSlug: [String: Int]

    public init(format: Int = 1, topics: [Topic]) {
        self.topics = topics
        placeOfSlug = Dictionary(topics.enumerated().map { ($1.slug, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The compiled-in taxonomy.
    public static let bundled: Taxonomy = {
        func file(_ name: String) -> File {
            guard let text = EmbeddedResources.taxonomy[name] else {
                preconditionFailure("Data/taxonomy/\(name) was not embedded at build time")
            }
            do {
                return try JSONDecoder().decode(File.self, from: Data(text.utf8))
            } catch {
                preconditionFailure("Data/taxonomy/\(name) does not decode: \(error)")
            }
        }
        return Taxonomy(topics: (file("subjects.json").subjects ?? []) + (file("topics.json").topics ?? []))
    }()

    /// Digest of the taxonomy: topics are recomputed when it differs from the one they were computed with.
    public var digest: String {
        SHA256.hex(
            of: topics.map {
                "\($0.slug)|\($0.name)|\($0.description)|\($0.query)|\($0.parent ?? "")|\($0.aliases.joined(separator: ";"))"
            }.joined(separator: "\n"))
    }

    public func topic(slug: String) -> Topic? { placeOfSlug[slug].map { topics[$0] } }

    /// `slug` and the topics it is part of, innermost first.
    public func lineage(of slug: String) -> [String] {
        var chain: [String] = []
        var next: String? = slug
        while let current = next, !chain.contains(current), let topic = topic(slug: current) {
            chain.append(current)
            next = topic.parent
        }
        return chain
    }
}
