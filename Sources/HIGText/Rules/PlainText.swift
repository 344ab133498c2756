/// Sentences and words of a plain text read on its UTF-8 bytes: the fast path of
/// `Sentences.firstSentence`, `RuleClassifier.prescribes`, `RuleClassifier.isDefinition` and
/// `NormativeForce.of`, which read every rule at import (measured: Bytes/README.md). Each must
/// answer what its `Definition` answers; `PlainTextReadingTests` checks it on generated texts.
///
/// A text is plain when each of its scalars is ASCII but CR, or General Punctuation from
/// U+2010 to U+2027 (dashes, quotes, bullets, the ellipsis). None of these is a letter, a
/// capital, white space or a mark that joins a Character, and each is one Character, so on a
/// plain text the definitions (`Sentences.Definition`, `Words.lowercased`) come to:
/// - a word is a run of ASCII letters, lowercased, with one apostrophe (', ‘ or ’) between two
///   of its letters kept as '; any other byte ends a word;
/// - a capital is A to Z; sentence and name tests look only at ASCII bytes and at ‘ ’ “ ”.
public enum PlainText {
    /// `body` on the bytes of `text` when it is plain, else nil. Inlinable: `FastText.withBytes`
    /// says why.
    @inlinable @inline(__always)
    public static func reading<Answer>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Answer) -> Answer? {
        FastText.withBytes(text) { bytes in isPlain(bytes) ? body(bytes) : nil }
    }

    /// `Sentences.Definition.firstSentence` of plain `bytes`.
    static func firstSentence(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        sentenceEnd(bytes, from: 0).map { String(decoding: UnsafeBufferPointer(rebasing: bytes[...$0]), as: UTF8.self) }
    }

    /// Whether valid UTF-8 `bytes` are a plain text.
    @usableFromInline
    static func isPlain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        var index = 0
        while index < bytes.count {
            // Eight bytes at a time while they are ASCII and none is CR.
            if index + 8 <= bytes.count {
                let eight = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                // A CR byte becomes the zero byte that the classic test finds.
                let crAsZero = eight ^ 0x0D0D_0D0D_0D0D_0D0D
                let hasCR = (crAsZero &- 0x0101_0101_0101_0101) & ~crAsZero & 0x8080_8080_8080_8080 != 0
                if eight & 0x8080_8080_8080_8080 == 0 && !hasCR { index += 8; continue }
            }
            let byte = bytes[index]
            if byte < 0x80 {
                guard byte != 13 else { return false }
                index += 1
            } else {
                // U+2010...U+2027 is E2 80 90...E2 80 A7.
                guard byte == 0xE2, index + 2 < bytes.count, bytes[index + 1] == 0x80,
                    bytes[index + 2] >= 0x90, bytes[index + 2] <= 0xA7
                else { return false }
                index += 3
            }
        }
        return true
    }

    /// The index of the `.`, `!` or `?` that ends the sentence starting at `start`, where
    /// `Sentences.Definition.sentenceEnd` cuts; nil when it runs to the end.
    /// The next sentence starts two bytes later, after the one space the cut needs.
    package static func sentenceEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var depth = 0
        var index = start
        while index + 1 < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "(") {
                depth += 1
            } else if byte == UInt8(ascii: ")") {
                depth = max(0, depth - 1)
            } else if depth == 0, byte == UInt8(ascii: ".") || byte == UInt8(ascii: "!") || byte == UInt8(ascii: "?"),
                bytes[index + 1] == UInt8(ascii: " "), index + 2 < bytes.count, opensSentence(bytes, at: index + 2),
                !endsWithAbbreviation(bytes, from: start, at: index)
            {
                return index
            }
            index += 1
        }
        return nil
    }

    /// A capital, or an opening quote: " ' “ ‘.
    private static func opensSentence(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        let byte = bytes[index]
        if ASCII.isUppercase(byte) || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
            return true
        }
        return byte == 0xE2 && bytes[index + 1] == 0x80 && (bytes[index + 2] == 0x9C || bytes[index + 2] == 0x98)
    }

    /// "e.g." and "i.e." (inside the sentence) do not end it.
    private static func endsWithAbbreviation(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, at index: Int) -> Bool {
        guard index - 3 >= start, bytes[index] == UInt8(ascii: "."), bytes[index - 2] == UInt8(ascii: ".") else { return false }
        return bytes[index - 3] == UInt8(ascii: "e") && bytes[index - 1] == UInt8(ascii: "g")
            || bytes[index - 3] == UInt8(ascii: "i") && bytes[index - 1] == UInt8(ascii: "e")
    }

    /// The words of `bytes[start..<end]` in order, as `Words.lowercased(_:digits: false,
    /// apostrophes: true)` reads them, each given as its entry in a `CueVocabulary`.
    struct WordReader {
        private let bytes: UnsafeBufferPointer<UInt8>
        private var index: Int
        private let end: Int

        init(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) {
            self.bytes = bytes
            index = start
            self.end = end
        }

        mutating func next(in vocabulary: CueVocabulary) -> Int? {
            var word = CueVocabulary.Key()
            var pendingApostrophe = false
            while index < end {
                let byte = bytes[index]
                if byte < 0x80 {
                    index += 1
                    if ASCII.isLetter(byte) {
                        if pendingApostrophe { word.append(UInt8(ascii: "'")); pendingApostrophe = false }
                        word.append(ASCII.lowercased(byte))
                        continue
                    }
                    if byte == UInt8(ascii: "'"), word.length > 0, !pendingApostrophe {
                        pendingApostrophe = true
                        continue
                    }
                } else {
                    // E2 80 xx: ‘ and ’ are apostrophes, the rest of General Punctuation ends a word.
                    let last = bytes[index + 2]
                    index += 3
                    if last == 0x98 || last == 0x99, word.length > 0, !pendingApostrophe {
                        pendingApostrophe = true
                        continue
                    }
                }
                if word.length > 0 { return vocabulary.entry(word) }
                pendingApostrophe = false
            }
            return word.length > 0 ? vocabulary.entry(word) : nil
        }
    }

    /// Calls `body` with each word of `bytes[..<end]` that `Sentences.Definition.withoutNames` keeps, in order, until
    /// `body` returns true: a word whose space-separated token opens with a capital is a name
    /// and left out, unless the token opens a sentence (the one before ends in . ! ? or :,
    /// closing quotes and parentheses aside).
    package static func forEachWordOutsideNames(
        _ bytes: UnsafeBufferPointer<UInt8>, end: Int, in vocabulary: CueVocabulary,
        _ body: (Int) -> Bool
    ) {
        var sentenceStart = true
        var index = 0
        while index < end {
            if bytes[index] == UInt8(ascii: " ") { index += 1; continue }
            let tokenStart = index
            var opensWithCapital: Bool?
            while index < end, bytes[index] != UInt8(ascii: " ") {
                if opensWithCapital == nil, ASCII.isLetter(bytes[index]) { opensWithCapital = ASCII.isUppercase(bytes[index]) }
                index += 1
            }
            if sentenceStart || opensWithCapital != true {
                var words = WordReader(bytes, from: tokenStart, to: index)
                while let word = words.next(in: vocabulary) {
                    if body(word) { return }
                }
            }
            if let last = lastNotClosing(bytes, from: tokenStart, to: index) {
                sentenceStart =
                    last == UInt8(ascii: ".") || last == UInt8(ascii: "!") || last == UInt8(ascii: "?")
                    || last == UInt8(ascii: ":")
            }
        }
    }

    /// The last byte of `bytes[start..<end]` that is not in " ” ’ ' ) (any byte of another
    /// scalar than these), or nil when there is none.
    private static func lastNotClosing(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> UInt8? {
        var index = end - 1
        while index >= start {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") || byte == UInt8(ascii: ")") {
                index -= 1
            } else if byte == 0x9D || byte == 0x99, index - 2 >= start, bytes[index - 1] == 0x80, bytes[index - 2] == 0xE2 {
                index -= 3
            } else {
                return byte
            }
        }
        return nil
    }
}
