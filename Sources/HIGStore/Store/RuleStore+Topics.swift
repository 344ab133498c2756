/// The topic side: the taxonomy as stored, and rule counts per topic and edition.
extension RuleStore {
    /// A topic's rule counts per edition, for `hig topics`.
    public struct TopicCounts: Sendable, Equatable {
        public let slug: String
        public let name: String
        public let description: String
        /// Edition id → number of rules with the topic (own match or inherited).
        public let counts: [String: Int]
    }

    public func topicMatrix() throws -> (editions: [String], topics: [TopicCounts]) {
        let editions = try editionIDs()
        let counts = try db.rows("""
            SELECT rt.topic_slug, r.edition_id, count(*) AS n
            FROM rule_topics rt JOIN rules r ON r.id = rt.rule_id
            GROUP BY rt.topic_slug, r.edition_id
            """)
        let topics = try db.rows("SELECT slug, name, description FROM topics ORDER BY position").map { row in
            let slug = row.string("slug")
            var byEdition: [String: Int] = [:]
            for count in counts where count.string("topic_slug") == slug {
                byEdition[count.string("edition_id")] = count.int("n")
            }
            return TopicCounts(slug: slug, name: row.string("name"), description: row.string("description"), counts: byEdition)
        }
        return (editions, topics)
    }

    /// The topic a user means, from the taxonomy this database was built with.
    public func resolveTopic(_ input: String) throws -> Taxonomy.Topic {
        try TopicResolver(taxonomy: .bundled).resolve(input)
    }
}
