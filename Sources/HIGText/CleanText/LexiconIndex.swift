/// A lexicon's words and counts, looked up by the bytes of an ASCII word: the glued-word repair
/// asks about every token of a PDF line, and making and hashing a String for each was most of
/// its time.
///
/// Answers what `Lexicon.contains` and `count(of:)` answer for the same word as a String.
/// String's `==` is canonical equivalence, and the only scalars canonically equal to an ASCII
/// text are ASCII ones and U+037E, U+1FEF and U+212A (equal to ";", "`" and "K"). So each
/// stored word is filed under the ASCII text it equals, if any, which `asciiEquivalent` finds
/// and checks with `==` itself; a word equal to no ASCII text cannot be asked about here.
struct LexiconIndex: Sendable {
    private var words: ByteWordTable
    private var counts: ByteWordTable

    init(_ lexicon: Lexicon) {
        words = ByteWordTable(minimumCapacity: lexicon.words.count)
        counts = ByteWordTable(minimumCapacity: lexicon.frequency.count)
        for word in lexicon.words {
            Self.asciiEquivalent(word)?.withUnsafeBufferPointer { words.add(0, to: $0) }
        }
        // The counts' words are distinct under `==`, so no two are filed under one ASCII text.
        for (word, count) in lexicon.frequency {
            Self.asciiEquivalent(word)?.withUnsafeBufferPointer { counts.add(count, to: $0) }
        }
    }

    /// `lexicon.contains(String(decoding: word, as: UTF8.self))` for an ASCII `word`.
    func contains(ascii word: UnsafeBufferPointer<UInt8>) -> Bool { words.contains(word) }

    /// `lexicon.count(of: String(decoding: word, as: UTF8.self))` for an ASCII `word`.
    func count(ascii word: UnsafeBufferPointer<UInt8>) -> Int { counts.value(of: word) ?? 0 }

    /// The bytes of the ASCII text equal to `word` under String's `==`, or nil when there is none.
    static func asciiEquivalent(_ word: String) -> [UInt8]? {
        if word.utf8.allSatisfy({ $0 < 128 }) { return Array(word.utf8) }
        var ascii: [UInt8] = []
        for scalar in word.unicodeScalars {
            switch scalar.value {
            case 0..<128: ascii.append(UInt8(scalar.value))
            case 0x037E: ascii.append(UInt8(ascii: ";"))
            case 0x1FEF: ascii.append(UInt8(ascii: "`"))
            case 0x212A: ascii.append(UInt8(ascii: "K"))
            default: return nil
            }
        }
        return String(decoding: ascii, as: UTF8.self) == word ? ascii : nil
    }
}
