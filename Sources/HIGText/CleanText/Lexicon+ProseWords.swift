/// The words of web text that are prose: the words the lexicon may learn as real.
///
/// A web page also holds words nobody wrote as words: link targets and image addresses
/// (`(/documentation/walletpasses/passfields)`), code spans (`` `NSStatusBar` ``) and API names in
/// running text (`statusBar(hidden:)`, `[PassFields](...)`, `PassFields.AuxiliaryFields`). Learnt
/// from the 2022 and 2023-09 captures, "statusbar" and "passfields" became words, and the
/// glued-word repair of the PDF conversions cut "Thestatusbar" into "The statusbar" and
/// "passfieldsfor" into "passfields for". The web text itself is never repaired; only what it
/// teaches the lexicon is narrowed to its prose.
extension Lexicon {
    /// `wordCounts(in:)` of `text`'s prose (`proseOnly`).
    package static func proseWordCounts(in text: String) -> [String: Int] {
        wordCounts(in: proseOnly(text))
    }

    /// `text` with spaces in place of its link and image targets (a parenthesis right after `]`,
    /// to its matching one on the line), its code spans (between backticks on a line), and its
    /// tokens that are addresses (holding `://` or starting with `/`) or API names (a lowercase
    /// letter then a capital, as in `statusBar` or `PassFields`; a letter, a dot and a letter, as
    /// in `exclamationmark.triangle`). A product name written with inner capitals ("iPhone") is
    /// left out too: the repair never splits a token with inner capitals, so it needs no such word.
    static func proseOnly(_ text: String) -> String {
        var bytes = Array(text.utf8)
        func isBlank(_ byte: UInt8) -> Bool { byte == 32 || byte == 9 || byte == 10 || byte == 13 }
        func blank(_ range: Range<Int>) { for index in range where !isBlank(bytes[index]) { bytes[index] = 32 } }
        // Link targets and code spans, each within its line.
        var index = 0
        var codeStart: Int?
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 10 {
                codeStart = nil
            } else if byte == UInt8(ascii: "`") {
                if let start = codeStart {
                    blank(start..<(index + 1))
                    codeStart = nil
                } else {
                    codeStart = index
                }
            } else if codeStart == nil, byte == UInt8(ascii: "("), index > 0, bytes[index - 1] == UInt8(ascii: "]") {
                var depth = 0
                var end = index
                while end < bytes.count, bytes[end] != 10 {
                    if bytes[end] == UInt8(ascii: "(") { depth += 1 }
                    if bytes[end] == UInt8(ascii: ")") { depth -= 1 }
                    end += 1
                    if depth == 0 { break }
                }
                blank(index..<end)
                index = end
                continue
            }
            index += 1
        }
        // Tokens that are addresses or API names.
        var start = 0
        while start < bytes.count {
            while start < bytes.count, isBlank(bytes[start]) { start += 1 }
            var end = start
            while end < bytes.count, !isBlank(bytes[end]) { end += 1 }
            if end > start, isAddressOrName(bytes[start..<end]) { blank(start..<end) }
            start = end
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func isAddressOrName(_ token: ArraySlice<UInt8>) -> Bool {
        if token.first == UInt8(ascii: "/") { return true }
        var previous: UInt8 = 0
        var beforePrevious: UInt8 = 0
        for byte in token {
            if ASCII.isUppercase(byte), previous &- UInt8(ascii: "a") < 26 { return true }
            if ASCII.isLetter(byte), previous == UInt8(ascii: "."), ASCII.isLetter(beforePrevious) { return true }
            if byte == UInt8(ascii: "/"), previous == UInt8(ascii: "/"), beforePrevious == UInt8(ascii: ":") { return true }
            (beforePrevious, previous) = (previous, byte)
        }
        return false
    }
}
