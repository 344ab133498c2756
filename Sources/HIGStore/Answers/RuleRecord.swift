import HIGText

/// One rule as the queries and exports give it: the public JSON contract (see docs/json-contract.md).
public struct RuleRecord: Sendable, Equatable, Encodable {
    public struct Source: Sendable, Equatable, Encodable {
        public let file: String
        public let lineStart: Int
        public let lineEnd: Int
        public let document: String
        public let chunk: Int?
        public let page: Int?
        public let sha256: String

        enum CodingKeys: String, CodingKey {
            case file, document, chunk, page, sha256
            case lineStart = "line_start"
            case lineEnd = "line_end"
        }

        /// `Data/editions/2011-chunk131.md:35` or `...:35-36`.
        public var citation: String { Self.citation(file: file, lineStart: lineStart, lineEnd: lineEnd) }

        static func citation(file: String, lineStart: Int, lineEnd: Int) -> String {
            lineStart == lineEnd ? "\(file):\(lineStart)" : "\(file):\(lineStart)-\(lineEnd)"
        }

        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(file, forKey: .file)
            try c.encode(lineStart, forKey: .lineStart)
            try c.encode(lineEnd, forKey: .lineEnd)
            try c.encode(document, forKey: .document)
            try c.encode(chunk, forKey: .chunk)
            try c.encode(page, forKey: .page)
            try c.encode(sha256, forKey: .sha256)
        }
    }

    public let id: String
    public let edition: String
    public let kind: RuleKind
    public let section: String?
    public let title: String?
    public let text: String
    public let verbatim: String
    public let platforms: [String]
    public let parent: String?
    /// Topic slugs; empty until topics exist.
    public let topics: [String]
    /// Ids of the counterpart rules in earlier editions; empty until lineage exists.
    public let previous: [String]
    /// The change class against `previous`; nil until lineage exists.
    public let change: String?
    public let source: Source

    /// One line for listings: the title when the text opens with it, else the title and the text.
    public var summary: String {
        guard let title else { return text }
        return text.hasPrefix(title) ? title : "\(title) — \(text)"
    }

    enum CodingKeys: String, CodingKey {
        case id, edition, kind, section, title, text, verbatim, platforms, parent, topics, previous, change, source
    }

    /// Every key is written, null included: a consumer can rely on the shape.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(edition, forKey: .edition)
        try c.encode(kind, forKey: .kind)
        try c.encode(section, forKey: .section)
        try c.encode(title, forKey: .title)
        try c.encode(text, forKey: .text)
        try c.encode(verbatim, forKey: .verbatim)
        try c.encode(platforms, forKey: .platforms)
        try c.encode(parent, forKey: .parent)
        try c.encode(topics, forKey: .topics)
        try c.encode(previous, forKey: .previous)
        try c.encode(change, forKey: .change)
        try c.encode(source, forKey: .source)
    }
}
