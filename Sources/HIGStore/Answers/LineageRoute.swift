import HIGLineage
import HIGText

/// A lineage's way through the family tree of editions: its versions in branches, each branch a
/// run of versions whose editions descend one from the other, and, on each version, where it
/// crosses into another line or joins a branch above.
///
/// A Mac rule and an iPhone rule that the web HIG merges are one lineage; read by date, its
/// versions would interleave the two lines. Along the tree, the Mac branch comes whole, then the
/// iPhone branch, which the web version joins.
public struct LineageRoute: Sendable, Equatable {
    /// How a branch begins.
    public enum Start: String, Sendable, Equatable, Encodable {
        /// The lineage's first branch.
        case first
        /// No version of the branches above leads to it: it begins apart, on its own line or its
        /// own branch of the tree (a later version may join the branches).
        case apart
        /// It continues versions of a branch above, where the family tree branched (a draft
        /// beside its final edition, two editions revised from one).
        case branch
    }

    public struct Step: Sendable, Equatable, Encodable {
        public let rule: String
        public let edition: String
        /// The edition's line (its own or its predecessor's); nil when no edition names one.
        public let line: String?
        /// The line of the versions it continues, when that is another line than its own.
        public let crossesFromLine: String?
        /// The versions of branches above it continues (past its branch's first edition): the
        /// branches join here.
        public let joins: [String]

        enum CodingKeys: String, CodingKey {
            case rule, edition, line, joins
            case crossesFromLine = "crosses_from_line"
        }

        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(rule, forKey: .rule)
            try c.encode(edition, forKey: .edition)
            try c.encode(line, forKey: .line)
            try c.encode(crossesFromLine, forKey: .crossesFromLine)
            try c.encode(joins, forKey: .joins)
        }
    }

    public struct Branch: Sendable, Equatable, Encodable {
        public let start: Start
        /// For a branch that continues versions above, those versions.
        public let from: [String]
        public let steps: [Step]

        /// The branch's editions, in order, each once.
        public var editions: [String] {
            var seen: [String] = []
            for step in steps where seen.last != step.edition { seen.append(step.edition) }
            return seen
        }

        enum CodingKeys: String, CodingKey { case start, from, editions, steps }

        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(start, forKey: .start)
            try c.encode(from, forKey: .from)
            try c.encode(editions, forKey: .editions)
            try c.encode(steps, forKey: .steps)
        }
    }

    public let branches: [Branch]

    /// The route of `versions` (ordered along the tree, `EditionGraph.alongTree`) linked by
    /// `links`: a version starts a new branch when its edition does not descend from the edition
    /// of the version before it.
    public init(versions: [RuleRecord], links: [LinkRecord], graph: EditionGraph) {
        var runs: [[RuleRecord]] = []
        for version in versions {
            if let last = runs.last?.last,
                last.edition == version.edition || graph.ancestors(of: version.edition).contains(last.edition)
            {
                runs[runs.count - 1].append(version)
            } else {
                runs.append([version])
            }
        }
        var branchOf: [String: Int] = [:]
        var lineOf: [String: String] = [:]
        for (index, run) in runs.enumerated() {
            for version in run {
                branchOf[version.id] = index
                if let line = graph.line(of: version.edition) { lineOf[version.id] = line }
            }
        }
        branches = runs.enumerated().map { index, run in
            let steps = run.map { version in
                let sources = links.filter { $0.to == version.id }.map(\.from).filter { branchOf[$0] != nil }
                let line = lineOf[version.id]
                // The line it crosses from is the one of the versions it continues on its own
                // branch; a branch's first version continues those above.
                let own = sources.filter { branchOf[$0] == index }
                let otherLines = (own.isEmpty ? sources : own).compactMap { lineOf[$0] }.filter { $0 != line }
                let joins = version.edition == run.first?.edition ? [] : sources.filter { branchOf[$0]! < index }
                return Step(
                    rule: version.id, edition: version.edition, line: line, crossesFromLine: line.flatMap { _ in otherLines.first },
                    joins: joins)
            }
            // What the branch's first edition continues: where it branches from the ones above.
            let opening = Set(run.filter { $0.edition == run.first?.edition }.map(\.id))
            let from = links.filter { opening.contains($0.to) }.map(\.from).filter { (branchOf[$0] ?? index) < index }
            let start: Start = index == 0 ? .first : from.isEmpty ? .apart : .branch
            return Branch(start: start, from: from, steps: steps)
        }
    }
}
