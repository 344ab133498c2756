/// Where each line of a whole PDF document stands in its chunk files.
///
/// The chunk files are not a byte copy of the document: the converter dropped every level 1-3
/// heading line, every blank line and all indentation, and ended most lines with two spaces
/// (measured on the archive: `../shared/archive/README.md`). Compared trimmed, the remaining
/// lines are the document's, in order, line for line: 1,067 to 1,811 of them in the iPhone and
/// iOS documents, with no mismatch. Where a later conversion differs, the alignment skips the
/// line on the side that has an extra one and carries on, so one stray line costs one line.
enum ChunkAlignment {
    /// Indexed by document line number - 1; nil for a line in no chunk.
    static func align(document lines: [String], chunks: [ChunkFile]) -> [ChunkLine?] {
        var result = [ChunkLine?](repeating: nil, count: lines.count)
        let documentLines = lines.indices.compactMap { index -> (index: Int, text: Substring)? in
            let text = trimmed(lines[index])
            return text.isEmpty || isChunkedAway(text) ? nil : (index, text)
        }
        var chunkLines: [(chunk: ChunkLine, text: Substring)] = []
        for chunk in chunks.sorted(by: { $0.number < $1.number }) {
            for (offset, line) in chunk.lines.enumerated() {
                let text = trimmed(line)
                if text.isEmpty || (offset == 0 && text.hasPrefix("<!-- Chunk")) { continue }
                chunkLines.append((ChunkLine(chunk: chunk.number, line: offset + 1), text))
            }
        }
        var d = 0
        var c = 0
        while d < documentLines.count, c < chunkLines.count {
            if documentLines[d].text == chunkLines[c].text {
                result[documentLines[d].index] = chunkLines[c].chunk
                d += 1
                c += 1
                continue
            }
            // Out of step: skip the side whose next lines meet the other's current one soonest.
            let ahead = lookahead
            if let skip = (1...ahead).first(where: { c + $0 < chunkLines.count && chunkLines[c + $0].text == documentLines[d].text }) {
                c += skip
            } else if let skip = (1...ahead).first(where: {
                d + $0 < documentLines.count && documentLines[d + $0].text == chunkLines[c].text
            }) {
                d += skip
            } else {
                d += 1
                c += 1
            }
        }
        return result
    }

    /// How far the alignment looks for the line it lost.
    static let lookahead = 8

    /// A level 1-3 ATX heading: the chunker cut there and kept the line in no chunk.
    static func isChunkedAway(_ text: Substring) -> Bool {
        var hashes = 0
        for character in text {
            if character == "#" { hashes += 1; continue }
            return (1...3).contains(hashes) && (character == " " || character == "\t")
        }
        return (1...3).contains(hashes)
    }

    static func trimmed(_ line: String) -> Substring {
        var text = Substring(line)
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" || last == "\r" { text = text.dropLast() }
        return text
    }
}
