import Foundation
import HIGLineage
import HIGStore

/// JSON answers: pretty-printed, keys sorted, one trailing line break.
public enum JSONText {
    public static func encode(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self) + "\n"
    }
}

/// A lineage in JSON: its versions (the rule contract) along the family tree, its links, what
/// became of each version no later edition continues (`after`), and its branches (`branches`:
/// how each begins, and where a version crosses lines or joins a branch).
public struct LineageJSON: Encodable {
    public let versions: [RuleRecord]
    public let links: [LinkRecord]
    public let after: [String: RuleFate]
    public let branches: [LineageRoute.Branch]

    public init(_ lineage: Lineage, fates: [String: RuleFate]) {
        versions = lineage.versions
        links = lineage.links
        branches = lineage.route?.branches ?? []
        after = fates.filter { id, _ in lineage.versions.contains { $0.id == id } }
    }
}
