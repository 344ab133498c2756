import HIGLineage
import HIGText

/// What `hig evolution QUERY` answers: the lineages a query names, each a timeline.
public struct Evolution: Sendable, Equatable {
    public enum Reading: Sendable, Equatable {
        case rule(String)
        case topic(String)
        case words(String)
    }

    /// How the query was read.
    public let reading: Reading
    public let lineages: [Lineage]
    /// Lineages found beyond `limit`.
    public let omitted: Int
    /// What became of each version that no later edition continues, by rule id.
    public var fates: [String: RuleFate] = [:]
    /// Apple's own change notes in the files the lineages' versions are read from, by edition
    /// then file and line.
    public var changeNotes: [EditionChangeNote] = []
}

extension RuleStore {
    /// Reads `query` as a rule id, else as a topic named exactly (slug, name or alias), else as
    /// words to search for; returns the lineages of the rules it names (for a topic: those most
    /// about it first, `TopicLineageRank`; for words: the best matches first).
    /// `candidates`: for each version removed in a later edition, how many of its likely
    /// counterparts there to give (`CounterpartCandidates`; 0: none).
    public func evolution(_ query: String, limit: Int = 10, candidates: Int = 0) throws -> Evolution {
        try answering {
            var answer = try lineages(answering: query, limit: limit)
            let versions = answer.lineages.flatMap(\.versions)
            answer.fates = try fates(of: versions, links: answer.lineages.flatMap(\.links))
            if candidates > 0 {
                let editionOf = Dictionary(versions.map { ($0.id, $0.edition) }, uniquingKeysWith: { first, _ in first })
                try addCandidates(to: &answer.fates, editionOf: editionOf, limit: candidates)
            }
            let order = try editionIDs()
            answer.changeNotes = try order.filter { edition in versions.contains { $0.edition == edition } }.flatMap { edition in
                try changeNotes(edition: edition, filesHolding: versions.lazy.filter { $0.edition == edition }.map(\.id))
            }
            return answer
        }
    }

    func lineages(answering query: String, limit: Int) throws -> Evolution {
        guard limit >= 1 else { throw HIGError.invalidLimit(limit) }
        let trimmed = query.trimmingCharacters(in: .whitespaces)
        if let found = try rule(id: trimmed) {
            // A former id reads as the rule it names now.
            return Evolution(reading: .rule(found.id), lineages: try lineages(of: [found.id]), omitted: 0)
        }
        if Self.isRuleIDShaped(trimmed) { throw try unknownRule(trimmed) }
        if let topic = TopicResolver(taxonomy: .bundled).exactMatch(trimmed) {
            let records = try rules(RuleFilter(topic: topic.slug)).filter { $0.kind != .figure }
            let ids = records.map(\.id)
            let ofTopic = Set(ids)
            // A finer topic's rule is about it by its place when it holds the topic's subject
            // (alerts for button placement), or its own heading names the subject ("A Standard
            // Alert"): not by its words alone.
            var byPlace = ofTopic
            if !topic.isSubject, let slug = topic.parent, let subject = Taxonomy.bundled.topic(slug: slug) {
                let holding = Set(try topicRuleIDs(slug: slug))
                byPlace = Set(
                    records.filter { holding.contains($0.id) || SubjectNames.innermostHeading(of: $0.section, holds: subject) }.map(\.id))
            }
            let found = TopicLineageRank(ofTopic: ofTopic, byPlace: byPlace).ranked(try lineages(of: ids))
            return Evolution(reading: .topic(topic.slug), lineages: Array(found.prefix(limit)), omitted: max(0, found.count - limit))
        }
        let hits = try search(SearchRequest(text: trimmed, limit: 50)).hits.map(\.record.id)
        let found = try lineages(of: hits)
        return Evolution(reading: .words(trimmed), lineages: Array(found.prefix(limit)), omitted: max(0, found.count - limit))
    }
}

extension TopicResolver {
    /// The topic whose slug, name or an alias is `input`, up to case, punctuation and plurals.
    public func exactMatch(_ input: String) -> Taxonomy.Topic? {
        let query = Self.normalize(input)
        return taxonomy.topics.first { topic in
            ([topic.slug, topic.name] + topic.aliases).contains { Self.normalize($0) == query }
        }
    }
}
