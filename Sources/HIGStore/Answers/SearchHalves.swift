import Foundation
import HIGDatabase
import HIGText

/// A search's matches scored in two halves of the rowids at once: the lower half on the store's
/// connection, the upper half on a second connection to the same database, on another core.
///
/// Scoring every match is most of a search for a common word (92,403 matches for "action" at
/// 4 x 100k rules): FTS5 reading each match's positions, then `hig_bm25`. SQLite runs one
/// statement of a connection at a time, so the halves need two connections. Each ranks its
/// half with the index's statistics of the whole table (row count, average length, each
/// term's rule count), so a match scores the same bits in either half, and the best of the two
/// halves are the best of all (`BestScores.followed(by:)`).
///
/// The second connection must read the snapshot the store reads: it is opened at the store's
/// second search large enough to split (`RuleStore.searchHalves`), starts its own read
/// transaction, and is kept only when the
/// index's structure and totals (`rules_fts_data` rows 10 and 1: every write to the index changes
/// the first, a count of its rows and tokens is the second) read the same bytes on both. A
/// database changed since the store was opened gets no second connection, and every search of
/// the store runs whole on its own connection, as before.
final class SearchHalves {
    /// Matches (the query's words' stored rule counts, summed) below which a search runs whole:
    /// starting the other half costs more than it saves. A test seam.
    @TaskLocal static var minimumMatches = 20_000

    let db: Database
    let ranking: SearchRanking
    /// The last rowid of the lower half.
    let lowerHalfEnd: Int64

    private init(db: Database, ranking: SearchRanking, lowerHalfEnd: Int64) {
        self.db = db
        self.ranking = ranking
        self.lowerHalfEnd = lowerHalfEnd
    }

    deinit {
        if db.isInTransaction { try? db.execute("ROLLBACK") }
    }

    /// The first half's query: `RuleStore.bestMatchesQuery` over the rowids `?2` to `?3`.
    static let rangeQuery = """
        SELECT count(*) FROM rules_fts WHERE rules_fts MATCH ?1 AND rowid BETWEEN ?2 AND ?3 \
        AND hig_bm25_best(rules_fts, 0.0, 1.0) IS NOT NULL
        """

    /// What identifies the index a connection reads: its structure record and its totals.
    static let indexStateQuery = "SELECT id, block FROM rules_fts_data WHERE id IN (1, 10) ORDER BY id"

    /// A second connection to `db`'s file reading what `db` reads, or nil when none can be
    /// opened or the file has changed since `db`'s read transaction began.
    static func open(beside db: Database) -> SearchHalves? {
        guard db.isInTransaction, let state = try? indexState(db), !state.isEmpty else { return nil }
        let mode: Database.Mode = db.mode == .immutable ? .immutable : .readOnly
        guard let other = try? Database(path: db.path, mode: mode) else { return nil }
        do {
            try other.execute("BEGIN")
            guard try indexState(other) == state, let last = try other.scalar("SELECT max(rowid) FROM rules")?.int, last > 1 else {
                try other.execute("ROLLBACK")
                return nil
            }
            return SearchHalves(db: other, ranking: try SearchRanking.register(on: other), lowerHalfEnd: Int64(last / 2))
        } catch {
            return nil
        }
    }

    private static func indexState(_ db: Database) throws -> [[UInt8]] {
        var state: [[UInt8]] = []
        try db.forEachRow(indexStateQuery) { row in state.append(row.withBlob(1) { Array($0) }) }
        return state
    }

    /// Whether a search of `phrases` (nil: a raw expression) matches enough rules to split, by
    /// the stored rule counts of its words' tokens.
    static func worthSplitting(_ phrases: [String]?, tokenizer: SearchTokenizer, db: Database) throws -> Bool {
        guard let phrases else { return false }
        var matches = 0
        for term in phrases.flatMap(tokenizer.terms) {
            matches += try db.scalar("SELECT rules FROM search_terms WHERE term = ?", term)?.int ?? 0
            if matches >= minimumMatches { return true }
        }
        return false
    }

    /// The upper half's matches, scored on this connection on another thread while `lowerHalf`
    /// scores the lower half on the caller's, and the two joined. `weights` are this
    /// connection's; `limit` stops this half as the store's deadline stops the other.
    ///
    /// Returns the matches, and whether some match of the upper half had no stored weights
    /// (`SearchRankWeights.incomplete`, which the caller's weights tell of the lower half).
    func collect(
        _ expression: String, of text: String, phrases: [String]?, keep: Int, admitting passing: Set<Int64>?,
        subject: SearchSubject?, limit: Duration, lowerHalf: (_ lowerHalfEnd: Int64) throws -> BestScores
    ) throws -> (best: BestScores, upperIncomplete: Bool) {
        ranking.phrases = phrases
        defer { ranking.phrases = nil }
        let weights = try ranking.rankWeights(subject: subject)
        let upper = HandedOver((self, weights, passing))
        let end = lowerHalfEnd
        let work = BackgroundWork { _ in
            let (halves, weights, passing) = upper.value
            return try SearchDeadline.run(on: halves.db, limit: limit) { deadline in
                do {
                    let best = try halves.ranking.collect(keep: keep, admitting: passing, weighing: weights) {
                        try halves.db.execute(Self.rangeQuery, expression, end + 1, Int64.max)
                    }
                    return HandedOver(best)
                } catch  where deadline.expired {
                    throw HIGError.searchTooSlow(text, limit: limit)
                }
            }
        }
        defer { work.cancelAndWait() }
        let lower = try lowerHalf(end)
        let best = lower.followed(by: try work.take().get().value)
        return (best, weights?.incomplete ?? false)
    }
}

/// What the upper half's thread is handed, and hands back: the second connection, its ranking
/// and the matches it collected. Unchecked, because `Database` and the ranking are not
/// `Sendable`; safe, because the caller's thread leaves them alone from handing them over until
/// `BackgroundWork.take` (or `cancelAndWait`) has joined the thread, so one thread at a time
/// uses them.
private struct HandedOver<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
