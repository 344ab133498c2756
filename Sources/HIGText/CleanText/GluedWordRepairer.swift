import Foundation

/// Splits words that PDF extraction ran together ("testthe", "buttonsissignificantly",
/// "Itshould") and only those.
///
/// A token is split only when it is not a known word, is made of letters alone (no digits,
/// inner capitals or dots, which mark names like "UIAlertView" or "exclamationmark.triangle"),
/// and can be cut into two to four known words. Among the cuts with the fewest pieces, the one
/// whose pieces are most frequent in the corpus wins; ties go to the alphabetically first, so
/// the result is the same on every machine.
public struct GluedWordRepairer: Sendable {
    public let lexicon: Lexicon
    /// The lexicon, looked up by bytes.
    let index: LexiconIndex
    static let maximumPieces = 4
    static let minimumLength = 5
    /// No word is longer (the English list's longest is 22 letters): a bound that keeps the
    /// search linear in a token's length, however long a run of letters a file holds.
    static let maximumPieceLength = 40

    public init(lexicon: Lexicon) {
        self.lexicon = lexicon
        index = LexiconIndex(lexicon)
    }

    /// The repaired text and the repairs made, each attributed to `line`.
    ///
    /// Tokens are read on UTF-8 bytes (`forEachToken`). A text is rebuilt only from its first
    /// changed token on: most lines have none and come back as they are.
    public func repair(_ text: String, line: Int) -> (text: String, repairs: [Repair]) {
        var repairs: [Repair] = []
        var output: [UInt8]?
        var copiedUpTo = 0
        var source = text
        source.withUTF8 { bytes in
            Self.forEachToken(in: bytes) { range in
                let tokenBytes = UnsafeBufferPointer(rebasing: bytes[range])
                if isKnownOrShort(tokenBytes) { return }
                let token = String(decoding: tokenBytes, as: UTF8.self)
                let (fixed, tokenRepairs) = repairToken(token, line: line)
                repairs += tokenRepairs
                guard !fixed.utf8.elementsEqual(tokenBytes) else { return }
                if output == nil { output = []; output!.reserveCapacity(bytes.count + 8) }
                output!.append(contentsOf: bytes[copiedUpTo..<range.lowerBound])
                output!.append(contentsOf: fixed.utf8)
                copiedUpTo = range.upperBound
            }
            output?.append(contentsOf: bytes[copiedUpTo...])
        }
        guard let output else { return (text, repairs) }
        return (String(decoding: output, as: UTF8.self), repairs)
    }

    /// The byte ranges of the tokens of UTF-8 `bytes`, in order: the runs between spaces and
    /// tabs that are Characters of their own (`Definition.tokens`).
    static func forEachToken(in bytes: UnsafeBufferPointer<UInt8>, _ body: (Range<Int>) -> Void) {
        var start: Int?
        for index in bytes.indices {
            if isSeparator(bytes, at: index) {
                if let first = start { body(first..<index) }
                start = nil
            } else if start == nil {
                start = index
            }
        }
        if let first = start { body(first..<bytes.count) }
    }

    /// Whether the byte at `index` is a space or a tab that is a Character of its own. A mark or
    /// a joiner after a space (" \u{301}"), or a prepended mark before it ("\u{600} "), makes one
    /// Character with it, which a Character-level split does not cut. Both are beyond ASCII, and
    /// whether two scalars join depends on those two alone when one is a space or a tab.
    static func isSeparator(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        let byte = bytes[index]
        guard byte == 32 || byte == 9 else { return false }
        func joins(_ first: UInt32, _ second: UInt32) -> Bool {
            var pair = String.UnicodeScalarView()
            pair.append(Unicode.Scalar(first)!)
            pair.append(Unicode.Scalar(second)!)
            return String(pair).count == 1
        }
        if index + 1 < bytes.count, bytes[index + 1] >= 0x80, joins(UInt32(byte), FastText.decodeScalar(bytes, at: index + 1).value) {
            return false
        }
        guard index > 0, bytes[index - 1] >= 0x80 else { return true }
        var lead = index - 1
        while bytes[lead] & 0xC0 == 0x80 { lead -= 1 }
        return !joins(FastText.decodeScalar(bytes, at: lead).value, UInt32(byte))
    }

    /// The test `repairToken` settles most tokens with: ASCII, no bracket, and fewer than
    /// `minimumLength` letters or a known word once its letters are lowercased
    /// (`Definition.isKnownOrShort`).
    func isKnownOrShort(_ token: UnsafeBufferPointer<UInt8>) -> Bool {
        var letters = 0
        for byte in token {
            if byte >= 128 || byte == UInt8(ascii: "(") { return false }
            if ASCII.isLetter(byte) { letters += 1 }
        }
        if letters < Self.minimumLength { return true }
        // The lowercased letters are ASCII: looked up by their bytes (`LexiconIndex`), in a
        // buffer on the stack.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: letters) { lower in
            var count = 0
            for byte in token where ASCII.isLetter(byte) {
                lower[count] = ASCII.lowercased(byte)
                count += 1
            }
            return index.contains(ascii: UnsafeBufferPointer(lower))
        }
    }

    /// What `repair`'s token reading and `isKnownOrShort` must equal, read on Characters.
    enum Definition {
        /// The tokens of `text`: its runs of Characters other than a space or a tab.
        static func tokens(_ text: String) -> [Substring] {
            text.split(whereSeparator: { $0 == " " || $0 == "\t" })
        }

        /// ASCII, no bracket, and fewer than `minimumLength` letters or, lowercased, a word of
        /// the lexicon.
        static func isKnownOrShort(_ token: Substring, in lexicon: Lexicon) -> Bool {
            guard token.allSatisfy(\.isASCII), !token.contains("(") else { return false }
            let letters = String(token.filter(\.isLetter)).lowercased()
            return letters.count < GluedWordRepairer.minimumLength || lexicon.contains(letters)
        }

        /// `repair`: every token of `tokens` through `repairToken`, the text between them kept.
        static func repair(_ text: String, line: Int, by repairer: GluedWordRepairer) -> (text: String, repairs: [Repair]) {
            var repaired = ""
            var repairs: [Repair] = []
            var copiedUpTo = text.startIndex
            for token in tokens(text) {
                let (fixed, tokenRepairs) = repairer.repairToken(String(token), line: line)
                repaired += text[copiedUpTo..<token.startIndex] + fixed
                repairs += tokenRepairs
                copiedUpTo = token.endIndex
            }
            return (repaired + text[copiedUpTo...], repairs)
        }
    }

    func repairToken(_ token: String, line: Int) -> (String, [Repair]) {
        // Most tokens are short or known words: settle them on their bytes, before any
        // Character-level work.
        if !token.utf8.contains(UInt8(ascii: "(")) {
            var letters = 0
            var ascii = true
            var lower: [UInt8] = []
            for byte in token.utf8 {
                if byte >= 128 { ascii = false; break }
                if ASCII.isLetter(byte) {
                    letters += 1
                    lower.append(ASCII.lowercased(byte))
                }
            }
            // Curly quotes and other non-ASCII marks take the slow path below.
            if ascii && (letters < Self.minimumLength || lexicon.contains(String(decoding: lower, as: UTF8.self))) {
                return (token, [])
            }
        }
        var repairs: [Repair] = []
        var token = token
        // "users(these": a word run into an opening bracket.
        if let bracket = token.firstIndex(of: "("), bracket != token.startIndex,
            token[token.index(before: bracket)].isLetter,
            token[..<bracket].allSatisfy({ $0.isLetter })
        {
            let fixed = token[..<bracket] + " " + token[bracket...]
            repairs.append(Repair(line: line, kind: .gluedPunctuation, original: token, replacement: String(fixed)))
            token = String(fixed)
            // The part after the bracket is a token of its own.
            let parts = token.split(separator: " ", maxSplits: 1).map(String.init)
            let (tail, tailRepairs) = repairToken(parts[1], line: line)
            return (parts[0] + " " + tail, repairs + tailRepairs)
        }
        // The word itself, without surrounding punctuation.
        guard let first = token.firstIndex(where: \.isLetter),
            let last = token.lastIndex(where: \.isLetter)
        else { return (token, repairs) }
        let core = token[first...last]
        guard let pieces = split(String(core)) else { return (token, repairs) }
        let replacement = pieces.joined(separator: " ")
        repairs.append(Repair(line: line, kind: .gluedWords, original: String(core), replacement: replacement))
        return (String(token[..<first]) + replacement + String(token[token.index(after: last)...]), repairs)
    }

    /// The pieces of a glued word, or nil when `word` should stay as it is.
    public func split(_ word: String) -> [String]? {
        // A token longer than four of the longest words cannot be cut into known words.
        let length = word.count
        guard length >= Self.minimumLength, length <= Self.maximumPieces * Self.maximumPieceLength,
            word.allSatisfy({ $0.isLetter && $0.isASCII })
        else { return nil }
        // Only "lowercase" or "Capitalized" tokens: inner capitals mark names (iPadOS, UIAlertView).
        let tail = word.dropFirst()
        guard tail.allSatisfy(\.isLowercase) else { return nil }
        let lower = word.lowercased()
        guard !lexicon.contains(lower) else { return nil }
        guard let best = bestSegmentation(Array(lower.utf8)) else { return nil }
        // Give the first piece back its capital ("Itshould" → "It should").
        var pieces = best
        if word.first!.isUppercase {
            pieces[0] = pieces[0].prefix(1).uppercased() + pieces[0].dropFirst()
        }
        return pieces
    }

    /// The best segmentation of a suffix: how many pieces, their score, and where its first
    /// piece ends (the rest is the best segmentation from there).
    private struct Candidate {
        var count: Int
        var score: Double
        var firstEnd: Int
    }

    /// `letters` are ASCII (`split` checks), so pieces are cut on bytes; a piece's String is made
    /// only once the cheaper tests pass.
    private func bestSegmentation(_ letters: [UInt8]) -> [String]? {
        let n = letters.count
        // best[i]: the best segmentation of letters[i...] (fewest pieces, then highest score,
        // then the alphabetically first pieces).
        var best = [Candidate?](repeating: nil, count: n + 1)
        best[n] = Candidate(count: 0, score: 0, firstEnd: n)
        func piece(_ start: Int, _ end: Int) -> String { String(decoding: letters[start..<end], as: UTF8.self) }
        func pieces(from start: Int, firstEnd: Int) -> [String] {
            var result = [piece(start, firstEnd)]
            var index = firstEnd
            while index < n, let next = best[index] {
                result.append(piece(index, next.firstEnd))
                index = next.firstEnd
            }
            return result
        }
        for start in stride(from: n - 1, through: 0, by: -1) {
            var winner: Candidate?
            for end in (start + 1)...min(n, start + Self.maximumPieceLength) {
                guard let rest = best[end], rest.count < Self.maximumPieces else { continue }
                // Pieces are ASCII: tested and counted on their bytes (`LexiconIndex`).
                let frequency: Int? = letters.withUnsafeBufferPointer { all in
                    let text = UnsafeBufferPointer(rebasing: all[start..<end])
                    return isAcceptablePiece(text) ? index.count(ascii: text) : nil
                }
                guard let frequency else { continue }
                let candidate = Candidate(
                    count: rest.count + 1, score: rest.score + log(Double(1 + frequency)), firstEnd: end)
                if let current = winner {
                    if candidate.count != current.count {
                        if candidate.count < current.count { winner = candidate }
                    } else if candidate.score != current.score {
                        if candidate.score > current.score { winner = candidate }
                    } else if pieces(from: start, firstEnd: end).lexicographicallyPrecedes(pieces(from: start, firstEnd: current.firstEnd))
                    {
                        winner = candidate
                    }
                } else {
                    winner = candidate
                }
            }
            best[start] = winner
        }
        guard let result = best[0], result.count >= 2 else { return nil }
        return pieces(from: 0, firstEnd: result.firstEnd)
    }

    /// The file of Data/lexicon that lists the short words.
    static let shortPiecesFile = "short-pieces.txt"

    /// Short words that may be a piece (`Data/lexicon/short-pieces.txt`, which says why). The
    /// English list holds many two-letter abbreviations ("rs", "st"), and a cut like "steppers"
    /// → "steppe rs" must not pass.
    static let shortWords: Set<String> = {
        guard let text = EmbeddedResources.lexicon[shortPiecesFile] else {
            preconditionFailure("Data/lexicon/\(shortPiecesFile) was not embedded at build time")
        }
        var words = Set<String>()
        Lexicon.addListWords(text, to: &words)
        return words
    }()

    /// `piece` is lowercase ASCII; a short one is tested as a String, as the list is.
    private func isAcceptablePiece(_ piece: UnsafeBufferPointer<UInt8>) -> Bool {
        guard piece.count >= 3 || Self.shortWords.contains(String(decoding: piece, as: UTF8.self)) else { return false }
        return !(piece.count == 1 && piece[0] == UInt8(ascii: "i")) && index.contains(ascii: piece)
    }
}
