/// What changed between two editions: `hig diff FROM TO`.
///
/// Pairs come from following lineage links forward from FROM to TO, through the editions
/// between. A FROM rule with no descendant in TO was removed when TO is complete, and is only
/// "not in the excerpt" when TO is an excerpt; a TO rule with no ancestor in FROM was added
/// when FROM is complete, and is "not in the FROM excerpt" when FROM is an excerpt.
public struct EditionDiff: Sendable, Equatable, Encodable {
    public struct Pair: Sendable, Equatable, Encodable {
        public let from: String
        public let to: String
        public let change: ChangeClass
        public let similarity: Double
        public let forceChanged: Bool
        public let reversal: Bool
        public let method: String
        public let rationale: String?

        enum CodingKeys: String, CodingKey {
            case from, to, change, similarity, reversal, method, rationale
            case forceChanged = "force_changed"
        }
    }

    public let from: String
    public let to: String
    public let added: [String]
    public let removed: [String]
    public let notInExcerpt: [String]
    /// TO rules that no FROM rule reaches when FROM is an excerpt: it may not hold them, so they
    /// are not called added (some have an ancestor in an edition older than FROM).
    public let notInFromExcerpt: [String]
    public let changed: [Pair]
    /// `[from, to]` id pairs.
    public let unchanged: [[String]]

    enum CodingKeys: String, CodingKey {
        case from, to, added, removed, changed, unchanged
        case notInExcerpt = "not_in_excerpt"
        case notInFromExcerpt = "not_in_from_excerpt"
    }

    /// Counts per change class, in a fixed order, for the summary.
    public var counts: [(ChangeClass, Int)] {
        let order: [ChangeClass] = [.unchanged, .reworded, .revised, .replaced, .split, .merged, .added, .removed, .notInExcerpt]
        return order.map { change in
            switch change {
            case .unchanged: (change, unchanged.count)
            case .added: (change, added.count)
            case .removed: (change, removed.count)
            case .notInExcerpt: (change, notInExcerpt.count)
            default: (change, changed.filter { $0.change == change }.count)
            }
        }
    }
}

extension RuleStore {
    public struct DiffOptions: Sendable {
        public var topic: String?
        public var reversalsOnly = false
        public var forceChangesOnly = false

        public init(topic: String? = nil, reversalsOnly: Bool = false, forceChangesOnly: Bool = false) {
            self.topic = topic
            self.reversalsOnly = reversalsOnly
            self.forceChangesOnly = forceChangesOnly
        }
    }

    public func diff(from: String, to: String, options: DiffOptions = DiffOptions()) throws -> EditionDiff {
        try checkEdition(from)
        try checkEdition(to)
        let order = try editionIDs()
        guard let start = order.firstIndex(of: from), let end = order.firstIndex(of: to), start < end else {
            throw HIGError.editionsOutOfOrder(from: from, to: to)
        }
        // Only the rules of FROM, TO and the editions between, and the links among them: the
        // other editions' rules are read only when an older ancestor has to be looked for.
        let fromRules = try ruleIDs(edition: from)
        let toRules = try ruleIDs(edition: to)
        let inTo = Set(toRules)
        var between = Set(fromRules).union(inTo)
        for edition in order[(start + 1)..<end] { between.formUnion(try ruleIDs(edition: edition)) }
        var inTopic = Set<String>()
        if let topic = options.topic {
            try db.forEachRow("SELECT rule_id FROM rule_topics WHERE topic_slug = ?", arguments: [topic]) { inTopic.insert($0.string(0)) }
        }
        let toIsExcerpt = try isExcerpt(edition: to)
        let links = try links { between.contains($0) && between.contains($1) }
        var forward: [String: [Int]] = [:]
        for (index, link) in links.enumerated() { forward[link.from, default: []].append(index) }

        // Each FROM rule's descendants in TO, with the links on the way (indices into `links`).
        var pairs: [(from: String, to: String, path: [Int])] = []
        for id in fromRules {
            var stack: [(String, [Int])] = [(id, [])]
            while let (current, path) = stack.popLast() {
                if inTo.contains(current) {
                    pairs.append((id, current, path))
                    continue
                }
                for index in forward[current] ?? [] { stack.append((links[index].to, path + [index])) }
            }
        }
        let reachedTo = Set(pairs.map(\.to))
        let reachedFrom = Set(pairs.map(\.from))
        var fanOut: [String: Int] = [:]
        var fanIn: [String: Int] = [:]
        for pair in pairs {
            fanOut[pair.from, default: 0] += 1
            fanIn[pair.to, default: 0] += 1
        }
        func keep(_ id: String) -> Bool { options.topic == nil || inTopic.contains(id) }
        func keep(_ from: String, _ to: String) -> Bool { options.topic == nil || inTopic.contains(from) || inTopic.contains(to) }

        var changed: [EditionDiff.Pair] = []
        var unchanged: [[String]] = []
        for pair in pairs where keep(pair.from, pair.to) {
            let path = pair.path.map { links[$0] }
            let change = Self.change(along: path, fanOut: fanOut[pair.from] ?? 1, fanIn: fanIn[pair.to] ?? 1)
            if change == .unchanged {
                unchanged.append([pair.from, pair.to])
                continue
            }
            let result = EditionDiff.Pair(
                from: pair.from, to: pair.to, change: change,
                similarity: path.map(\.similarity).min() ?? 0,
                forceChanged: path.first?.forceFrom != path.last?.forceTo,
                reversal: path.contains(where: \.reversal),
                method: path.contains { $0.method == "curated" } ? "curated" : "matcher",
                rationale: path.compactMap(\.rationale).joined(separator: "; ").nilIfEmpty)
            if options.reversalsOnly && !result.reversal { continue }
            if options.forceChangesOnly && !result.forceChanged { continue }
            changed.append(result)
        }
        let flagsOnly = options.reversalsOnly || options.forceChangesOnly
        let gone = flagsOnly ? [] : fromRules.filter { !reachedFrom.contains($0) && keep($0) }
        let unreached = flagsOnly ? [] : toRules.filter { !reachedTo.contains($0) && keep($0) }
        // Absence from an excerpt says nothing: a TO rule no FROM rule reaches was added only
        // when FROM is complete; against an excerpt it is "not in the FROM excerpt".
        let fromIsExcerpt = try isExcerpt(edition: from)
        return EditionDiff(
            from: from, to: to,
            added: fromIsExcerpt ? [] : unreached,
            removed: toIsExcerpt ? [] : gone,
            notInExcerpt: toIsExcerpt ? gone : [],
            notInFromExcerpt: fromIsExcerpt ? unreached : [],
            changed: changed,
            unchanged: flagsOnly ? [] : unchanged)
    }

    /// Whether an edition is an excerpt, as lineage reads it (`LinkCorpus`): a rule missing from
    /// it may be outside the excerpt. An edition without sources holds nothing, so it says
    /// nothing either.
    func isExcerpt(edition: String) throws -> Bool {
        try db.scalar("SELECT coalesce(max(coverage = 'excerpt'), 1) FROM sources WHERE edition_id = ?", edition)?.int == 1
    }

    /// One edition's rule ids in reading order.
    func ruleIDs(edition: String) throws -> [String] {
        var ids: [String] = []
        try db.forEachRow(Self.editionRuleIDsQuery, arguments: [edition]) { ids.append($0.string(0)) }
        return ids
    }

    /// The change over a chain of links: a split or merge if the pair fans out or in, else the
    /// strongest change on the way (unchanged < reworded < revised < replaced).
    static func change(along path: [LinkRecord], fanOut: Int, fanIn: Int) -> ChangeClass {
        if path.contains(where: { $0.change == .merged }) || fanIn > 1 { return .merged }
        if path.contains(where: { $0.change == .split }) || fanOut > 1 { return .split }
        let strength: [ChangeClass] = [.unchanged, .reworded, .revised, .replaced]
        return path.map(\.change).max { (strength.firstIndex(of: $0) ?? 0) < (strength.firstIndex(of: $1) ?? 0) } ?? .unchanged
    }
}

extension String {
    var nilIfEmpty: String? { isEmpty ? nil : self }
}
