/// Reads again the words that OCR misread in a scanned document ("infonnation", "frequendy",
/// "Menu B ar"), and only those: it runs on the files the archive catalogue marks as scanned
/// (`EditionManifest.File.scanned`), never on bundled editions or web text.
///
/// A token is read again only when it is not a known word (`Lexicon`) and one confusion of the
/// table below, made once, turns it into a known word, and into only one: when two readings are
/// words ("nake": make or hake) the token is left as it is, never guessed. The word must also be
/// at least twice as common in the corpus as the token read as it stands and as the rarest of the
/// words it would split into (`GluedWordRepairer.split`): a name the lexicon lacks stays a name
/// ("Walter" is no "Waiter", "Menlo" no "Memo"), and glued words stay glued words for the glued-word
/// repair ("isin" is "is in", not "ism"). A capital letter standing apart from the rest of its
/// word ("Menu B ar", "The I nterface") is joined to it when the rest is no word of its own and the
/// two make a known word: two real words are never joined, and no word is ever split. Case is
/// kept; every change is a `Repair` of kind `ocrMisreading`.
public struct OCRMisreadingRepairer: Sendable {
    /// One way the scans' OCR misread the page: it shows `read` where the page says `written`.
    struct Confusion: Sendable {
        let read: String
        let written: String
        /// A token of the scans misread this way, and the word the page says.
        let example: (misread: String, word: String)
    }

    /// The confusions the scanned documents show, each read in them (document and line of its
    /// example), most frequent first. Left out, because the scans show none of them or a reading
    /// they allow is wrong there: "rn" read "m" (these scans split m into rn, never the reverse),
    /// "cl" read "d", "vv" read "w"; "l" for "i" on its own ("spllt" would then read "spilt" too);
    /// "i" for "r" on its own ("poit", 1986-12 line 207, would read "port" where the page says
    /// "point"); "n" for "r" ("Pont", 1980 line 74, would read "Port" where it says "Font"; "tenns"
    /// would read "terns" too); "l" for a capital "I" ("ldaho": Idaho is no word of the lexicon).
    static let confusions: [Confusion] = [
        // "rm" as "nn": 1986-07 line 600, NeXTSTEP lines 689, 2645 ("perfonn"), 1986-07 line 777 ("tenns").
        Confusion(read: "nn", written: "rm", example: ("infonnation", "information")),
        // "rn" as "m": 1986-07 line 719; "altemate", "intemational" (line 729).
        Confusion(read: "m", written: "rn", example: ("Retum", "Return")),
        // "m" as "in", "nl", "ln": NeXTSTEP lines 1051 and 2091, 1986-07 line 2094.
        Confusion(read: "in", written: "m", example: ("exainple", "example")),
        Confusion(read: "nl", written: "m", example: ("comnlands", "commands")),
        Confusion(read: "ln", written: "m", example: ("lnenus", "menus")),
        // "n" as "ri": 1986-07 line 2098.
        Confusion(read: "ri", written: "n", example: ("Maciritosh", "Macintosh")),
        // A stroke lost or gained between "n" and "m": 1982 line 689, 1983 line 284 ("nessage"), 1985 line 821.
        Confusion(read: "n", written: "m", example: ("inportant", "important")),
        Confusion(read: "m", written: "n", example: ("mmemonic", "mnemonic")),
        // An ascender lost, "h" as "n": 1980 line 262, 1983 line 95 ("benind").
        Confusion(read: "n", written: "h", example: ("nighlighted", "highlighted")),
        // The "fi" ligature as "fm", "ft" or "fJ": 1986-07 lines 1238, 323, 2106.
        Confusion(read: "fm", written: "fin", example: ("defmition", "definition")),
        Confusion(read: "ft", written: "fi", example: ("ftrst", "first")),
        Confusion(read: "fJ", written: "fi", example: ("fJlled", "filled")),
        // "tl" as "d" and "ti" as "u": 1987 lines 412 and 1079 ("direcdy"), 542 and 2647 ("capabiliues").
        Confusion(read: "d", written: "tl", example: ("frequendy", "frequently")),
        Confusion(read: "u", written: "ti", example: ("cosmeuc", "cosmetic")),
        // "l" for "i", "I" and "1" for "l": 1986-12 line 814, 1986-07 lines 2159 and 867.
        Confusion(read: "ll", written: "li", example: ("spllt", "split")),
        Confusion(read: "I", written: "l", example: ("annuaI", "annual")),
        Confusion(read: "1", written: "l", example: ("1ucid", "lucid")),
        // "rf" as "if": 1986-07 lines 1234 and 1799, NeXTSTEP line 3221.
        Confusion(read: "if", written: "rf", example: ("Inteiface", "Interface")),
        // Descender and ascender shapes: 1982 line 481, 1983 line 165.
        Confusion(read: "g", written: "q", example: ("guestion", "question")),
        Confusion(read: "c", written: "b", example: ("cuttons", "buttons")),
    ]

    /// Shorter tokens are left alone: too many of them are abbreviations, names and the pieces
    /// of words a line end cut ("tion", "ning").
    static let minimumLength = 4

    let glued: GluedWordRepairer
    var lexicon: Lexicon { glued.lexicon }
    /// How often each word the lexicon lacks stands in the corpus, lowercased.
    let unknownCounts: [String: Int]

    /// `corpusCounts`: each file's `Lexicon.wordCounts`, the words of the whole corpus being
    /// imported (the lexicon counts those it knows).
    public init(glued: GluedWordRepairer, corpusCounts: [[String: Int]]) {
        self.glued = glued
        var unknown: [String: Int] = [:]
        for counts in corpusCounts {
            for (word, count) in counts where !glued.lexicon.contains(word) { unknown[word, default: 0] += count }
        }
        unknownCounts = unknown
    }

    /// The repaired text and the repairs made, each attributed to `line`. `text` is a clean
    /// line: its words separated by single spaces.
    public func repair(_ text: String, line: Int) -> (text: String, repairs: [Repair]) {
        let tokens = text.split(separator: " ", omittingEmptySubsequences: false)
        var repairs: [Repair] = []
        var output: [Substring] = []
        var index = 0
        while index < tokens.count {
            if index + 1 < tokens.count, let joined = joined(tokens[index], tokens[index + 1]) {
                repairs.append(Repair(line: line, kind: .ocrMisreading, original: joined.original, replacement: joined.word))
                output.append(Substring(joined.token))
                index += 2
                continue
            }
            let token = tokens[index]
            index += 1
            guard let core = Self.core(of: token), let word = word(misreadAs: String(token[core])) else {
                output.append(token)
                continue
            }
            repairs.append(Repair(line: line, kind: .ocrMisreading, original: String(token[core]), replacement: word))
            output.append(token[..<core.lowerBound] + word + token[core.upperBound...])
        }
        guard !repairs.isEmpty else { return (text, []) }
        return (output.joined(separator: " "), repairs)
    }

    /// The part of `token` from its first letter (or a "1" just before a letter, "1ucid") to its
    /// last letter: the punctuation around a word is not the word.
    static func core(of token: Substring) -> Range<Substring.Index>? {
        func isLetter(_ character: Character) -> Bool { character.isASCII && character.isLetter }
        guard let last = token.lastIndex(where: isLetter) else { return nil }
        var first = token.startIndex
        while first < last {
            let next = token.index(after: first)
            if isLetter(token[first]) || (token[first] == "1" && isLetter(token[next])) { break }
            first = next
        }
        return first..<token.index(after: last)
    }

    /// The one known word that `token` (a word without its punctuation) misreads, or nil.
    ///
    /// The token's first letter is read in lowercase and given back its capital after, so that
    /// "Retum" reads "Return"; any other capital must be one a confusion reads ("annuaI").
    public func word(misreadAs token: String) -> String? {
        let bytes = Array(token.utf8)
        guard bytes.count >= Self.minimumLength, bytes.allSatisfy({ ASCII.isLetter($0) || $0 == UInt8(ascii: "1") }),
            !lexicon.contains(token.lowercased())
        else { return nil }
        let capitalized = ASCII.isUppercase(bytes[0])
        var body = bytes
        body[0] = ASCII.lowercased(body[0])
        var found: [UInt8]?
        for confusion in Self.confusions {
            for reading in confusion.readings(of: body) where isWord(reading) {
                // Two words: the token is left alone.
                if let found, found != reading { return nil }
                found = reading
            }
        }
        guard var word = found, isCommonEnough(String(decoding: word, as: UTF8.self), against: token) else { return nil }
        if capitalized { word[0] -= 32 }
        return String(decoding: word, as: UTF8.self)
    }

    /// Lowercase ASCII letters only, and a word of the lexicon.
    private func isWord(_ bytes: [UInt8]) -> Bool {
        bytes.allSatisfy { $0 &- UInt8(ascii: "a") < 26 } && lexicon.contains(String(decoding: bytes, as: UTF8.self))
    }

    /// Whether `word` (lowercase) stands at least twice in the corpus, and at least twice as often
    /// as `token` as it stands and as glued words (`gluedCount`).
    func isCommonEnough(_ word: String, against token: String) -> Bool {
        let asItStands = unknownCounts[token.lowercased(), default: 0]
        return lexicon.count(of: word) >= 2 * max(1, asItStands, gluedCount(token))
    }

    /// How common `token` is as glued words: the corpus count of the rarest of its words, for the
    /// glued-word repair's cut or any cut in two, whichever is commoner. Cuts in two read the
    /// tokens too short for that repair: "inan" is "in an" (1987 line 1787), not "man".
    func gluedCount(_ token: String) -> Int {
        func count(_ pieces: [String]) -> Int { pieces.map { lexicon.count(of: $0) }.min() ?? 0 }
        let lower = token.lowercased()
        var best = glued.split(token).map { count($0.map { $0.lowercased() }) } ?? 0
        for cut in lower.indices.dropFirst() {
            let pieces = [String(lower[..<cut]), String(lower[cut...])]
            if pieces.allSatisfy(isPiece) { best = max(best, count(pieces)) }
        }
        return best
    }

    /// A word the glued-word repair accepts as a piece: three letters or more, or one of its short
    /// words, but not "i" (lowercase, it is no word).
    private func isPiece(_ piece: String) -> Bool {
        (piece.count >= 3 || GluedWordRepairer.shortWords.contains(piece)) && piece != "i" && lexicon.contains(piece)
    }

    /// "B ar" → "Bar", "I nterface" → "Interface": `first` is one capital letter (after any
    /// opening punctuation), `second` two lowercase letters or more (before any closing
    /// punctuation) that are no word of their own, and the two make a known word, at least twice as
    /// common in the corpus as `second`. "I" and "A" are words, but then the rest is not.
    func joined(_ first: Substring, _ second: Substring) -> (token: String, original: String, word: String)? {
        guard let letter = first.last, letter.isASCII, letter.isUppercase,
            first.dropLast().allSatisfy({ !$0.isLetter && !$0.isNumber })
        else { return nil }
        let rest = second.prefix { $0.isASCII && $0.isLowercase }
        let closing = second[rest.endIndex...]
        guard rest.count >= 2, closing.allSatisfy({ !$0.isLetter && !$0.isNumber }) else { return nil }
        let restWord = String(rest)
        // As the glued-word repair reads a piece: under three letters, only its short words are
        // words ("ar", a letter's name in the English list, is none).
        let isWordOfItsOwn = restWord.count < 3 ? GluedWordRepairer.shortWords.contains(restWord) : lexicon.contains(restWord)
        let word = String(letter) + restWord
        guard !isWordOfItsOwn, lexicon.contains(word.lowercased()) else { return nil }
        let restCount = lexicon.contains(restWord) ? lexicon.count(of: restWord) : unknownCounts[restWord, default: 0]
        guard lexicon.count(of: word.lowercased()) >= 2 * max(1, restCount) else { return nil }
        return (String(first.dropLast() + word + closing), "\(letter) \(restWord)", word)
    }
}

extension OCRMisreadingRepairer.Confusion {
    /// `token` with one occurrence of `read` made `written`, for each occurrence.
    func readings(of token: [UInt8]) -> [[UInt8]] {
        let read = Array(self.read.utf8)
        let written = Array(self.written.utf8)
        guard token.count >= read.count else { return [] }
        var readings: [[UInt8]] = []
        for start in 0...(token.count - read.count) where token[start..<(start + read.count)].elementsEqual(read) {
            readings.append(Array(token[..<start]) + written + token[(start + read.count)...])
        }
        return readings
    }
}
