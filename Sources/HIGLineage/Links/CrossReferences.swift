/// The numbers of a text's cross-references, and the values it states.
///
/// Every edition of a PDF guide renumbers its pages, figures, tables and chapters: 2008's
/// "described in "Progress Views" (page 96)" is 2010's "(page 115)", and "Figure 6-6" may be
/// "Figure 7-6". A change there is no change of guidance, so such numbers are compared as one
/// placeholder. Any other number is a value the guidance states ("up to three buttons",
/// "57 x 57 pixels"): a change there changes what to do.
enum CrossReferences {
    /// The words after which a number is a reference's ("page 96", "figure 7 1" from
    /// "Figure 7-1", "pages 12 13").
    static let referenceWords: Set<String> = ["page", "pages", "figure", "figures", "table", "tables", "chapter", "chapters", "listing"]

    /// Number words that state a value. "one" is left out: it is a pronoun as often ("one that
    /// dismisses the alert").
    static let numberWords: Set<String> = [
        "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "twenty", "hundred",
    ]

    static let placeholder = "#"

    /// Comparable words (`WordDiff.comparableWords`) with each number of a reference, and each
    /// number that follows one, as `placeholder`.
    static func foldingReferenceNumbers(_ words: [String]) -> [String] {
        var folded = words
        var inReference = false
        for index in folded.indices {
            let word = folded[index]
            if isDigits(word) {
                if inReference { folded[index] = placeholder }
            } else {
                inReference = referenceWords.contains(word)
            }
        }
        return folded
    }

    /// The words of a text's guidance: comparable words (`WordDiff.comparableWords`) with
    /// reference numbers folded, and each parenthesis that cites a page (`(see "Using Action
    /// Sheets" (page 81) for more information)`) as one word, `citation`: where the guide sends
    /// the reader is no part of what it says to do. (Folding whole sentences that send the
    /// reader elsewhere too, and parentheses naming documentation, agreed less with the gold
    /// sets: 180 and 198 classes against 183 and 200.)
    static func guidanceWords(_ text: String) -> [String] {
        var words: [String] = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "(") {
            words += WordDiff.comparableWords(String(rest[..<open]))
            var depth = 0
            var close: String.Index?
            for index in rest[open...].indices {
                if rest[index] == "(" { depth += 1 }
                if rest[index] == ")" { depth -= 1 }
                if depth == 0 {
                    close = index
                    break
                }
            }
            guard let close else {
                rest = rest[open...]
                break
            }
            let groupWords = WordDiff.comparableWords(String(rest[rest.index(after: open)..<close]))
            if citesAPage(groupWords) { words.append(citation) } else { words += groupWords }
            rest = rest[rest.index(after: close)...]
        }
        words += WordDiff.comparableWords(String(rest))
        return foldingReferenceNumbers(words)
    }

    static let citation = "#citation"

    /// "page 81", "pages 12 13".
    private static func citesAPage(_ words: [String]) -> Bool {
        zip(words, words.dropFirst()).contains { ($0 == "page" || $0 == "pages") && isDigits($1) }
    }

    /// The values a text states, counted: its numbers (references folded away) and number words.
    static func values(_ folded: [String]) -> [String: Int] {
        var counts: [String: Int] = [:]
        for word in folded where word != placeholder && word != citation && (isDigits(word) || numberWords.contains(word)) {
            counts[word, default: 0] += 1
        }
        return counts
    }

    private static func isDigits(_ word: String) -> Bool {
        !word.isEmpty && word.utf8.allSatisfy { $0 >= 48 && $0 <= 57 }
    }
}
