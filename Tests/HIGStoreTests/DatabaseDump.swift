@testable import HIGStore
@testable import HIGDatabase

extension Fixtures {
    /// Every row of every table, as text: two equal dumps mean two equal databases.
    static func dump(_ db: Database) throws -> String {
        var out = ""
        let tables = try db.rows("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").map { $0.string("name") }
        for table in tables {
            out += "## \(table)\n"
            // Table names come from sqlite_master, not from a user.
            for row in try db.rows("SELECT * FROM \"\(table)\" ORDER BY 1, 2") {
                out += row.values.map { "\($0)" }.joined(separator: "|") + "\n"
            }
        }
        return out
    }
}
