import Foundation
import HIGStore

/// Search as a user meets it: `hig search` as a whole process (start, open, rank, print), and
/// the sqlite3 command-line tool running the same FTS5 query, bm25 over the text, best 10, on
/// the same database.
///
/// sqlite3 prints rowids and scores only; hig also reads each hit's record and snippet and
/// formats them. Each query runs once, after one warm-up run of each program.
public struct ProcessSearch: Sendable, Codable {
    public let queries: Int
    public let higP50Ms: Double
    public let higP99Ms: Double
    public let sqliteP50Ms: Double
    public let sqliteP99Ms: Double

    /// The SQL the sqlite3 tool runs for the plain words of `query`: the expression `hig search`
    /// builds, in a string literal (its quotes doubled).
    public static func sql(_ query: String) -> String {
        let expression = SearchExpression.all(SearchExpression.words(query)).replacingOccurrences(of: "'", with: "''")
        return
            "SELECT rowid, bm25(rules_fts, 0.0, 1.0) AS rank FROM rules_fts WHERE rules_fts MATCH '\(expression)' ORDER BY rank LIMIT 10;"
    }

    public static func measure(hig: String, database: String, queries: [String]) throws -> ProcessSearch? {
        guard let first = queries.first else { return nil }
        func runHIG(_ query: String) throws -> Double {
            try ChildProcess.run(hig, ["--db", database, "search", query, "--limit", "10"]).wall.milliseconds
        }
        func runSQLite(_ query: String) throws -> Double {
            try ChildProcess.run("sqlite3", ["-readonly", database, sql(query)]).wall.milliseconds
        }
        _ = try runHIG(first)
        _ = try runSQLite(first)
        let higTimes = try queries.map(runHIG)
        let sqliteTimes = try queries.map(runSQLite)
        return ProcessSearch(
            queries: queries.count,
            higP50Ms: Statistics.percentile(higTimes, 0.5), higP99Ms: Statistics.percentile(higTimes, 0.99),
            sqliteP50Ms: Statistics.percentile(sqliteTimes, 0.5), sqliteP99Ms: Statistics.percentile(sqliteTimes, 0.99))
    }
}
