/// Escaping for GitHub-flavoured Markdown, so that a rule's words render as written.
package enum MarkdownText {
    /// ASCII punctuation that would otherwise start emphasis, code, links, HTML, entities,
    /// strike-through or a table cell. CommonMark renders a backslash before any ASCII
    /// punctuation as the punctuation itself, so escaping more than needed is harmless.
    static let special: Set<Character> = ["\\", "`", "*", "_", "[", "]", "<", ">", "&", "~", "|"]

    /// Text inside a paragraph or a heading: special characters escaped, line breaks kept.
    package static func inline(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.count)
        for character in text {
            if special.contains(character) { out.append("\\") }
            out.append(character)
        }
        return out
    }

    /// Text inside a table cell: escaped, and line breaks as `<br>` (a raw one would end the row).
    package static func cell(_ text: String) -> String {
        inline(text).split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
            .joined(separator: "<br>")
    }

    /// A table: header, alignment row, one row per entry; every cell escaped.
    package static func table(header: [String], rows: [[String]]) -> String {
        var out = "| " + header.map(cell).joined(separator: " | ") + " |\n"
        out += "|" + String(repeating: " --- |", count: header.count) + "\n"
        for row in rows { out += "| " + row.map(cell).joined(separator: " | ") + " |\n" }
        return out
    }
}
