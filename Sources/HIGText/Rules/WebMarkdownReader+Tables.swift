/// Pipe tables of a web Markdown page.
///
/// The header row and the separator row under it are no rules: they are set aside as
/// `.tableHeader` (a table's header names its columns; it is not a section, so it is no heading).
/// Each other row is a rule: its cells' words joined by " — ", under the paragraph that
/// introduces the table. A row's platforms narrow where the row says which: a cell that is a list
/// of platforms ("iOS, iPadOS", moved to the end of the row's words in parentheses, as the
/// web-text reader writes it), or the columns headed by platform names that the row marks (`●`,
/// `✓`) or fills.
extension WebMarkdownReader.Walk {
    mutating func table(_ rows: [WebMarkdownTableRow]) {
        var body = rows[...]
        var columnPlatforms: [[String]?] = []
        if rows.count >= 2, rows[1].isSeparator {
            columnPlatforms = rows[0].cells.map { Platforms.heading(WebMarkdownInline.clean($0)) }
            setAside(rows[0].line, rows[1].line, .tableHeader)
            body = rows.dropFirst(2)
        }
        for row in body {
            if row.isSeparator {
                setAside(row.line, row.line, .tableHeader)
                continue
            }
            tableRow(row, columnPlatforms: columnPlatforms)
        }
    }

    private mutating func tableRow(_ row: WebMarkdownTableRow, columnPlatforms: [[String]?]) {
        var words: [String] = []
        var named: [String] = []
        var narrowed: [String] = []
        for (column, cell) in row.cells.map(WebMarkdownInline.clean).enumerated() {
            guard !cell.isEmpty, !Self.emptyCells.contains(cell) else { continue }
            let headedBy = column < columnPlatforms.count ? columnPlatforms[column] : nil
            if Self.marks.contains(cell) {
                narrowed += headedBy ?? []
            } else if let listed = Platforms.heading(cell) {
                named += listed
                narrowed += listed
            } else {
                words.append(cell)
                narrowed += headedBy ?? []
            }
        }
        guard !words.isEmpty || !named.isEmpty else {
            setAside(row.line, row.line, .tableHeader)
            return
        }
        var text = words.joined(separator: " — ")
        if !named.isEmpty { text += (text.isEmpty ? "" : " ") + "(\(named.joined(separator: ", ")))" }
        var rowPlatforms: [String] = []
        for platform in narrowed where !rowPlatforms.contains(platform) { rowPlatforms.append(platform) }
        builder.add(
            marked(row.line, text), title: nil, parent: listOwner, section: section, page: nil,
            platforms: rowPlatforms.isEmpty ? scope : rowPlatforms)
    }

    /// Cells that say a row has the column's property.
    static let marks: Set<String> = ["●", "•", "✓", "✔", "✔︎", "☑", "✅"]
    /// Cells that say nothing.
    static let emptyCells: Set<String> = ["—", "–", "-"]
}
