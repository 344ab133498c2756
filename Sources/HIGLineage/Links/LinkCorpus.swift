import Foundation
import HIGDatabase
import HIGText

/// Reads the database's editions, one at a time, as term counts for the matcher, and weighs a
/// pair of them as TF-IDF vectors.
///
/// Terms are the stems the search index would hold (SQLite's Porter tokenizer, through
/// `Stemmer`), stopwords left out and the lexicon's word groups folded into one term each;
/// pairs of neighbouring terms count as terms too. Term ids are shared by all editions, so two
/// editions' vectors compare directly; weights are computed per pair, with document frequencies
/// over the two editions being compared: how rare a word is among the rules at hand.
package struct LinkCorpus: Sendable {
    package struct EditionInfo: Sendable, Equatable {
        package let id: String
        package let isExcerpt: Bool
        /// The places in `editions` of the editions this one was revised from (always before it).
        var predecessors: [Int] = []
    }

    let editions: [EditionInfo]
    private var lexiconTerm: [String: Int32] = [:]
    private var stopStems: Set<String> = []
    private var termIDs: [String: Int32] = [:]
    private var termNames: [String] = []
    private var pairIDs = PairIDs()
    private var topicIDs: [String: Int32] = [:]
    /// Each section's id: its source file's id and heading path (`EditionTerms.Rule.section`).
    private var sectionIDs: [SectionKey: Int32] = [:]
    private var scanner = TermScanner()
    /// For each token number, its terms in order: a term id, or -1 for a stopword. Token n's
    /// are `tokenTerms[tokenTermStart[n]..<tokenTermStart[n + 1]]` (flat: an array per token was
    /// retained and released at every occurrence of the token).
    private var tokenTerms: [Int32] = []
    private var tokenTermStart: [Int32] = [0]

    var termCount: Int { termIDs.count }

    /// How many words of a text stand for its lead when it has no title.
    static let openingWords = 16

    init(_ db: Database, lexicon: LineageLexicon) throws {
        try self.init(editions: Self.editions(in: db), lexicon: lexicon, stemmingIn: db)
    }

    /// `db` only stems words (any connection will do: SQLite's Porter tokenizer is the same in each).
    init(editions: [EditionInfo], lexicon: LineageLexicon, stemmingIn db: Database) throws {
        self.editions = editions
        // The lexicon's words and the stopwords, stemmed like the index.
        let stems = try Stemmer.stems(of: lexicon.groups.flatMap(\.words) + lexicon.stopwords, in: db)
        var conceptOf: [String: String] = [:]
        for group in lexicon.groups {
            for word in group.words { for stem in stems[word] ?? [] { conceptOf[stem] = "~" + group.concept } }
        }
        stopStems = Set(lexicon.stopwords.flatMap { stems[$0] ?? [] }).subtracting(conceptOf.keys)
        for (stem, concept) in conceptOf.sorted(by: { $0.key < $1.key }) {
            lexiconTerm[stem] = termID(concept)
        }
    }

    /// The editions that have rules in the database, oldest first, with their predecessors.
    package static func editions(in db: Database) throws -> [EditionInfo] {
        var editions: [EditionInfo] = []
        var predecessorIDs: [[String]] = []
        try db.forEachRow(
            """
            SELECT e.id, coalesce(max(s.coverage = 'excerpt'), 1),
                   (SELECT json_group_array(predecessor_id) FROM
                       (SELECT predecessor_id FROM edition_predecessors WHERE edition_id = e.id ORDER BY seq))
            FROM editions e LEFT JOIN sources s ON s.edition_id = e.id
            GROUP BY e.id HAVING count(s.id) > 0 ORDER BY e.position
            """
        ) { row in
            editions.append(EditionInfo(id: row.string(0), isExcerpt: row.int(1) == 1))
            predecessorIDs.append((try? JSONDecoder().decode([String].self, from: Data(row.string(2).utf8))) ?? [])
        }
        return withPredecessors(editions, predecessorIDs)
    }

    /// `editions` with each one's predecessors (`ids`, in the same order) as places among them.
    static func withPredecessors(_ editions: [EditionInfo], _ ids: [[String]]) -> [EditionInfo] {
        let place = Dictionary(uniqueKeysWithValues: editions.indices.map { (editions[$0].id, $0) })
        return editions.indices.map { index in
            var edition = editions[index]
            edition.predecessors = ids[index].compactMap { place[$0] }.filter { $0 < index }
            return edition
        }
    }

    private mutating func termID(_ name: String) -> Int32 {
        if let id = termIDs[name] { return id }
        let id = Int32(termNames.count)
        termIDs[name] = id
        termNames.append(name)
        return id
    }

    private mutating func pairID(_ first: Int32, _ second: Int32) -> Int32 {
        if let id = pairIDs[first, second] { return id }
        let id = termID(termNames[Int(first)] + " " + termNames[Int(second)])
        pairIDs[first, second] = id
        return id
    }

    /// The term id of each pair of terms seen, looked up at every pair of neighbouring words:
    /// the two ids in one key, a multiplication for a hash (the standard dictionary's seeded hash
    /// cost more than the rest of reading the pair).
    struct PairIDs: Sendable {
        private var ids = OpenAddressingTable<(key: Int64, id: Int32)>(minimumCapacity: 1 << 11)

        private static func key(_ first: Int32, _ second: Int32) -> Int64 { Int64(first) << 32 | Int64(second) }

        /// Fibonacci hashing: the top 32 bits of the key times 2^64 / φ.
        private static func hash(_ key: Int64) -> UInt32 {
            UInt32(truncatingIfNeeded: (UInt64(bitPattern: key) &* 0x9E37_79B9_7F4A_7C15) >> 32)
        }

        subscript(first: Int32, second: Int32) -> Int32? {
            get {
                let key = Self.key(first, second)
                return ids[ids.slot(for: Self.hash(key)) { $0.key == key }]?.id
            }
            set {
                guard let id = newValue else { preconditionFailure("pair ids are never removed") }
                let key = Self.key(first, second)
                let hash = Self.hash(key)
                let slot = ids.slot(for: hash) { $0.key == key }
                if ids[slot] == nil {
                    ids.insert((key, id), hash: hash, at: slot)
                } else {
                    ids.update(at: slot) { $0.id = id }
                }
            }
        }
    }

    /// The rules of edition `index` in reading order, with their term counts, topics and force.
    mutating func load(edition index: Int, _ db: Database) throws -> EditionTerms {
        var scanned = ScannedEdition(editions[index])
        try db.forEachRow(
            """
            SELECT r.id, r.source_id, r.ordinal, r.parent_id, r.kind, r.title, r.text, r.section
            FROM rules r JOIN sources s ON s.id = r.source_id
            WHERE r.edition_id = ?
            ORDER BY coalesce(s.chunk, 1e9), s.path, r.ordinal
            """, arguments: [editions[index].id]
        ) { row in
            scan(
                id: row.string(0), source: row.int(1), ordinal: row.int(2), parent: row.optionalString(3),
                kind: row.string(4), title: row.optionalString(5), text: row.string(6), section: row.optionalString(7),
                into: &scanned)
        }
        var edition = try terms(of: scanned, stemmingIn: db)
        try attachTopics(to: &edition, db)
        return edition
    }

    /// One edition's rules as read so far, their tokens not yet made into terms.
    struct ScannedEdition: Sendable {
        var edition: EditionTerms
        var tokens: [Int32] = []
        /// Per rule: where its title's and its text's tokens end in `tokens`.
        var titleEnd: [Int] = []
        var textEnd: [Int] = []

        init(_ info: EditionInfo) { edition = EditionTerms(id: info.id, isExcerpt: info.isExcerpt) }
    }

    /// Adds the next rule of an edition, in reading order.
    mutating func scan(
        id: String, source: Int, ordinal: Int, parent: String?, kind: String, title: String?, text: String,
        section: String?, into scanned: inout ScannedEdition
    ) {
        if let title { scanner.scan(title, into: &scanned.tokens) }
        scanned.titleEnd.append(scanned.tokens.count)
        let textStart = scanned.tokens.count
        scanner.scan(text, into: &scanned.tokens)
        scanned.textEnd.append(scanned.tokens.count)
        var hasher = Hasher()
        for token in scanned.tokens[textStart...] { hasher.combine(token) }
        scanned.edition.rules.append(
            EditionTerms.Rule(
                id: id, source: source, ordinal: ordinal, parent: parent, text: text,
                prescribes: kind == RuleKind.guideline.rawValue || kind == RuleKind.definition.rawValue,
                topics: [], sameWordsKey: hasher.finalize(), force: .none, section: sectionID(source: source, path: section)))
    }

    /// An edition's rules with their forces and term counts, without topics (`attachTopics`).
    /// `db` only stems the tokens not seen before.
    mutating func terms(of scanned: ScannedEdition, stemmingIn db: Database) throws -> EditionTerms {
        var edition = scanned.edition
        // The force of each rule's lead sentence, on every core: it reads the text word by word.
        let rules = edition.rules
        let forces = ParallelChunks.map(count: rules.count) { NormativeForce.of(rules[$0].text) }
        for (rule, force) in forces.enumerated() { edition.rules[rule].force = force }
        try stemNewTokens(db)

        let tokens = scanned.tokens
        var textIDs: [Int32] = [], openingIDs: [Int32] = [], titleIDs: [Int32] = []
        var start = 0
        for rule in edition.rules.indices {
            textIDs.removeAll(keepingCapacity: true)
            openingIDs.removeAll(keepingCapacity: true)
            titleIDs.removeAll(keepingCapacity: true)
            collect(tokens[start..<scanned.titleEnd[rule]], into: &titleIDs, opening: &openingIDs, keepsOpening: false)
            collect(tokens[scanned.titleEnd[rule]..<scanned.textEnd[rule]], into: &textIDs, opening: &openingIDs, keepsOpening: true)
            start = scanned.textEnd[rule]
            edition.text.append(&textIDs)
            if titleIDs.isEmpty { edition.lead.append(&openingIDs) } else { edition.lead.append(&titleIDs) }
        }
        return edition
    }

    /// Gives an edition's rules their topics and subjects (`rule_topics`, known once topics are
    /// assigned).
    /// `keyOrder`: the rules' indices in the byte order of their ids (`KeySort.order`), when
    /// known. The ids of an edition's rules begin with the edition's id and a hyphen (README):
    /// when every one does, the topic rows are read as one range of `rule_topics`' key, in that
    /// order, and met with the rules walked in the same order; else (or `byRange` false, to
    /// compare the two) through a join with `rules` by edition, each row's rule found by its id.
    /// A topic's id is its number in the order first read: the two ways may number topics
    /// differently, but give each rule the same topics, and scores compare topics only for
    /// equality.
    mutating func attachTopics(
        to edition: inout EditionTerms, _ db: Database, keyOrder: [Int]? = nil,
        byRange: Bool = true
    ) throws {
        let prefix = edition.id + "-"
        if byRange && edition.rules.allSatisfy({ $0.id.utf8.starts(with: prefix.utf8) }) {
            let order = keyOrder ?? KeySort.order(count: edition.rules.count, by: { edition.rules[$0].id })
            var next = 0
            // '.' follows '-': the range is every key that begins with the prefix.
            try db.forEachRow(
                "SELECT rule_id, topic_slug, via FROM rule_topics WHERE rule_id >= ? AND rule_id < ?",
                arguments: [prefix, edition.id + "."]
            ) { row in
                let id = row.string(0)
                // Both in the byte order of the ids; a row of no rule of this edition (an id of
                // another edition that begins with this prefix) is passed over.
                while next < order.count && KeyOrder.precedes(edition.rules[order[next]].id, id) { next += 1 }
                guard next < order.count, Linker.sameBytes(edition.rules[order[next]].id, id) else { return }
                attach(row, to: &edition.rules[order[next]])
            }
        } else {
            var indexOfID: [String: Int] = [:]
            indexOfID.reserveCapacity(edition.rules.count)
            for rule in edition.rules.indices { indexOfID[edition.rules[rule].id] = rule }
            try db.forEachRow(
                """
                SELECT t.rule_id, t.topic_slug, t.via FROM rule_topics t JOIN rules r ON r.id = t.rule_id WHERE r.edition_id = ?
                """, arguments: [edition.id]
            ) { row in
                guard let rule = indexOfID[row.string(0)] else { return }
                attach(row, to: &edition.rules[rule])
            }
        }
        for rule in edition.rules.indices where edition.rules[rule].topics.count > 1 { edition.rules[rule].topics.sort() }
    }

    /// A `rule_topics` row (rule, topic, via): a finer topic ('match', 'parent') or a subject
    /// ('page', 'section').
    private mutating func attach(_ row: RowCursor, to rule: inout EditionTerms.Rule) {
        let id = topicID(row.string(1))
        switch row.string(2) {
        case "page", "section":
            rule.subjects.insert(id)
            for ancestor in Self.subjectAncestors[row.string(1)] ?? [] { rule.broaderSubjects.insert(topicID(ancestor)) }
        default: rule.topics.append(id)
        }
    }

    /// Each subject's ancestors in the taxonomy's tree, by slug.
    static let subjectAncestors: [String: [String]] = {
        let parents = Dictionary(
            Taxonomy.bundled.topics.filter(\.isSubject).map { ($0.slug, $0.parent) }, uniquingKeysWith: { first, _ in first })
        var ancestors: [String: [String]] = [:]
        for slug in parents.keys {
            var chain: [String] = []
            var next = parents[slug] ?? nil
            while let parent = next, !chain.contains(parent) {
                chain.append(parent)
                next = parents[parent] ?? nil
            }
            ancestors[slug] = chain
        }
        return ancestors
    }()

    /// A topic's id, the next one when it is first seen.
    private mutating func topicID(_ slug: String) -> Int32 {
        if let id = topicIDs[slug] { return id }
        let id = Int32(topicIDs.count)
        topicIDs[slug] = id
        return id
    }

    /// A section: the headings over a rule in one source file (the web HIG's pages each have
    /// their "Best practices").
    struct SectionKey: Hashable, Sendable {
        let source: Int
        let path: String?
    }

    /// A section's id, the next one when it is first seen.
    private mutating func sectionID(source: Int, path: String?) -> Int32 {
        let key = SectionKey(source: source, path: path)
        if let id = sectionIDs[key] { return id }
        let id = Int32(sectionIDs.count)
        sectionIDs[key] = id
        return id
    }

    /// Each topic id's slug.
    var topicSlugs: [String] {
        var slugs = [String](repeating: "", count: topicIDs.count)
        for (slug, id) in topicIDs { slugs[Int(id)] = slug }
        return slugs
    }

    /// Stems the tokens first seen in the last edition read, each distinct token once.
    private mutating func stemNewTokens(_ db: Database) throws {
        let new = Array(scanner.tokens[(tokenTermStart.count - 1)...])
        guard !new.isEmpty else { return }
        let stems = try Stemmer.stems(of: new, in: db)
        for token in new {
            for stem in stems[token] ?? [] {
                tokenTerms.append(lexiconTerm[stem] ?? (stopStems.contains(stem) ? -1 : termID(stem)))
            }
            tokenTermStart.append(Int32(tokenTerms.count))
        }
    }

    /// The term ids of a run of tokens: each kept term, and each pair of neighbouring kept terms
    /// ("two-button alert", "default button" and "action sheet" say more than their words apart);
    /// those of the first `openingWords` positions go to `opening` too.
    private mutating func collect(_ tokens: ArraySlice<Int32>, into ids: inout [Int32], opening: inout [Int32], keepsOpening: Bool) {
        var previous: Int32 = -1
        var offset = 0
        for token in tokens {
            for index in Int(tokenTermStart[Int(token)])..<Int(tokenTermStart[Int(token) + 1]) {
                let term = tokenTerms[index]
                defer {
                    previous = term
                    offset += 1
                }
                guard term >= 0 else { continue }
                let first = ids.count
                ids.append(term)
                if previous >= 0 { ids.append(pairID(previous, term)) }
                if keepsOpening && offset < Self.openingWords { opening.append(contentsOf: ids[first...]) }
            }
        }
    }

    /// The two editions' rules as unit TF-IDF vectors, document frequencies counted over both.
    /// `termCount`: at least the number of terms of the two (`LinkCorpus.termCount` once both
    /// were loaded); static, so that it can run beside a `LinkCorpus` that goes on reading.
    static func vectors(_ earlier: EditionTerms, _ later: EditionTerms, termCount: Int) -> (earlier: LinkableRules, later: LinkableRules) {
        var documentFrequency = [Int32](repeating: 0, count: termCount)
        for edition in [earlier, later] { for term in edition.text.terms { documentFrequency[Int(term)] += 1 } }
        let total = Double(earlier.rules.count + later.rules.count)
        // A term's weight depends on its document frequency alone: one logarithm per frequency
        // that occurs, not one per term of the corpus.
        let idfOfFrequency = (0...Int(documentFrequency.max() ?? 0)).map { Float(log((total + 1) / Double($0 + 1)) + 1) }
        let idf = documentFrequency.map { idfOfFrequency[Int($0)] }
        // Each column of weights reads only its counts and the shared weights: the four at once.
        let editions = [earlier, later]
        let weights = ParallelMap.map([(0, false), (0, true), (1, false), (1, true)]) { edition, isLead in
            unitWeights(isLead ? editions[edition].lead : editions[edition].text, idf: idf)
        }
        func rules(_ edition: EditionTerms, text: [Float], lead: [Float]) -> LinkableRules {
            let last = Double(max(1, edition.rules.count - 1))
            return LinkableRules(
                rules: edition.rules, positions: edition.rules.indices.map { Double($0) / last },
                text: TermVectors(terms: edition.text.terms, weights: text, start: edition.text.start),
                lead: TermVectors(terms: edition.lead.terms, weights: lead, start: edition.lead.start))
        }
        return (rules(earlier, text: weights[0], lead: weights[1]), rules(later, text: weights[2], lead: weights[3]))
    }

    /// Each rule's TF-IDF weights, `(1 + log count) * idf`, divided by their norm (the squares
    /// summed in term order).
    private static func unitWeights(_ counts: EditionTerms.Counts, idf: [Float]) -> [Float] {
        // 1 + log count for the counts most terms have, worked out once.
        let frequent = (0..<64).map { 1 + log(Float($0)) }
        var weights = [Float](repeating: 0, count: counts.terms.count)
        weights.withUnsafeMutableBufferPointer { weights in
            counts.terms.withUnsafeBufferPointer { terms in
                counts.counts.withUnsafeBufferPointer { occurrences in
                    for index in weights.indices {
                        let count = Int(occurrences[index])
                        weights[index] = (count < frequent.count ? frequent[count] : 1 + log(Float(count))) * idf[Int(terms[index])]
                    }
                }
            }
            for rule in 0..<(counts.start.count - 1) {
                let range = counts.range(rule)
                var squares: Float = 0
                for index in range { squares = squares + weights[index] * weights[index] }
                let norm = sqrt(squares)
                if norm > 0 { for index in range { weights[index] /= norm } }
            }
        }
        return weights
    }
}
