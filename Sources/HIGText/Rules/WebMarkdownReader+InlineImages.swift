/// Images and controls inside a paragraph's lines, as some converters leave them:
/// - an image glued to the words before it (`... right away.![An alert mockup ...](URL)`) or to
///   another image, with its caption glued after it (`![...](URL)Launch screen![...](URL)`): the
///   words before the first image are the paragraph, each image a figure captioned by the words
///   after it, up to a bold lead glued to them: the next guideline (`captionsApart`);
/// - a link whose words open with an image (`[![A window ...](URL) Layout and organization](/design/...)`):
///   a card of a section's list of pages, a table of contents entry;
/// - a link to an empty anchor (`[Play](#)`, `[iOS](#)`, `[iOS](https://...alerts#)`): a control of
///   the page (a video's play button, a tab), not words of the guidance;
/// - an image whose alt text is its own address (`![https://...png](https://...png)`): no words.
extension WebMarkdownReader.Walk {
    /// One piece of a paragraph: words, an image (its alt text as written), or a page card.
    enum InlinePiece: Equatable {
        case words(String)
        case image(alt: String)
        case card
    }

    /// The pieces of `raw`, in order; controls are dropped from the words.
    static func inlinePieces(_ raw: String) -> [InlinePiece] {
        let s = Array(raw)
        var pieces: [InlinePiece] = []
        var words = ""
        var index = 0
        func flush() {
            if !words.isEmpty { pieces.append(.words(words)) }
            words = ""
        }
        while index < s.count {
            if s[index] == "!", index + 1 < s.count, s[index + 1] == "[", let link = link(s, at: index + 1) {
                flush()
                pieces.append(.image(alt: String(s[link.words])))
                index = link.end
            } else if s[index] == "[", let link = link(s, at: index) {
                let inside = String(s[link.words]).drop(while: { $0 == " " })
                if inside.hasPrefix("![") {
                    flush()
                    pieces.append(.card)
                } else if !link.target.hasSuffix("#") {
                    words += String(s[index..<link.end])
                }
                index = link.end
            } else {
                words.append(s[index])
                index += 1
            }
        }
        flush()
        return pieces
    }

    /// `[words](target)` opening at `open`: the range of its words, its target and the index after
    /// it; brackets and parentheses nest.
    private static func link(_ s: [Character], at open: Int) -> (words: Range<Int>, target: String, end: Int)? {
        guard let close = partner(s, open, "[", "]"), close + 1 < s.count, s[close + 1] == "(",
            let end = partner(s, close + 1, "(", ")")
        else { return nil }
        return ((open + 1)..<close, String(s[(close + 2)..<end]), end + 1)
    }

    private static func partner(_ s: [Character], _ open: Int, _ opener: Character, _ closer: Character) -> Int? {
        var depth = 0
        var index = open
        while index < s.count {
            if s[index] == "\\" {
                index += 2
                continue
            }
            if s[index] == opener { depth += 1 }
            if s[index] == closer {
                depth -= 1
                if depth == 0 { return index }
            }
            index += 1
        }
        return nil
    }

    /// The words after an image split where a bold lead opens: a converter glues the next
    /// guideline to an image and its caption (`![...](URL)Expanded**If it makes sense, ...**`), and
    /// a caption is no guideline. The caption stays the image's; the rest is a paragraph.
    static func captionsApart(_ pieces: [InlinePiece]) -> [InlinePiece] {
        var result: [InlinePiece] = []
        for piece in pieces {
            guard case .words(let words) = piece, case .image = result.last, let bold = words.range(of: "**"),
                WebMarkdownInline.boldLead(String(words[bold.lowerBound...])) != nil
            else {
                result.append(piece)
                continue
            }
            let caption = String(words[..<bold.lowerBound])
            if caption.contains(where: { !$0.isWhitespace }) { result.append(.words(caption)) }
            result.append(.words(String(words[bold.lowerBound...])))
        }
        return result
    }

    /// Whether a paragraph or list item needs reading piece by piece: it holds an image, a card
    /// or a control.
    static func holdsInlinePieces(_ raw: String) -> Bool {
        FastText.contains("![", in: raw) || FastText.contains("#)", in: raw)
    }

    /// An image's alt text that is an address: no words.
    static func isAddress(_ alt: String) -> Bool {
        (alt.hasPrefix("http://") || alt.hasPrefix("https://")) && !alt.contains(" ")
    }

    /// A paragraph read piece by piece: its words before the first image, then each image as a
    /// figure captioned by the words after it; page cards are a table of contents. Returns the
    /// paragraph's rule, if any.
    mutating func paragraphWithPieces(_ first: Int, _ last: Int, _ raw: String, opening: Bool) -> Int? {
        let pieces = Self.captionsApart(Self.inlinePieces(raw))
        var ordinal: Int?
        var index = 0
        var wroteAny = false
        if case .words(let lead) = pieces.first {
            index = 1
            let hasImage = pieces.contains { if case .image = $0 { return true } else { return false } }
            if !WebMarkdownInline.clean(lead).isEmpty {
                if opening, hasImage {
                    // The abstract with the page's picture glued after it.
                    ordinal = builder.add(
                        marked(first, WebMarkdownInline.clean(lead)), title: nil, parent: nil, section: section, page: nil,
                        platforms: scope, lineEnd: last, kind: .context)
                    self.opening = true
                } else {
                    ordinal = paragraph(first, last, lead, opening: opening)
                }
                wroteAny = true
            }
        }
        while index < pieces.count {
            switch pieces[index] {
            case .image(let alt):
                var caption = ""
                if index + 1 < pieces.count, case .words(let after) = pieces[index + 1], WebMarkdownInline.boldLead(after) == nil {
                    caption = WebMarkdownInline.clean(after)
                    index += 1
                }
                let altText = Self.isAddress(alt) ? "" : WebMarkdownInline.clean(alt)
                if !altText.isEmpty || !caption.isEmpty {
                    builder.add(
                        marked(first, altText.isEmpty ? caption : altText),
                        title: altText.isEmpty || caption.isEmpty ? nil : caption, parent: nil, section: section, page: nil,
                        platforms: scope, lineEnd: last, kind: .figure)
                    wroteAny = true
                }
            case .words(let words):
                if !WebMarkdownInline.clean(words).isEmpty {
                    ordinal = paragraph(first, last, words, opening: false)
                    wroteAny = true
                }
            case .card:
                break
            }
            index += 1
        }
        if !wroteAny {
            let cards = pieces.contains(.card)
            let images = pieces.contains { if case .image = $0 { return true } else { return false } }
            setAside(first, last, cards ? .tableOfContents : images ? .image : .converterChrome)
        }
        return ordinal
    }
}
