/// What the PDF pages print around the text: running heads (a chapter or part label such as
/// `#### **CHAPTER 7**`, and the chapter's title repeated under it or alone), page footers
/// (`Metaphors **31**`, `Bars **97 2011-03-23 | © 2011 Apple Inc. All Rights Reserved.**`,
/// `2008-01-15 | © ...`), images, page anchors and the converter's comments. None is guidance;
/// the titles running heads repeat are evidence of the document's chapters.
enum PageFurniture {
    /// Sets aside furniture and returns the titles the running heads name (as `TitleKey`s).
    static func setAside(_ lines: inout DocumentLines) -> Set<String> {
        var titles = Set<String>()
        for index in 0..<lines.count where lines.isOpen(index) {
            if let reason = markupOnlyReason(lines, index) {
                lines.roles[index] = .setAside(reason)
            } else if isFooter(lines.raw[index]) {
                lines.roles[index] = .setAside(.pageFooter)
            } else if let label = runningHeadLabel(lines.raw[index]) {
                lines.roles[index] = .setAside(.runningHead)
                // The label's title line follows it: "#### **CHAPTER 2**", then "Human Interface Principles".
                if let next = lines.nextNonBlank(after: index), lines.isOpen(next), isTitleLine(lines, next) {
                    lines.roles[next] = .setAside(.runningHead)
                    if !label.contains("TABLES") && !label.contains("FIGURES") && !label.contains("CONTENTS") {
                        titles.insert(TitleKey.of(lines.marked[next].text))
                    }
                }
            }
        }
        return titles
    }

    /// The converter's comment (`<!-- Chunk 3 | ... -->`), an image or a bare page anchor.
    static func markupOnlyReason(_ lines: DocumentLines, _ index: Int) -> SetAsideReason? {
        markupOnlyReason(raw: lines.raw[index], marked: lines.marked[index])
    }

    /// Why a line of markup with no words (its clean text empty) holds no guidance; nil for a
    /// line with words, or a blank one. A chunk file read alone is accounted by this too.
    static func markupOnlyReason(raw: Substring, marked: MarkedLine) -> SetAsideReason? {
        if isCodeFence(raw) { return .converterChrome }
        guard marked.isBlank, raw.contains(where: { !$0.isWhitespace }) else { return nil }
        if raw.hasPrefix("![") || raw.contains("](images/") { return .image }
        return .converterChrome
    }

    /// A code block's fence (```` ``` ````, or with a language: ```` ```text ````): the converter
    /// wrapped a scan's text in a code block, and the fence is its markup (the lines inside keep
    /// their words). The stripper leaves backticks as text, so without this the fence was a rule.
    static func isCodeFence(_ raw: Substring) -> Bool {
        let line = raw.drop { $0.isWhitespace }
        return line.hasPrefix("```") && line.dropFirst(3).allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0.isWhitespace }
    }

    /// `Metaphors **31**`, `Bars **97 2011-03-23 | © ...**`: words, then a bold page number
    /// closing the line; or a dated footer `2008-01-15 | © 2008 Apple Inc. ...`.
    static func isFooter(_ raw: Substring) -> Bool {
        if raw.count > 10, raw.prefix(10).allSatisfy({ $0.isNumber || $0 == "-" }), raw.dropFirst(10).hasPrefix(" | ©") {
            return true
        }
        guard raw.hasSuffix("**"), let first = raw.first, first != "#", first != "*", first != "|" else { return false }
        guard let open = raw.range(of: " **", options: .backwards) else { return false }
        let inside = raw[open.upperBound...].dropLast(2)
        guard let number = inside.split(separator: " ").first, number.allSatisfy(\.isNumber) else { return false }
        let words = raw[..<open.lowerBound]
        return !words.isEmpty && words.count <= 120 && !words.contains("**")
    }

    /// The label of a running head: a line all bold and all capitals, maybe a heading
    /// (`#### **CHAPTER 7**`, `### **PART I**`, `#### **REVISION HISTORY**`, the letter-spaced
    /// `#### **C HAPTER 1 3**`), short.
    static func runningHeadLabel(_ raw: Substring) -> String? {
        var text = raw
        while text.first == "#" { text = text.dropFirst() }
        text = text.drop { $0 == " " }
        guard text.hasPrefix("**"), text.hasSuffix("**"), text.count > 4 else { return nil }
        let inside = text.dropFirst(2).dropLast(2)
        guard !inside.contains("*"), inside.contains(where: \.isLetter), !inside.contains(where: \.isLowercase) else { return nil }
        // Five words at most, or a letter-spaced label whose letters count as words
        // (`P A R T I I`: six "words" of one letter each).
        let words = inside.split(separator: " ")
        let letterSpaced = words.count <= 12 && words.allSatisfy { $0.count == 1 }
        guard words.count <= 5 || letterSpaced, inside.allSatisfy({ $0.isLetter || $0.isNumber || $0 == " " }) else {
            return nil
        }
        return String(inside)
    }

    /// A plain short line with no sentence end: a title repeated as a running head.
    static func isTitleLine(_ lines: DocumentLines, _ index: Int) -> Bool {
        let line = lines.marked[index]
        guard line.headingLevel == 0, !line.isBullet, !lines.isTableRow(index), !line.text.isEmpty else { return false }
        guard let last = line.text.last, !".!?:".contains(last) else { return false }
        return line.text.split(separator: " ").count <= 20
    }

    /// A plain line that repeats a chapter's title (its label lost): a running head too.
    static func setAsideRepeatedTitles(_ lines: inout DocumentLines, chapterTitles: Set<String>, from start: Int) {
        for index in start..<lines.count where lines.isOpen(index) && isTitleLine(lines, index) {
            if chapterTitles.contains(TitleKey.of(lines.marked[index].text)) { lines.roles[index] = .setAside(.runningHead) }
        }
    }
}
