import HIGDatabase

/// Writes the taxonomy and each rule's topics into the database, inside the import's transaction.
///
/// Subjects (the web HIG's groups and pages): a web page's rules have its subject ('page', see
/// `SubjectNames.page(titled:path:)`); any other rule has the subjects of the innermost heading
/// of its section path that names one, by name or by an older edition's name for it
/// ('section'); either way, every ancestor of those subjects too, so that a group (Components)
/// holds its pages' rules.
///
/// Finer topics (defined by words): a rule gets every one whose query its own words match and
/// whose parent subject it has, or that has no subject at all ('match'). A rule that matches none (a bullet like "Merely
/// increase the visibility of some information") takes the finer topics of the rule it belongs
/// to ('parent'): it is part of that guideline. Figures take no inherited topics.
package enum TopicAssigner {
    static let digestKey = "taxonomy_sha256"

    /// Raised when the assignment itself changes, so that a database of an older `hig` has its
    /// topics assigned again although its taxonomy is the same. 2: a rule of no known subject
    /// takes a finer topic only when the words of its section name the topic's subject. 3: a web
    /// page's subject is read from its folders and older titles too, not from its title alone.
    static let revision = 3

    /// What the stored topics depend on: this assignment and the taxonomy.
    static func stamp(_ taxonomy: Taxonomy) -> String { "\(revision)|\(taxonomy.digest)" }

    /// True when the stored topics were computed with another taxonomy or another assignment.
    package static func isStale(_ db: Database, taxonomy: Taxonomy) throws -> Bool {
        try db.scalar("SELECT value FROM store_facts WHERE key = ?", digestKey)?.string != stamp(taxonomy)
    }

    package static func assign(_ db: Database, taxonomy: Taxonomy) throws {
        try db.execute("DELETE FROM rule_topics")
        try db.execute("DELETE FROM topics")
        for (position, topic) in taxonomy.topics.enumerated() {
            try db.execute(
                "INSERT INTO topics (slug, name, description, position, query, parent_slug) VALUES (?, ?, ?, ?, ?, ?)",
                topic.slug, topic.name, topic.description, position + 1, topic.query, topic.parent)
        }
        let rules = try RuleTree.load(db)
        let index = Dictionary(uniqueKeysWithValues: taxonomy.topics.enumerated().map { ($1.slug, $0) })
        let subjects = subjects(of: rules, taxonomy, index)
        let own = try matchedTopics(of: rules, subjects: subjects.topics, taxonomy, index, db)
        try write(rules, subjects: subjects, own: own, taxonomy, db)
        try db.execute(
            """
            INSERT INTO store_facts (key, value) VALUES (?, ?)
            ON CONFLICT (key) DO UPDATE SET value = excluded.value
            """, digestKey, stamp(taxonomy))
    }

    /// Each rule's subjects (indices into the taxonomy's topics), with their ancestors, and
    /// whether they came from its page (else from its section).
    private static func subjects(of rules: RuleTree, _ taxonomy: Taxonomy, _ index: [String: Int]) -> (
        topics: [[Int]], viaPage: [Bool]
    ) {
        let names = SubjectNames(taxonomy)
        var subjects = [[Int]](repeating: [], count: rules.count)
        var viaPage = [Bool](repeating: false, count: rules.count)
        // A page's rules share its title and path, and a section's its path: each is named once.
        var pageSubjects: [String: [String]] = [:]
        var sectionSubjects: [String: [String]] = [:]
        for rule in 0..<rules.count {
            var named: [String] = []
            if let title = rules.sourceTitle[rule] {
                let path = rules.sourcePath[rule]
                let key = title + "\u{0}" + path
                if let known = pageSubjects[key] {
                    named = known
                } else {
                    named = names.page(titled: title, path: path)
                    pageSubjects[key] = named
                }
            }
            viaPage[rule] = !named.isEmpty
            if named.isEmpty, let section = rules.section[rule] {
                if let known = sectionSubjects[section] {
                    named = known
                } else {
                    named = names.section(section)
                    sectionSubjects[section] = named
                }
            }
            for slug in named {
                for ancestor in taxonomy.lineage(of: slug) where !subjects[rule].contains(index[ancestor]!) {
                    subjects[rule].append(index[ancestor]!)
                }
            }
        }
        return (subjects, viaPage)
    }

    /// Each rule's own finer topics: the queries its words match, within their parent subject.
    private static func matchedTopics(
        of rules: RuleTree, subjects: [[Int]], _ taxonomy: Taxonomy, _ index: [String: Int], _ db: Database
    ) throws -> [[Int]] {
        var own = [[Int]](repeating: [], count: rules.count)
        var naming: [Int: Set<Scope>] = [:]
        for (topicIndex, topic) in taxonomy.topics.enumerated() where !topic.isSubject {
            let within = topic.parent.flatMap { index[$0] }
            if let within, naming[within] == nil {
                naming[within] = try sectionsNaming(taxonomy.topics[within], rules, db)
            }
            try db.forEachRow("SELECT rowid FROM rules_fts WHERE rules_fts MATCH ?", arguments: [topic.query]) { row in
                guard let rule = rules.position(ofRowID: row.int(0)) else { return }
                // A rule of no known subject (an excerpt without its headings, or a section no
                // subject names) is judged by its words, where the words of its section (of its
                // file, without sections) name the parent subject: a finer topic's words ("on the
                // left", "cancel", "icon") are about its subject only there; elsewhere in the
                // archive they are about anything.
                if let within, !subjects[rule].contains(within),
                    !(subjects[rule].isEmpty && naming[within]?.contains(Scope(rules, rule)) == true)
                {
                    return
                }
                own[rule].append(topicIndex)
            }
        }
        return own
    }

    /// A section of a source file: the rules whose words are read together.
    private struct Scope: Hashable {
        let source: Int
        let section: String?

        init(_ rules: RuleTree, _ rule: Int) {
            (source, section) = (rules.source[rule], rules.section[rule])
        }
    }

    /// The sections a rule of which names `subject` ("alert", "alerts"): its name as an FTS5
    /// phrase, stemmed as the index is.
    private static func sectionsNaming(_ subject: Taxonomy.Topic, _ rules: RuleTree, _ db: Database) throws -> Set<Scope> {
        let phrase = "\"" + subject.name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        var found = Set<Scope>()
        try db.forEachRow("SELECT rowid FROM rules_fts WHERE rules_fts MATCH ?", arguments: [phrase]) { row in
            if let rule = rules.position(ofRowID: row.int(0)) { found.insert(Scope(rules, rule)) }
        }
        return found
    }

    /// Writes rule_topics: each rule's subjects, and its finer topics (its own, or what its
    /// parent ends up with when it matches none).
    private static func write(
        _ rules: RuleTree, subjects: (topics: [[Int]], viaPage: [Bool]), own: [[Int]], _ taxonomy: Taxonomy, _ db: Database
    ) throws {
        var final = [[Int]?](repeating: nil, count: rules.count)
        func topics(of rule: Int, depth: Int = 0) -> [Int] {
            if let known = final[rule] { return known }
            var result = own[rule]
            if result.isEmpty, !rules.isFigure[rule], let parent = rules.parent[rule], depth < rules.count {
                result = topics(of: parent, depth: depth + 1)
            }
            final[rule] = result
            return result
        }
        // Written in the table's key order (rule id, then slug), so that its B-tree grows at its
        // end instead of page by page all over, as one INSERT ... SELECT per topic and a re-scan
        // of every rule per level of inheritance did.
        var rows: [(rule: Int, topic: Int, via: DatabaseValue)] = []
        let (viaParent, viaMatch) = (DatabaseValue.text("parent"), DatabaseValue.text("match"))
        let (viaPage, viaSection) = (DatabaseValue.text("page"), DatabaseValue.text("section"))
        for rule in 0..<rules.count {
            for topic in subjects.topics[rule] { rows.append((rule, topic, subjects.viaPage[rule] ? viaPage : viaSection)) }
            for topic in topics(of: rule) { rows.append((rule, topic, own[rule].isEmpty ? viaParent : viaMatch)) }
        }
        let slugs = taxonomy.topics.map(\.slug)
        let inKeyOrder = KeySort.order(count: rows.count) { (rules.id[rows[$0].rule], slugs[rows[$0].topic]) }
        var insert = BatchInsert(db, into: "rule_topics", columns: ["rule_id", "topic_slug", "via"])
        let slugValues = slugs.map(DatabaseValue.text)
        for row in inKeyOrder.lazy.map({ rows[$0] }) {
            try insert.append(values: [.text(rules.id[row.rule]), slugValues[row.topic], row.via])
        }
        try insert.finish()
    }
}
