/// `hig search` as text: each hit's id, edition, kind and source, then its snippet with the
/// matched words highlighted (colour on a terminal, `**` when piped); on stderr, the
/// suggestions for words the index does not hold, and how many matches were left out.
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
            out += "  " + hit.snippet(open: open, close: close) + "\n\n"
        }
        if result.hits.count < result.total {
            notes.append("\(result.hits.count) of \(result.total) shown; --limit \(result.total) shows them all")
        }
        return RenderedText(output: out, notes: notes)
    }
}
