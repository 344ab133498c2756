/// The blocks of a web Markdown file, each with the lines it stands on: headings (ATX and
/// setext), paragraphs, list items, block quotes, pipe tables, image lines with their caption,
/// fenced code, and lines of markup only (thematic breaks, HTML, link definitions, fences).
///
/// Read line by line, once: a block ends at a blank line or where a line opens another kind of
/// block, so every non-blank line is in exactly one block.
enum WebMarkdownBlock: Equatable {
    case heading(level: Int, raw: String, line: Int, underline: Int?)
    case paragraph(first: Int, last: Int, raw: String)
    case listItem(first: Int, last: Int, indent: Int, raw: String)
    case quote(first: Int, last: Int, raw: [String])
    case table(rows: [WebMarkdownTableRow])
    /// An image alone on its line; `caption` is the last line of the paragraph right under it
    /// (its caption), when one follows it.
    case image(line: Int, raw: String, caption: Int?, captionRaw: String?)
    case code(first: Int, last: Int, raw: [String])
    /// Lines of markup only: `---`, an HTML comment or tag, a link definition, a code fence.
    case markup(first: Int, last: Int)

    var first: Int {
        switch self {
        case .heading(_, _, let line, _), .image(let line, _, _, _): return line
        case .paragraph(let first, _, _), .listItem(let first, _, _, _), .quote(let first, _, _), .code(let first, _, _),
            .markup(let first, _):
            return first
        case .table(let rows): return rows[0].line
        }
    }

    var last: Int {
        switch self {
        case .heading(_, _, let line, let underline): return underline ?? line
        case .image(let line, _, let caption, _): return caption ?? line
        case .paragraph(_, let last, _), .listItem(_, let last, _, _), .quote(_, let last, _), .code(_, let last, _),
            .markup(_, let last):
            return last
        case .table(let rows): return rows[rows.count - 1].line
        }
    }
}

/// One line of a pipe table: its cells as written (markup kept), or a separator row (`| --- |`).
struct WebMarkdownTableRow: Equatable {
    var line: Int
    var cells: [String]
    var isSeparator: Bool
}

extension WebMarkdownBlock {
    /// The blocks of `lines` (line numbers are 1-based), in order.
    static func blocks(_ raw: [String]) -> [WebMarkdownBlock] {
        // Each line is read once; blocks look ahead at the lines after them.
        let lines = Lines(raw: raw, read: raw.map(WebMarkdownLine.init))
        var result: [WebMarkdownBlock] = []
        var index = 0
        if let end = frontMatterEnd(raw) {
            result.append(.markup(first: 1, last: end + 1))
            index = end + 1
        }
        while index < raw.count {
            let line = lines.read[index]
            if line.kind == .blank {
                index += 1
                continue
            }
            let (block, next) = block(at: index, line, lines)
            result.append(block)
            index = max(next, index + 1)
        }
        return result
    }

    /// The index of the line that closes a YAML front matter block opening the file (`---`, then
    /// `title: Alerts`, `source_url: https://…` and the like, then `---` or `...`), as scrapers
    /// of the web HIG write it; nil when the file opens otherwise. Every line between must read
    /// as YAML (a `key: value`, an indented or `- ` continuation, a `#` comment, or blank), so
    /// that a thematic break over prose is never taken for one. Its lines hold no guidance: the
    /// page's own words follow it.
    static func frontMatterEnd(_ raw: [String]) -> Int? {
        guard let first = raw.first, first.trimmingCharacters(in: .whitespaces) == "---" else { return nil }
        for index in raw.indices.dropFirst().prefix(100) {
            let line = raw[index]
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed == "---" || trimmed == "..." { return index > 1 ? index : nil }
            let continues = line.first == " " || line.first == "\t" || trimmed.hasPrefix("- ")
            guard trimmed.isEmpty || trimmed.hasPrefix("#") || continues || isYAMLKey(trimmed) else { return nil }
        }
        return nil
    }

    /// `title: Alerts`, `source_url:`: a key of letters, digits, `_` or `-`, then a colon.
    private static func isYAMLKey(_ line: String) -> Bool {
        guard let colon = line.firstIndex(of: ":") else { return false }
        let key = line[..<colon]
        return !key.isEmpty && key.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }
            && (line.index(after: colon) == line.endIndex || line[line.index(after: colon)] == " ")
    }

    /// The block opening at `index` and the index after it.
    /// The file's lines as written and as read.
    private struct Lines {
        let raw: [String]
        let read: [WebMarkdownLine]
        var count: Int { raw.count }
        subscript(index: Int) -> String { raw[index] }
        subscript(range: Range<Int>) -> ArraySlice<String> { raw[range] }
    }

    private static func block(at index: Int, _ line: WebMarkdownLine, _ lines: Lines) -> (WebMarkdownBlock, Int) {
        let number = index + 1
        switch line.kind {
        case .heading(let level, let raw):
            return (.heading(level: level, raw: raw, line: number, underline: nil), index + 1)
        case .fence(let marker):
            var end = index + 1
            while end < lines.count, !lines.read[end].content.hasPrefix(marker) { end += 1 }
            let inside = Array(lines[min(index + 1, end)..<end])
            if inside.contains(where: { !WebMarkdownLine.isBlank($0) }) {
                // The fences are markup; the code between them is one block of words.
                return (.code(first: number, last: min(end + 1, lines.count), raw: inside), end + 1)
            }
            return (.markup(first: number, last: min(end + 1, lines.count)), end + 1)
        case .markupOnly:
            return (.markup(first: number, last: number), index + 1)
        case .tableRow:
            var rows: [WebMarkdownTableRow] = []
            var end = index
            while end < lines.count, case .tableRow = lines.read[end].kind {
                rows.append(WebMarkdownTableRow(lines[end], line: end + 1))
                end += 1
            }
            return (.table(rows: rows), end)
        case .quote:
            var raw: [String] = []
            var end = index
            while end < lines.count, case .quote(let content) = lines.read[end].kind {
                raw.append(content)
                end += 1
            }
            return (.quote(first: number, last: end, raw: raw), end)
        case .image(let raw):
            // The paragraph right under the image is its caption, however many lines it wraps
            // onto (`*Control toggle in the Dynamic Island` / `performed from the Action button*`).
            if index + 1 < lines.count, case .paragraph = lines.read[index + 1].kind {
                let end = continuation(after: index + 1, lines)
                return (.image(line: number, raw: raw, caption: end, captionRaw: lines[(index + 1)..<end].joined(separator: " ")), end)
            }
            return (.image(line: number, raw: raw, caption: nil, captionRaw: nil), index + 1)
        case .listItem(let content):
            let end = continuation(after: index, lines)
            let raw = ([content] + lines[(index + 1)..<end]).joined(separator: " ")
            return (.listItem(first: number, last: end, indent: line.indent, raw: raw), end)
        case .paragraph:
            if index + 1 < lines.count, let level = WebMarkdownLine.setextLevel(lines[index + 1]) {
                return (.heading(level: level, raw: line.content, line: number, underline: number + 1), index + 2)
            }
            let end = continuation(after: index, lines)
            return (.paragraph(first: number, last: end, raw: lines[index..<end].joined(separator: " ")), end)
        case .blank, .thematicBreak:
            return (.markup(first: number, last: number), index + 1)
        }
    }

    /// The index after the lines that continue a paragraph or list item opened at `index`: the
    /// following lines up to a blank one or one that opens another block. A line with a setext
    /// underline under it opens a heading: converters that drop blank lines glue a heading to
    /// the paragraph above it (a Resources card, then `[Change log](...)` and `-----`), and the
    /// heading is that one line, not the paragraph.
    private static func continuation(after index: Int, _ lines: Lines) -> Int {
        var end = index + 1
        while end < lines.count, case .paragraph = lines.read[end].kind {
            // (A line of glued images and captions stays where it is: its heading is their last words.)
            if end + 1 < lines.count, !FastText.contains("![", in: lines[end]), WebMarkdownLine.setextLevel(lines[end + 1]) != nil { break }
            end += 1
        }
        return end
    }
}

extension WebMarkdownTableRow {
    init(_ raw: String, line: Int) {
        self.line = line
        var content = Substring(raw).drop(while: { $0 == " " || $0 == "\t" })
        if content.hasPrefix("|") { content = content.dropFirst() }
        while let last = content.last, last == " " || last == "\t" { content = content.dropLast() }
        if content.hasSuffix("|"), !content.hasSuffix("\\|") { content = content.dropLast() }
        cells = Self.cells(content)
        isSeparator =
            !cells.isEmpty
            && cells.allSatisfy { cell in
                cell.contains("-") && cell.allSatisfy { $0 == "-" || $0 == ":" || $0 == " " }
            }
    }

    /// Cells split at each `|` that is neither escaped nor inside a code span; an escaped pipe
    /// is a pipe of the cell's words.
    ///
    /// Read on the bytes, code point by code point as GFM reads a row: every mark is ASCII.
    /// Iterating the row's Characters cost some 100,000 instructions a row (2.4% of importing
    /// the bundle: its rows hold long image addresses).
    private static func cells(_ content: Substring) -> [String] {
        let bytes = Array(content.utf8)
        let spans = bytes.contains(UInt8(ascii: "`")) ? codeSpans(bytes) : []
        var cells: [String] = []
        // The cell's bytes before `start`: an escaped pipe splits them.
        var current: [UInt8] = []
        var start = 0
        var span = 0
        for index in bytes.indices where bytes[index] == UInt8(ascii: "|") {
            while span < spans.count, spans[span].upperBound <= index { span += 1 }
            let inCode = span < spans.count && spans[span].contains(index)
            let escaped = index > 0 && bytes[index - 1] == UInt8(ascii: "\\")
            if !inCode, !escaped {
                current += bytes[start..<index]
                cells.append(FastText.trimmingWhitespaces(String(decoding: current, as: UTF8.self)))
                (current, start) = ([], index + 1)
            } else if escaped {
                // As GFM reads `\|`: the backslash only keeps the pipe in the cell.
                current += bytes[start..<(index - 1)]
                start = index
            }
        }
        current += bytes[start...]
        cells.append(FastText.trimmingWhitespaces(String(decoding: current, as: UTF8.self)))
        return cells
    }

    /// The code spans of a row's bytes: from a run of backticks to its partner
    /// (`InlinePartners.backtickPartners`). A run with no partner opens none: it is a backtick
    /// of the words (`Grave accent (`)`, the key), and the pipes after it still divide the cells.
    private static func codeSpans(_ bytes: [UInt8]) -> [Range<Int>] {
        var runs: [(start: Int, length: Int)] = []
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "`") else {
                index += 1
                continue
            }
            let start = index
            while index < bytes.count, bytes[index] == UInt8(ascii: "`") { index += 1 }
            runs.append((start, index - start))
        }
        let partners = InlinePartners.backtickPartners(runs)
        var spans: [Range<Int>] = []
        var next = 0
        while next < runs.count {
            let open = runs[next]
            guard let close = partners[open.start] else {
                next += 1
                continue
            }
            spans.append(open.start..<(close + open.length))
            next = runs.firstIndex { $0.start > close } ?? runs.count
        }
        return spans
    }
}
