import HIGText

/// A bare label and a sentence: one text of `labelMostWords` words or fewer (a heading, a running
/// head, a table-of-contents line, a caption such as "User Input", "Alert Boxes", "Color"), the
/// other of `sentenceLeastWords` or more. They share a subject's words, so a label stands high
/// among a sentence's nearest rules by words; yet no gold link joins two such rules (0 of the
/// 1,166 links of the iOS, Mac and web gold sets), so a candidate unlike its rule in length comes
/// after the others (`CounterpartCandidates`). Words as `Words` reads them, numbers left out: a
/// page or figure number says nothing of what a text is, so the table-of-contents line "Chapter 9
/// — User Input — 155" and the caption "Figure 7-5 Checkbox spacing" are labels of three words.
package enum UnlikeLengths {
    package static let labelMostWords = 3
    package static let sentenceLeastWords = 6

    /// A text's words but numbers, counted up to `sentenceLeastWords` (more do not change the answer).
    static func words(_ text: String) -> Int {
        Words.lowercased(text, digits: false, apostrophes: true, limit: sentenceLeastWords).count
    }

    /// Whether texts of `a` and `b` words are a bare label and a sentence, in either order.
    static func areUnlike(_ a: Int, _ b: Int) -> Bool {
        min(a, b) <= labelMostWords && max(a, b) >= sentenceLeastWords
    }

    /// `candidates` with those unlike their rule in length after the others, each part in its order.
    static func unlikeLast(_ candidates: [CounterpartCandidate]) -> [CounterpartCandidate] {
        candidates.filter { $0.unlikeInLength != true } + candidates.filter { $0.unlikeInLength == true }
    }
}
