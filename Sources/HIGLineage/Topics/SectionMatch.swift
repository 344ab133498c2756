/// What `--section TEXT` matches: the rules whose section path holds TEXT as whole headings.
///
/// A section path is its headings joined by ` › ` (`Tab bars › Platform considerations ›
/// visionOS`; `iOS UI Element Usage Guidelines › Bars › Tab Bar › Guidelines`). TEXT matches
/// one heading or a run of consecutive headings of it, anywhere in the path, whole headings
/// only, ASCII letters in any case: `"tab bars"` matches every section of the Tab bars page,
/// `"Bars › Tab Bar"` (or `"Bars > Tab Bar"`) the 2011 chapter's tab bar sections and not its
/// "Tab Bar Icons", `"visionOS"` the visionOS sections of every page. A section heading is what
/// `hig sections` lists, so what it prints can be typed back.
public enum SectionMatch {
    public static let separator = " › "

    /// TEXT with its headings separated as paths are (`>` accepted for `›`) and its white space
    /// collapsed.
    public static func normalized(_ typed: String) -> String {
        typed.replacingOccurrences(of: "›", with: ">")
            .split(separator: ">")
            .map { $0.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
            .filter { !$0.isEmpty }
            .joined(separator: separator)
    }

    /// The LIKE pattern (escape character `\`) that `' › ' || section || ' › '` matches when the
    /// section holds TEXT's headings (SQLite's LIKE ignores the case of ASCII letters). TEXT's
    /// own `%`, `_` and `\` are escaped: they match themselves.
    public static func likePattern(_ typed: String) -> String {
        var escaped = ""
        for character in normalized(typed) {
            if character == "%" || character == "_" || character == "\\" { escaped.append("\\") }
            escaped.append(character)
        }
        return "%" + separator + escaped + separator + "%"
    }

    /// The same test in Swift, for what is not in the database (and the tests): whether `path`
    /// holds TEXT's headings.
    public static func matches(path: String?, _ typed: String) -> Bool {
        guard let path else { return false }
        let wanted = normalized(typed)
        guard !wanted.isEmpty else { return false }
        return (separator + path + separator).lowercasedASCII.contains(separator + wanted.lowercasedASCII + separator)
    }

    /// The SQL condition on a rule `r` with the pattern bound as parameter `?index` (NULL: every
    /// rule passes).
    package static func condition(parameter index: Int) -> String {
        "(?\(index) IS NULL OR (' › ' || r.section || ' › ') LIKE ?\(index) ESCAPE '\\')"
    }
}

extension String {
    /// ASCII letters lowercased, every other character kept: what SQLite's LIKE ignores.
    fileprivate var lowercasedASCII: String {
        String(String.UnicodeScalarView(unicodeScalars.map { ("A"..."Z").contains($0) ? Unicode.Scalar($0.value + 32)! : $0 }))
    }
}
