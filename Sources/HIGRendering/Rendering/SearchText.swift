import HIGStore
import HIGText

/// `hig search` as text: each hit's id, edition, kind and source, the editions it spans when
/// several kept its words, then its snippet with the matched words highlighted (colour on a
/// terminal, `**` when piped); on stderr, the suggestions for words the index does not hold, and
/// how many matches were left out.
extension TextRenderer {
    public func search(_ result: SearchResult) -> RenderedText {
        var notes = result.suggestions.map(\.description)
        if result.matchedAnyWord { notes.append("no rule holds every word; showing rules that hold any of them") }
        if result.hits.isEmpty && result.suggestions.isEmpty { notes.append("no rules match") }
        let (open, close) = colored ? ("\u{1B}[1;33m", "\u{1B}[0m") : ("**", "**")
        var out = ""
        for hit in result.hits {
            let record = hit.record
            out += "\(bold(record.id))  \(record.edition)  \(record.kind.rawValue)  \(record.source.citation)\n"
            if let span = Self.span(hit) { out += "  \(span)\n" }
            out += "  " + hit.snippet(open: open, close: close) + "\n\n"
        }
        let shown = result.rules.count
        if shown < result.total {
            if shown == result.hits.count {
                notes.append("\(shown) of \(result.total) shown; --limit \(result.total) shows them all")
            } else {
                notes.append(
                    "\(TextCut.count(result.hits.count, "hit")) shown, holding \(shown) of the \(result.total) rules that match "
                        + "(a rule's versions with the same words are one hit); a higher --limit shows more")
            }
        }
        return RenderedText(output: out, notes: notes)
    }

    /// `same words in 6 editions, 2004-2009: macosx-2004-05 … macosx-2009-08`; nil for a hit
    /// of one edition.
    static func span(_ hit: SearchHit) -> String? {
        var editions: [String] = []
        for version in hit.versions where !editions.contains(version.edition) { editions.append(version.edition) }
        guard editions.count > 1, let first = editions.first, let last = editions.last else { return nil }
        let years = hit.years.map { ", \($0)" } ?? ""
        let range = editions.count == 2 ? "\(first) and \(last)" : "\(first) … \(last)"
        return "same words in \(editions.count) editions\(years): \(range)"
    }
}
