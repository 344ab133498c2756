import HIGStore

/// `hig pages` as text: each page of the capture (title, rules, file), then its counterparts in
/// the capture before (`<`) and after (`>`), with how each was found; `(none)` where the page has
/// no counterpart there (added, or removed after).
extension TextRenderer {
    public func pages(_ answer: PageCounterparts) -> String {
        var out = "\(answer.pages.count) pages of \(answer.edition)"
        out += "; before: \(answer.previousEdition ?? "no earlier capture"), after: \(answer.nextEdition ?? "no later capture")\n"
        for entry in answer.pages {
            out += "\(entry.page.title ?? "(untitled)")  [\(entry.page.rules) rules]  \(entry.page.path)\n"
            if let previous = answer.previousEdition {
                out += Self.counterpartLines("<", previous, entry.previous)
            }
            if let next = answer.nextEdition {
                out += Self.counterpartLines(">", next, entry.next)
            }
        }
        return out
    }

    private static func counterpartLines(_ mark: String, _ edition: String, _ counterparts: [PageCounterparts.Counterpart]) -> String {
        guard !counterparts.isEmpty else { return "    \(mark) \(edition): (none)\n" }
        return counterparts.map { c in
            "    \(mark) \(edition): \(c.title ?? "(untitled)") (\(c.how)\(c.links > 0 ? ", \(c.links) links" : ""))  \(c.path)\n"
        }.joined()
    }
}
