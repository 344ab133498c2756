/// Splits text into lowercase words by walking its Unicode scalars, with a fast path for ASCII.
///
/// Every stage reads words (the classifier, the force of a rule, the change classes, the
/// lexicon's counts), so this runs over every rule many times: going through `Character`
/// (grapheme breaking and property look-ups per character) made it the importer's hottest code.
enum Words {
    /// - Parameters:
    ///   - digits: digits count as word characters.
    ///   - apostrophes: an apostrophe (' or ’) between two word characters stays in the word,
    ///     folded to '; "don't" is one word.
    static func lowercased(_ text: String, digits: Bool, apostrophes: Bool) -> [String] {
        var words: [String] = []
        var current = String.UnicodeScalarView()
        var pendingApostrophe = false
        func flush() {
            if !current.isEmpty { words.append(String(current)) }
            current = String.UnicodeScalarView()
            pendingApostrophe = false
        }
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value < 128 {
                if value >= 65 && value <= 90 {
                    if pendingApostrophe { current.append("'"); pendingApostrophe = false }
                    current.append(Unicode.Scalar(value + 32)!)
                    continue
                }
                if (value >= 97 && value <= 122) || (digits && value >= 48 && value <= 57) {
                    if pendingApostrophe { current.append("'"); pendingApostrophe = false }
                    current.append(scalar)
                    continue
                }
                if value == 39, apostrophes, !current.isEmpty, !pendingApostrophe {
                    pendingApostrophe = true
                    continue
                }
                flush()
                continue
            }
            if value == 0x2019 || value == 0x2018 {
                if apostrophes, !current.isEmpty, !pendingApostrophe { pendingApostrophe = true } else { flush() }
                continue
            }
            let properties = scalar.properties
            if properties.isAlphabetic || (digits && properties.numericType != nil) {
                if pendingApostrophe { current.append("'"); pendingApostrophe = false }
                for lower in properties.lowercaseMapping.unicodeScalars { current.append(lower) }
            } else {
                flush()
            }
        }
        flush()
        return words
    }
}
