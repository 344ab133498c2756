import HIGText

/// What became of a rule no later edition continues, as the report shows it: "then removed in
/// X" and, when the export asked for candidates, the rules of X it may have become.
extension HTMLReport {
    /// `element` is the element the sentence is set in (`span` in a table cell, `p` on a card).
    func fate(of id: String, exported: Set<String>, element: String) -> String {
        guard let fate = content.fates[id] else { return "" }
        var out = "<\(element) class=\"\(element == "p" ? "vmeta" : "meta")\">then \(h(TextRenderer.sentence(fate)))</\(element)>"
        guard let candidates = fate.candidates, let edition = fate.removedIn else { return out }
        guard !candidates.isEmpty else {
            return out + "<\(element) class=\"meta\">no likely counterpart in \(h(edition))</\(element)>"
        }
        out +=
            "<details class=\"candidates\"><summary>\(TextCut.count(candidates.count, "likely counterpart")) in \(h(edition))</summary><ul>"
        for candidate in candidates {
            let described = (["score " + String(format: "%.2f", candidate.score)] + candidate.marks).joined(separator: ", ")
            out += "<li>\(ruleLink(candidate.rule, exported)) <span class=\"muted\">\(described)</span>"
            if let text = candidate.text { out += " \(h(TextCut.words(text, limit: 160)))" }
            out += "</li>"
        }
        return out + "</ul></details>"
    }
}
