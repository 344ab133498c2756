/// The stages that read the body's text before it becomes rules: tables, figure text and
/// paragraphs a page break split.
enum DocumentText {
    /// Each row of a pipe table is a line of words: its cells, `<br>` read as a space, joined by
    /// " — ". The separator row (`|---|---|`) is the converter's; a row of images only is an
    /// image; a row whose cells hold no word, only numbers and symbols ("12 13", "1 — 16": the
    /// values of a timer's picker read out of a 2014 screenshot), says nothing a reader could take
    /// as guidance and is set aside (`.tableNumbers`): with no label beside them, the numbers do not
    /// say what they count. A row with a word keeps its numbers ("0 hours — 15 min").
    static func readTables(_ lines: inout DocumentLines) {
        for index in 0..<lines.count where lines.isOpen(index) && lines.isTableRow(index) {
            let raw = lines.raw[index]
            if raw.allSatisfy({ "|-: ".contains($0) }) {
                lines.roles[index] = .setAside(.converterChrome)
                continue
            }
            let cells = raw.split(separator: "|").map { lines.clean(withoutBulletLines($0)) }.filter { !$0.isEmpty }
            if cells.isEmpty {
                lines.roles[index] = .setAside(raw.contains("![") ? .image : .converterChrome)
                continue
            }
            if !cells.contains(where: { $0.contains(where: \.isLetter) }) {
                lines.roles[index] = .setAside(.tableNumbers)
                continue
            }
            var line = MarkedLine(number: index + 1)
            line.text = cells.joined(separator: " — ")
            line.pageMarkers = lines.marked[index].pageMarkers
            line.repairs = lines.marked[index].repairs
            lines.marked[index] = line
        }
        // `<br>` outside a table is a line break inside a paragraph.
        for index in 0..<lines.count
        where lines.isOpen(index) && !lines.isTableRow(index) && FastText.contains("<br>", in: lines.raw[index]) {
            var line = lines.stripper.mark(lines.raw[index].replacingOccurrences(of: "<br>", with: " "), number: index + 1)
            line.headingLevel = lines.marked[index].headingLevel
            lines.marked[index] = line
        }
    }

    /// A table cell without its lines (between `<br>`s) that are a bullet marker alone: the
    /// conversion moved a list's bullet into the cell beside its words ("Is<br>transparent<br>●",
    /// 2014: the status bar "Is transparent", then "● Always appears at the upper edge of the
    /// device screen" under the table). Its table's columns are the labels of a screenshot
    /// ("Default (dark) content", "Light content"), so the ● marks no column: it is a bullet,
    /// markup as a bullet opening a line is, and not a word of the cell.
    static func withoutBulletLines(_ cell: Substring) -> String {
        guard FastText.contains("<br>", in: cell) else { return String(cell) }
        return cell.components(separatedBy: "<br>")
            .filter { piece in
                let scalars = piece.unicodeScalars.filter { !$0.properties.isWhitespace }
                return !(scalars.count == 1 && MarkupStripper.bulletScalars.contains(scalars[scalars.startIndex]))
            }
            .joined(separator: "<br>")
    }

    /// Short lines with no sentence end next to an image, a figure's caption (`**Figure 1-1**
    /// ...`) or another such line are the words of the figure: "On Off" beside a switch,
    /// "**Application** Top level Detail level" above Figure 1-1 of 2008.
    static func markFigureText(_ lines: inout DocumentLines) {
        func isLabel(_ index: Int) -> Bool {
            let line = lines.marked[index]
            guard lines.isOpen(index), line.headingLevel == 0, !line.isBullet, !lines.isTableRow(index),
                !isCaption(index), let last = line.text.last, !".!?:;,".contains(last)
            else { return false }
            return line.text.split(separator: " ").count <= 8
        }
        func isCaption(_ index: Int) -> Bool {
            lines.isOpen(index) && lines.marked[index].boldLead.map(RuleClassifier.isFigureLabel) == true
        }
        func touchesFigure(_ neighbour: Int?) -> Bool {
            guard let neighbour else { return false }
            return lines.isImage(neighbour) || lines.roles[neighbour] == .fixedKind(.figure) || isCaption(neighbour)
        }
        // Forward then backward, so a run of labels next to one image is caught whole.
        for index in 0..<lines.count where isLabel(index) && touchesFigure(lines.previousNonBlank(before: index)) {
            lines.roles[index] = .fixedKind(.figure)
        }
        for index in (0..<lines.count).reversed() where isLabel(index) && touchesFigure(lines.nextNonBlank(after: index)) {
            lines.roles[index] = .fixedKind(.figure)
        }
    }

    /// A paragraph a page break cut in two: the first half ends with no sentence end, the second
    /// starts with a word all in lowercase, and only blank lines or set-aside lines (a page
    /// anchor, a footer, a running head, an image) stand between. The conversions also cut a few
    /// paragraphs with nothing but a blank line between (2014, line 820: "... or tint" / "color.
    /// If you ..."): the same test joins them. The second half's words join the first line;
    /// returns the pairs (first, second) joined, as line indices.
    static func joinPageBreaks(_ lines: inout DocumentLines) -> [(first: Int, second: Int)] {
        var joins: [(first: Int, second: Int)] = []
        var index = 0
        while index < lines.count {
            defer { index += 1 }
            guard lines.isOpen(index), lines.marked[index].headingLevel == 0, let last = lines.marked[index].text.last,
                !".!?:\"”)".contains(last)
            else { continue }
            var next = index + 1
            while next < lines.count, lines.roles[next] != .content {
                if case .setAside = lines.roles[next] {} else if lines.roles[next] != .blank { break }
                next += 1
            }
            guard next < lines.count, lines.isOpen(next), lines.marked[next].headingLevel == 0, !lines.marked[next].isBullet,
                !lines.isTableRow(next), !lines.isTableRow(index), !isCaption(lines, index),
                opensInLowercase(lines.marked[next].text)
            else { continue }
            lines.marked[index].text += " " + lines.marked[next].text
            lines.marked[index].repairs += lines.marked[next].repairs
            lines.marked[next].text = ""
            lines.roles[next] = .blank
            joins.append((index, next))
            index = next - 1
        }
        return joins
    }

    /// "screen of an app.": the first word all lowercase ("iPhone", "iOS" are names that open
    /// sentences).
    static func opensInLowercase(_ text: String) -> Bool {
        guard let first = text.split(separator: " ").first, first.first?.isLowercase == true else { return false }
        return !first.contains { $0.isUppercase }
    }

    /// `**Figure 6-11** A badge conveys information in a tab bar`: a caption has no sentence end
    /// and continues in no paragraph.
    static func isCaption(_ lines: DocumentLines, _ index: Int) -> Bool {
        lines.marked[index].boldLead.map(RuleClassifier.isFigureLabel) == true
    }
}
