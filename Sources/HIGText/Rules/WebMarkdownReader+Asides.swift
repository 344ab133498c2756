/// Block quotes of a web Markdown page: asides set apart by a label (`> **Note**`, `> **Important**`,
/// `> **Tip**`, `> **Developer note**`, or `> **Note:** words` on one line), and the change note
/// Apple puts right under a page's title.
extension WebMarkdownReader.Walk {
    mutating func quote(_ first: Int, _ last: Int, _ raw: [String], opening: Bool) {
        var lines = raw.map { FastText.trimmingWhitespaces($0) }.filter { !$0.isEmpty }
        var label: String?
        if let top = lines.first, let lead = WebMarkdownInline.boldLead(top) {
            let topText = WebMarkdownInline.clean(top)
            if topText.count <= lead.count + 1 {
                label = Self.title(lead)
                lines.removeFirst()
            } else if Self.isAsideLabel(lead) {
                label = Self.title(lead)
                lines[0] = Self.withoutLead(top)
            }
        }
        let body = WebMarkdownInline.clean(lines.joined(separator: " "))
        if opening, label?.lowercased() == "note" {
            // The note of the page's last change: kept as a change note, dated by the change log
            // row that holds the same words (the row's note stands for both).
            setAside(first, last, .changeLog)
            openingNote = ChangeNote(lineStart: first, lineEnd: last, date: nil, text: body)
            return
        }
        let text = body.isEmpty ? (label ?? "") : body
        guard !text.isEmpty else {
            setAside(first, last, .converterChrome)
            return
        }
        builder.add(
            marked(first, text), title: label, parent: nil, section: section, page: nil, platforms: scope,
            lineEnd: last, kind: .note)
    }

    /// The labels of asides, which may open a quote's first line with words after them.
    static func isAsideLabel(_ lead: String) -> Bool {
        // A scalar that lowercases to one ASCII letter takes three bytes at most (the Kelvin sign),
        // so a lead of more bytes than three per letter of the longest label and its "." is none;
        // most leads are sentences, and lowercasing each cost more than reading the paragraph.
        guard lead.utf8.count <= asideLabelBytes else { return false }
        return asideLabels.contains((title(lead) ?? "").lowercased())
    }

    private static let asideLabels = ["note", "important", "tip", "developer note", "warning", "caution"]
    private static let asideLabelBytes = 3 * (asideLabels.map(\.count).max()! + 1)

    /// `**Note:** Words` without its bold lead.
    static func withoutLead(_ line: String) -> String {
        let scalars = Array(line.unicodeScalars)
        var index = 2
        while index + 1 < scalars.count, !(scalars[index] == scalars[0] && scalars[index + 1] == scalars[0]) { index += 1 }
        return String(String.UnicodeScalarView(scalars[min(index + 2, scalars.count)...]))
    }

    /// A block of a "Change log" section: its table's rows are change notes; every line is set
    /// aside as change log.
    mutating func changeLog(_ block: WebMarkdownBlock) {
        setAside(block.first, block.last, .changeLog)
        guard case .table(let rows) = block else { return }
        let body = rows.count >= 2 && rows[1].isSeparator ? rows.dropFirst(2) : rows[...]
        for row in body where !row.isSeparator {
            let cells = row.cells.map(WebMarkdownInline.clean)
            guard let date = cells.first, cells.count >= 2 else { continue }
            let text = cells.dropFirst().filter { !$0.isEmpty }.joined(separator: " ")
            reading.changeNotes.append(
                ChangeNote(lineStart: row.line, lineEnd: row.line, date: ChangeLogDate.iso(date), text: text))
        }
    }
}
