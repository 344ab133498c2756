import HIGText

/// `hig pages`: the pages of a web capture and their counterparts in the neighbouring captures.
extension RuleStore {
    /// The pages of `edition` (a capture of web pages) with their counterparts in the nearest
    /// capture before it and the nearest after it in the family tree (`PageCounterparts`).
    public func pageCounterparts(edition name: String) throws -> PageCounterparts {
        try answering {
            let edition = try editionID(name)
            let graph = try editionGraph()
            let previous = try neighbourCapture(of: edition, in: graph, forward: false)
            let next = try neighbourCapture(of: edition, in: graph, forward: true)
            let pages = try pageFacts(edition: edition)
            var entries = pages.map {
                PageCounterparts.Entry(page: .init(path: $0.path, title: $0.title, rules: $0.rules), previous: [], next: [])
            }
            let place = Dictionary(uniqueKeysWithValues: pages.indices.map { (pages[$0].id, $0) })
            if let previous {
                let earlier = try pageFacts(edition: previous)
                let links = try pageLinks(from: previous, to: edition)
                let byID = Dictionary(uniqueKeysWithValues: earlier.map { ($0.id, $0) })
                for pair in PageMatcher.pairs(earlier: earlier, later: pages, links: links) {
                    guard let index = place[pair.later], let page = byID[pair.earlier] else { continue }
                    entries[index].previous.append(
                        .init(path: page.path, title: page.title, how: pair.how, links: links[pair.earlier]?[pair.later] ?? 0))
                }
            }
            if let next {
                let later = try pageFacts(edition: next)
                let links = try pageLinks(from: edition, to: next)
                let byID = Dictionary(uniqueKeysWithValues: later.map { ($0.id, $0) })
                for pair in PageMatcher.pairs(earlier: pages, later: later, links: links) {
                    guard let index = place[pair.earlier], let page = byID[pair.later] else { continue }
                    entries[index].next.append(
                        .init(path: page.path, title: page.title, how: pair.how, links: links[pair.earlier]?[pair.later] ?? 0))
                }
            }
            for index in entries.indices {
                entries[index].previous.sort { $0.path < $1.path }
                entries[index].next.sort { $0.path < $1.path }
            }
            return PageCounterparts(edition: edition, previousEdition: previous, nextEdition: next, pages: entries)
        }
    }

    /// The page of `edition` that `page` names: its path (as `hig pages` lists it, or its end) or
    /// its title; throws when none or several match.
    func page(_ page: String, in edition: String) throws -> PageFacts {
        let pages = try pageFacts(edition: edition)
        let key = PageFacts.key(page)
        var found = pages.filter { $0.path == page || $0.path.hasSuffix("/" + page) }
        if found.isEmpty { found = pages.filter { $0.titleKey == key } }
        if found.count > 1 {
            let placed = found.filter { $0.path.lowercased().hasSuffix("/" + key.replacingOccurrences(of: " ", with: "-") + ".md") }
            if placed.count == 1 { found = placed }
        }
        guard found.count == 1 else {
            throw HIGError.pageUnknown(page: page, edition: edition, matches: found.map(\.path))
        }
        return found[0]
    }

    /// The capture of web pages nearest `edition` before it (or after it): following
    /// predecessors (successors), the first edition whose sources are all complete web Markdown
    /// pages.
    private func neighbourCapture(of edition: String, in graph: EditionGraph, forward: Bool) throws -> String? {
        var queue = forward ? graph.successors(of: edition) : graph.node(edition)?.predecessors ?? []
        var seen = Set<String>()
        while !queue.isEmpty {
            let next = queue.removeFirst()
            guard seen.insert(next).inserted else { continue }
            let isCapture =
                try db.scalar(
                    "SELECT count(*) > 0 AND sum(form = 'web-markdown' AND coverage = 'complete') = count(*) FROM sources WHERE edition_id = ?",
                    next)?.int == 1
            if isCapture { return next }
            queue += forward ? graph.successors(of: next) : graph.node(next)?.predecessors ?? []
        }
        return nil
    }

    /// The pages of an edition, in path order, with their rule counts and change notes.
    func pageFacts(edition: String) throws -> [PageFacts] {
        let notes = Dictionary(
            grouping: try db.rows(
                "SELECT n.source_id, n.text FROM change_notes n JOIN sources s ON s.id = n.source_id WHERE s.edition_id = ?",
                edition),
            by: { $0.int("source_id") })
        return try db.rows(
            """
            SELECT s.id, s.path, s.title, (SELECT count(*) FROM rules r WHERE r.source_id = s.id) AS rules
            FROM sources s WHERE s.edition_id = ? ORDER BY s.path
            """, edition
        ).map { row in
            PageFacts(
                id: row.int("id"), path: row.string("path"), title: row.optionalString("title"), rules: row.int("rules"),
                notes: (notes[row.int("id")] ?? []).map { $0.string("text").lowercased() })
        }
    }

    /// Links from the rules of each page of `from` to those of each page of `to`.
    private func pageLinks(from: String, to: String) throws -> [Int: [Int: Int]] {
        var links: [Int: [Int: Int]] = [:]
        for row in try db.rows(
            """
            SELECT f.source_id AS a, t.source_id AS b, count(*) AS n
            FROM rule_links l JOIN rules f ON f.id = l.from_rule JOIN rules t ON t.id = l.to_rule
            WHERE f.edition_id = ?1 AND t.edition_id = ?2
            GROUP BY f.source_id, t.source_id
            """, from, to)
        {
            links[row.int("a"), default: [:]][row.int("b")] = row.int("n")
        }
        return links
    }
}

extension RuleStore {
    /// The ids of the rules of page `page` in `from` and of its counterparts in `to` (following
    /// each capture's counterparts in the next one): what `hig diff --page` compares. The page
    /// is named in `from`, or in `to` when `from` has no page of that name (a page added since).
    func pageRuleIDs(_ page: String, from: String, to: String) throws -> Set<String> {
        var paths: [String]
        var edition: String
        var forward = true
        if let found = try? self.page(page, in: from) {
            paths = [found.path]
            edition = from
        } else {
            paths = [try self.page(page, in: to).path]
            edition = to
            forward = false
        }
        var all = Set(paths)
        let target = forward ? to : from
        while edition != target {
            let counterparts = try pageCounterparts(edition: edition)
            guard let step = forward ? counterparts.nextEdition : counterparts.previousEdition else { break }
            let entries = counterparts.pages.filter { paths.contains($0.page.path) }
            paths = entries.flatMap { forward ? $0.next.map(\.path) : $0.previous.map(\.path) }
            all.formUnion(paths)
            edition = step
        }
        guard !all.isEmpty else { return [] }
        let marks = Array(repeating: "?", count: all.count).joined(separator: ", ")
        return Set(
            try db.rows(
                "SELECT r.id FROM rules r JOIN sources s ON s.id = r.source_id WHERE s.path IN (\(marks))",
                arguments: all.sorted()
            ).map { $0.string("id") })
    }
}
