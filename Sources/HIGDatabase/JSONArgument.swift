import Foundation

/// Many strings as one argument: a JSON array, which a query reads with `json_each(?)` instead
/// of an `IN (?, ?, …)` built for each count.
public enum JSONArgument {
    public static func array(_ values: [String]) throws -> String {
        String(decoding: try JSONEncoder().encode(values), as: UTF8.self)
    }
}
