/// Sentence-level reading of clean text: where the first sentence ends, and the words that
/// open a sentence.
enum Sentences {
    /// The first sentence of `text` (with its end mark), or nil when the text is one sentence.
    ///
    /// A sentence ends at `.`, `!` or `?` followed by a space and a capital or a quote, so
    /// "Command-Period (.) on" and "exclamationmark.triangle" do not end one.
    static func firstSentence(of text: String) -> String? {
        // A plain text (`PlainText`), read on its bytes: no array of its scalars, no String
        // made scalar by scalar.
        var text = text
        let plain = text.withUTF8 { bytes -> (isPlain: Bool, sentence: String?) in
            guard PlainText.isPlain(bytes) else { return (false, nil) }
            let end = PlainText.sentenceEnd(bytes, from: 0)
            return (true, end.map { String(decoding: UnsafeBufferPointer(rebasing: bytes[...$0]), as: UTF8.self) })
        }
        if plain.isPlain { return plain.sentence }
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

    /// Every sentence of `text`, cut where `firstSentence` would cut, in one pass: a rule of
    /// thousands of sentences costs no more than reading it once.
    static func all(in text: String) -> [String] {
        let chars = Array(text)
        var sentences: [String] = []
        var start = 0
        var depth = 0
        var i = 0
        while i < chars.count - 1 {
            let c = chars[i]
            if c == "(" { depth += 1 } else if c == ")" { depth = max(0, depth - 1) }
            if depth == 0, ".!?".contains(c), chars[i + 1] == " ", i + 2 < chars.count {
                let next = chars[i + 2]
                if next.isUppercase || "\"“‘'".contains(next) {
                    let sentence = String(chars[start...i])
                    if !sentence.hasSuffix("e.g.") && !sentence.hasSuffix("i.e.") {
                        sentences.append(sentence)
                        start = i + 1
                        while start < chars.count, chars[start].isWhitespace, !chars[start].isNewline { start += 1 }
                        depth = 0
                        i = start
                        continue
                    }
                }
            }
            i += 1
        }
        sentences.append(start < chars.count ? String(chars[start...]) : "")
        return sentences
    }

    /// `all(in:)` for a text whose Characters are single scalars (`FastText.isOneScalarPerCharacter`),
    /// read on its scalars: the ranges of its sentences.
    static func all(in scalars: [Unicode.Scalar]) -> [Range<Int>] {
        var sentences: [Range<Int>] = []
        var start = 0
        var depth = 0
        var i = 0
        while i < scalars.count - 1 {
            let c = scalars[i]
            if c == "(" { depth += 1 } else if c == ")" { depth = max(0, depth - 1) }
            if depth == 0, c == "." || c == "!" || c == "?", scalars[i + 1] == " ", i + 2 < scalars.count {
                let next = scalars[i + 2]
                if Character(next).isUppercase || "\"“‘'".unicodeScalars.contains(next) {
                    if !endsWithAbbreviation(scalars[start...i]) {
                        sentences.append(start..<(i + 1))
                        start = i + 1
                        while start < scalars.count, Character(scalars[start]).isWhitespace, !Character(scalars[start]).isNewline {
                            start += 1
                        }
                        depth = 0
                        i = start
                        continue
                    }
                }
            }
            i += 1
        }
        sentences.append(start < scalars.count ? start..<scalars.count : scalars.count..<scalars.count)
        return sentences
    }

    /// "e.g." and "i.e." do not end sentences.
    private static func endsWithAbbreviation(_ sentence: ArraySlice<Unicode.Scalar>) -> Bool {
        guard sentence.count >= 4 else { return false }
        let end = sentence.suffix(4)
        return (end.elementsEqual("e.g.".unicodeScalars) || end.elementsEqual("i.e.".unicodeScalars))
    }

    /// The lowercased words of `text`, letters and apostrophes only (typographic ones folded).
    static func words(_ text: String) -> [String] {
        Words.lowercased(text, digits: false, apostrophes: true)
    }
}

import Foundation
