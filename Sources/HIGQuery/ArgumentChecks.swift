import ArgumentParser
import HIGStore

/// Checks of argument values that need nothing but the value, made while the arguments are
/// parsed, so that a mistake is named before any database is opened.
enum ArgumentChecks {
    struct NotAPositiveInteger: Error, CustomStringConvertible {
        let description = "it must be a positive integer, e.g. 10"
    }

    /// `--limit N`: a whole number of 1 or more. Read as an option's value even when it starts
    /// with `-` (with `parsing: .unconditional`), so that `--limit -1` is refused for what it
    /// is, not as a missing value.
    static func positiveInteger(_ text: String) throws -> Int {
        guard let value = Int(text), value >= 1 else { throw NotAPositiveInteger() }
        return value
    }

    /// `--candidates N` of `hig diff` and `hig evolution`: how many likely counterparts per rule.
    static func candidateCount(_ value: Int?) throws {
        if let value, !(1...20).contains(value) {
            throw ValidationError("--candidates takes 1 to 20 (how many likely counterparts per rule), not \(value)")
        }
    }

    /// The library's error inside an argument parser's error: a check in `validate()` that
    /// throws a `HIGError` is wrapped by the parser, and is printed as the library says it.
    static func higError(in error: any Error, depth: Int = 0) -> HIGError? {
        if let error = error as? HIGError { return error }
        guard depth < 4 else { return nil }
        for child in Mirror(reflecting: error).children {
            if let inner = child.value as? any Error, let found = higError(in: inner, depth: depth + 1) { return found }
        }
        return nil
    }
}
