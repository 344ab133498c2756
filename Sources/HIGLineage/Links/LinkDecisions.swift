import Foundation
import HIGDatabase

/// The `link_decisions` table: the curated-links file's decisions (origin `editions`, replaced
/// at each import) and a reader's (origin `reader`, kept until forgotten), and which of them
/// the linker follows.
package enum LinkDecisions {
    /// Makes the `editions` decisions those of the curated-links file. Unchanged decisions keep
    /// their rows, so a re-import of the same file writes nothing.
    package static func replaceEditionDecisions(with links: [CuratedLink], _ db: Database) throws {
        let stored = try decisions(db).filter { $0.origin == .editions }
        let byPair = { (a: CuratedLink, b: CuratedLink) in (a.from, a.to) < (b.from, b.to) }
        guard stored.sorted(by: byPair) != links.sorted(by: byPair) else { return }
        try db.execute("DELETE FROM link_decisions WHERE origin = 'editions'")
        for link in links {
            try insert(link, decidedAt: nil, db)
        }
    }

    /// Records a reader's decision on a pair, replacing the reader's earlier one on it.
    package static func record(_ link: CuratedLink, _ db: Database) throws {
        try db.execute("DELETE FROM link_decisions WHERE from_rule = ? AND to_rule = ? AND origin = 'reader'", link.from, link.to)
        try insert(link, decidedAt: timestamp(), db)
    }

    /// Removes a reader's decision on a pair; false when there was none.
    package static func forget(from: String, to: String, _ db: Database) throws -> Bool {
        try db.execute("DELETE FROM link_decisions WHERE from_rule = ? AND to_rule = ? AND origin = 'reader'", from, to)
        return db.changes > 0
    }

    /// The decisions the linker follows: on a pair both the file and a reader decided, the
    /// reader's; in the table's order (earlier rule, later rule).
    package static func inForce(_ db: Database) throws -> [CuratedLink] {
        let all = try decisions(db)
        let decidedByReader = Set(all.filter { $0.origin == .reader }.map { Pair(from: $0.from, to: $0.to) })
        return all.filter { $0.origin == .reader || !decidedByReader.contains(Pair(from: $0.from, to: $0.to)) }
    }

    /// Every decision as `hig link list` shows it, with whether the linker follows it now and,
    /// when not, why; the file's first, each group by earlier rule, then later rule.
    package static func listed(_ db: Database) throws -> [LinkDecision] {
        let inForce = Set(try inForce(db).map { "\($0.origin.rawValue):\($0.from)>\($0.to)" })
        return try db.rows(
            """
            SELECT d.from_rule, d.to_rule, d.origin, d.verdict, d.change, d.why, d.from_text, d.to_text, d.decided_at,
                   fr.edition_id AS from_edition, tr.edition_id AS to_edition,
                   (SELECT method FROM rule_links l WHERE l.from_rule = d.from_rule AND l.to_rule = d.to_rule) AS method
            FROM link_decisions d LEFT JOIN rules fr ON fr.id = d.from_rule LEFT JOIN rules tr ON tr.id = d.to_rule
            ORDER BY d.origin = 'reader', d.from_rule, d.to_rule
            """
        ).map { row in
            let (from, to) = (row.string("from_rule"), row.string("to_rule"))
            let origin = CuratedLink.Origin(rawValue: row.string("origin")) ?? .reader
            let verdict = CuratedLink.Verdict(rawValue: row.string("verdict")) ?? .reject
            let note: String? =
                if row.optionalString("from_edition") == nil {
                    "rule \(from) is no longer in the database: its words changed, or its edition was removed"
                } else if row.optionalString("to_edition") == nil {
                    "rule \(to) is no longer in the database: its words changed, or its edition was removed"
                } else if !inForce.contains("\(origin.rawValue):\(from)>\(to)") {
                    overridden
                } else if verdict == .confirm && row.optionalString("method") != LinkMethod.curated.rawValue {
                    "\(row.string("from_edition")) and \(row.string("to_edition")) are not compared with each other (or, complete editions apart, one of them continues the earlier rule)"
                } else {
                    nil
                }
            return LinkDecision(
                from: from, to: to, origin: origin, verdict: verdict,
                change: row.optionalString("change").flatMap(ChangeClass.init(rawValue:)), why: row.string("why"),
                fromText: row.string("from_text"), toText: row.string("to_text"), decidedAt: row.optionalString("decided_at"),
                applies: note == nil, note: note)
        }
    }

    /// Why a file's decision is not followed when a reader decided on the same pair.
    package static let overridden = "a reader's decision on the same two rules takes its place"

    /// Every decision, the file's first, each group by earlier rule, then later rule.
    static func decisions(_ db: Database) throws -> [CuratedLink] {
        try db.rows(
            """
            SELECT from_rule, to_rule, origin, verdict, change, why FROM link_decisions
            ORDER BY origin = 'reader', from_rule, to_rule
            """
        ).map { row in
            CuratedLink(
                from: row.string("from_rule"), to: row.string("to_rule"),
                verdict: CuratedLink.Verdict(rawValue: row.string("verdict")) ?? .reject,
                change: row.optionalString("change").flatMap(ChangeClass.init(rawValue:)), why: row.string("why"),
                origin: CuratedLink.Origin(rawValue: row.string("origin")) ?? .reader)
        }
    }

    struct Pair: Hashable {
        let from: String
        let to: String
    }

    /// The decision's row, with the two rules' words as they are now.
    private static func insert(_ link: CuratedLink, decidedAt: String?, _ db: Database) throws {
        try db.execute(
            """
            INSERT INTO link_decisions (from_rule, to_rule, origin, verdict, change, why, from_text, to_text, decided_at)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6,
                    coalesce((SELECT text FROM rules WHERE id = ?1), ''), coalesce((SELECT text FROM rules WHERE id = ?2), ''), ?7)
            """,
            values: [
                .text(link.from), .text(link.to), .text(link.origin.rawValue), .text(link.verdict.rawValue),
                (link.change?.rawValue).databaseValue, .text(link.why), decidedAt.databaseValue,
            ])
    }

    private static func timestamp() -> String {
        ISO8601DateFormatter().string(from: Date())
    }
}
