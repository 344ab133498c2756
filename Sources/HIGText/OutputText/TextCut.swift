/// Words a reader can trust: counts with the right plural, and text cut between words with a
/// visible "…" rather than in the middle of one.
public enum TextCut {
    /// `1 rule`, `2 rules`; `plural` for nouns that do not take an s.
    public static func count(_ n: Int, _ noun: String, plural: String? = nil) -> String {
        "\(n) \(n == 1 ? noun : plural ?? noun + "s")"
    }

    /// `text` when it has at most `limit` characters, else its longest run of whole words that
    /// fits with "…" after it (a trailing comma, colon, dot or dash dropped); a first word longer than the limit
    /// is cut inside, still with "…".
    public static func words(_ text: String, limit: Int) -> String {
        guard text.count > limit else { return text }
        guard limit > 1 else { return "…" }
        let room = text.prefix(limit - 1)
        // The room ends between words when the character after it is a space.
        let endsAtWord = text[room.endIndex].isWhitespace
        var kept = endsAtWord ? room[...] : room[..<(room.lastIndex(where: \.isWhitespace) ?? room.startIndex)]
        while let last = kept.last, last.isWhitespace || ",;:.—–-".contains(last) {
            kept = kept.dropLast()
        }
        return (kept.isEmpty ? String(room) : String(kept)) + "…"
    }

    /// `text` broken between words into lines of at most `width` characters (a word longer than
    /// that stands alone on its line); unchanged when `width` is nil.
    public static func wrapped(_ text: String, width: Int?) -> String {
        guard let width else { return text }
        var lines: [String] = []
        var line = ""
        let ending = text.hasSuffix("\n") ? "\n" : ""
        for word in text.dropLast(ending.count).split(separator: " ", omittingEmptySubsequences: true) {
            if !line.isEmpty, line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines.joined(separator: "\n") + ending
    }
}
