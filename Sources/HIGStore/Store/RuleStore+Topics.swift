import HIGLineage

/// The topic side: rule counts per topic and edition (read by `ReadQueries`), and the topic a
/// user means.
extension RuleStore {
    /// A topic's rule counts per edition, for `hig topics`.
    public struct TopicCounts: Sendable, Equatable {
        public let slug: String
        public let name: String
        public let description: String
        /// Edition id → number of rules with the topic (own match or inherited).
        public let counts: [String: Int]
        /// The topic it is part of; nil at the top.
        public var parent: String? = nil
        /// How far below the listing's top it stands (0: at the top).
        public var depth: Int = 0
    }

    /// Which topics `hig topics` lists.
    public enum TopicSelection: Sendable, Equatable {
        /// The top of the tree: the web HIG's groups (Foundations, Components, ...).
        case top
        /// A topic and the topics right under it.
        case under(String)
        /// Every topic, in the tree's order.
        case all
    }

    /// The rule counts per edition of the topics `selection` names, each with its depth.
    public func topicMatrix(_ selection: TopicSelection) throws -> (editions: [String], topics: [TopicCounts]) {
        let (editions, all) = try topicMatrix()
        let taxonomy = Taxonomy.bundled
        func depth(_ slug: String) -> Int { taxonomy.lineage(of: slug).count - 1 }
        var chosen: [TopicCounts]
        switch selection {
        case .top: chosen = all.filter { $0.parent == nil }
        case .all:
            chosen = all.map {
                var topic = $0; topic.depth = depth($0.slug); return topic
            }
        case .under(let slug):
            chosen = all.filter { $0.slug == slug || $0.parent == slug }.map {
                var topic = $0; topic.depth = $0.slug == slug ? 0 : 1; return topic
            }
        }
        return (editions, chosen)
    }

    /// The topic a user means, from the taxonomy this database was built with.
    public func resolveTopic(_ input: String) throws -> Taxonomy.Topic {
        try answering {
            try TopicResolver(taxonomy: .bundled).resolve(input)
        }
    }
}

/// Topics as stored.
extension RuleStore {
    /// The taxonomy this database was built with, in its order.
    package func topics() throws -> [StoredTopic] {
        try db.rows(ReadQueries.topics).map {
            StoredTopic(slug: $0.string("slug"), name: $0.string("name"), description: $0.string("description"))
        }
    }

    public func topicMatrix() throws -> (editions: [String], topics: [TopicCounts]) {
        try answering {
            let editions = try editionIDs()
            let counts = try db.rows(ReadQueries.topicRuleCountsByEdition)
            let parents = Dictionary(
                uniqueKeysWithValues: try db.rows(ReadQueries.topicParents).map { ($0.string("slug"), $0.optionalString("parent_slug")) })
            let topics = try topics().map { topic in
                var byEdition: [String: Int] = [:]
                for count in counts where count.string("topic_slug") == topic.slug {
                    byEdition[count.string("edition_id")] = count.int("n")
                }
                return TopicCounts(
                    slug: topic.slug, name: topic.name, description: topic.description, counts: byEdition,
                    parent: parents[topic.slug] ?? nil)
            }
            return (editions, topics)
        }
    }

    /// The ids of a topic's rules.
    func topicRuleIDs(slug: String) throws -> [String] {
        var ids: [String] = []
        try db.forEachRow(ReadQueries.topicRuleIDs, arguments: [slug]) { ids.append($0.string(0)) }
        return ids
    }
}
