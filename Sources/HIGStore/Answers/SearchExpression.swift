import HIGText

/// Turns plain words into an FTS5 expression that cannot fail to parse.
///
/// Each whitespace-separated word becomes a quoted phrase (`don't` → `"don't"`, which the
/// tokenizer reads as the phrase "don t", matching don't and don’t alike); inner quotes are
/// doubled. FTS5 operators a user types (`AND`, `NEAR(`, `*`, `^`, `:`) are thereby plain
/// words. Pieces without a letter or digit carry nothing searchable and are dropped.
///
/// A search's cost grows with its words (each is a list of rules read and counted at every
/// match), so a search is bounded far beyond what a person types: `maxBytes` bytes, and
/// `maxWords` different words (for `--raw`, terms, operators included). A repeated word, or one
/// that folds to the same terms ("Cancel cancelled"), is searched once: it can add nothing.
public enum SearchExpression {
    /// The longest search, in UTF-8 bytes: a dozen sentences.
    public static let maxBytes = 1_000
    /// The most different words (or, `--raw`, terms) a search may hold.
    public static let maxWords = 64

    public static func words(_ input: String) -> [String] {
        input.split(whereSeparator: \.isWhitespace)
            .map(String.init)
            .filter { $0.contains { $0.isLetter || $0.isNumber } }
    }

    /// Refuses a search longer than `maxBytes`, before anything reads it.
    static func checkLength(_ input: String) throws(HIGError) {
        let bytes = input.utf8.count
        guard bytes <= maxBytes else { throw .searchTooLong(input, bytes: bytes, limit: maxBytes) }
    }

    /// `words` without the ones whose terms (`fold`) an earlier word already has, in order;
    /// refused past `maxWords`.
    static func distinct(_ words: [String], of input: String, fold: (String) -> [String]) throws(HIGError) -> [String] {
        var seen = Set<[String]>()
        let distinct = words.filter { seen.insert(fold($0)).inserted }
        guard distinct.count <= maxWords else { throw .searchTooManyWords(input, words: distinct.count, limit: maxWords) }
        return distinct
    }

    /// The word as an FTS5 string: in quotes, each quote doubled. Scalar by scalar, as FTS5
    /// reads it (a quote followed by a combining mark is still a quote to FTS5), and without
    /// Foundation's bridged `replacingOccurrences`, whose first call is set-up work that a
    /// `hig search` process would otherwise do for this alone.
    static func phrase(_ word: String) -> String {
        var quoted = "\""
        for scalar in word.unicodeScalars {
            if scalar == "\"" { quoted.unicodeScalars.append(scalar) }
            quoted.unicodeScalars.append(scalar)
        }
        quoted.unicodeScalars.append("\"")
        return quoted
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
