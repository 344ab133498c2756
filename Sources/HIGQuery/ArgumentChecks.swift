import ArgumentParser
import HIGLineage
import HIGStore
import HIGText

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

    /// `--candidates N` of `hig diff`, `hig evolution` and `hig export`: how many likely
    /// counterparts per rule.
    static let candidateRange = 1...CounterpartCandidates.mostPerRule

    /// The range as help and errors say it.
    static let candidateRangeText = "\(candidateRange.lowerBound) to \(candidateRange.upperBound)"

    static func candidateCount(_ value: Int?) throws {
        if let value, !candidateRange.contains(value) {
            throw ValidationError("--candidates takes \(candidateRangeText) (how many likely counterparts per rule), not \(value)")
        }
    }

    /// The options a command takes several times, each time one more value (`hig topics
    /// --edition A --edition B`: a column for each).
    static let repeatableOptions: [String: Set<String>] = ["topics": ["--edition"]]

    /// The first option given twice, before any `--`: the argument parser would keep the last
    /// value and drop the other silently (`--section A --section B` is rules under B alone).
    /// Only the options of `repeatableOptions` take several values.
    static func repeatedOption(in arguments: [String]) -> String? {
        let shortNames = ["-o": "--output", "-h": "--help"]
        let options = arguments.prefix(while: { $0 != "--" })
        // The command: the first word that is neither an option nor the value of --db.
        let command = options.indices.first { index in
            !options[index].hasPrefix("-") && (index == options.startIndex || options[index - 1] != "--db")
        }.map { options[$0] }
        let repeatable = command.flatMap { repeatableOptions[$0] } ?? []
        var seen: Set<String> = []
        for argument in options where argument.hasPrefix("-") && argument.count > 1 {
            let name = shortNames[argument] ?? String(argument.prefix { $0 != "=" })
            guard name.hasPrefix("--"), !repeatable.contains(name) else { continue }
            if !seen.insert(name).inserted { return name }
        }
        return nil
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
