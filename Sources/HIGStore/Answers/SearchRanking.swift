import CSQLite
import Foundation
import HIGDatabase

/// `hig_bm25(rules_fts, weight, ...)`: FTS5's `bm25` ranking, the same formula giving the same
/// scores, but reading what it needs to know of the index from `SearchStatistics`' tables
/// instead of counting it at every query.
///
/// Ranking has to score every rule a query matches. FTS5's `bm25` asks `xColumnSize` for each
/// one, a B-tree search of `docsize`, and, once per query, counts each phrase's rules by
/// reading the phrase's whole list of rules (`xQueryPhrase`). On a large store that is most of
/// the cost of ranking a common word, or a query of several words (Benchmarks/README.md has the
/// figures). What stays per match is counting the query's
/// phrases in it (`xPhraseFirst`), as `bm25` does.
///
/// The scores are `bm25`'s to the bit: the same phrase counts, row count and average length,
/// the same weights added in the same order, the same arithmetic. A stored count is used only
/// for a phrase of one token whose text the search gave (`phrases`), tokenized by the table's
/// own tokenizer, in a query of plain phrases; anything else (a `--raw` expression, a phrase of
/// several tokens, a rule of 65,535 tokens or more, a database not re-imported since migration
/// 0006) is asked of FTS5, as `bm25` would.
///
/// One per store, registered on its connection at the first search. The lengths it has read
/// are kept for the connection's later searches, and dropped when the database may have changed.
/// It reads them, and the rule counts, through the connection's own statements while FTS5 is
/// stepping the search's: that is allowed because their SQL differs from every search query's
/// (`Database` caches one statement per SQL text).
final class SearchRanking {
    static let functionName = "hig_bm25"
    /// `hig_bm25_best(rules_fts, weight, ...)`: scores each row as `hig_bm25` does and offers it to
    /// `collect(keep:_:)`'s collector instead of returning it (it returns NULL).
    static let collectingFunctionName = "hig_bm25_best"

    /// The texts of the query's phrases, in order, when the query is made of plain phrases
    /// only (`SearchExpression`); nil otherwise. Set by the search around each query.
    var phrases: [String]?

    /// `unowned`: the connection holds this object (as the function's user data) and releases
    /// it when it closes, so the database always outlives it.
    private unowned let db: Database
    /// The stored lengths and rules' facts read so far, and what `version()` was when they were.
    private var lengths: LengthCache?
    private var ruleFacts: SearchRuleFactsCache?
    private var cachedVersion: (changes: Int64, data: UInt32) = (-1, 0)

    /// The index's tokenizer, for the search to fold its words as the index does.
    let tokenizer: SearchTokenizer

    private init(db: Database, tokenizer: SearchTokenizer) {
        self.db = db
        self.tokenizer = tokenizer
    }

    /// Registers `hig_bm25` on `db`'s connection and returns its ranking.
    static func register(on db: Database) throws(SQLiteError) -> SearchRanking {
        let api = try SearchTokenizer.fts5API(of: db)
        guard let create = api.pointee.xCreateFunction else {
            throw SQLiteError(code: SQLITE_ERROR, message: "FTS5 is not available", sql: nil, path: db.path)
        }
        let ranking = SearchRanking(db: db, tokenizer: try SearchTokenizer(api: api, db: db))
        for (name, function) in [(functionName, rankFunction), (collectingFunctionName, collectingFunction)] {
            // Each function holds the ranking, released when the connection drops the function.
            let retained = Unmanaged.passRetained(ranking)
            let code = create(api, name, retained.toOpaque(), function) { userData in
                if let userData { Unmanaged<SearchRanking>.fromOpaque(userData).release() }
            }
            guard code == SQLITE_OK else {
                retained.release()
                throw SQLiteError(code: code, connection: db.handle, sql: nil)
            }
        }
        return ranking
    }

    /// The collector `hig_bm25_best` offers its rows to while `collect` runs, and the weights
    /// it ranks them by.
    private var collector: BestScores?
    private var collectorWeights: SearchRankWeights?

    /// Runs `query` (which calls `hig_bm25_best`) and returns the best-ranked matches it scored,
    /// of the rowids `admitted` when given, each ranked by its bm25 times `weights` when given.
    func collect(
        keep: Int, admitting admitted: Set<Int64>? = nil, weighing weights: SearchRankWeights? = nil, _ query: () throws -> Void
    ) rethrows -> BestScores {
        let best = BestScores(keep: keep, admitting: admitted)
        collector = best
        collectorWeights = weights
        defer { (collector, collectorWeights) = (nil, nil) }
        try query()
        return best
    }

    /// The weights of a query about `subject`, from the rules' facts stored at import; nil when
    /// none are stored.
    func rankWeights(subject: SearchSubject?) throws -> SearchRankWeights? {
        refreshCaches()
        return try ruleFacts.map { try SearchRankWeights(facts: $0, subject: subject, db: db) }
    }

    /// Changes when the database may have: this connection's writes, or a commit by another.
    private func version() -> (changes: Int64, data: UInt32) {
        var data: UInt32 = 0
        sqlite3_file_control(db.handle, "main", SQLITE_FCNTL_DATA_VERSION, &data)
        return (sqlite3_total_changes64(db.handle), data)
    }

    /// The statistics of the query being ranked, computed at its first row, and what its rows
    /// read and write. Everything a row touches is a constant or behind a pointer: a `var`
    /// of a class is checked for exclusive access at every use, which was an eighth of ranking.
    fileprivate final class QueryStatistics {
        let idf: UnsafeMutableBufferPointer<Double>
        let averageLength: Double
        /// The weight of each column: the function's arguments, constants of the query.
        let weights: UnsafeMutableBufferPointer<Double>
        /// Scratch for one row: each phrase's weighted count.
        let frequencies: UnsafeMutableBufferPointer<Double>
        /// Where `hig_bm25_best` offers the query's rows, and what it weighs them by; held here
        /// for the query.
        private let heldLengths: LengthCache?
        private let heldCollector: BestScores?
        private let heldRankWeights: SearchRankWeights?
        /// The same three unretained, for the rows to use: a class reference loaded from this
        /// object was retained and released at every row (a tenth of the samples of a one-word
        /// search matching 92,000 rules, `perf`), and these live as long as the query does.
        let lengths: Unmanaged<LengthCache>?
        let collector: Unmanaged<BestScores>?
        let rankWeights: Unmanaged<SearchRankWeights>?

        init(
            idf: [Double], averageLength: Double, weights: [Double], lengths: LengthCache?, collector: BestScores?,
            rankWeights: SearchRankWeights?
        ) {
            (heldLengths, heldCollector, heldRankWeights) = (lengths, collector, rankWeights)
            self.lengths = lengths.map { .passUnretained($0) }
            self.collector = collector.map { .passUnretained($0) }
            self.rankWeights = rankWeights.map { .passUnretained($0) }
            self.idf = .allocate(capacity: idf.count)
            _ = self.idf.initialize(from: idf)
            self.averageLength = averageLength
            self.weights = .allocate(capacity: weights.count)
            _ = self.weights.initialize(from: weights)
            frequencies = .allocate(capacity: idf.count)
            frequencies.initialize(repeating: 0)
        }

        deinit {
            idf.deallocate()
            weights.deallocate()
            frequencies.deallocate()
        }
    }

    /// The stored lengths (`search_lengths`), each block of 1,024 read on first use.
    fileprivate final class LengthCache {
        let stored: RowidBlocks.Reader<UInt16>

        init(_ stored: RowidBlocks.Reader<UInt16>) { self.stored = stored }

        /// The stored length of the row `rowid`, or nil when FTS5 has to be asked.
        func length(of rowid: Int64) -> Int? {
            let length = stored.value(of: rowid)
            return length == 0 || length == SearchStatistics.tooLong ? nil : Int(length)
        }
    }

    /// The lengths cache for a new query: the one of earlier queries while the database has not
    /// changed since, else a new one as large as the stored blocks (none when none are stored).
    private func lengthCache() -> LengthCache? {
        refreshCaches()
        return lengths
    }

    /// Drops what was read of the stored statistics when the database may have changed since.
    private func refreshCaches() {
        let now = version()
        guard now != cachedVersion else { return }
        cachedVersion = now
        // Rowids past a billion are not hig's (it numbers rules from 1): FTS5 is asked for them.
        lengths = RowidBlocks.Reader<UInt16>.stored(in: db, table: "search_lengths", column: "lengths").map(LengthCache.init)
        ruleFacts = SearchRuleFactsCache.stored(in: db)
    }

    /// FTS5's `fts5Bm25GetData`: the average length over all rows and columns, and each
    /// phrase's inverse document frequency, at least 1e-6, handed to FTS5 as the query's
    /// auxiliary data. Returns SQLite's result code.
    private func statistics(
        _ api: UnsafePointer<Fts5ExtensionApi>, _ context: OpaquePointer,
        _ arguments: UnsafeMutablePointer<OpaquePointer?>?, _ argumentCount: Int32
    ) -> Int32 {
        let fts = api.pointee
        var rows: Int64 = 0
        var tokens: Int64 = 0
        var code = fts.xRowCount(context, &rows)
        if code == SQLITE_OK { code = fts.xColumnTotalSize(context, -1, &tokens) }
        guard code == SQLITE_OK else { return code }
        let phraseCount = fts.xPhraseCount(context)
        let texts = phrases.flatMap { $0.count == Int(phraseCount) ? $0 : nil }
        var idf: [Double] = []
        for phrase in 0..<phraseCount {
            var hits: Int64 = 0
            if let texts, fts.xPhraseSize(context, phrase) == 1, let stored = storedRuleCount(texts[Int(phrase)], api, context) {
                hits = stored
            } else {
                code = fts.xQueryPhrase(context, phrase, &hits) { _, _, hits in
                    hits?.assumingMemoryBound(to: Int64.self).pointee += 1
                    return SQLITE_OK
                }
                guard code == SQLITE_OK else { return code }
            }
            let value = log((Double(rows) - Double(hits) + 0.5) / (Double(hits) + 0.5))
            idf.append(value <= 0 ? 1e-6 : value)
        }
        let weights = (0..<Int(max(0, argumentCount))).map { sqlite3_value_double(arguments?[$0]) }
        let statistics = QueryStatistics(
            idf: idf, averageLength: Double(tokens) / Double(rows), weights: weights,
            lengths: lengthCache(), collector: collector, rankWeights: collector == nil ? nil : collectorWeights)
        let data = Unmanaged.passRetained(statistics)
        code = fts.xSetAuxdata(context, data.toOpaque()) { data in
            if let data { Unmanaged<QueryStatistics>.fromOpaque(data).release() }
        }
        // On failure FTS5 has already called the destructor.
        return code
    }

    /// How many rules hold the one token `text` is made of, from `search_terms`; nil when the
    /// text is not one token or nothing is stored (then FTS5 counts).
    private func storedRuleCount(_ text: String, _ api: UnsafePointer<Fts5ExtensionApi>, _ context: OpaquePointer) -> Int64? {
        final class Tokens {
            var all: [String] = []
        }
        let tokens = Tokens()
        let code = text.utf8CString.withUnsafeBufferPointer { chars in
            api.pointee.xTokenize(context, chars.baseAddress, Int32(chars.count - 1), Unmanaged.passUnretained(tokens).toOpaque()) {
                tokens, flags, token, length, _, _ in
                // A colocated token is a synonym at the same place: FTS5 would match either.
                guard flags & FTS5_TOKEN_COLOCATED == 0, let tokens, let token else { return SQLITE_OK }
                let bytes = UnsafeRawBufferPointer(start: token, count: Int(length))
                Unmanaged<Tokens>.fromOpaque(tokens).takeUnretainedValue().all.append(String(decoding: bytes, as: UTF8.self))
                return SQLITE_OK
            }
        }
        guard code == SQLITE_OK, tokens.all.count == 1 else { return nil }
        // An empty table is a database imported before migration 0006: nothing is known.
        guard
            let rows = try? db.rows(
                """
                SELECT (SELECT rules FROM search_terms WHERE term = ?), EXISTS (SELECT 1 FROM search_terms)
                """, tokens.all[0]
            ).first, rows[1].int == 1
        else { return nil }
        // A term the table lacks is in no rule.
        return Int64(rows[0].int ?? 0)
    }

    /// One row's score: FTS5's `fts5Bm25Function`, with k1 = 1.2 and b = 0.75; returned as the
    /// function's result, or offered to the query's collector when `collects`.
    fileprivate func score(
        _ api: UnsafePointer<Fts5ExtensionApi>, _ context: OpaquePointer, _ result: OpaquePointer,
        _ arguments: UnsafeMutablePointer<OpaquePointer?>?, _ argumentCount: Int32, collects: Bool
    ) {
        var data = api.pointee.xGetAuxdata(context, 0)
        if data == nil {
            let code = self.statistics(api, context, arguments, argumentCount)
            guard code == SQLITE_OK else { return sqlite3_result_error_code(result, code) }
            data = api.pointee.xGetAuxdata(context, 0)
        }
        guard let data else { return sqlite3_result_error_code(result, SQLITE_ERROR) }
        // FTS5 holds the statistics until the query ends: no retain needed.
        Unmanaged<QueryStatistics>.fromOpaque(data)._withUnsafeGuaranteedRef { statistics in
            guard collects else {
                let (rank, code) = rank(api, context, statistics, rowid: api.pointee.xRowid(context))
                guard let rank else { return sqlite3_result_error_code(result, code) }
                return sqlite3_result_double(result, rank)
            }
            sqlite3_result_null(result)
            // A match the filters leave out is not scored: it would not be offered.
            let rowid = api.pointee.xRowid(context)
            statistics.collector?._withUnsafeGuaranteedRef { collector in
                guard collector.admits(rowid) else { return }
                let (rank, code) = rank(api, context, statistics, rowid: rowid)
                guard let rank else { return sqlite3_result_error_code(result, code) }
                if let weights = statistics.rankWeights?._withUnsafeGuaranteedRef({ $0.weights(of: rowid) }) {
                    collector.offerAdmitted(rowid: rowid, rank: rank * weights.kind * weights.subject, bm25: rank)
                } else {
                    collector.offerAdmitted(rowid: rowid, rank: rank)
                }
            }
        }
    }

    /// The row's rank (bm25 negated: lower is better), or nil and SQLite's result code.
    ///
    /// The API is read through its pointer: a copy of the struct of some thirty function
    /// pointers at every row was 4.5% of a common word's search.
    private func rank(
        _ api: UnsafePointer<Fts5ExtensionApi>, _ context: OpaquePointer, _ statistics: QueryStatistics, rowid: Int64
    ) -> (Double?, Int32) {
        let frequencies = statistics.frequencies
        let weights = statistics.weights
        for phrase in frequencies.indices {
            var frequency = 0.0
            var iterator = Fts5PhraseIter()
            var column: Int32 = 0
            var offset: Int32 = 0
            let code = api.pointee.xPhraseFirst(context, Int32(phrase), &iterator, &column, &offset)
            guard code == SQLITE_OK else { return (nil, code) }
            while column >= 0 {
                frequency += Int(column) < weights.count ? weights[Int(column)] : 1.0
                api.pointee.xPhraseNext(context, &iterator, &column, &offset)
            }
            frequencies[phrase] = frequency
        }
        let length: Double
        if let stored = statistics.lengths?._withUnsafeGuaranteedRef({ $0.length(of: rowid) }) {
            length = Double(stored)
        } else {
            var tokens: Int32 = 0
            let code = api.pointee.xColumnSize(context, -1, &tokens)
            guard code == SQLITE_OK else { return (nil, code) }
            length = Double(tokens)
        }
        let k1 = 1.2
        let b = 0.75
        var score = 0.0
        for phrase in statistics.idf.indices {
            let frequency = frequencies[phrase]
            score +=
                statistics.idf[phrase] * ((frequency * (k1 + 1.0)) / (frequency + k1 * (1 - b + b * length / statistics.averageLength)))
        }
        return (-1.0 * score, SQLITE_OK)
    }
}

/// The C entry points FTS5 calls for each row: hand the row to the `SearchRanking` registered
/// with the function.
private let rankFunction: fts5_extension_function = { api, context, result, weightCount, weights in
    guard let api, let context, let result, let userData = api.pointee.xUserData(context) else { return }
    // The connection holds the ranking while the function can be called: no retain needed.
    Unmanaged<SearchRanking>.fromOpaque(userData)._withUnsafeGuaranteedRef { ranking in
        ranking.score(api, context, result, weights, weightCount, collects: false)
    }
}

private let collectingFunction: fts5_extension_function = { api, context, result, weightCount, weights in
    guard let api, let context, let result, let userData = api.pointee.xUserData(context) else { return }
    Unmanaged<SearchRanking>.fromOpaque(userData)._withUnsafeGuaranteedRef { ranking in
        ranking.score(api, context, result, weights, weightCount, collects: true)
    }
}
