import Foundation
@testable import HIGStore

// The cleaning code as it was before it read lines on their bytes, copied for
// CleaningFastPathTests (doc comments left out). Do not change: it is what the fast paths must
// answer.

struct ReferenceMarkupStripper: Sendable {
    let form: EditionManifest.Form
    let repairer: ReferenceGluedWordRepairer?

    static let bulletMarkers: [Character] = ["-", "*", "+", "●", "❏", "•", "◦", "▪", "‣", "–", "○", "■", "□"]

    init(form: EditionManifest.Form, repairer: ReferenceGluedWordRepairer?) {
        self.form = form
        self.repairer = repairer
    }

    func mark(_ raw: String, number: Int) -> MarkedLine {
        var line = MarkedLine(number: number)
        var text = Substring(raw)
        while let first = text.first, first == " " || first == "\t" {
            line.indent += first == "\t" ? 4 : 1
            text = text.dropFirst()
        }
        var s = String(text)
        // NUL and other control characters carry no words; a tab inside a line separates two.
        if s.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) {
            var kept = String.UnicodeScalarView()
            for scalar in s.unicodeScalars {
                if scalar == "\t" {
                    kept.append(" ")
                } else if scalar.value >= 0x20 && scalar.value != 0x7F {
                    kept.append(scalar)
                }
            }
            s = String(kept)
        }
        let hadContent = Self.hasNonWhitespaceCharacter(s)
        // Each markup pass runs only when its opening character is there: most lines hold none.
        // The passes only remove characters (or add spaces), so a character absent from the
        // line as read stays absent, and one scan of the line answers for most of them.
        let present = MarkupBytes(s)
        let has = { (byte: UInt8) in present.contains(byte) && s.utf8.contains(byte) }
        if form == .pdfMarkdown {
            if has(UInt8(ascii: "<")) { s = Self.removeComments(s) }
            // Page anchors are tags, page images are image links.
            if has(UInt8(ascii: "<")) || has(UInt8(ascii: "!")) { line.pageMarkers = Self.pageMarkers(in: s) }
            if has(UInt8(ascii: "!")) { s = Self.removeImages(s) }
            if has(UInt8(ascii: "<")) { s = Self.removeTags(s) }
            s = FastText.trimmingSpaces(s)
            (s, line.headingLevel) = Self.removeHeadingMarker(s)
        }
        (s, line.bulletDepth) = Self.removeBullets(s, markdown: form == .pdfMarkdown)
        if form == .pdfMarkdown {
            if has(UInt8(ascii: "]")) { s = Self.removeLinks(s) }
            if has(UInt8(ascii: "\\")) { s = s.replacingOccurrences(of: "\\*", with: "*") }
        }
        s = Self.collapseWhitespace(s)
        if let repairer {
            let repaired = repairer.repair(s, line: number)
            s = repaired.text
            line.repairs = repaired.repairs
        }
        if form == .pdfMarkdown, s.utf8.contains(UInt8(ascii: "*")) || s.utf8.contains(UInt8(ascii: "_")) {
            (s, line.boldLead) = Self.removeEmphasis(s)
            s = Self.collapseWhitespace(s)
        }
        if form == .pdfMarkdown {
            s = Self.removeResidue(s)
            line.boldLead = line.boldLead.map { Self.removeResidue(Self.collapseWhitespace($0)) }.flatMap { $0.isEmpty ? nil : $0 }
        }
        line.text = s
        line.isMarkupOnly = hadContent && s.isEmpty
        return line
    }

    static func hasNonWhitespaceCharacter(_ s: String) -> Bool {
        if s.utf8.contains(where: { $0 < 128 && $0 != 32 && !($0 >= 9 && $0 <= 13) }) { return true }
        return s.contains { !$0.isWhitespace }
    }

    struct MarkupBytes {
        private var low: UInt64 = 0
        private var high: UInt64 = 0

        init(_ s: String) {
            for byte in s.utf8 where byte < 128 {
                if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte - 64) }
            }
        }

        func contains(_ byte: UInt8) -> Bool {
            byte < 64 ? low & (1 << UInt64(byte)) != 0 : byte < 128 && high & (1 << UInt64(byte - 64)) != 0
        }
    }

    // MARK: - Pieces

    static func removeComments(_ s: String) -> String {
        guard s.utf8.contains(UInt8(ascii: "<")) else { return s }
        let bytes = Array(s.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            out.append(bytes[index])
            index += 1
            // An opening marker may be completed by the bytes after a removed comment: "<!<!---->--".
            if out.count >= 4, out[out.count - 4] == UInt8(ascii: "<"), out[out.count - 3] == UInt8(ascii: "!"),
               out[out.count - 2] == UInt8(ascii: "-"), out[out.count - 1] == UInt8(ascii: "-") {
                out.removeLast(4)
                index = find(Array("-->".utf8), in: bytes, from: index).map { $0 + 3 } ?? bytes.count
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, bytes.count >= needle.count else { return nil }
        var index = start
        while index <= bytes.count - needle.count {
            if bytes[index] == first {
                var matches = true
                for offset in 1..<needle.count where bytes[index + offset] != needle[offset] {
                    matches = false
                    break
                }
                if matches { return index }
            }
            index += 1
        }
        return nil
    }

    static func pageMarkers(in s: String) -> [Int] {
        var pages: [Int] = []
        var index = s.startIndex
        while index < s.endIndex {
            let rest = s[index...]
            if rest.hasPrefix("id=\"page-") || rest.hasPrefix("_page_") {
                let digitsStart = s.index(index, offsetBy: rest.hasPrefix("_page_") ? 6 : 9)
                let digits = s[digitsStart...].prefix(while: \.isNumber)
                if let value = Int(digits), digits.count <= 6 { pages.append(value + 1) }
                index = digits.endIndex
            } else {
                index = s.index(after: index)
            }
        }
        return pages
    }

    static func removeImages(_ s: String) -> String {
        guard s.utf8.contains(UInt8(ascii: "!")) else { return s }
        let bytes = Array(s.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "!"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "[") {
                guard let close = find(Array("](".utf8), in: bytes, from: index + 2),
                      let end = find([UInt8(ascii: ")")], in: bytes, from: close + 2) else {
                    out.append(contentsOf: bytes[index...])
                    break
                }
                index = end + 1
                continue
            }
            out.append(bytes[index])
            index += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func removeTags(_ s: String) -> String {
        let scalars = Array(s.unicodeScalars)
        // Searching for a closing ">" only where one is left keeps a line of many "<a" linear.
        guard let lastClose = scalars.lastIndex(of: ">") else { return s }
        var out = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            let c = scalars[index]
            if c == "<", index + 1 < lastClose, scalars[index + 1].properties.isAlphabetic || scalars[index + 1] == "/",
               let end = scalars[(index + 1)...].firstIndex(of: ">") {
                index = end + 1
            } else {
                out.append(c)
                index += 1
            }
        }
        return String(out)
    }

    static func removeHeadingMarker(_ s: String) -> (String, Int) {
        let hashes = s.prefix(while: { $0 == "#" }).count
        guard (1...6).contains(hashes) else { return (s, 0) }
        let rest = s.dropFirst(hashes)
        guard rest.first == " " || rest.isEmpty else { return (s, 0) }
        return (FastText.trimmingSpaces(String(rest)), hashes)
    }

    static func removeBullets(_ s: String, markdown: Bool) -> (String, Int) {
        // White space the indent does not count (a line separator, a no-break space) hides no bullet.
        var rest = Substring(s).unicodeScalars.drop(while: \.properties.isWhitespace)
        var depth = 0
        while let first = rest.first {
            let isMarker = markdown ? bulletScalars.contains(first) : webBulletScalars.contains(first)
            guard isMarker else { break }
            let after = rest.dropFirst()
            // "**bold" and "*italic*" are not bullets; "-dash" glued to a word is not either.
            guard after.isEmpty || after.first == " " || after.first == "\t" || unspacedBulletScalars.contains(first) else { break }
            rest = after.drop(while: { $0 == " " || $0 == "\t" })
            depth += 1
        }
        return (String(Substring(rest)), depth)
    }

    static let bulletScalars = Set(bulletMarkers.flatMap(\.unicodeScalars))
    static let webBulletScalars = Set("•●◦▪‣".unicodeScalars)
    static let unspacedBulletScalars = Set("●❏•◦▪".unicodeScalars)

    static func removeLinks(_ s: String) -> String {
        let scalars = Array(s.unicodeScalars)
        var index = 0
        var openBrackets: [Int] = []
        var remove = Set<Int>()
        // A target is looked for only where a ")" is left, so a line of many "](" stays linear.
        let lastClose = scalars.lastIndex(of: ")") ?? -1
        while index < scalars.count {
            let c = scalars[index]
            if c == "[" {
                openBrackets.append(index)
            } else if c == "]", index + 1 < scalars.count, scalars[index + 1] == "(", index + 2 <= lastClose,
                      let close = scalars[(index + 2)...].firstIndex(of: ")") {
                if let open = openBrackets.popLast() { remove.insert(open) }
                for i in index...close { remove.insert(i) }
                index = close
            } else if c == "]" {
                _ = openBrackets.popLast()
            }
            index += 1
        }
        guard !remove.isEmpty else { return s }
        var out = String.UnicodeScalarView()
        for (offset, scalar) in scalars.enumerated() where !remove.contains(offset) { out.append(scalar) }
        return String(out)
    }

    static func removeEmphasis(_ s: String) -> (String, String?) {
        var lead: String?
        if s.hasPrefix("**") {
            let bytes = Array(s.utf8)
            if let close = FastText.offset(of: "**", in: bytes, from: 2) {
                let words = FastText.trimmingSpaces(String(decoding: bytes[2..<close], as: UTF8.self))
                if !words.isEmpty { lead = words }
            }
        }
        var out = ReferenceFastText.removing("__", from: ReferenceFastText.removing("**", from: s))
        if out.utf8.contains(UInt8(ascii: "*")) { out = removeItalics(out) }
        return (out, lead.map(removeItalics))
    }

    static func removeItalics(_ s: String) -> String {
        guard s.utf8.contains(UInt8(ascii: "*")) else { return s }
        let scalars = Array(s.unicodeScalars)
        func isWordScalar(_ scalar: Unicode.Scalar?) -> Bool {
            guard let scalar else { return false }
            return scalar.properties.isAlphabetic || scalar.properties.numericType != nil
        }
        var remove = Set<Int>()
        var open: Int?
        for (i, c) in scalars.enumerated() where c == "*" {
            let before: Unicode.Scalar? = i > 0 ? scalars[i - 1] : nil
            let after: Unicode.Scalar? = i + 1 < scalars.count ? scalars[i + 1] : nil
            if let o = open {
                if let before, !before.properties.isWhitespace, !isWordScalar(after) {
                    remove.insert(o)
                    remove.insert(i)
                    open = nil
                }
            } else if let after, !after.properties.isWhitespace, !isWordScalar(before) {
                open = i
            }
        }
        guard !remove.isEmpty else { return s }
        var out = String.UnicodeScalarView()
        for (offset, scalar) in scalars.enumerated() where !remove.contains(offset) { out.append(scalar) }
        return String(out)
    }

    static func removeResidue(_ s: String) -> String {
        var s = s
        for _ in 0..<maximumResiduePasses {
            let mayHoldMarkup = s.utf8.contains { $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: "*") || $0 == UInt8(ascii: "_")
                || $0 == UInt8(ascii: "]") || $0 == UInt8(ascii: "!") } || s.unicodeScalars.first.map(bulletScalars.contains) == true
            guard mayHoldMarkup else { return s }
            var next = removeImages(removeComments(s))
            next = removeLinks(removeTags(next))
            next = removeBullets(removeEmphasis(next).0, markdown: true).0
            next = collapseWhitespace(next)
            if next == s { return s }
            s = next
        }
        return s
    }

    static let maximumResiduePasses = 8

    static func collapseWhitespace(_ s: String) -> String {
        var s = s
        return s.withUTF8 { bytes -> String? in
            // The white space of UTF-8 lead byte `lead` at `index`, and its length.
            func scalar(at index: Int) -> (isWhitespace: Bool, length: Int) {
                let (value, length) = FastText.decodeScalar(bytes, at: index)
                return (Unicode.Scalar(value)?.properties.isWhitespace ?? false, length)
            }
            func isASCIIWhitespace(_ byte: UInt8) -> Bool { byte == 32 || (byte >= 9 && byte <= 13) }
            // Already collapsed: no white space but single spaces between other characters.
            var clean = true
            var index = 0
            var previousWasSpace = true
            while index < bytes.count {
                let byte = bytes[index]
                if byte < 128 {
                    if byte == 32 {
                        if previousWasSpace { clean = false; break }
                        previousWasSpace = true
                    } else if isASCIIWhitespace(byte) {
                        clean = false; break
                    } else {
                        previousWasSpace = false
                    }
                    index += 1
                } else {
                    let (isWhitespace, length) = scalar(at: index)
                    if isWhitespace { clean = false; break }
                    previousWasSpace = false
                    index += length
                }
            }
            if clean && !(previousWasSpace && bytes.count > 0) { return nil }
            return String(unsafeUninitializedCapacity: bytes.count) { out in
                var count = 0
                var pendingSpace = false
                var index = 0
                while index < bytes.count {
                    let byte = bytes[index]
                    let length: Int
                    let isWhitespace: Bool
                    if byte < 128 {
                        (isWhitespace, length) = (isASCIIWhitespace(byte), 1)
                    } else {
                        (isWhitespace, length) = scalar(at: index)
                    }
                    if isWhitespace {
                        pendingSpace = count > 0
                    } else {
                        if pendingSpace { out[count] = 32; count += 1 }
                        for offset in 0..<length { out[count + offset] = bytes[index + offset] }
                        count += length
                        pendingSpace = false
                    }
                    index += length
                }
                return count
            }
        } ?? s
    }

}

struct ReferenceGluedWordRepairer: Sendable {
    let lexicon: Lexicon
    static let maximumPieces = 4
    static let minimumLength = 5
    static let maximumPieceLength = 40

    init(lexicon: Lexicon) {
        self.lexicon = lexicon
    }

    func repair(_ text: String, line: Int) -> (text: String, repairs: [Repair]) {
        var repairs: [Repair] = []
        var output: [UInt8]?
        var copiedUpTo = 0
        var source = text
        source.withUTF8 { bytes in
            var index = 0
            while index < bytes.count {
                if bytes[index] == 32 || bytes[index] == 9 { index += 1; continue }
                let start = index
                while index < bytes.count, bytes[index] != 32, bytes[index] != 9 { index += 1 }
                let tokenBytes = UnsafeBufferPointer(rebasing: bytes[start..<index])
                if isKnownOrShort(tokenBytes) { continue }
                let token = String(decoding: tokenBytes, as: UTF8.self)
                let (fixed, tokenRepairs) = repairToken(token, line: line)
                repairs += tokenRepairs
                guard !fixed.utf8.elementsEqual(tokenBytes) else { continue }
                if output == nil { output = []; output!.reserveCapacity(bytes.count + 8) }
                output!.append(contentsOf: bytes[copiedUpTo..<start])
                output!.append(contentsOf: fixed.utf8)
                copiedUpTo = index
            }
            output?.append(contentsOf: bytes[copiedUpTo...])
        }
        guard let output else { return (text, repairs) }
        return (String(decoding: output, as: UTF8.self), repairs)
    }

    private func isKnownOrShort(_ token: UnsafeBufferPointer<UInt8>) -> Bool {
        var letters = 0
        var lower: [UInt8] = []
        for byte in token {
            if byte >= 128 || byte == UInt8(ascii: "(") { return false }
            if (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122) {
                letters += 1
                lower.append(byte | 0x20)
            }
        }
        return letters < Self.minimumLength || lexicon.contains(String(decoding: lower, as: UTF8.self))
    }

    private func repairToken(_ token: String, line: Int) -> (String, [Repair]) {
        // Most tokens are short or known words: settle them on their bytes, before any
        // Character-level work.
        if !token.utf8.contains(UInt8(ascii: "(")) {
            var letters = 0
            var ascii = true
            var lower: [UInt8] = []
            for byte in token.utf8 {
                if byte >= 128 { ascii = false; break }
                if (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122) {
                    letters += 1
                    lower.append(byte | 0x20)
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
           token[..<bracket].allSatisfy({ $0.isLetter }) {
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
              let last = token.lastIndex(where: \.isLetter) else { return (token, repairs) }
        let core = token[first...last]
        guard let pieces = split(String(core)) else { return (token, repairs) }
        let replacement = pieces.joined(separator: " ")
        repairs.append(Repair(line: line, kind: .gluedWords, original: String(core), replacement: replacement))
        return (String(token[..<first]) + replacement + String(token[token.index(after: last)...]), repairs)
    }

    func split(_ word: String) -> [String]? {
        // A token longer than four of the longest words cannot be cut into known words.
        let length = word.count
        guard length >= Self.minimumLength, length <= Self.maximumPieces * Self.maximumPieceLength,
              word.allSatisfy({ $0.isLetter && $0.isASCII }) else { return nil }
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

    private struct Candidate {
        var count: Int
        var score: Double
        var firstEnd: Int
    }

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
                let text = piece(start, end)
                guard isAcceptablePiece(text) else { continue }
                let candidate = Candidate(
                    count: rest.count + 1, score: rest.score + log(Double(1 + lexicon.count(of: text))), firstEnd: end)
                if let current = winner {
                    if candidate.count != current.count {
                        if candidate.count < current.count { winner = candidate }
                    } else if candidate.score != current.score {
                        if candidate.score > current.score { winner = candidate }
                    } else if pieces(from: start, firstEnd: end).lexicographicallyPrecedes(pieces(from: start, firstEnd: current.firstEnd)) {
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

    static let shortWords: Set<String> = [
        "a", "i", "an", "as", "at", "be", "by", "do", "go", "he", "if", "in", "is", "it", "me", "my", "no", "of",
        "oh", "ok", "on", "or", "so", "to", "up", "us", "we",
    ]

    private func isAcceptablePiece(_ piece: String) -> Bool {
        (piece.utf8.count >= 3 || Self.shortWords.contains(piece)) && piece != "i" && lexicon.contains(piece)
    }
}

enum ReferenceFastText {
    static func lowercasedStart(_ text: String, length: Int = 64) -> String {
        let bytes = text.utf8
        guard bytes.count > length else { return text.lowercased() }
        var start: [UInt8] = []
        start.reserveCapacity(length)
        for byte in bytes.prefix(length + 1) {
            guard byte < 128, byte != 13 else { return text.lowercased() }
            if start.count < length { start.append(byte >= 65 && byte <= 90 ? byte + 32 : byte) }
        }
        return String(decoding: start, as: UTF8.self)
    }

    static func continues(_ text: String) -> Bool {
        let lower = lowercasedStart(text)
        return RuleBuilder.continuationOpenings.contains { lower.hasPrefix($0) }
    }

    static func removing(_ pattern: StaticString, from text: String) -> String {
        let needle = Array(UnsafeBufferPointer(start: pattern.utf8Start, count: pattern.utf8CodeUnitCount))
        let bytes = Array(text.utf8)
        guard let first = needle.first, bytes.contains(first) else { return text }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == first, index + needle.count <= bytes.count, bytes[index..<(index + needle.count)].elementsEqual(needle) {
                index += needle.count
            } else {
                out.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}

enum ReferenceTerms {
    static func terms(of text: String) -> (recommended: Set<String>, rejected: Set<String>) {
        var recommended = Set<String>()
        var rejected = Set<String>()
        // Most rules name no word to use or avoid: skip the patterns then.
        let bytes = text.utf8
        guard bytes.contains(UInt8(ascii: "\"")) || bytes.contains(0xE2) || contains(bytes, "use a term") || contains(bytes, "use the word") else {
            return (recommended, rejected)
        }
        let lower = FastText.foldedLowercase(text)
        for regex in TermPatterns.recommending {
            for match in matches(regex, in: lower) { recommended.insert(match) }
        }
        for inside in matches(TermPatterns.exclusion, in: lower, trimmed: false) {
            for word in matches(TermPatterns.quoted, in: inside) { rejected.insert(word) }
        }
        for regex in TermPatterns.rejecting {
            for match in matches(regex, in: lower) { rejected.insert(match) }
        }
        return (recommended, rejected)
    }

    private static func contains(_ bytes: String.UTF8View, _ phrase: StaticString) -> Bool {
        let needle = UnsafeBufferPointer(start: phrase.utf8Start, count: phrase.utf8CodeUnitCount)
        guard let first = needle.first else { return true }
        var index = bytes.startIndex
        while let found = bytes[index...].firstIndex(of: first) {
            if bytes[found...].starts(with: needle) { return true }
            index = bytes.index(after: found)
        }
        return false
    }

    enum TermPatterns {
        static let quotedOrWord = #"(?:"([^"]+)"|([a-z]+))"#
        static let recommending = [
            #"use (?:the word|the term|a term like|a word like) "# + quotedOrWord, #"(?:prefer|use) "([^"]+)""#,
        ].map(compile)
        static let exclusion = compile(#"\(not ([^)]*)\)"#)
        static let quoted = compile(#""([^"]+)""#)
        static let rejecting = [#"avoid (?:using )?"# + quotedOrWord, #"don't use "# + quotedOrWord].map(compile)

        static func compile(_ pattern: String) -> NSRegularExpression {
            do { return try NSRegularExpression(pattern: pattern) } catch { preconditionFailure("bad pattern \(pattern)") }
        }
    }

    private static func matches(_ regex: NSRegularExpression, in text: String, trimmed: Bool = true) -> [String] {
        let range = NSRange(text.startIndex..., in: text)
        return regex.matches(in: text, range: range).compactMap { match in
            for group in 1..<max(2, match.numberOfRanges) {
                if let r = Range(match.range(at: group), in: text) {
                    let found = String(text[r])
                    return trimmed ? found.trimmingCharacters(in: .punctuationCharacters.union(.whitespaces)) : found
                }
            }
            return nil
        }
    }
}
