/// A topic as the database stores it (the taxonomy it was built with): what exports and
/// `hig topics` name.
public struct StoredTopic: Sendable, Equatable {
    public let slug: String
    public let name: String
    public let description: String

    public init(slug: String, name: String, description: String) {
        self.slug = slug
        self.name = name
        self.description = description
    }
}
