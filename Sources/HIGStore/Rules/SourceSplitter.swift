/// From one source file to its rules: cleans every line, then splits by the file's form.
public struct SourceSplitter: Sendable {
    public let lexicon: Lexicon
    /// Made once: it indexes the lexicon's words by their bytes.
    private let repairer: GluedWordRepairer

    public init(lexicon: Lexicon) {
        self.lexicon = lexicon
        repairer = GluedWordRepairer(lexicon: lexicon)
    }

    public func markedLines<Lines: Collection<String>>(_ lines: Lines, form: EditionManifest.Form) -> [MarkedLine] {
        // Web text carries no extraction damage: its words are never re-cut.
        let repairer = form == .pdfMarkdown ? repairer : nil
        let stripper = MarkupStripper(form: form, repairer: repairer)
        return lines.enumerated().map { stripper.mark($0.element, number: $0.offset + 1) }
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
            let stripper = MarkupStripper(form: .pdfMarkdown, repairer: repairer)
            reading = PDFDocumentReader(platforms: platforms, stripper: stripper)
                .read(Array(lines), marked: markedLines(lines, form: entry.form), chunks: chunks)
        case .pdfMarkdown:
            reading = SourceReading(drafts: PDFMarkdownSplitter(platforms: platforms).split(markedLines(lines, form: entry.form)))
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
