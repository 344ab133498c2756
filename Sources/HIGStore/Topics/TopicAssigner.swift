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
            try db.execute("""
                INSERT INTO rule_topics (rule_id, topic_slug, via)
                SELECT r.id, ?1, 'match' FROM rules_fts JOIN rules r ON r.rowid = rules_fts.rowid
                WHERE rules_fts MATCH ?2
                """, topic.slug, topic.query)
        }
        // Inherit, level by level, until no rule gains a topic.
        var changed = true
        while changed {
            try db.execute("""
                INSERT OR IGNORE INTO rule_topics (rule_id, topic_slug, via)
                SELECT r.id, parent.topic_slug, 'parent'
                FROM rules r JOIN rule_topics parent ON parent.rule_id = r.parent_id
                WHERE r.kind <> 'figure'
                  AND NOT EXISTS (SELECT 1 FROM rule_topics own WHERE own.rule_id = r.id AND own.via = 'match')
                """)
            changed = db.changes > 0
        }
        try db.execute("""
            INSERT INTO store_facts (key, value) VALUES (?, ?)
            ON CONFLICT (key) DO UPDATE SET value = excluded.value
            """, digestKey, taxonomy.digest)
    }
}
