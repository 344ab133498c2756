/// Turns plain words into an FTS5 expression that cannot fail to parse.
///
/// Each whitespace-separated word becomes a quoted phrase (`don't` → `"don't"`, which the
/// tokenizer reads as the phrase "don t", matching don't and don’t alike); inner quotes are
/// doubled. FTS5 operators a user types (`AND`, `NEAR(`, `*`, `^`, `:`) are thereby plain
/// words. Pieces without a letter or digit carry nothing searchable and are dropped.
public enum SearchExpression {
    public static func words(_ input: String) -> [String] {
        input.split(whereSeparator: \.isWhitespace)
            .map(String.init)
            .filter { $0.contains { $0.isLetter || $0.isNumber } }
    }

    static func phrase(_ word: String) -> String {
        "\"" + word.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// Every word must occur.
    public static func all(_ words: [String]) -> String {
        words.map(phrase).joined(separator: " AND ")
    }

    /// Any word may occur.
    public static func any(_ words: [String]) -> String {
        words.map(phrase).joined(separator: " OR ")
    }
}
