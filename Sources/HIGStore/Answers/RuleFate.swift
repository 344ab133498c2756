/// What became of a rule after its edition when no later edition holds a version of it: the
/// later excerpts that lack it (which says nothing, an excerpt may not reach it), then the first
/// later complete edition, which lacks it: there it was removed.
///
/// It reads the links as `hig diff` does: a rule with no counterpart in a complete edition was
/// removed there; one missing from an excerpt is only "not in the excerpt".
public struct RuleFate: Sendable, Equatable, Encodable {
    public let rule: String
    /// Later excerpt editions before `removedIn` (or up to the last edition), oldest first.
    public let notInExcerpts: [String]
    /// The first later complete edition; nil when only excerpts follow.
    public let removedIn: String?
    /// With `--candidates N`: its likely counterparts in `removedIn`, best first (nil: not asked).
    public var candidates: [CounterpartCandidate]? = nil

    enum CodingKeys: String, CodingKey {
        case rule, candidates
        case notInExcerpts = "not_in_excerpts"
        case removedIn = "removed_in"
    }
}

extension RuleStore {
    /// The editions in order, each with whether it is an excerpt (as lineage reads it).
    func editionCoverage() throws -> [(id: String, excerpt: Bool)] {
        try editionIDs().map { id in (id: id, excerpt: try db.scalar(ReadQueries.editionIsExcerpt, id)?.int == 1) }
    }

    /// The fate of each of `rules` that no link continues into a later edition; a rule of the
    /// last edition, or one a link continues, has none.
    public func fates(of rules: [RuleRecord], links: [LinkRecord]) throws -> [String: RuleFate] {
        let continued = Set(links.map(\.from))
        let editions = try editionCoverage()
        var fates: [String: RuleFate] = [:]
        for rule in rules where !continued.contains(rule.id) {
            guard let index = editions.firstIndex(where: { $0.id == rule.edition }), index + 1 < editions.count else { continue }
            let later = editions[(index + 1)...]
            let removedIn = later.first { !$0.excerpt }?.id
            let excerpts = later.prefix { $0.excerpt }.map(\.id)
            fates[rule.id] = RuleFate(rule: rule.id, notInExcerpts: excerpts, removedIn: removedIn)
        }
        return fates
    }

    /// Gives each fate with a `removedIn` its `limit` likely counterparts there, with their texts.
    func addCandidates(to fates: inout [String: RuleFate], editionOf: [String: String], limit: Int) throws {
        let removed = fates.values.filter { $0.removedIn != nil && editionOf[$0.rule] != nil }
        let byPair = Dictionary(grouping: removed) { [editionOf[$0.rule]!, $0.removedIn!] }
        for (pair, pairFates) in byPair.sorted(by: { $0.key.lexicographicallyPrecedes($1.key) }) {
            let found = try CounterpartCandidates.find(
                db, older: pair[0], newer: pair[1], removed: pairFates.map(\.rule), added: [], limit: limit)
            for fate in pairFates {
                fates[fate.rule]?.candidates = try (found[fate.rule] ?? []).map { candidate in
                    var candidate = candidate
                    candidate.text = try rule(id: candidate.rule)?.text
                    return candidate
                }
            }
        }
    }
}
