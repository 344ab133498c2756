import HIGLineage
import HIGText

/// Everything `hig show` prints about one rule.
public struct RuleDetail: Sendable, Equatable {
    public struct Related: Sendable, Equatable {
        public let id: String
        public let kind: RuleKind
        public let summary: String
    }

    /// A version of the rule in another edition, one link away.
    public struct Version: Sendable, Equatable {
        public let id: String
        public let edition: String
        /// How the later of the two came from the earlier.
        public let change: ChangeClass
        public let similarity: Double
        /// The link's confidence (nil in a database not relinked since it came).
        public var confidence: Double? = nil
        public let flags: [String]
    }

    public let record: RuleRecord
    public let editionName: String
    public let repairs: [Repair]
    public let parent: Related?
    public let children: [Related]
    /// The versions it came from, in earlier editions.
    public var previous: [Version] = []
    /// The versions it goes on to, in later editions.
    public var next: [Version] = []
    /// What became of it when no later edition continues it (nil in the last edition).
    public var fate: RuleFate?
    /// The id it was asked for by, when that is a former id of the rule.
    public var formerID: FormerRuleID?
}

extension RuleStore {
    /// `detail` with the rule's versions one link away on either side, and its fate when no
    /// later version continues it.
    func withVersions(_ detail: RuleDetail) throws -> RuleDetail {
        let id = detail.record.id
        let links = try links(touching: id)
        var editionOf: [String: String] = [:]
        for other in Set(links.flatMap { [$0.from, $0.to] }) where other != id {
            editionOf[other] = try rule(id: other)?.edition
        }
        func version(_ other: String, _ link: LinkRecord) -> RuleDetail.Version {
            RuleDetail.Version(
                id: other, edition: editionOf[other] ?? "", change: link.change,
                similarity: link.similarity, confidence: link.confidence, flags: link.flagWords)
        }
        var result = detail
        result.previous = links.filter { $0.to == id }.map { version($0.from, $0) }
        result.next = links.filter { $0.from == id }.map { version($0.to, $0) }
        result.fate = try fates(of: [detail.record], links: links)[id]
        return result
    }
}
