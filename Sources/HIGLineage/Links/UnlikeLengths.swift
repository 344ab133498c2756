import HIGText

/// A bare label and a sentence: one text of `labelMostWords` words or fewer (a heading, a running
/// head, a table-of-contents line, a caption such as "User Input", "Alert Boxes", "Color"), the
/// other of `sentenceLeastWords` or more that does not open with it. They share a subject's
/// words, so a label stands high among a sentence's nearest rules by words; yet no gold link
/// joins two such rules (0 of the 1,166 links of the iOS, Mac and web gold sets), so a candidate
/// unlike its rule in length comes after the others (`CounterpartCandidates`). Words as `Words`
/// reads them, numbers left out: a page or figure number says nothing of what a text is, so the
/// table-of-contents line "Chapter 9 — User Input — 155" and the caption "Figure 7-5 Checkbox
/// spacing" are labels of three words. A number glued to letters leaves them a word ("3D" reads
/// "d"): a label stays short.
package enum UnlikeLengths {
    package static let labelMostWords = 3
    package static let sentenceLeastWords = 6

    /// A text's words but numbers, up to `sentenceLeastWords` of them (more do not change the answer).
    static func words(_ text: String) -> [String] {
        Words.lowercased(text, digits: false, apostrophes: true, limit: sentenceLeastWords)
    }

    /// Whether texts of the words `a` and `b` (`words`) are a bare label and a sentence, in either
    /// order, the sentence not opening with the label's words (a label of none, a bare number, is
    /// unlike any sentence): a sentence that does is the label's item
    /// described ("Retry" and "Retry. Tells the person that an action failed but they can retry
    /// it.", the web HIG's haptic patterns from 2022 to 2023-09).
    static func areUnlike(_ a: [String], _ b: [String]) -> Bool {
        let (label, sentence) = a.count <= b.count ? (a, b) : (b, a)
        return label.count <= labelMostWords && sentence.count >= sentenceLeastWords
            && (label.isEmpty || !sentence.starts(with: label))
    }

    /// `candidates` with those unlike their rule in length after the others, each part in its order.
    static func unlikeLast(_ candidates: [CounterpartCandidate]) -> [CounterpartCandidate] {
        candidates.filter { $0.unlikeInLength != true } + candidates.filter { $0.unlikeInLength == true }
    }
}
