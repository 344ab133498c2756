import HIGLineage
import HIGText

/// What changed between two editions: `hig diff FROM TO`.
///
/// Pairs come from following lineage links forward from FROM to TO, through the editions
/// between. A FROM rule with no descendant in TO was removed when TO is complete; when TO is
/// an excerpt, it was "left out" when the excerpt holds the page of its subject, and is only
/// "not in the excerpt" otherwise. A TO rule with no ancestor in FROM was added when FROM is complete,
/// and is "not in the FROM excerpt" when FROM is an excerpt.
public struct EditionDiff: Sendable, Equatable, Encodable {
    public struct Pair: Sendable, Equatable, Encodable {
        public let from: String
        public let to: String
        public let change: ChangeClass
        public let similarity: Double
        public let forceChanged: Bool
        public let reversal: Bool
        public let method: LinkMethod
        public let rationale: String?
        /// The probability that every link from one rule to the other is right (their
        /// confidences multiplied); nil in a database not relinked since confidence came.
        public var confidence: Double? = nil
        /// The first doubt on the way from one rule to the other (`LinkDoubt`), when any.
        public var doubt: LinkDoubt? = nil

        enum CodingKeys: String, CodingKey {
            case from, to, change, similarity, reversal, method, rationale, confidence, doubt
            case forceChanged = "force_changed"
        }
    }

    public let from: String
    public let to: String
    /// The editions between FROM and TO in the family tree, oldest first, whose links the diff
    /// follows: what a diff of editions several steps apart compares through.
    public var through: [String] = []
    public let added: [String]
    public let removed: [String]
    public let notInExcerpt: [String]
    /// FROM rules with no descendant in TO, an excerpt that holds the page of their subject (by
    /// page or heading: 2014's "Temporary Views › Alert" and the Alerts page): that page does not
    /// continue them. Taken out of `notInExcerpt`, and given candidates as removed rules are.
    public var leftOut: [String] = []
    /// TO rules that no FROM rule reaches when FROM is an excerpt: it may not hold them, so they
    /// are not called added (some have an ancestor in an edition older than FROM).
    public let notInFromExcerpt: [String]
    /// TO rules no FROM rule reaches that a link brings back from an edition before FROM: FROM
    /// lacked them (`ChangeClass.restored`).
    public var restored: [String] = []
    /// TO rules no FROM rule reaches that continue a rule of another edition TO descends from,
    /// outside FROM's descent (the web HIG's rules that continue the OS X line, in a diff from
    /// the iOS line): not added, but not compared here either.
    public var fromOtherPredecessors: [String] = []
    public let changed: [Pair]
    /// `[from, to]` id pairs.
    public let unchanged: [[String]]
    /// Apple's own notes (a PDF's revision history, a web page's change log) in the TO files
    /// that hold an added or changed rule, in file and line order.
    public var changeNotes: [EditionChangeNote] = []
    /// With `--candidates N`: each removed rule's likely counterparts in TO, and each added
    /// rule's in FROM (`CounterpartCandidates`), best first; nil when not asked for. A changed
    /// pair shown for review (`Pair.isForReview`) has both of its rules' candidates too: a
    /// possible counterpart offers the others.
    public var candidates: [String: [CounterpartCandidate]]?

    enum CodingKeys: String, CodingKey {
        case from, to, through, added, removed, restored, changed, unchanged, candidates
        case leftOut = "left_out"
        case fromOtherPredecessors = "from_other_predecessors"
        case changeNotes = "change_notes"
        case notInExcerpt = "not_in_excerpt"
        case notInFromExcerpt = "not_in_from_excerpt"
    }

    /// Counts per change class, in a fixed order, for the summary.
    public var counts: [(ChangeClass, Int)] {
        let order: [ChangeClass] = [
            .unchanged, .reworded, .revised, .replaced, .split, .merged, .restored, .added, .removed, .leftOut, .notInExcerpt,
        ]
        return order.map { change in
            switch change {
            case .unchanged: (change, unchanged.count)
            case .added: (change, added.count)
            case .removed: (change, removed.count)
            case .leftOut: (change, leftOut.count)
            case .notInExcerpt: (change, notInExcerpt.count)
            case .restored: (change, restored.count + changed.filter { $0.change == .restored }.count)
            default: (change, changed.filter { $0.change == change }.count)
            }
        }
    }
}

extension RuleStore {
    public struct DiffOptions: Sendable {
        public var topic: String?
        /// Headings of the rules' section path, as typed (`SectionMatch`).
        public var section: String?
        /// A web page, by title or path (`RuleStore.pageRuleIDs`): its rules and its counterparts'.
        public var page: String?
        public var reversalsOnly = false
        public var forceChangesOnly = false
        /// Only changes of low confidence or in doubt (`LinkFlag.lowConfidence`, `.doubt`): the
        /// links to review.
        public var lowConfidenceOnly = false
        /// How many likely counterparts to give each removed and added rule (0: none).
        public var candidates = 0

        public init(
            topic: String? = nil, section: String? = nil, reversalsOnly: Bool = false, forceChangesOnly: Bool = false,
            lowConfidenceOnly: Bool = false, candidates: Int = 0, page: String? = nil
        ) {
            self.page = page
            self.lowConfidenceOnly = lowConfidenceOnly
            self.topic = topic
            self.section = section
            self.reversalsOnly = reversalsOnly
            self.forceChangesOnly = forceChangesOnly
            self.candidates = candidates
        }
    }

    public func diff(from: String, to: String, options: DiffOptions = DiffOptions()) throws -> EditionDiff {
        try answering {
            // Aliases (`current`, former ids) name editions by id from here on.
            let (from, to) = (try editionID(from), try editionID(to))
            let scope = try diffScope(from: from, to: to)
            // The rules the topic and the section keep (nil: every rule).
            var inTopic = try options.topic.map { Set(try topicRuleIDs(slug: $0)) }
            if let section = options.section {
                try checkSection(section, edition: nil)
                let ids = try Set(db.rows(ReadQueries.sectionRuleIDs, SectionMatch.likePattern(section)).map { $0.string("id") })
                inTopic = inTopic.map { $0.intersection(ids) } ?? ids
            }
            if let page = options.page {
                let ids = try pageRuleIDs(page, from: from, to: to)
                inTopic = inTopic.map { $0.intersection(ids) } ?? ids
            }
            // Only the links among the rules of FROM, TO and the editions between.
            let links = try links(amongEditions: scope.editions)
            let pairs = Self.descendantPairs(of: scope.fromRules, in: Set(scope.toRules), links: links)
            let (changed, unchanged) = Self.classify(pairs, links: links, options: options, inTopic: inTopic)
            let flagsOnly = options.reversalsOnly || options.forceChangesOnly || options.lowConfidenceOnly
            func keep(_ id: String) -> Bool { inTopic?.contains(id) ?? true }
            let reachedFrom = Set(pairs.map(\.from))
            let reachedTo = Set(pairs.map(\.to))
            let gone = flagsOnly ? [] : scope.fromRules.filter { !reachedFrom.contains($0) && keep($0) }
            var unreached = flagsOnly ? [] : scope.toRules.filter { !reachedTo.contains($0) && keep($0) }
            // A TO rule that a link brings back from before FROM was not added: FROM lacked it.
            // The link may land on an edition between FROM and TO; the TO rules descending from
            // the rule it lands on count too.
            let fromOutside = try self.links(intoEditions: scope.editions)
            let broughtBack = Self.descendants(of: Set(fromOutside.filter { $0.change == .restored }.map(\.to)), links: links)
            let restored = unreached.filter(broughtBack.contains)
            unreached.removeAll(where: broughtBack.contains)
            // A TO rule that continues a rule of another predecessor's line was not added either
            // (a rule of FROM's own ancestors, reached across an excerpt FROM is, stays "not in the
            // FROM excerpt"), whether that line joins at TO or at an edition between.
            let ownLine = try editionGraph().ancestors(of: from).union([from])
            let continuedElsewhere = Self.descendants(
                of: Set(
                    fromOutside.filter { $0.change != .restored && !ownLine.contains(RuleIdentifier.edition(of: $0.from)) }
                        .map(\.to)),
                links: links)
            let fromOtherPredecessors = unreached.filter(continuedElsewhere.contains)
            unreached.removeAll(where: continuedElsewhere.contains)
            // Absence from an excerpt says nothing, on either side: a FROM rule TO lacks was removed
            // only when TO is complete; a TO rule no FROM rule reaches was added only when FROM is
            // complete (lineage skips back only across excerpts, so no other TO rule reaches past FROM).
            let (fromIsExcerpt, toIsExcerpt) = (try isExcerpt(edition: from), try isExcerpt(edition: to))
            // Of the FROM rules an excerpt lacks, those whose subject's page it holds were left out of it.
            let aboutExcerpt = toIsExcerpt && !gone.isEmpty ? try rulesAboutSubjects(of: to, in: from) : []
            var diff = EditionDiff(
                from: from, to: to,
                added: fromIsExcerpt ? [] : unreached,
                removed: toIsExcerpt ? [] : gone,
                notInExcerpt: toIsExcerpt ? gone.filter { !aboutExcerpt.contains($0) } : [],
                notInFromExcerpt: fromIsExcerpt ? unreached : [],
                changed: changed,
                unchanged: flagsOnly ? [] : unchanged)
            diff.restored = restored
            diff.leftOut = toIsExcerpt ? gone.filter(aboutExcerpt.contains) : []
            diff.fromOtherPredecessors = fromOtherPredecessors
            diff.through = scope.through
            // The notes of the TO files whose rules changed: for a whole PDF document its
            // revision history, for web pages the change logs of the pages with changes. Under a
            // topic or a section, only the files of TO rules of that topic: a pair kept for its
            // FROM rule alone may lead to a page about something else, whose notes are not.
            diff.changeNotes = try changeNotes(
                edition: to, filesHolding: diff.added + diff.restored + diff.notInFromExcerpt + changed.map(\.to).filter(keep))
            if options.candidates > 0 {
                let review = changed.filter(\.isForReview)
                diff.candidates = try CounterpartCandidates.find(
                    db, older: from, newer: to, removed: diff.removed + diff.leftOut + review.map(\.from),
                    added: diff.added + review.map(\.to),
                    limit: options.candidates, anchors: pairs.map { ($0.from, $0.to) })
            }
            return diff
        }
    }

    /// The rules of edition `from` whose subject, by page or heading, has its page in the
    /// excerpt `excerpt` (the innermost of each of its rules' page subjects: an Alerts page
    /// holds alerts, not every component).
    func rulesAboutSubjects(of excerpt: String, in from: String) throws -> Set<String> {
        var ids = Set<String>()
        try db.forEachRow(ReadQueries.rulesAboutExcerptSubjects, arguments: [from, excerpt]) { ids.insert($0.string(0)) }
        return ids
    }

    /// The pairs of FROM's and TO's rules the links lead from one to the other, as the diff
    /// reads them: what a removed rule's candidates are placed by (`NeighbourPlaces`) where no
    /// diff has read them yet (`hig evolution --candidates`).
    func counterpartPairs(from: String, to: String) throws -> [(from: String, to: String)] {
        let scope = try diffScope(from: from, to: to)
        let links = try links(amongEditions: scope.editions)
        return Self.descendantPairs(of: scope.fromRules, in: Set(scope.toRules), links: links).map { ($0.from, $0.to) }
    }

    /// The rules a diff compares: FROM's and TO's in reading order; and FROM, TO and the
    /// editions between, whose links lead from one to the other.
    private func diffScope(
        from: String, to: String
    ) throws -> (fromRules: [String], toRules: [String], editions: Set<String>, through: [String]) {
        let graph = try editionGraph()
        guard let editionsBetween = try descent(from: from, to: to, in: graph) else {
            throw HIGError.editionsOutOfOrder(from: from, to: to)
        }
        return (try ruleIDs(edition: from), try ruleIDs(edition: to), Set([from, to] + editionsBetween), editionsBetween)
    }

    /// The editions between `from` and `to` when `to` descends from `from` (`EditionGraph.between`);
    /// nil when `from` descends from `to` (given the wrong way round). Throws when neither
    /// descends from the other, naming the latest edition both descend from.
    func descent(from: String, to: String, in graph: EditionGraph) throws -> [String]? {
        if let between = graph.between(from, to) { return between }
        if from != to && graph.between(to, from) != nil || from == to { return nil }
        let common = graph.ancestors(of: from).intersection(graph.ancestors(of: to))
        throw HIGError.editionsNotRelated(
            from: from, to: to, common: graph.ordered.last { common.contains($0.id) }?.id)
    }

    /// A FROM rule, a TO rule it leads to, and the links on the way (indices into `links`).
    typealias DescendantPair = (from: String, to: String, path: [Int])

    /// Each FROM rule's descendants in TO, found by following the links forward.
    /// The rules `seeds` lead to along `links`, the seeds included.
    static func descendants(of seeds: Set<String>, links: [LinkRecord]) -> Set<String> {
        var forward: [String: [String]] = [:]
        for link in links { forward[link.from, default: []].append(link.to) }
        var reached = seeds
        var stack = Array(seeds)
        while let current = stack.popLast() {
            for next in forward[current] ?? [] where reached.insert(next).inserted { stack.append(next) }
        }
        return reached
    }

    static func descendantPairs(of fromRules: [String], in toRules: Set<String>, links: [LinkRecord]) -> [DescendantPair] {
        var forward: [String: [Int]] = [:]
        for (index, link) in links.enumerated() { forward[link.from, default: []].append(index) }
        var pairs: [DescendantPair] = []
        for id in fromRules {
            var stack: [(String, [Int])] = [(id, [])]
            while let (current, path) = stack.popLast() {
                if toRules.contains(current) {
                    pairs.append((id, current, path))
                    continue
                }
                for index in forward[current] ?? [] { stack.append((links[index].to, path + [index])) }
            }
        }
        return pairs
    }

    /// The pairs as changed or unchanged, keeping those of the topic (`inTopic`, when given) at
    /// either end and, for `--reversals` and `--force-changes`, the flagged ones.
    static func classify(
        _ pairs: [DescendantPair], links: [LinkRecord], options: DiffOptions,
        inTopic: Set<String>?
    ) -> (changed: [EditionDiff.Pair], unchanged: [[String]]) {
        var fanOut: [String: Int] = [:]
        var fanIn: [String: Int] = [:]
        for pair in pairs {
            fanOut[pair.from, default: 0] += 1
            fanIn[pair.to, default: 0] += 1
        }
        var changed: [EditionDiff.Pair] = []
        var unchanged: [[String]] = []
        for pair in pairs where inTopic.map({ $0.contains(pair.from) || $0.contains(pair.to) }) ?? true {
            let path = pair.path.map { links[$0] }
            let change = change(along: path, fanOut: fanOut[pair.from] ?? 1, fanIn: fanIn[pair.to] ?? 1)
            if change == .unchanged {
                unchanged.append([pair.from, pair.to])
                continue
            }
            let result = EditionDiff.Pair(
                from: pair.from, to: pair.to, change: change,
                similarity: path.map(\.similarity).min() ?? 0,
                forceChanged: path.first?.forceFrom != path.last?.forceTo,
                reversal: path.contains(where: \.reversal),
                method: path.contains { $0.method == .curated } ? .curated : .matcher,
                rationale: path.compactMap(\.rationale).joined(separator: "; ").nilIfEmpty,
                confidence: path.allSatisfy { $0.confidence != nil } ? path.reduce(1) { $0 * ($1.confidence ?? 1) } : nil,
                doubt: path.lazy.compactMap(\.doubt).first)
            if options.reversalsOnly && !result.reversal { continue }
            if options.forceChangesOnly && !result.forceChanged { continue }
            if options.lowConfidenceOnly && !result.flags.contains(.lowConfidence) && result.doubt == nil { continue }
            changed.append(result)
        }
        return (changed, unchanged)
    }

    /// The change over a chain of links: a split or merge if the pair fans out or in, else the
    /// strongest change on the way (unchanged < reworded < revised < replaced).
    static func change(along path: [LinkRecord], fanOut: Int, fanIn: Int) -> ChangeClass {
        if path.contains(where: { $0.change == .merged }) || fanIn > 1 { return .merged }
        if path.contains(where: { $0.change == .split }) || fanOut > 1 { return .split }
        if path.contains(where: { $0.change == .restored }) { return .restored }
        let strength: [ChangeClass] = [.unchanged, .reworded, .revised, .replaced]
        return path.map(\.change).max { (strength.firstIndex(of: $0) ?? 0) < (strength.firstIndex(of: $1) ?? 0) } ?? .unchanged
    }
}

extension String {
    var nilIfEmpty: String? { isEmpty ? nil : self }
}
