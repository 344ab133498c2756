import Foundation

/// Where a rule starts: a file of its edition (index into `RenderedEdition.files`) and a 1-based line.
struct Position: Hashable, Comparable, Sendable {
    let file: Int
    let line: Int

    static func < (a: Position, b: Position) -> Bool { (a.file, a.line) < (b.file, b.line) }
}

/// What writing one edition produced.
struct RenderedEdition: Sendable {
    struct File: Sendable {
        /// Relative to the editions folder.
        let path: String
        let chunk: Int?
        let rules: Int
    }

    var files: [File] = []
    var positions: [Int: Position] = [:]
    /// Glued word pairs written (PDF-derived editions); `hig` should repair each once.
    var glued = 0
    var bytes = 0
}

/// The two source forms of the seeds, written from an edition's model.
enum SourceForm: String, Sendable, Codable {
    case pdfMarkdown = "pdf-markdown"
    case webText = "web-text"
}

/// Writes an edition's files in one of the two forms, one file per group of sections of about
/// `rulesPerFile` rules, recording where each rule starts.
struct Renderer {
    let form: SourceForm
    let editionID: String
    let document: String
    let rulesPerFile: Int
    var rng: SplitMix64
    let glue: Glue

    /// Writes the edition into `folder/<editionID>/` and returns where each rule went.
    mutating func write(_ edition: EditionModel, into folder: URL) throws -> RenderedEdition {
        let directory = folder.appending(path: editionID)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var result = RenderedEdition()
        var page = rng.int(in: 10...60)
        var linesLeftOnPage = rng.int(in: 5...14)
        var chunk = rng.int(in: 20...90)
        var group: [Section] = []
        var groupRules = 0

        func flush() throws {
            guard !group.isEmpty else { return }
            let name =
                form == .pdfMarkdown
                ? "\(editionID)/chunk-\(String(format: "%03d", chunk)).md"
                : "\(editionID)/page-\(String(format: "%03d", result.files.count + 1)).txt"
            var lines: [String] = []
            let fileIndex = result.files.count
            switch form {
            case .pdfMarkdown:
                lines.append("")  // the chunk comment, written last (it counts the tokens)
                for section in group {
                    pdfSection(
                        section, into: &lines, file: fileIndex, page: &page, linesLeftOnPage: &linesLeftOnPage,
                        result: &result)
                }
                let words = lines.dropFirst().reduce(0) { $0 + $1.split(separator: " ").count }
                lines[0] = "<!-- Chunk \(chunk) | Source: \(document) | Est. Tokens: \(words * 4 / 3) -->"
            case .webText:
                for section in group { webSection(section, into: &lines, file: fileIndex, result: &result) }
            }
            let text = lines.joined(separator: "\n") + "\n"
            let data = Data(text.utf8)
            try data.write(to: folder.appending(path: name))
            result.bytes += data.count
            result.files.append(.init(path: name, chunk: form == .pdfMarkdown ? chunk : nil, rules: groupRules))
            chunk += 1
            group = []
            groupRules = 0
        }

        for section in edition.sections {
            group.append(section)
            groupRules += section.ruleCount
            if groupRules >= rulesPerFile { try flush() }
        }
        try flush()
        return result
    }

    // MARK: - PDF-derived Markdown

    private mutating func pdfSection(
        _ section: Section, into lines: inout [String], file: Int, page: inout Int,
        linesLeftOnPage: inout Int, result: inout RenderedEdition
    ) {
        lines.append((rng.chance(0.7) ? "## " : "### ") + section.title)
        for rule in section.rules {
            for member in rule.flattened {
                var line = pdfLine(member, glued: &result.glued)
                linesLeftOnPage -= 1
                if linesLeftOnPage <= 0 {
                    // A page break: an anchor alone, an anchor before the rule's words, or an image.
                    page += 1
                    linesLeftOnPage = rng.int(in: 5...14)
                    switch rng.below(5) {
                    case 0, 1: lines.append("<span id=\"page-\(page)-0\"></span>")
                    case 2, 3: line = "<span id=\"page-\(page)-\(rng.below(3))\"></span>" + line
                    default: lines.append("![](images/_page_\(page)_Picture_\(rng.int(in: 1...12)).jpeg)")
                    }
                }
                lines.append(line)
                result.positions[member.uid] = Position(file: file, line: lines.count)
                if member.role == .paragraph && rng.chance(0.03) {
                    lines.append("![](images/_page_\(page)_Picture_\(rng.int(in: 1...12)).jpeg)")
                }
                if rng.chance(0.02) { lines.append("") }
            }
        }
    }

    /// One rule as the PDF conversion writes it: bold lead, bullet marker, a trailing line
    /// break ("  ") on most paragraphs, and now and then two words run together.
    private mutating func pdfLine(_ rule: Rule, glued: inout Int) -> String {
        var sentences = ([rule.lead] + rule.body).map(\.allWords)
        if rng.chance(0.12), gluePair(in: &sentences) { glued += 1 }
        let ends = ([rule.lead] + rule.body).map(\.end)
        func sentence(_ index: Int) -> String { sentences[index].joined(separator: " ") + ends[index] }
        let rest = sentences.indices.dropFirst().map(sentence).joined(separator: " ")
        let leadWords = sentences[0].joined(separator: " ")
        var line: String
        switch rule.role {
        case .bullet:
            line = rng.pick(["- ", "- ", "- ", "- ", "- ", "- ", "● ", "- ● ", "❏ ", "- ❏ "]) + sentence(0)
            if !rest.isEmpty { line += " " + rest }
            return line + (rng.chance(0.15) ? "  " : "")
        case .note:
            line = "**Note:** " + ([sentence(0)] + (rest.isEmpty ? [] : [rest])).joined(separator: " ")
        case .bodyless where rule.style == .headingLead:
            return "#### **\(leadWords)**\(ends[0])" + (rng.chance(0.6) ? "  " : "")
        default:
            let lead = rule.style == .plain ? sentence(0) : "**\(leadWords)**\(ends[0])"
            line = rest.isEmpty ? lead : lead + " " + rest
        }
        return line + (rng.chance(0.6) ? "  " : "")
    }

    /// Runs two neighbouring words of one sentence together, if some pair can be.
    private mutating func gluePair(in sentences: inout [[String]]) -> Bool {
        for _ in 0..<6 {
            let which = rng.below(sentences.count)
            let words = sentences[which]
            guard words.count >= 2 else { continue }
            let at = rng.below(words.count - 1)
            if glue.canGlue(words[at], words[at + 1], sentenceStart: at == 0) {
                sentences[which][at] = words[at] + words[at + 1]
                sentences[which].remove(at: at + 1)
                return true
            }
        }
        return false
    }

    // MARK: - Web text

    private mutating func webSection(
        _ section: Section, into lines: inout [String], file: Int,
        result: inout RenderedEdition
    ) {
        if !lines.isEmpty { lines.append("") }
        lines.append(section.title)
        for rule in section.rules {
            lines.append("")
            lines.append(rule.cleanText)
            result.positions[rule.uid] = Position(file: file, line: lines.count)
            for bullet in rule.bullets {
                lines.append("  • " + bullet.cleanText)
                result.positions[bullet.uid] = Position(file: file, line: lines.count)
            }
        }
    }
}
