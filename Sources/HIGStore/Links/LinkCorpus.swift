import Foundation

/// Every rule of the database as term vectors, grouped by edition, for the matcher.
///
/// Terms are the stems the search index holds (read through `fts5vocab`), stopwords left out
/// and the lexicon's word groups folded into one term each; weights are TF-IDF over all rules.
struct LinkCorpus {
    struct Edition {
        let id: String
        let isExcerpt: Bool
        /// Indices into `rules`, in reading order.
        var rules: [Int]
    }

    let rules: [LinkableRule]
    let editions: [Edition]
    let termCount: Int

    /// How many words of a text stand for its lead when it has no title.
    static let openingWords = 16

    static func load(_ db: Database, lexicon: LineageLexicon) throws -> LinkCorpus {
        // The lexicon's words and the stopwords, stemmed like the index.
        let stems = try Stemmer.stems(of: lexicon.groups.flatMap(\.words) + lexicon.stopwords, in: db)
        var termIDs: [String: Int32] = [:]
        func termID(_ term: String) -> Int32 {
            if let id = termIDs[term] { return id }
            let id = Int32(termIDs.count)
            termIDs[term] = id
            return id
        }
        var conceptOf: [String: Int32] = [:]
        for group in lexicon.groups {
            let concept = termID("~" + group.concept)
            for word in group.words { for stem in stems[word] ?? [] { conceptOf[stem] = concept } }
        }
        let stopStems = Set(lexicon.stopwords.flatMap { stems[$0] ?? [] }).subtracting(conceptOf.keys)

        // Rules in reading order.
        struct Row { let rowid: Int; let id: String; let edition: String; let source: Int; let ordinal: Int; let text: String; let parent: String?; let kind: String }
        var rows: [Row] = []
        var editionOrder: [String] = []
        var excerpt: [String: Bool] = [:]
        try db.forEachRow("""
            SELECT r.rowid, r.id, r.edition_id, r.source_id, r.ordinal, r.text, r.parent_id, r.kind
            FROM rules r JOIN sources s ON s.id = r.source_id JOIN editions e ON e.id = r.edition_id
            ORDER BY e.position, coalesce(s.chunk, 1e9), s.path, r.ordinal
            """) { row in
            rows.append(Row(rowid: row.int(0), id: row.string(1), edition: row.string(2), source: row.int(3),
                            ordinal: row.int(4), text: row.string(5), parent: row.optionalString(6), kind: row.string(7)))
        }
        try db.forEachRow("SELECT edition_id, max(coverage = 'excerpt') FROM sources GROUP BY edition_id") { row in
            excerpt[row.string(0)] = row.int(1) == 1
        }
        var indexOfRowid: [Int: Int] = [:]
        for (index, row) in rows.enumerated() {
            indexOfRowid[row.rowid] = index
            if editionOrder.last != row.edition { editionOrder.append(row.edition) }
        }

        // Term counts per rule, from the index: all of the text, and the lead (the title, or
        // else the opening words of the text).
        var counts = [[Int32: Int]](repeating: [:], count: rows.count)
        var titleCounts = [[Int32: Int]](repeating: [:], count: rows.count)
        var openingCounts = [[Int32: Int]](repeating: [:], count: rows.count)
        // The index's distinct terms, each read once as a string; the occurrences are then read
        // as numbers only, through a join SQLite does itself.
        try db.execute("CREATE VIRTUAL TABLE IF NOT EXISTS temp.rules_terms USING fts5vocab(main, rules_fts, instance)")
        try db.execute("CREATE VIRTUAL TABLE IF NOT EXISTS temp.rules_vocabulary USING fts5vocab(main, rules_fts, row)")
        try db.execute("DROP TABLE IF EXISTS temp.term_numbers")
        try db.execute("CREATE TABLE temp.term_numbers (term TEXT PRIMARY KEY, number INTEGER NOT NULL) WITHOUT ROWID")
        try db.execute("INSERT INTO temp.term_numbers SELECT term, row_number() OVER (ORDER BY term) - 1 FROM temp.rules_vocabulary")
        var stemOfNumber: [String] = []
        try db.forEachRow("SELECT term FROM temp.term_numbers ORDER BY number") { stemOfNumber.append($0.string(0)) }
        // What each index term counts as: nothing (a stopword), a lexicon concept, or itself.
        let kept: [Int32?] = stemOfNumber.map { stem in
            if stopStems.contains(stem) { return nil }
            return conceptOf[stem] ?? termID(stem)
        }
        let names: [String] = stemOfNumber.map { stem in conceptOf[stem].map { "~\($0)" } ?? stem }

        // Pairs of neighbouring words count as terms too: "two-button alert", "default button"
        // and "action sheet" say more than their words apart.
        var previous: (doc: Int, column: Int, offset: Int, number: Int)?
        var pairIDs: [Int: Int32] = [:]
        try db.forEachRow("""
            SELECT i.doc, i.col = 'title', i.offset, n.number
            FROM temp.rules_terms i JOIN temp.term_numbers n ON n.term = i.term
            ORDER BY i.doc, i.col, i.offset
            """) { row in
            let doc = row.int(0), column = row.int(1), offset = row.int(2), number = row.int(3)
            defer { previous = (doc, column, offset, number) }
            guard let index = indexOfRowid[doc], let id = kept[number] else { return }
            var ids = [id]
            if let last = previous, last.doc == doc, last.column == column, last.offset == offset - 1, kept[last.number] != nil {
                let key = last.number * stemOfNumber.count + number
                if let pair = pairIDs[key] {
                    ids.append(pair)
                } else {
                    let pair = termID(names[last.number] + " " + names[number])
                    pairIDs[key] = pair
                    ids.append(pair)
                }
            }
            for id in ids {
                if column == 1 {
                    titleCounts[index][id, default: 0] += 1
                } else {
                    counts[index][id, default: 0] += 1
                    if offset < Self.openingWords { openingCounts[index][id, default: 0] += 1 }
                }
            }
        }
        var documentFrequency = [Int](repeating: 0, count: termIDs.count)
        for rule in counts { for term in rule.keys { documentFrequency[Int(term)] += 1 } }

        // Topics.
        var topicIDs: [String: Int32] = [:]
        var topics = [[Int32]](repeating: [], count: rows.count)
        let indexOfID = Dictionary(uniqueKeysWithValues: rows.enumerated().map { ($0.element.id, $0.offset) })
        try db.forEachRow("SELECT rule_id, topic_slug FROM rule_topics") { row in
            guard let index = indexOfID[row.string(0)] else { return }
            let slug = row.string(1)
            let id = topicIDs[slug] ?? Int32(topicIDs.count)
            topicIDs[slug] = id
            topics[index].append(id)
        }

        let total = Double(rows.count)
        var perEditionCount: [String: Int] = [:]
        for row in rows { perEditionCount[row.edition, default: 0] += 1 }
        var seen: [String: Int] = [:]
        var rules: [LinkableRule] = []
        rules.reserveCapacity(rows.count)
        func vector(_ counts: [Int32: Int]) -> ([Int32], [Float]) {
            let terms = counts.keys.sorted()
            var weights = terms.map { term -> Float in
                let tf = 1 + log(Double(counts[term]!))
                let idf = log((total + 1) / Double(documentFrequency[Int(term)] + 1)) + 1
                return Float(tf * idf)
            }
            let norm = sqrt(weights.reduce(0) { $0 + $1 * $1 })
            if norm > 0 { weights = weights.map { $0 / norm } }
            return (terms, weights)
        }
        for (index, row) in rows.enumerated() {
            let (terms, weights) = vector(counts[index])
            let (leadTerms, leadWeights) = vector(titleCounts[index].isEmpty ? openingCounts[index] : titleCounts[index])
            let place = seen[row.edition, default: 0]
            seen[row.edition] = place + 1
            rules.append(LinkableRule(
                id: row.id, edition: row.edition, source: row.source, ordinal: row.ordinal, parent: row.parent,
                position: Double(place) / Double(max(1, perEditionCount[row.edition]! - 1)),
                terms: terms, weights: weights, leadTerms: leadTerms, leadWeights: leadWeights, topics: topics[index].sorted(), text: row.text,
                prescribes: row.kind == RuleKind.guideline.rawValue || row.kind == RuleKind.definition.rawValue))
        }
        let editions = editionOrder.map { id in
            Edition(id: id, isExcerpt: excerpt[id] ?? true, rules: rules.indices.filter { rules[$0].edition == id })
        }
        return LinkCorpus(rules: rules, editions: editions, termCount: termIDs.count)
    }
}
