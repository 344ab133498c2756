import Foundation
import HIGStore

/// The floor an import is held against: the sqlite3 command-line tool loading the same rules
/// from a CSV file into a table and an FTS5 index like hig's (porter over unicode61, diacritics
/// folded), in one transaction. No parsing, no cleaning, no ids: what storing the rules costs.
public enum SQLiteFloor {
    /// Writes every rule of the hig database at `database` as CSV (a header, then one row per
    /// rule) and returns how many rules it wrote.
    @discardableResult
    public static func exportCSV(database: String, to csv: URL) throws -> Int {
        let store = try RuleStore.open(path: database)
        let records = try store.rules()
        guard FileManager.default.createFile(atPath: csv.path(percentEncoded: false), contents: nil) else {
            throw BenchError("cannot create \(csv.path(percentEncoded: false))")
        }
        let handle = try FileHandle(forWritingTo: csv)
        defer { try? handle.close() }
        var text = "id,edition_id,path,kind,section,title,text,verbatim,parent_id,line_start,line_end,page\n"
        func field(_ value: String?) -> String {
            guard let value else { return "" }
            return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        }
        for record in records {
            text +=
                [
                    field(record.id), field(record.edition), field(record.source.file), field(record.kind.rawValue),
                    field(record.section), field(record.title), field(record.text), field(record.verbatim),
                    field(record.parent), "\(record.source.lineStart)", "\(record.source.lineEnd)",
                    record.source.page.map(String.init) ?? "",
                ].joined(separator: ",") + "\n"
            if text.utf8.count > 1 << 20 {
                try handle.write(contentsOf: Data(text.utf8))
                text = ""
            }
        }
        try handle.write(contentsOf: Data(text.utf8))
        return records.count
    }

    /// The script sqlite3 runs: schema, import and index in one transaction.
    public static func script(csv: String) -> String {
        """
        BEGIN;
        CREATE TABLE rules (
            id TEXT PRIMARY KEY, edition_id TEXT NOT NULL, path TEXT NOT NULL, kind TEXT NOT NULL, section TEXT,
            title TEXT, text TEXT NOT NULL, verbatim TEXT NOT NULL, parent_id TEXT,
            line_start INTEGER NOT NULL, line_end INTEGER NOT NULL, page INTEGER
        );
        CREATE VIRTUAL TABLE rules_fts USING fts5(
            title, text, content = 'rules', content_rowid = 'rowid',
            tokenize = 'porter unicode61 remove_diacritics 2'
        );
        .import --csv --skip 1 '\(csv)' rules
        INSERT INTO rules_fts (rowid, title, text) SELECT rowid, title, text FROM rules;
        COMMIT;

        """
    }

    /// Loads `csv` into a new database at `database` with the sqlite3 tool, timed as a whole process.
    public static func run(csv: URL, database: String, scratch: URL) throws -> ProcessRun {
        for suffix in ["", "-journal"] { unlink(database + suffix) }
        let script = scratch.appending(path: "floor.sql")
        try Data(Self.script(csv: csv.path(percentEncoded: false)).utf8).write(to: script)
        return try ChildProcess.run("sqlite3", [database, ".read '\(script.path(percentEncoded: false))'"])
    }

    /// Rules in the floor's database (to confirm it loaded them all).
    public static func count(database: String) throws -> Int {
        let listing = FileManager.default.temporaryDirectory.appending(path: "hig-bench-count-\(getpid())")
        defer { try? FileManager.default.removeItem(at: listing) }
        try ChildProcess.run("sqlite3", [database, "SELECT count(*) FROM rules"], output: listing.path(percentEncoded: false))
        let text = try String(contentsOf: listing, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let count = Int(text) else { throw BenchError("sqlite3 counted '\(text)' rules in \(database)") }
        return count
    }
}
