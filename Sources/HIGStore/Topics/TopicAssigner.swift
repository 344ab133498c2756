/// Writes the taxonomy and each rule's topics into the database, inside the import's transaction.
///
/// A rule gets every topic whose query its own words match. A rule that matches none (a bullet
/// like "Merely increase the visibility of some information") takes the topics of the rule it
/// belongs to: it is part of that guideline. Figures take no inherited topics.
enum TopicAssigner {
    static let digestKey = "taxonomy_sha256"

    /// True when the stored topics were computed with another taxonomy.
    static func isStale(_ db: Database, taxonomy: Taxonomy) throws -> Bool {
        try db.scalar("SELECT value FROM store_facts WHERE key = ?", digestKey)?.string != taxonomy.digest
    }

    static func assign(_ db: Database, taxonomy: Taxonomy) throws {
        try db.execute("DELETE FROM rule_topics")
        try db.execute("DELETE FROM topics")
        for (position, topic) in taxonomy.topics.enumerated() {
            try db.execute(
                "INSERT INTO topics (slug, name, description, position, query) VALUES (?, ?, ?, ?, ?)",
                topic.slug, topic.name, topic.description, position + 1, topic.query)
        }
        let rules = try RuleTree.load(db)
        // Each rule's own topics: the queries its words match.
        var own = [[Int]](repeating: [], count: rules.count)
        for (index, topic) in taxonomy.topics.enumerated() {
            try db.forEachRow("SELECT rowid FROM rules_fts WHERE rules_fts MATCH ?", arguments: [topic.query]) { row in
                if let rule = rules.position(ofRowID: row.int(0)) { own[rule].append(index) }
            }
        }
        // A rule that matches nothing takes what its parent ends up with, own or inherited.
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
        var rows: [(rule: Int, topic: Int)] = []
        for rule in 0..<rules.count {
            for topic in topics(of: rule) { rows.append((rule, topic)) }
        }
        let slugs = taxonomy.topics.map(\.slug)
        let inKeyOrder = KeySort.order(count: rows.count) { (rules.id[rows[$0].rule], slugs[rows[$0].topic]) }
        var insert = BatchInsert(db, into: "rule_topics", columns: ["rule_id", "topic_slug", "via"])
        let slugValues = slugs.map(DatabaseValue.text)
        let (viaParent, viaMatch) = (DatabaseValue.text("parent"), DatabaseValue.text("match"))
        for row in inKeyOrder.lazy.map({ rows[$0] }) {
            try insert.append(values: [.text(rules.id[row.rule]), slugValues[row.topic], own[row.rule].isEmpty ? viaParent : viaMatch])
        }
        try insert.finish()
        try db.execute(
            """
            INSERT INTO store_facts (key, value) VALUES (?, ?)
            ON CONFLICT (key) DO UPDATE SET value = excluded.value
            """, digestKey, taxonomy.digest)
    }
}
