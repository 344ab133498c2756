/// Reads a whole PDF document converted to Markdown (`full_document.md`) into rules, headings,
/// set-asides and change notes, with each line's place in the conversion's chunk files.
///
/// The stages, each in its own file, settle the lines one kind at a time (`DocumentLines`):
/// page furniture and the outline (`PageFurniture`, `TableOfContents`, `DocumentOutline`),
/// front and back matter (`DocumentMatter`), then the body's tables, figure text and paragraphs
/// split by page breaks (`DocumentText`). What is left is guidance, split into rules by
/// `PDFMarkdownSplitter` as a chunk file is, each heading standing for its whole path.
///
/// A rule joined across a page break cites both halves and the set-aside lines between them;
/// `LineAccounting` counts each of those lines as set aside. Pure: the caller reads the files.
struct PDFDocumentReader {
    let platforms: [String]
    let stripper: MarkupStripper

    func read(_ lines: [String], marked: [MarkedLine], chunks: [ChunkFile]) -> SourceReading {
        var document = DocumentLines(lines: lines, marked: marked, stripper: stripper)
        let outline = DocumentOutline(&document)
        DocumentMatter.setAside(&document, outline: outline)
        DocumentText.readTables(&document)
        DocumentText.markFigureText(&document)
        let joins = DocumentText.joinPageBreaks(&document)

        var reading = SourceReading()
        reading.drafts = drafts(document, joins: joins)
        reading.chunkLines = ChunkAlignment.align(document: lines, chunks: chunks)
        // A rule's chunk is its first line's. A level 1-3 heading line read as text (a list lead
        // the conversion made a heading) is in no chunk: the chunker cut there, so the chunk that
        // starts after it is the one it opened.
        var chunkFrom = [Int?](repeating: nil, count: lines.count + 1)
        for index in lines.indices.reversed() { chunkFrom[index] = reading.chunkLines[index]?.chunk ?? chunkFrom[index + 1] }
        for index in reading.drafts.indices {
            reading.drafts[index].chunk = chunkFrom[reading.drafts[index].lineStart - 1]
        }
        reading.headings = document.paths.sorted { $0.key < $1.key }.map { SectionHeading(line: $0.key + 1, path: $0.value) }
        reading.setAsides = setAsides(document)
        reading.changeNotes = document.changeNotes
        return reading
    }

    /// The splitter reads the body only: a heading stands for its path, every other line it must
    /// not read is blank to it (keeping its page anchors, so pages still count).
    private func drafts(_ document: DocumentLines, joins: [(first: Int, second: Int)]) -> [RuleDraft] {
        var splitter = PDFMarkdownSplitter(platforms: platforms)
        var input: [MarkedLine] = []
        input.reserveCapacity(document.count)
        for index in 0..<document.count {
            var line = document.marked[index]
            switch document.roles[index] {
            case .content:
                line.headingLevel = 0
            case .fixedKind(let kind):
                line.headingLevel = 0
                splitter.fixedKinds[index + 1] = kind
            case .heading:
                line = MarkedLine(number: index + 1)
                line.headingLevel = 1
                line.text = (document.paths[index] ?? []).joined(separator: SectionHeading.separator)
                line.pageMarkers = document.marked[index].pageMarkers
            case .blank, .setAside:
                line = MarkedLine(number: index + 1)
                line.pageMarkers = document.marked[index].pageMarkers
            }
            input.append(line)
        }
        var drafts = splitter.split(input)
        // A paragraph joined across a page break cites its second half too.
        var secondHalf: [Int: Int] = [:]
        for join in joins { secondHalf[join.first + 1] = join.second + 1 }
        for index in drafts.indices {
            for number in drafts[index].lineStart...drafts[index].lineEnd {
                if let second = secondHalf[number] { drafts[index].lineEnd = max(drafts[index].lineEnd, second) }
            }
        }
        return drafts
    }

    /// Runs of lines set aside for the same reason, as ranges.
    private func setAsides(_ document: DocumentLines) -> [SetAside] {
        var result: [SetAside] = []
        for index in 0..<document.count {
            guard case .setAside(let reason) = document.roles[index] else { continue }
            if let last = result.last, last.reason == reason, last.lineEnd == index {
                result[result.count - 1].lineEnd = index + 1
            } else if let last = result.last, last.reason == reason,
                (last.lineEnd..<index).allSatisfy({ document.raw[$0].isEmpty })
            {
                result[result.count - 1].lineEnd = index + 1
            } else {
                result.append(SetAside(lineStart: index + 1, lineEnd: index + 1, reason: reason))
            }
        }
        return result
    }
}
