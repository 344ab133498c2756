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
        let marked = markedLines(lines, form: entry.form)
        var drafts: [RuleDraft]
        switch entry.form {
        case .pdfMarkdown:
            drafts = PDFMarkdownSplitter(platforms: platforms).split(marked)
        case .webText:
            drafts = WebTextSplitter(platforms: platforms, restoredHeadings: entry.restoredHeadings ?? []).split(marked)
        }
        for restored in entry.restoredPlatforms ?? [] {
            if let index = drafts.firstIndex(where: { $0.lineStart <= restored.line && restored.line <= $0.lineEnd }) {
                drafts[index].platforms = restored.platforms
            }
        }
        return drafts
    }
}
