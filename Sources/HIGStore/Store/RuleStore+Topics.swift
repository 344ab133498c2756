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
    }

    /// The topic a user means, from the taxonomy this database was built with.
    public func resolveTopic(_ input: String) throws -> Taxonomy.Topic {
        try answering {
            try TopicResolver(taxonomy: .bundled).resolve(input)
        }
    }
}
