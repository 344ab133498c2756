import HIGLineage
import HIGText

/// `hig changes`: what changed in the guidelines since an edition or a date, page by page.
extension RuleStore {
    public struct ChangesRequest: Sendable {
        /// The earlier edition; nil: the one `since` picks, else the nearest complete edition
        /// before `to`.
        public var from: String?
        /// The later edition; nil: the newest (`current`).
        public var to: String?
        /// "Since I last read it": the earlier edition is the newest one before `to` dated on or
        /// before this date, and only Apple's notes dated on or after it are new.
        public var since: PartialDate?
        /// A page's title or path, in `to` (or in `from` when it was removed).
        public var page: String?
        /// A topic's slug.
        public var topic: String?
        public var platform: String?

        public init(
            from: String? = nil, to: String? = nil, since: PartialDate? = nil, page: String? = nil, topic: String? = nil,
            platform: String? = nil
        ) {
            self.from = from
            self.to = to
            self.since = since
            self.page = page
            self.topic = topic
            self.platform = platform
        }
    }

    public func changes(_ request: ChangesRequest) throws -> GuidelineChanges {
        try answering {
            let to = try editionID(request.to ?? "current")
            let from = try changesFrom(request, to: to)
            if let platform = request.platform { try checkPlatform(platform) }
            let diff = try diff(from: from, to: to, options: DiffOptions(topic: request.topic))
            let rules = try changesRules(editions: [from, to])
            let platformRules = try request.platform.map { try rulesApplying(to: $0, editions: [from, to]) }
            func applies(_ id: String) -> Bool { platformRules?.contains(id) ?? true }

            let pairs = diff.unchanged.map { (from: $0[0], to: $0[1]) } + diff.changed.map { (from: $0.from, to: $0.to) }
            var pages = ChangesPages(rules: rules, to: to, pairs: pairs)
            for id in diff.added + diff.restored where applies(id) { pages.add(id) }
            for id in diff.removed where applies(id) { pages.remove(id) }
            for pair in diff.changed where applies(pair.from) || applies(pair.to) { pages.change(pair) }

            // Apple's notes: a page's change-log entries its counterparts in FROM do not have,
            // dated on or after FROM (and `since`): what Apple says changed in between.
            let earlierNotes = Set(try changeNotes(edition: from).map { NoteKey($0) })
            let fromDate = try editionDate(from)
            let pageTopics = try request.topic.map { try pagesOfTopic($0, editions: [from, to]) }
            for note in try changeNotes(edition: to) where !earlierNotes.contains(NoteKey(note)) {
                if let date = note.date.flatMap(PartialDate.init) {
                    if let fromDate, date.last < fromDate.first { continue }
                    if let since = request.since, date.last < since.first { continue }
                } else if request.since != nil {
                    continue
                }
                pages.note(
                    note,
                    keep: { page in
                        let topical = pageTopics?.contains(page) ?? true
                        let named = request.platform.map { Self.names(note.text, platform: $0) } ?? true
                        return topical && named
                    })
            }
            var result = pages.result(fromIsExcerpt: try isExcerpt(edition: from))
            if let page = request.page {
                let named = try changesPage(page, from: from, to: to)
                let wanted = pages.counterpart[named] ?? named
                result = result.filter { $0.path == wanted }
            }
            return GuidelineChanges(
                from: from, to: to, through: diff.through, since: request.since?.description, pages: result,
                notInFromExcerpt: diff.notInFromExcerpt.count)
        }
    }

    /// `hig changes --step`: one comparison per step of the family tree from the earlier edition
    /// to the later one (excerpts on the way skipped), newest first. A page named is followed
    /// back through its earlier pages: "Virtual keyboards" in 2026 is "Onscreen keyboards" before.
    public func changesByStep(_ request: ChangesRequest) throws -> [GuidelineChanges] {
        try answering {
            let to = try editionID(request.to ?? "current")
            let from = try changesFrom(request, to: to)
            guard let between = try descent(from: from, to: to, in: editionGraph()) else {
                throw HIGError.editionsOutOfOrder(from: from, to: to)
            }
            let stops = [from] + (try between.filter { try !isExcerpt(edition: $0) }) + [to]
            var steps: [GuidelineChanges] = []
            var page = request.page
            for (earlier, later) in zip(stops.dropLast(), stops.dropFirst()).reversed() {
                var step = request
                (step.from, step.to, step.page) = (earlier, later, page)
                let changes: GuidelineChanges
                do {
                    changes = try self.changes(step)
                } catch HIGError.pageUnknown where page != request.page {
                    // The page followed back has no counterpart this far: nothing more to show.
                    break
                }
                steps.append(changes)
                if page != nil, let shown = changes.pages.first {
                    // A page added in this step has no earlier page to follow.
                    if shown.status == .added { break }
                    page = shown.status == .removed ? shown.path : shown.earlier.first ?? page
                }
            }
            return steps
        }
    }

    /// The earlier edition of a `changes` request: as given; the newest one `to` descends from
    /// dated on or before `since`; else the nearest complete edition `to` descends from.
    private func changesFrom(_ request: ChangesRequest, to: String) throws -> String {
        if let from = request.from { return try editionID(from) }
        let graph = try editionGraph()
        let ancestors = graph.ordered.filter { graph.ancestors(of: to).contains($0.id) }
        if let since = request.since {
            let dated = ancestors.filter { $0.date.flatMap(PartialDate.init) != nil }
            guard let newest = dated.last(where: { PartialDate($0.date!)!.first <= since.first }) else {
                throw HIGError.noEditionBefore(date: since.description, edition: to, oldest: dated.first?.id)
            }
            return newest.id
        }
        for node in ancestors.reversed() where try !isExcerpt(edition: node.id) { return node.id }
        guard let any = ancestors.last else { throw HIGError.noEditionBefore(date: "its own date", edition: to, oldest: nil) }
        return any.id
    }

    private func editionDate(_ edition: String) throws -> PartialDate? {
        try editionGraph().node(edition)?.date.flatMap(PartialDate.init)
    }

    /// Every rule of the editions with its page (its source file).
    private func changesRules(editions: [String]) throws -> [String: ChangesPages.RuleOnPage] {
        var rules: [String: ChangesPages.RuleOnPage] = [:]
        for edition in editions {
            try db.forEachRow(ReadQueries.editionRulePages, arguments: [edition]) { row in
                let path = row.string(4)
                rules[row.string(0)] = .init(
                    rule: GuidelineChanges.Rule(
                        id: row.string(0), text: row.string(1),
                        citation: RuleRecord.Source.citation(file: path, lineStart: row.int(2), lineEnd: row.int(3)),
                        section: row.optionalString(7)),
                    path: path, title: row.string(5), titled: row.int(6) == 1, line: row.int(2))
            }
        }
        return rules
    }

    private func rulesApplying(to platform: String, editions: [String]) throws -> Set<String> {
        var ids: Set<String> = []
        for edition in editions {
            try db.forEachRow(ReadQueries.editionRulesOfPlatform, arguments: [edition, platform]) { ids.insert($0.string(0)) }
        }
        return ids
    }

    /// The pages (paths) whose subject is the topic: where a note is about that topic.
    private func pagesOfTopic(_ slug: String, editions: [String]) throws -> Set<String> {
        var paths: Set<String> = []
        for edition in editions {
            try db.forEachRow(ReadQueries.editionPagesOfTopic, arguments: [edition, slug]) { paths.insert($0.string(0)) }
        }
        return paths
    }

    /// Whether a note names the platform as a word ("Added guidance for visionOS").
    static func names(_ text: String, platform: String) -> Bool {
        text.split { !$0.isLetter && !$0.isNumber }.contains { $0.caseInsensitiveCompare(platform) == .orderedSame }
    }

    /// The path of the page `page` names (`page(_:in:)`: a path, its end, or a title), in `to`,
    /// else in `from`, where a page removed or renamed since is named.
    private func changesPage(_ page: String, from: String, to: String) throws -> String {
        do {
            return try self.page(page, in: to).path
        } catch HIGError.pageUnknown(_, _, let matches) where matches.isEmpty {
            do {
                return try self.page(page, in: from).path
            } catch HIGError.pageUnknown(_, _, let matches) where matches.isEmpty {
                throw HIGError.pageUnknown(page: page, edition: to, matches: [])
            }
        }
    }
}

/// A note as two editions' change logs both give it: the same date and words.
private struct NoteKey: Hashable {
    let date: String?
    let text: String

    init(_ note: EditionChangeNote) {
        date = note.date
        text = note.text.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
