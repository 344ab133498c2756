/// The ids of an edition's rules as one range of strings, to read them by a key's range: every
/// id of edition E is "E-" and hex digits (`RuleIdentifier`), so they all lie in ["E-", "E.")
/// ("." follows "-"), in SQLite's byte order as in Swift's (ids are ASCII).
package struct RuleIDRange: Sendable, Equatable {
    package let lower: String
    package let upper: String

    /// Ranges, in order and disjoint, that hold every rule id of `editions`. They may hold ids
    /// of other editions too, whose ids begin the same way ("web-2022-23-…" lies in the range
    /// of "web-2022"): keep an id by `RuleIdentifier.edition(of:)`.
    package static func covering(_ editions: Set<String>) -> [RuleIDRange] {
        var prefixes: [String] = []
        // Sorted, a prefix comes before every string it begins, and those follow it at once.
        for prefix in editions.map({ $0 + "-" }).sorted() where !(prefixes.last.map(prefix.hasPrefix) ?? false) {
            prefixes.append(prefix)
        }
        return prefixes.map { RuleIDRange(lower: $0, upper: $0.dropLast() + ".") }
    }
}
