import HIGLineage
import HIGText

/// What became of a rule after its edition when no later edition holds a version of it: the
/// later excerpts that lack it (which says nothing, an excerpt may not reach it), then the first
/// later complete edition, which lacks it: there it was removed.
///
/// It reads the links as `hig diff` does: a rule with no counterpart in a complete edition was
/// removed there; one missing from an excerpt is only "not in the excerpt", or "left out" of it
/// when the excerpt holds the page of the rule's subject.
public struct RuleFate: Sendable, Equatable, Encodable {
    public let rule: String
    /// Later excerpt editions before `removedIn` (or up to the last edition), oldest first.
    public let notInExcerpts: [String]
    /// The first later complete edition; nil when only excerpts follow.
    public let removedIn: String?
    /// Those of `notInExcerpts` that hold the page of the rule's subject (by page or heading):
    /// the rule was left out of them, as `hig diff` says of it (`EditionDiff.leftOut`).
    public var leftOutOf: [String] = []
    /// With `--candidates N`: its likely counterparts in `removedIn`, best first (nil: not asked).
    public var candidates: [CounterpartCandidate]? = nil

    enum CodingKeys: String, CodingKey {
        case rule, candidates
        case notInExcerpts = "not_in_excerpts"
        case removedIn = "removed_in"
        case leftOutOf = "left_out_of"
    }
}

extension RuleStore {
    /// The editions in order, each with whether it is an excerpt (as lineage reads it).
    func editionCoverage() throws -> [(id: String, excerpt: Bool)] {
        try editionIDs().map { id in (id: id, excerpt: try db.scalar(ReadQueries.editionIsExcerpt, id)?.int == 1) }
    }

    /// The fate of each of `rules` that no link continues into a later edition; a rule of an
    /// edition no other descends from, or one a link continues, has none. Later editions are
    /// the edition's descendants in the family tree: the excerpts on the way, then the first
    /// complete one, of the rule's own line when the tree branches.
    /// A draft beside its final edition (`prerelease_of`) is a side branch: a rule continued only
    /// into a draft has a fate all the same, and a draft is never where a rule was removed while a
    /// final edition follows.
    public func fates(of rules: [RuleRecord], links: [LinkRecord]) throws -> [String: RuleFate] {
        let excerpt = Dictionary(uniqueKeysWithValues: try editionCoverage().map { ($0.id, $0.excerpt) })
        let graph = try editionGraph()
        let drafts = Set(graph.ordered.filter { $0.prereleaseOf != nil }.map(\.id))
        // A link into a draft continues a rule only when no final edition follows the rule's own.
        func hasFinalSuccessor(_ edition: String) -> Bool { graph.successors(of: edition).contains { !drafts.contains($0) } }
        let continued = Set(
            links.filter { link in
                !drafts.contains(RuleIdentifier.edition(of: link.to)) || !hasFinalSuccessor(RuleIdentifier.edition(of: link.from))
            }.map(\.from))
        var fates: [String: RuleFate] = [:]
        var byEdition: [String: RuleFate?] = [:]
        // The rules of an edition about the subjects an excerpt's pages hold, by edition and excerpt.
        var aboutExcerpt: [[String]: Set<String>] = [:]
        for rule in rules where !continued.contains(rule.id) {
            if byEdition[rule.edition] == nil {
                byEdition[rule.edition] = Self.fate(after: rule.edition, graph, excerpt)
            }
            guard let fate = byEdition[rule.edition] ?? nil else { continue }
            var leftOutOf: [String] = []
            for later in fate.notInExcerpts {
                if aboutExcerpt[[rule.edition, later]] == nil {
                    aboutExcerpt[[rule.edition, later]] = try rulesAboutSubjects(of: later, in: rule.edition)
                }
                if aboutExcerpt[[rule.edition, later]]?.contains(rule.id) == true { leftOutOf.append(later) }
            }
            fates[rule.id] = RuleFate(rule: rule.id, notInExcerpts: fate.notInExcerpts, removedIn: fate.removedIn, leftOutOf: leftOutOf)
        }
        return fates
    }

    /// The excerpts after `edition` and the complete edition that would remove a rule of it,
    /// following successors oldest first and preferring the edition's own line; nil when no
    /// edition descends from it.
    private static func fate(after edition: String, _ graph: EditionGraph, _ excerpt: [String: Bool]) -> RuleFate? {
        let line = graph.node(edition)?.line
        var excerpts: [String] = []
        let all = graph.successors(of: edition)
        let finals = all.filter { graph.node($0)?.prereleaseOf == nil }
        var queue = finals.isEmpty ? all : finals
        guard !queue.isEmpty else { return nil }
        var completes: [String] = []
        var seen = Set<String>()
        while !queue.isEmpty {
            let next = queue.removeFirst()
            guard seen.insert(next).inserted else { continue }
            if excerpt[next] ?? false {
                excerpts.append(next)
                queue += graph.successors(of: next)
            } else {
                completes.append(next)
            }
        }
        let removedIn = completes.first { graph.node($0)?.line == line } ?? completes.first
        return RuleFate(rule: "", notInExcerpts: excerpts, removedIn: removedIn)
    }

    /// Gives each fate with a `removedIn` its `limit` likely counterparts there, with their texts.
    package func addCandidates(to fates: inout [String: RuleFate], editionOf: [String: String], limit: Int) throws {
        let removed = fates.values.filter { $0.removedIn != nil && editionOf[$0.rule] != nil }
        let byPair = Dictionary(grouping: removed) { [editionOf[$0.rule]!, $0.removedIn!] }
        for (pair, pairFates) in byPair.sorted(by: { $0.key.lexicographicallyPrecedes($1.key) }) {
            let found = try CounterpartCandidates.find(
                db, older: pair[0], newer: pair[1], removed: pairFates.map(\.rule), added: [], limit: limit,
                anchors: try counterpartPairs(from: pair[0], to: pair[1]))
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
