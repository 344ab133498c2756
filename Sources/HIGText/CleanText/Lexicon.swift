/// The words the glued-word repair knows, and how often each stands alone in the corpus.
///
/// Built from the word lists compiled into the binary (Data/lexicon: an English list from
/// SCOWL and the project's own additions), plus every word of the sources that carry no
/// extraction damage (web text). Nothing depends on the machine, so a repair is the same everywhere.
public struct Lexicon: Sendable {
    private(set) var words: Set<String>
    private(set) var frequency: [String: Int] = [:]

    public init(words: Set<String>) {
        self.words = words
    }

    /// The compiled-in word lists.
    public static let bundled: Lexicon = {
        var words = Set<String>()
        for (name, text) in EmbeddedResources.lexicon where name != GluedWordRepairer.shortPiecesFile {
            addListWords(text, to: &words)
        }
        return Lexicon(words: words)
    }()

    /// Adds the words of a word list (one per line, `#` comments) to `words`, lowercased.
    ///
    /// Every process that imports parses the 64k-word English list, so an ASCII list is read on
    /// its bytes rather than through `Character`, `trimmingCharacters` and `lowercased`.
    static func addListWords(_ text: String, to words: inout Set<String>) {
        guard text.utf8.allSatisfy({ $0 < 128 }) else {
            for line in text.split(whereSeparator: \.isNewline) {
                let word = line.trimmingCharacters(in: .whitespaces)
                if word.isEmpty || word.hasPrefix("#") { continue }
                words.insert(word.lowercased())
            }
            return
        }
        words.reserveCapacity(words.count + text.utf8.count / 8)
        var text = text
        text.withUTF8 { bytes in
            // The ASCII line ends `isNewline` knows: LF, VT, FF, CR.
            func isLineEnd(_ byte: UInt8) -> Bool { byte >= 10 && byte <= 13 }
            // `CharacterSet.whitespaces` in ASCII: space and tab.
            func isBlank(_ byte: UInt8) -> Bool { byte == 32 || byte == 9 }
            var index = 0
            var word: [UInt8] = []
            while index < bytes.count {
                var end = index
                while end < bytes.count, !isLineEnd(bytes[end]) { end += 1 }
                var first = index
                var last = end
                while first < last, isBlank(bytes[first]) { first += 1 }
                while last > first, isBlank(bytes[last - 1]) { last -= 1 }
                if first < last, bytes[first] != UInt8(ascii: "#") {
                    word.removeAll(keepingCapacity: true)
                    for byte in bytes[first..<last] { word.append(ASCII.lowercased(byte)) }
                    words.insert(String(decoding: word, as: UTF8.self))
                }
                index = end + 1
            }
        }
    }

    public func contains(_ word: String) -> Bool { words.contains(word) }

    public func count(of word: String) -> Int { frequency[word, default: 0] }

    /// Adds words known to be real (from undamaged text).
    public mutating func learnWords(from text: String) {
        learnWords(counted: Self.wordCounts(in: text))
    }

    /// Adds the words of a text whose words `wordCounts(in:)` counted.
    package mutating func learnWords(counted counts: [String: Int]) {
        for word in counts.keys where word.count > 1 { words.insert(word) }
    }

    /// Counts each word of `text` that the lexicon knows, to prefer common splits ("buttons is"
    /// over "button sis").
    public mutating func countWords(in text: String) {
        addCounts(Self.wordCounts(in: text))
    }

    /// How often each word stands in `text`, known or not: counted apart from any lexicon, so
    /// files can be counted on every core and their counts added once the lexicon is complete.
    ///
    /// Read on the text's bytes, with the words of ASCII letters counted by their bytes
    /// (`ByteWordTable`) and made Strings once each: making and hashing a String for every word
    /// was most of the time. The words are `Words.lowercased(text, digits: false, apostrophes:
    /// false)`. Those with a letter beyond ASCII are counted as Strings, in reading order, as
    /// before; none of them equals an ASCII word (only U+037E, U+1FEF and U+212A equal ASCII
    /// characters: the first two are no letters and the last is lowercased to "k"), so adding the
    /// ASCII words' counts at the end gives the same dictionary, with the same keys.
    package static func wordCounts(in text: String) -> [String: Int] {
        var counts: [String: Int] = [:]
        var asciiCounts = ByteWordTable(minimumCapacity: 1024)
        FastText.withBytes(text) { bytes in
            // A run of ASCII letters ended by an ASCII byte or the text's end is a whole word: its
            // lowercase bytes go straight to the table, from a scratch buffer as long as the text.
            let scratch = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(1, bytes.count))
            defer { scratch.deallocate() }
            // A word that reaches a byte beyond ASCII is read as `Words.lowercased` reads it.
            var word: [UInt8] = []
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte < 128, !ASCII.isLetter(byte) {
                    index += 1
                    continue
                }
                var length = 0
                var end = index
                while end < bytes.count, ASCII.isLetter(bytes[end]) {
                    scratch[length] = ASCII.lowercased(bytes[end])
                    length += 1
                    end += 1
                }
                if end == bytes.count || bytes[end] < 128 {
                    asciiCounts.add(1, to: UnsafeBufferPointer(rebasing: scratch[..<length]))
                    index = end
                    continue
                }
                word.removeAll(keepingCapacity: true)
                var isASCII = true
                while index < bytes.count {
                    let byte = bytes[index]
                    if byte < 128 {
                        guard ASCII.isLetter(byte) else { break }
                        word.append(ASCII.lowercased(byte))
                        index += 1
                        continue
                    }
                    let (value, length) = FastText.decodeScalar(bytes, at: index)
                    // Typographic apostrophes end a word (apostrophes: false).
                    guard value != 0x2019, value != 0x2018, let scalar = Unicode.Scalar(value), scalar.properties.isAlphabetic else {
                        index += length
                        break
                    }
                    for lower in scalar.properties.lowercaseMapping.unicodeScalars {
                        if lower.value >= 128 { isASCII = false }
                        UTF8.encode(lower) { word.append($0) }
                    }
                    index += length
                }
                if word.isEmpty { continue }
                if isASCII {
                    word.withUnsafeBufferPointer { asciiCounts.add(1, to: $0) }
                } else {
                    counts[String(decoding: word, as: UTF8.self), default: 0] += 1
                }
            }
        }
        asciiCounts.forEach { word, count in counts[String(decoding: word, as: UTF8.self), default: 0] += count }
        return counts
    }

    /// Adds counts from `wordCounts(in:)`, for the words the lexicon knows.
    package mutating func addCounts(_ counts: [String: Int]) {
        for (word, count) in counts where words.contains(word) { frequency[word, default: 0] += count }
    }
}
