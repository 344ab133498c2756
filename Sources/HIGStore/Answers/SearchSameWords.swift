import Foundation
import HIGDatabase

/// One hit for the versions of a rule that kept its words: the Mac OS X HIG kept most sentences
/// from 2004 to 2009, and a search would otherwise answer the same sentence five times over.
/// Versions are the same words when lineage links them as `unchanged` (words equal after folding
/// case, quotes, punctuation and page numbers), edition to edition; only the versions the search
/// itself found (matched and passing its filters) are put together.
extension RuleStore {
    /// The unchanged links from or to the rules of the JSON array `?1`: one query for a batch
    /// of hits, through the links' indexes on either end.
    static let unchangedLinksQuery = """
        SELECT from_rule AS a, to_rule AS b FROM rule_links
        WHERE change = 'unchanged' AND from_rule IN (SELECT value FROM json_each(?1))
        UNION
        SELECT from_rule, to_rule FROM rule_links
        WHERE change = 'unchanged' AND to_rule IN (SELECT value FROM json_each(?1))
        """

    /// The rowid of rule `?1`.
    static let ruleRowidQuery = "SELECT rowid FROM rules WHERE id = ?1"

    /// A hit (the best ranked of its versions) and the versions the search found, by id and rowid.
    struct SameWordsGroup {
        let lead: RankedRule
        let members: [(id: String, rowid: Int64)]
    }

    /// `ranked` put together by unchanged links, in the order of each group's best-ranked version,
    /// up to `request.limit` groups; a group's other versions are those among `matches` (the
    /// rules the search matched and its filters passed). With `request.sameWordsAsOneHit` false,
    /// each rule is a group of its own.
    func sameWordsGroups(_ ranked: [RankedRule], matches: BestScores, _ request: SearchRequest) throws -> [SameWordsGroup] {
        guard request.sameWordsAsOneHit else {
            return ranked.prefix(request.limit).map { SameWordsGroup(lead: $0, members: [($0.id, $0.rowid)]) }
        }
        let rankedRowids = Dictionary(ranked.map { ($0.id, $0.rowid) }, uniquingKeysWith: { first, _ in first })
        let neighbours = try unchangedNeighbours(of: ranked.map(\.id))
        var grouped = Set<String>()
        var groups: [SameWordsGroup] = []
        for hit in ranked where !grouped.contains(hit.id) {
            guard groups.count < request.limit else { break }
            var component = [hit.id]
            var queue = [hit.id]
            grouped.insert(hit.id)
            while let next = queue.popLast() {
                for other in neighbours[next] ?? [] where grouped.insert(other).inserted {
                    component.append(other)
                    queue.append(other)
                }
            }
            var members = [(id: hit.id, rowid: hit.rowid)]
            for other in component.dropFirst() {
                if let rowid = rankedRowids[other] {
                    members.append((other, rowid))
                    continue
                }
                var rowid: Int64?
                try db.forEachRow(Self.ruleRowidQuery, arguments: [other]) { rowid = Int64($0.int(0)) }
                if let rowid, matches.contains(rowid) { members.append((other, rowid)) }
            }
            groups.append(SameWordsGroup(lead: hit, members: members))
        }
        return groups
    }

    /// The rules linked as unchanged to each of `ids`, and to those, until no more are found.
    private func unchangedNeighbours(of ids: [String]) throws -> [String: [String]] {
        var neighbours: [String: [String]] = [:]
        var explored = Set<String>()
        var frontier = Array(Set(ids))
        while !frontier.isEmpty {
            explored.formUnion(frontier)
            let batch = try JSONArgument.array(frontier)
            var found = Set<String>()
            for row in try db.rows(Self.unchangedLinksQuery, batch) {
                let (a, b) = (row.string("a"), row.string("b"))
                if !(neighbours[a]?.contains(b) ?? false) {
                    neighbours[a, default: []].append(b)
                    neighbours[b, default: []].append(a)
                }
                for id in [a, b] where !explored.contains(id) { found.insert(id) }
            }
            frontier = found.sorted()
        }
        return neighbours
    }

    /// A group's versions read, along the family tree (`editions`); the newest stands for them.
    /// Nil when none can be read.
    func versions(of group: SameWordsGroup, editions: EditionPlaces) throws -> (
        lead: RankedRule, record: RuleRecord, rowid: Int64, versions: [RuleRecord], years: String?
    )? {
        let (order, dates) = (editions.order, editions.dates)
        let read = try group.members.compactMap { member in try rule(id: member.id).map { (record: $0, rowid: member.rowid) } }
            .sorted { (order[$0.record.edition] ?? 0, $0.record.id) < (order[$1.record.edition] ?? 0, $1.record.id) }
        guard let newest = read.last else { return nil }
        let years = read.compactMap { dates[$0.record.edition] ?? nil }.map { String($0.prefix(4)) }
        let span = years.first.map { first in first == years.last! ? first : "\(first)-\(years.last!)" }
        return (group.lead, newest.record, newest.rowid, read.map(\.record), span)
    }

    /// Each edition's place along the family tree, and its date.
    struct EditionPlaces {
        let order: [String: Int]
        let dates: [String: String?]
    }

    func editionPlaces() throws -> EditionPlaces {
        let order = Dictionary(uniqueKeysWithValues: try editionGraph().alongTree.enumerated().map { ($1, $0) })
        let dates = Dictionary(
            try db.rows(ReadQueries.editions).map { ($0.string("id"), $0.optionalString("date")) }, uniquingKeysWith: { first, _ in first })
        return EditionPlaces(order: order, dates: dates)
    }
}

extension SearchResult {
    /// Every rule of the hits: each hit's rule first, then its other versions along the tree.
    public var rules: [RuleRecord] {
        hits.flatMap { hit in [hit.record] + hit.versions.filter { $0.id != hit.record.id } }
    }

    /// A hit in JSON: its rule, the ids of all its versions with the same words (the rule among
    /// them) along the family tree, their editions, and the years they span.
    struct HitJSON: Encodable {
        let rule: String
        let rules: [String]
        let editions: [String]
        let years: String?

        init(_ hit: SearchHit) {
            rule = hit.record.id
            let versions = hit.versions.isEmpty ? [hit.record] : hit.versions
            rules = versions.map(\.id)
            var seen: [String] = []
            for version in versions where !seen.contains(version.edition) { seen.append(version.edition) }
            editions = seen
            years = hit.years
        }

        enum CodingKeys: String, CodingKey { case rule, rules, editions, years }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(rule, forKey: .rule)
            try c.encode(rules, forKey: .rules)
            try c.encode(editions, forKey: .editions)
            try c.encode(years, forKey: .years)
        }
    }
}
