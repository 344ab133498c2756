/// Sentence-level reading of clean text: where the first sentence ends, and the words that
/// open a sentence.
enum Sentences {
    /// The first sentence of `text` (with its end mark), or nil when the text is one sentence.
    ///
    /// A sentence ends at `.`, `!` or `?` followed by a space and a capital or a quote, so
    /// "Command-Period (.) on" and "exclamationmark.triangle" do not end one.
    static func firstSentence(of text: String) -> String? {
        let chars = Array(text.unicodeScalars)
        var i = 0
        var depth = 0
        while i < chars.count - 1 {
            let c = chars[i]
            if c == "(" { depth += 1 } else if c == ")" { depth = max(0, depth - 1) }
            if depth == 0, c == "." || c == "!" || c == "?", chars[i + 1] == " ", i + 2 < chars.count {
                let next = chars[i + 2]
                if next.properties.isUppercase || "\"“‘'".unicodeScalars.contains(next) {
                    var view = String.UnicodeScalarView()
                    view.append(contentsOf: chars[0...i])
                    let sentence = String(view)
                    // "e.g." and "i.e." do not end sentences.
                    if !sentence.hasSuffix("e.g.") && !sentence.hasSuffix("i.e.") { return sentence }
                }
            }
            i += 1
        }
        return nil
    }

    /// The lowercased words of `text`, letters and apostrophes only (typographic ones folded).
    static func words(_ text: String) -> [String] {
        Words.lowercased(text, digits: false, apostrophes: true)
    }
}

import Foundation
