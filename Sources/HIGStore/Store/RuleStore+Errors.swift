import HIGDatabase

/// Errors of the read side: every public query runs in `answering`, so that an SQLite error (a
/// database damaged past its first pages is found only when a query reads them) reaches the
/// caller as the `HIGError` that says what is wrong and what to do. Callers catch one type.
extension RuleStore {
    package func answering<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as SQLiteError {
            throw Self.describe(error)
        }
    }
}
