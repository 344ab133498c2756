import Foundation
import HIGStore
import HIGText

/// Rules as JSON (the public contract), CSV (RFC 4180) and Markdown tables.
public enum RuleFormatter {
    /// The columns of every format that has columns, in order.
    public static let columns = [
        "id", "edition", "section", "kind", "topics", "platforms", "title", "text",
        "source", "page", "chunk", "previous", "change",
    ]

    public static func json(_ rules: [RuleRecord]) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(rules), as: UTF8.self) + "\n"
    }

    static func cells(_ rule: RuleRecord) -> [String] {
        [
            rule.id, rule.edition, rule.section ?? "", rule.kind.rawValue, rule.topics.joined(separator: "; "),
            rule.platforms.joined(separator: "; "), rule.title ?? "", rule.text, rule.source.citation,
            rule.source.page.map(String.init) ?? "", rule.source.chunk.map(String.init) ?? "",
            rule.previous.joined(separator: "; "), rule.change ?? "",
        ]
    }

    /// RFC 4180: CRLF line ends; a field with a comma, quote or line break is quoted, quotes doubled.
    ///
    /// A spreadsheet reads a cell that starts with `=`, `+`, `-` or `@` (or a tab or carriage
    /// return before one) as a formula, and a rule's words come from documents hig does not
    /// control: `=HYPERLINK(...)` would become a live link. Such a cell gets a leading
    /// apostrophe, the guard OWASP describes for CSV injection, unless `rawFormulas` asks for the
    /// text as it is.
    public static func csv(_ rules: [RuleRecord], rawFormulas: Bool = false) -> String {
        func field(_ value: String) -> String {
            let value = rawFormulas ? value : neutralisingFormula(value)
            guard value.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return value }
            return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        }
        var out = columns.joined(separator: ",") + "\r\n"
        for rule in rules { out += cells(rule).map(field).joined(separator: ",") + "\r\n" }
        return out
    }

    /// The characters that make a spreadsheet read a cell as a formula when they open it.
    static let formulaOpenings: Set<Unicode.Scalar> = ["=", "+", "-", "@", "\t", "\r"]

    /// `value` with an apostrophe in front when a spreadsheet would read it as a formula.
    static func neutralisingFormula(_ value: String) -> String {
        guard let first = value.unicodeScalars.first, formulaOpenings.contains(first) else { return value }
        return "'" + value
    }

    /// A GitHub-flavoured Markdown table; characters Markdown would read as markup are
    /// backslash-escaped, line breaks inside cells become `<br>`.
    public static func markdown(_ rules: [RuleRecord]) -> String {
        MarkdownText.table(header: columns, rows: rules.map(cells))
    }
}
