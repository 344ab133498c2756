/// Splits text into lowercase words by walking its Unicode scalars, with a fast path for ASCII.
///
/// Every stage reads words (the classifier, the force of a rule, the change classes, the
/// lexicon's counts), so this runs over every rule many times: going through `Character`
/// (grapheme breaking and property look-ups per character) made it the importer's hottest code.
package enum Words {
    /// - Parameters:
    ///   - digits: digits count as word characters.
    ///   - apostrophes: an apostrophe (' or ’) between two word characters stays in the word,
    ///     folded to '; "don't" is one word.
    ///   - limit: stop after this many words (the first words of a long text are the same).
    package static func lowercased(_ text: String, digits: Bool, apostrophes: Bool, limit: Int = .max) -> [String] {
        lowercased(scalars: text.unicodeScalars, digits: digits, apostrophes: apostrophes, limit: limit)
    }

    /// The words of a run of scalars (a part of a text already read into scalars).
    static func lowercased<Scalars: Sequence<Unicode.Scalar>>(
        scalars: Scalars, digits: Bool, apostrophes: Bool, limit: Int = .max
    ) -> [String] {
        var words: [String] = []
        // A word's UTF-8 bytes: appending bytes costs less than appending to a String's scalars.
        var current: [UInt8] = []
        current.reserveCapacity(32)
        var pendingApostrophe = false
        func flush() {
            if !current.isEmpty {
                words.append(String(decoding: current, as: UTF8.self))
                current.removeAll(keepingCapacity: true)
            }
            pendingApostrophe = false
        }
        for scalar in scalars {
            let value = scalar.value
            if value < 128 {
                if ASCII.isLetter(UInt8(value)) || (digits && value >= 48 && value <= 57) {
                    if pendingApostrophe { current.append(39); pendingApostrophe = false }
                    current.append(ASCII.lowercased(UInt8(value)))
                    continue
                }
                if value == 39, apostrophes, !current.isEmpty, !pendingApostrophe {
                    pendingApostrophe = true
                    continue
                }
                flush()
                if words.count >= limit { return words }
                continue
            }
            if value == 0x2019 || value == 0x2018 {
                if apostrophes, !current.isEmpty, !pendingApostrophe {
                    pendingApostrophe = true
                } else {
                    flush()
                    if words.count >= limit { return words }
                }
                continue
            }
            let properties = scalar.properties
            if properties.isAlphabetic || (digits && properties.numericType != nil) {
                if pendingApostrophe { current.append(39); pendingApostrophe = false }
                for lower in properties.lowercaseMapping.unicodeScalars { UTF8.encode(lower) { current.append($0) } }
            } else {
                flush()
                if words.count >= limit { return words }
            }
        }
        flush()
        return words
    }
}
