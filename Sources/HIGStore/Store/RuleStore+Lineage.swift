import Foundation
import HIGDatabase
import HIGLineage
import HIGText

/// The lineage side: a rule's versions across editions, found through its links (read by
/// `ReadQueries`).
extension RuleStore {
    /// The rule's lineage: every rule reachable from it through links, either way.
    public func lineage(of id: String) throws -> Lineage {
        try answering {
            try lineages(of: [id]).first ?? Lineage(versions: [], links: [])
        }
    }

    /// The lineages that hold any of `ids`, each once, in the order their first id comes, read
    /// from their own links.
    package func lineages(of ids: [String]) throws -> [Lineage] {
        try lineages(containing: ids, links: links(connectedTo: ids))
    }

    /// The lineages that hold any of `ids`, each once, in the order their first id comes.
    package func lineages(containing ids: [String], links: [LinkRecord]) throws -> [Lineage] {
        var neighbours: [String: [String]] = [:]
        // The links out of each rule, by index: a lineage's links are gathered from its members
        // rather than by filtering every link for each lineage (quadratic on the whole HIG).
        var linksFrom: [String: [Int]] = [:]
        for (index, link) in links.enumerated() {
            neighbours[link.from, default: []].append(link.to)
            neighbours[link.to, default: []].append(link.from)
            linksFrom[link.from, default: []].append(index)
        }
        var seen = Set<String>()
        var result: [Lineage] = []
        let graph = try editionGraph()
        // Along the family tree, so that two lines never interleave by date.
        let order = Dictionary(uniqueKeysWithValues: graph.alongTree.enumerated().map { ($1, $0) })
        for id in ids where !seen.contains(id) {
            var component: [String] = []
            var queue = [id]
            seen.insert(id)
            while let next = queue.popLast() {
                component.append(next)
                for other in neighbours[next] ?? [] where seen.insert(other).inserted { queue.append(other) }
            }
            let records = try component.compactMap { try rule(id: $0) }.sorted {
                (order[$0.edition] ?? 0, $0.source.file, $0.source.lineStart)
                    < (order[$1.edition] ?? 0, $1.source.file, $1.source.lineStart)
            }
            // Both ends of a link out of a member are in the lineage; in the order of `links`.
            let inside = component.flatMap { linksFrom[$0] ?? [] }.sorted().map { links[$0] }
            result.append(Lineage(versions: records, links: inside, route: LineageRoute(versions: records, links: inside, graph: graph)))
        }
        return result
    }
}

/// A rule's versions across editions along the family tree (oldest first on each branch, one
/// branch after the other), and the links between them.
public struct Lineage: Sendable, Equatable {
    public let versions: [RuleRecord]
    public let links: [LinkRecord]
    /// Its branches, and where it crosses lines or joins (nil: not worked out).
    public var route: LineageRoute? = nil

    /// The links into a version from earlier ones.
    public func links(into id: String) -> [LinkRecord] { links.filter { $0.to == id } }

    /// The editions of its versions, oldest first.
    public var editions: [String] {
        var seen: [String] = []
        for version in versions where !seen.contains(version.edition) {
            seen.append(version.edition)
        }
        return seen
    }
}

/// Lineage links.
extension RuleStore {
    /// Every link, earlier rule first.
    public func allLinks() throws -> [LinkRecord] {
        try answering {
            try links { _, _ in true }
        }
    }

    /// The links between the rules `include` accepts (given the earlier and the later rule's
    /// id), earlier rule first. The others are passed over unread.
    package func links(where include: (_ from: String, _ to: String) -> Bool) throws -> [LinkRecord] {
        var links: [LinkRecord] = []
        try db.forEachRow(ReadQueries.links) { row in
            guard include(row.string(0), row.string(1)) else { return }
            links.append(Self.link(row))
        }
        return links
    }

    /// The links from or to the rule `id`, in the order of `allLinks`: `links(where:)` with
    /// `$0 == id || $1 == id`, read through the two keys of the links instead of all of them.
    package func links(touching id: String) throws -> [LinkRecord] {
        var links: [LinkRecord] = []
        try db.forEachRow(ReadQueries.linksTouching, arguments: [id]) { links.append(Self.link($0)) }
        return links
    }

    /// The links of the lineages of `ids` (among the rules reached from them through links,
    /// either way), in the order of `allLinks`: all a lineage of theirs is made of, read by
    /// following the links' two keys from them instead of reading every link.
    package func links(connectedTo ids: [String]) throws -> [LinkRecord] {
        var links: [LinkRecord] = []
        let array = try JSONArgument.array(ids)
        try db.forEachRow(ReadQueries.linksConnected, arguments: [array]) { links.append(Self.link($0)) }
        return links
    }

    /// The links whose two rules both belong to `editions`, in the order of `allLinks`:
    /// `links(where:)` with both ends' editions in the set (a rule's edition is its id's
    /// prefix), read by ranges of the links' key instead of whole (a diff of two editions of
    /// 100,000 rules each, among four, reads a third of the links).
    package func links(amongEditions editions: Set<String>) throws -> [LinkRecord] {
        var links: [LinkRecord] = []
        for range in RuleIDRange.covering(editions) {
            try db.forEachRow(ReadQueries.linksFromRange, arguments: [range.lower, range.upper]) { row in
                guard editions.contains(RuleIdentifier.edition(of: row.string(0))),
                    editions.contains(RuleIdentifier.edition(of: row.string(1)))
                else { return }
                links.append(Self.link(row))
            }
        }
        return links
    }

    /// The links into a rule of `editions` from a rule of another edition, in the order of
    /// `allLinks`: `links(where:)` with only the later end's edition in the set.
    package func links(intoEditions editions: Set<String>) throws -> [LinkRecord] {
        var links: [LinkRecord] = []
        let editionArray = try JSONArgument.array(editions.sorted())
        for range in RuleIDRange.covering(editions) {
            try db.forEachRow(ReadQueries.linksToRangeFromOtherEditions, arguments: [range.lower, range.upper, editionArray]) { row in
                guard !editions.contains(RuleIdentifier.edition(of: row.string(0))),
                    editions.contains(RuleIdentifier.edition(of: row.string(1)))
                else { return }
                links.append(Self.link(row))
            }
        }
        return links.sorted { ($0.from, $0.to) < ($1.from, $1.to) }
    }

    /// A link from a row of `ReadQueries.linkColumns`.
    private static func link(_ row: RowCursor) -> LinkRecord {
        LinkRecord(
            from: row.string(0), to: row.string(1), change: ChangeClass(rawValue: row.string(2)) ?? .revised,
            similarity: row.double(3), method: LinkMethod(rawValue: row.string(4)) ?? .matcher,
            forceFrom: NormativeForce(rawValue: row.string(5)) ?? .none, forceTo: NormativeForce(rawValue: row.string(6)) ?? .none,
            forceChanged: row.int(7) == 1, reversal: row.int(8) == 1, rationale: row.optionalString(9),
            evidence: row.optionalString(10).flatMap(LinkEvidence.init(rawValue:)), score: row.optionalDouble(11),
            confidence: row.optionalDouble(12), doubt: row.optionalString(13).flatMap(LinkDoubt.init(rawValue:)))
    }
}
