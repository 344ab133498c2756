import HIGLineage

/// Text made safe for HTML (and for XML, so a report also parses as XHTML).
enum HTML {
    /// `&`, `<`, `>` and both quotes become entities, so text is safe in content and in quoted
    /// attributes alike; control characters XML forbids become U+FFFD.
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value):
                out += "\u{FFFD}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A word diff: removals in `<del>`, insertions in `<ins>`, each with a visible − or + marker
    /// (so they differ without colour) and words a screen reader says.
    static func wordDiff(_ segments: [WordDiff.Segment]) -> String {
        segments.map { segment in
            switch segment {
            case .same(let words):
                escape(words)
            case .removed(let words):
                #"<del><span class="mk" aria-hidden="true">−</span><span class="vh">removed: </span>\#(escape(words))</del>"#
            case .inserted(let words):
                #"<ins><span class="mk" aria-hidden="true">+</span><span class="vh">added: </span>\#(escape(words))</ins>"#
            }
        }.joined(separator: " ")
    }

    /// The opening of a report's page, up to `<body>`: one self-contained document, its style
    /// inline. `title` is plain text.
    static func documentHead(title: String, version: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="generator" content="hig \(escape(version))" />
        <title>\(escape(title))</title>
        <style>
        \(HTMLReport.style)</style>
        </head>
        <body>

        """
    }
}
