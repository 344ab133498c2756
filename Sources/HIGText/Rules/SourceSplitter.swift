/// From one source file to its rules: cleans every line, then splits by the file's form.
public struct SourceSplitter: Sendable {
    public let lexicon: Lexicon
    /// Made once: it indexes the lexicon's words by their bytes.
    private let repairer: GluedWordRepairer
    /// Made only when the corpus holds a scanned file (`EditionManifest.File.scanned`).
    private let ocrRepairer: OCRMisreadingRepairer?

    /// `corpusCounts`: each file's word counts (`Lexicon.wordCounts`), given when some file is
    /// scanned: the OCR misreading repair weighs a reading against the corpus.
    public init(lexicon: Lexicon, corpusCounts: [[String: Int]]? = nil) {
        self.lexicon = lexicon
        let glued = GluedWordRepairer(lexicon: lexicon)
        repairer = glued
        ocrRepairer = corpusCounts.map { OCRMisreadingRepairer(glued: glued, corpusCounts: $0) }
    }

    /// `scanned`: the file is OCR of page images (`EditionManifest.File.scanned`); its misread
    /// words are repaired when the splitter was given the corpus's counts.
    public func markedLines<Lines: Collection<String>>(_ lines: Lines, form: EditionManifest.Form, scanned: Bool = false) -> [MarkedLine] {
        let stripper = stripper(form: form, scanned: scanned)
        return lines.enumerated().map { stripper.mark($0.element, number: $0.offset + 1) }
    }

    /// Web text carries no extraction damage: its words are never re-cut. Only a scanned PDF
    /// document's are read again for OCR misreadings.
    private func stripper(form: EditionManifest.Form, scanned: Bool) -> MarkupStripper {
        guard form == .pdfMarkdown else { return MarkupStripper(form: form, repairer: nil) }
        return MarkupStripper(form: form, repairer: repairer, ocrRepairer: scanned ? ocrRepairer : nil)
    }

    public func drafts<Lines: Collection<String>>(_ lines: Lines, entry: EditionManifest.File, platforms: [String]) -> [RuleDraft] {
        read(lines, entry: entry, platforms: platforms).drafts
    }

    /// The file read by the reader of its form: rules, headings, set-asides, change notes.
    /// A whole PDF document (an entry naming its `chunks` folder) is read with its chunk files,
    /// which the caller reads and passes in `chunks`.
    public func read<Lines: Collection<String>>(
        _ lines: Lines, entry: EditionManifest.File, platforms: [String], chunks: [ChunkFile] = []
    ) -> SourceReading {
        var reading: SourceReading
        switch entry.form {
        case .pdfMarkdown where entry.chunks != nil:
            let stripper = stripper(form: .pdfMarkdown, scanned: entry.scanned)
            reading = PDFDocumentReader(platforms: platforms, stripper: stripper)
                .read(Array(lines), marked: markedLines(lines, form: entry.form, scanned: entry.scanned), chunks: chunks)
        case .pdfMarkdown:
            reading = PDFMarkdownSplitter(platforms: platforms)
                .read(markedLines(lines, form: entry.form, scanned: entry.scanned), raw: Array(lines))
        case .webText:
            reading = WebTextSplitter(platforms: platforms, restoredHeadings: entry.restoredHeadings ?? [])
                .read(markedLines(lines, form: entry.form))
        case .webMarkdown:
            // Its structure is read from the raw lines (tables, quotes, images); each block's
            // words are cleaned by `WebMarkdownInline`.
            reading = WebMarkdownReader(platforms: platforms).read(Array(lines))
        }
        if let chunk = entry.chunk {
            for index in reading.drafts.indices { reading.drafts[index].chunk = chunk }
        }
        for restored in entry.restoredPlatforms ?? [] {
            if let index = reading.drafts.firstIndex(where: { $0.lineStart <= restored.line && restored.line <= $0.lineEnd }) {
                reading.drafts[index].platforms = restored.platforms
            }
        }
        return reading
    }
}
