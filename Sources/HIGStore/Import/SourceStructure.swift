import HIGDatabase
import HIGLineage

/// Writes what a source holds besides rules: its headings (`sections`), the fate of every line
/// (`source_lines`) and Apple's change notes (`change_notes`). They go with their source row
/// (ON DELETE CASCADE), so a rewritten or dropped file takes them along.
enum SourceStructure {
    static func insert(of sources: [(source: Corpus.Source, id: Int)], _ db: Database) throws {
        var sections = BatchInsert(db, into: "sections", columns: ["source_id", "line", "depth", "title", "path"])
        var lines = BatchInsert(db, into: "source_lines", columns: ["source_id", "line_start", "line_end", "fate", "reason"])
        var notes = BatchInsert(db, into: "change_notes", columns: ["source_id", "line_start", "line_end", "date", "text"])
        for (source, sourceID) in sources {
            let id = DatabaseValue.integer(Int64(sourceID))
            var headingLines = Set<Int>()
            for heading in source.reading.headings where headingLines.insert(heading.line).inserted {
                try sections.append(values: [
                    id, heading.line.databaseValue, heading.path.count.databaseValue, .text(heading.path.last ?? ""),
                    .text(heading.joined),
                ])
            }
            for run in source.lineRuns {
                try lines.append(values: [
                    id, run.lineStart.databaseValue, run.lineEnd.databaseValue, .text(run.fate.rawValue),
                    run.reason.map { .text($0.rawValue) } ?? .null,
                ])
            }
            var noteLines = Set<Int>()
            for note in source.reading.changeNotes where noteLines.insert(note.lineStart).inserted {
                try notes.append(values: [
                    id, note.lineStart.databaseValue, note.lineEnd.databaseValue, note.date.databaseValue, .text(note.text),
                ])
            }
        }
        try sections.finish()
        try lines.finish()
        try notes.finish()
    }
}
