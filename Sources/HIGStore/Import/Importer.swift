import Foundation
import HIGDatabase
import HIGLineage
import HIGText

/// Writes a corpus into a database in one transaction.
///
/// The database is made equal to the manifest (the editions folder's, and the archive's when it
/// is read): its editions are added or updated, editions no longer read are removed with
/// everything derived from them and the reason (`RemovalReasons`), and files are added,
/// rewritten when their rules changed, or removed when the manifest dropped them. A file whose
/// derived rules are unchanged is not touched, so a re-import of unchanged sources writes
/// nothing and keeps every id.
public enum Importer {
    /// What the database holds against what the corpus brings, worked out before any write.
    struct Plan {
        /// Sources to write: new ones and those whose rules changed.
        var newSources: [Corpus.Source]
        /// Source rows to delete: rewritten, dropped from the manifest, or of a removed edition.
        var stale: [Int] = []
        /// Files of the manifest's editions that it no longer names.
        var filesRemoved = 0
        /// Editions no longer read, with their rule counts and why, oldest first.
        var editionsRemoved: [ImportReport.RemovedEdition] = []

        var changesRules: Bool { filesRemoved > 0 || !editionsRemoved.isEmpty || !newSources.isEmpty }
    }

    /// `sources`: what the corpus was read from, recorded for the next import; nil: the
    /// corpus's folder, as an editions folder the user named, and its archive.
    public static func write(
        _ corpus: Corpus, to db: Database, taxonomy: Taxonomy = .bundled, sources: ImportSources? = nil
    ) throws -> ImportReport {
        var timer = StageTimer()
        let sources =
            sources
            ?? ImportSources(
                editions: .init(kind: .editionsFolder, folder: corpus.folder),
                archive: corpus.archive.map { .init(kind: .archiveFolder, folder: $0) })
        return try db.transaction {
            try Migrator().migrate(db)
            let plan = try self.plan(corpus, db, previous: try ImportSources.recorded(in: db), current: sources)
            let sourcesChanged = try sources.write(to: db)
            for (position, edition) in corpus.manifest.orderedEditions.enumerated() {
                try upsert(edition, position: position + 1, db)
            }
            try writePredecessors(corpus.manifest, db)
            // When rules change, topics and lineage are recomputed. Lineage's terms need the rules
            // but no database: they are made on the other core while this one writes (SQLite's
            // writing uses one), and joined before this returns, whether it succeeds or throws.
            var lineageTerms: BackgroundWork<PreparedLinkTerms?>?
            defer { lineageTerms?.cancelAndWait() }
            if plan.changesRules {
                lineageTerms = BackgroundWork { isCancelled in
                    try PreparedLinkTerms.make(from: corpus, lexicon: .bundled, isCancelled: isCancelled)
                }
            }
            let written = try writeSources(plan, db, &timer)
            try EditionAliases.write(corpus, db)
            let topicsRecomputed = try plan.changesRules || !written.isEmpty || TopicAssigner.isStale(db, taxonomy: taxonomy)
            if topicsRecomputed { try TopicAssigner.assign(db, taxonomy: taxonomy) }
            timer.lap("topics")
            try LinkDecisions.replaceEditionDecisions(with: corpus.curatedLinks, db)
            let decisions = try LinkDecisions.inForce(db)
            if try topicsRecomputed || Linker.isStale(db, lexicon: .bundled, curated: decisions) {
                // A failed preparation is no failure of the import: the terms are then read from the database.
                try Linker.link(db, curated: decisions, prepared: try? lineageTerms?.take().get())
            }
            timer.lap("lineage")
            // Former ids point at rules, which the writes above may have replaced.
            try EditionAliases.writeFormerRuleIDs(corpus, db)
            var done = report(corpus, plan, written: written, topicsRecomputed: topicsRecomputed)
            done.sources = sources
            done.sourcesChanged = sourcesChanged
            done.decisionsNotApplied = try LinkDecisions.listed(db).filter { !$0.applies && $0.note != LinkDecisions.overridden }
            return done
        }
    }

    /// Compares the sources in the database with the corpus's: which to keep, write and delete,
    /// and which editions are no longer read, and why (`previous`: what the database recorded it
    /// was built from; `current`: what the corpus was read from).
    static func plan(_ corpus: Corpus, _ db: Database, previous: ImportSources?, current: ImportSources) throws -> Plan {
        let existing = try db.rows("SELECT id, path, rules_digest, edition_id FROM sources")
        let wanted = Dictionary(uniqueKeysWithValues: corpus.sources.map { ($0.file.path, $0) })
        let manifestEditions = Set(corpus.manifest.editions.map(\.id))
        var unchanged = Set<String>()
        var plan = Plan(newSources: [])
        for row in existing {
            let path = row.string("path")
            if let source = wanted[path], source.rulesDigest == row.string("rules_digest"), source.edition.id == row.string("edition_id") {
                unchanged.insert(path)
                continue
            }
            plan.stale.append(row.int("id"))
            if wanted[path] == nil && manifestEditions.contains(row.string("edition_id")) { plan.filesRemoved += 1 }
        }
        plan.newSources = corpus.sources.filter { !unchanged.contains($0.file.path) }
        let archiveEditions = Set(try ImportSources.archiveEditions(in: db))
        plan.editionsRemoved = try db.rows(
            """
            SELECT e.id, coalesce((SELECT sum(c.rules) FROM source_rule_counts c JOIN sources s ON s.id = c.source_id
                                   WHERE s.edition_id = e.id), 0) AS rules
            FROM editions e WHERE e.id NOT IN (SELECT value FROM json_each(?)) ORDER BY e.position
            """, try JSONArgument.array(corpus.manifest.editions.map(\.id))
        )
        .map { row in
            let id = row.string("id")
            let reason = RemovalReasons.reason(
                for: id, fromArchive: archiveEditions.contains(id), previous: previous, current: current, manifest: corpus.manifest)
            return ImportReport.RemovedEdition(id: id, rules: row.int("rules"), reason: reason)
        }
        return plan
    }

    /// Deletes the stale sources and the removed editions, then writes the new sources, their
    /// rules, the search index and statistics and the rule counts; returns the files written
    /// per edition.
    private static func writeSources(_ plan: Plan, _ db: Database, _ timer: inout StageTimer) throws -> [String: Int] {
        // Remove stale files first, so that ids moving between files never collide.
        try SearchIndex.remove(sources: plan.stale, db)
        for id in plan.stale {
            try db.execute("DELETE FROM sources WHERE id = ?", id)
        }
        // Their sources are gone already; the rest of what they hold goes with them (ON DELETE CASCADE).
        for edition in plan.editionsRemoved {
            try db.execute("DELETE FROM editions WHERE id = ?", edition.id)
        }
        let lastKeptSource = try db.scalar("SELECT max(id) FROM sources")?.int ?? 0
        var written: [String: Int] = [:]
        let newSourceIDs = try plan.newSources.map { source in
            written[source.edition.id, default: 0] += 1
            return try insert(source, db)
        }
        let inserted = Array(zip(plan.newSources, newSourceIDs))
        try insertRules(of: inserted, db)
        timer.lap("write: rules, platforms, repairs")
        try SearchIndex.add(sourcesAbove: lastKeptSource, db)
        timer.lap("write: full-text index")
        if try !plan.stale.isEmpty || !plan.newSources.isEmpty || SearchStatistics.areMissing(db) {
            try SearchStatistics.rebuild(db)
        }
        timer.lap("write: search statistics")
        try insertRuleCounts(of: inserted, db)
        try SourceStructure.insert(of: inserted, db)
        timer.lap("write: rule counts, sections, line fates, change notes")
        return written
    }

    private static func report(_ corpus: Corpus, _ plan: Plan, written: [String: Int], topicsRecomputed: Bool) -> ImportReport {
        let editions = corpus.manifest.orderedEditions.map { edition in
            let sources = corpus.sources.filter { $0.edition.id == edition.id }
            return ImportReport.Edition(
                id: edition.id, files: sources.count,
                rules: sources.reduce(0) { $0 + $1.rules.count },
                repairs: sources.reduce(0) { $0 + $1.rules.reduce(0) { $0 + $1.draft.repairs.count } },
                filesWritten: written[edition.id, default: 0])
        }
        var report = ImportReport(
            editions: editions, filesRemoved: plan.filesRemoved, editionsRemoved: plan.editionsRemoved,
            topicsRecomputed: topicsRecomputed)
        for source in corpus.sources {
            for run in source.lineRuns where run.fate == .unaccounted {
                for line in run.lineStart...run.lineEnd {
                    let words = source.file.lines[line - 1].split(whereSeparator: \.isWhitespace).joined(separator: " ")
                    report.unaccountedLines.append(.init(file: source.file.path, line: line, text: TextCut.words(words, limit: 60)))
                }
            }
        }
        return report
    }

    /// `position`: the edition's place in the family tree's order, oldest first.
    private static func upsert(_ edition: EditionManifest.Edition, position: Int, _ db: Database) throws {
        let platforms = try JSONArgument.array(edition.platforms)
        try db.execute(
            """
            INSERT INTO editions (id, name, position, date, platform_scope, platforms, line, prerelease_of)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (id) DO UPDATE SET name = excluded.name, position = excluded.position, date = excluded.date,
                platform_scope = excluded.platform_scope, platforms = excluded.platforms, line = excluded.line,
                prerelease_of = excluded.prerelease_of
            WHERE name IS NOT excluded.name OR position IS NOT excluded.position OR date IS NOT excluded.date
                OR platform_scope IS NOT excluded.platform_scope OR platforms IS NOT excluded.platforms
                OR line IS NOT excluded.line OR prerelease_of IS NOT excluded.prerelease_of
            """, edition.id, edition.name, position, edition.date, edition.platformScope, platforms, edition.line,
            edition.prereleaseOf)
    }

    /// Makes `edition_predecessors` hold exactly the manifest's, writing only when it does not.
    private static func writePredecessors(_ manifest: EditionManifest, _ db: Database) throws {
        let wanted = manifest.editions.flatMap { edition in
            edition.predecessors.enumerated().map { (edition: edition.id, predecessor: $1, seq: $0 + 1) }
        }
        .sorted { KeyOrder.precedes(($0.edition, $0.predecessor), ($1.edition, $1.predecessor)) }
        try ExactRows.write(
            "edition_predecessors", columns: ["edition_id", "predecessor_id", "seq"], orderedBy: ["edition_id", "predecessor_id"],
            rows: wanted.map { [.text($0.edition), .text($0.predecessor), .integer(Int64($0.seq))] }, db)
    }

    /// Inserts a source file's row and returns its id.
    private static func insert(_ source: Corpus.Source, _ db: Database) throws -> Int {
        let file = source.file
        try db.execute(
            """
            INSERT INTO sources (edition_id, path, document, chunk, form, coverage, title, url, sha256, line_count, rules_digest)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, source.edition.id, file.path, file.entry.document, file.entry.chunk, file.entry.form.rawValue,
            file.entry.coverage.rawValue, source.reading.title, source.reading.url, file.sha256, file.lines.count, source.rulesDigest)
        return try db.scalar("SELECT last_insert_rowid()")?.int ?? 0
    }

    /// Inserts the rules of `sources`, then their platforms, then their repairs: one table at a
    /// time, so that each table's B-trees stay in SQLite's page cache while they grow instead of
    /// taking turns (file by file, the three tables' pages evicted each other).
    private static func insertRules(of sources: [(source: Corpus.Source, id: Int)], _ db: Database) throws {
        // Fields are read through the arrays, not out of copied `Rule`s: a copy retains every
        // one of a rule's strings, and that was a third of this function's own time.
        var rules = BatchInsert(
            db, into: "rules",
            columns: [
                "id", "edition_id", "source_id", "ordinal", "parent_id", "kind", "section", "title", "text", "verbatim",
                "line_start", "line_end", "page", "chunk",
            ])
        for (source, sourceID) in sources {
            let edition = DatabaseValue.text(source.edition.id)
            for index in source.rules.indices {
                try rules.append(values: [
                    .text(source.rules[index].id), edition, .integer(Int64(sourceID)),
                    source.rules[index].draft.ordinal.databaseValue, source.rules[index].parentID.databaseValue,
                    .text(source.rules[index].draft.kind.rawValue), source.rules[index].draft.section.databaseValue,
                    source.rules[index].draft.title.databaseValue, .text(source.rules[index].draft.text),
                    .text(source.rules[index].verbatim), source.rules[index].draft.lineStart.databaseValue,
                    source.rules[index].draft.lineEnd.databaseValue, source.rules[index].draft.page.databaseValue,
                    source.rules[index].draft.chunk.databaseValue,
                ])
            }
        }
        try rules.finish()
        // Platforms and repairs are keyed by rule id first, which reading order scatters: sorted
        // by key, their B-trees grow at the end instead of page by page all over.
        var inReadingOrder: [(source: Int, rule: Int)] = []
        for (s, entry) in sources.enumerated() { inReadingOrder += entry.source.rules.indices.map { (s, $0) } }
        let byID = KeySort.order(count: inReadingOrder.count) { index in
            let (s, r) = inReadingOrder[index]
            return sources[s].source.rules[r].id
        }.map { inReadingOrder[$0] }
        var platforms = BatchInsert(db, into: "rule_platforms", columns: ["rule_id", "platform"])
        for (s, r) in byID {
            let id = DatabaseValue.text(sources[s].source.rules[r].id)
            for platform in keyOrdered(sources[s].source.rules[r].draft.platforms) {
                try platforms.append(values: [id, .text(platform)])
            }
        }
        try platforms.finish()
        var repairs = BatchInsert(db, into: "repairs", columns: ["rule_id", "seq", "line", "kind", "original", "replacement"])
        for (s, r) in byID where !sources[s].source.rules[r].draft.repairs.isEmpty {
            let id = DatabaseValue.text(sources[s].source.rules[r].id)
            for (seq, repair) in sources[s].source.rules[r].draft.repairs.enumerated() {
                try repairs.append(values: [
                    id, .integer(Int64(seq + 1)), repair.line.databaseValue, .text(repair.kind.rawValue),
                    .text(repair.original), .text(repair.replacement),
                ])
            }
        }
        try repairs.finish()
    }

    /// Each new file's rules counted by kind, stored for `hig editions`, which would otherwise
    /// count every rule on each call. Counted here from the rules in memory: counting them back
    /// from the table would read it whole.
    private static func insertRuleCounts(of sources: [(source: Corpus.Source, id: Int)], _ db: Database) throws {
        var counts = BatchInsert(db, into: "source_rule_counts", columns: ["source_id", "kind", "rules"])
        for (source, sourceID) in sources {
            var byKind: [RuleKind: Int] = [:]
            for index in source.rules.indices { byKind[source.rules[index].draft.kind, default: 0] += 1 }
            for kind in RuleKind.allCases {
                if let count = byKind[kind] {
                    try counts.append(values: [.integer(Int64(sourceID)), .text(kind.rawValue), count.databaseValue])
                }
            }
        }
        try counts.finish()
    }

    /// A rule's platforms without repeats, in the table's key order. Most rules have one or
    /// two, already in order: those need no set and no sort.
    static func keyOrdered(_ platforms: [String]) -> [String] {
        switch platforms.count {
        case 0, 1: return platforms
        case 2 where KeyOrder.precedes(platforms[0], platforms[1]): return platforms
        default: return Set(platforms).sorted(by: KeyOrder.precedes)
        }
    }
}
