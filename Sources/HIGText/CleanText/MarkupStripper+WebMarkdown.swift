/// One line of web Markdown as a `MarkedLine`: its heading marker, quote marker, bullet or
/// number, and table pipes read, its inline markup removed by `WebMarkdownInline`. The web
/// Markdown reader reads blocks of raw lines itself; this is the line-by-line view the other
/// users of `SourceSplitter.markedLines` get. Web text carries no PDF damage: no word is re-cut.
extension MarkupStripper {
    static func markWebMarkdown(_ raw: String, number: Int) -> MarkedLine {
        var line = MarkedLine(number: number)
        let read = WebMarkdownLine(raw)
        line.indent = read.indent
        var content = Substring(read.content)
        switch read.kind {
        case .heading(let level, let text):
            line.headingLevel = level
            content = Substring(text)
        case .quote(let text):
            content = Substring(text)
        case .listItem(let text):
            line.bulletDepth = 1
            content = Substring(text)
        case .tableRow:
            content = Substring(WebMarkdownTableRow(raw, line: number).cells.joined(separator: " "))
            if WebMarkdownTableRow(raw, line: number).isSeparator { content = "" }
        case .fence, .thematicBreak, .markupOnly, .blank:
            content = ""
        case .image, .paragraph:
            break
        }
        line.text = WebMarkdownInline.clean(content)
        line.boldLead = WebMarkdownInline.boldLead(content)
        line.isMarkupOnly = line.text.isEmpty && !read.content.isEmpty
        return line
    }
}
