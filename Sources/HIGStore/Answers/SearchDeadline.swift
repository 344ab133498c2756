import CSQLite
import Foundation
import HIGDatabase

/// Stops a search that runs longer than `limit`: a backstop behind `SearchExpression`'s bounds,
/// for an expensive query no bound foresaw (a `--raw` prefix such as `a*` over a large index).
///
/// SQLite calls a progress handler every `interval` virtual-machine steps of the connection's
/// statements; it returns non-zero once the deadline has passed, and SQLite ends the statement
/// with `SQLITE_INTERRUPT`, which `RuleStore.search` turns into `HIGError.searchTooSlow`.
/// Ranking a match takes a few steps, so the check runs every few hundred matches, and costs a
/// clock read.
final class SearchDeadline {
    /// Virtual-machine steps between two looks at the clock.
    static let interval: Int32 = 1_000

    private let deadline: ContinuousClock.Instant
    private(set) var expired = false

    private init(limit: Duration) {
        deadline = .now + limit
    }

    /// Runs `body` with the handler installed on `db`'s connection, and removes it after.
    static func run<T>(on db: Database, limit: Duration, _ body: (SearchDeadline) throws -> T) rethrows -> T {
        let deadline = SearchDeadline(limit: limit)
        let pointer = Unmanaged.passRetained(deadline)
        sqlite3_progress_handler(
            db.handle, interval,
            { context in
                guard let context else { return 0 }
                let deadline = Unmanaged<SearchDeadline>.fromOpaque(context).takeUnretainedValue()
                if ContinuousClock.now >= deadline.deadline { deadline.expired = true }
                return deadline.expired ? 1 : 0
            }, pointer.toOpaque())
        defer {
            sqlite3_progress_handler(db.handle, 0, nil, nil)
            pointer.release()
        }
        return try body(deadline)
    }
}
