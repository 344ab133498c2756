/// Sentence-level reading of clean text: where sentences end, the words of a text, and the
/// capitalised names inside sentences that are no cues.
///
/// `Definition` says what each reading is, on Characters. `PlainText` reads the same on the
/// bytes of most texts, faster; `PlainTextReadingTests` checks that both answer alike.
package enum Sentences {
    /// The first sentence of `text` (with its end mark), or nil when the text is one sentence.
    static func firstSentence(of text: String) -> String? {
        PlainText.reading(text, PlainText.firstSentence) ?? Definition.firstSentence(of: text)
    }

    /// The lowercased words of `text`, letters and apostrophes only (typographic ones folded).
    package static func words(_ text: String) -> [String] {
        Words.lowercased(text, digits: false, apostrophes: true)
    }

    package enum Definition {
        /// A sentence ends at `.`, `!` or `?` outside parentheses, followed by one space and a
        /// capital or an opening quote (" ' “ ‘), unless it ends with "e.g." or "i.e.": so
        /// "Command-Period (.) on" and "exclamationmark.triangle" end none.
        ///
        /// The index of the mark that ends the sentence of `characters` starting at `start`, or
        /// nil when it runs to the end.
        static func sentenceEnd(_ characters: [Character], from start: Int) -> Int? {
            var depth = 0
            var index = start
            while index + 1 < characters.count {
                let character = characters[index]
                if character == "(" {
                    depth += 1
                } else if character == ")" {
                    depth = max(0, depth - 1)
                } else if depth == 0, ".!?".contains(character), characters[index + 1] == " ",
                    index + 2 < characters.count, opensSentence(characters[index + 2]),
                    !endsWithAbbreviation(characters[start...index])
                {
                    return index
                }
                index += 1
            }
            return nil
        }

        private static func opensSentence(_ character: Character) -> Bool {
            character.isUppercase || "\"“‘'".contains(character)
        }

        /// "e.g." and "i.e." do not end sentences.
        private static func endsWithAbbreviation(_ sentence: ArraySlice<Character>) -> Bool {
            sentence.count >= 4 && (sentence.suffix(4).elementsEqual("e.g.") || sentence.suffix(4).elementsEqual("i.e."))
        }

        package static func firstSentence(of text: String) -> String? {
            let characters = Array(text)
            return sentenceEnd(characters, from: 0).map { String(characters[...$0]) }
        }

        /// Every sentence of `text`; the white space (but line ends) after a sentence's end
        /// belongs to none. The last is the rest of the text, empty when nothing is left.
        static func all(in text: String) -> [String] {
            let characters = Array(text)
            var sentences: [String] = []
            var start = 0
            while let end = sentenceEnd(characters, from: start) {
                sentences.append(String(characters[start...end]))
                start = end + 1
                while start < characters.count, characters[start].isWhitespace, !characters[start].isNewline { start += 1 }
            }
            sentences.append(String(characters[min(start, characters.count)...]))
            return sentences
        }

        /// The text without capitalised words inside a sentence: they are names of buttons and
        /// controls ("the button that cancels the action (that is, Don't Allow)"), not cues.
        ///
        /// A space-separated token whose first letter (`Character.isLetter`) is uppercase is
        /// left out unless it opens a sentence: the token before it ends in . ! ? or : (closing
        /// quotes and parentheses aside), or it is the first.
        package static func withoutNames(_ text: String) -> String {
            var kept: [Substring] = []
            var sentenceStart = true
            for token in text.split(separator: " ") {
                let opensWithCapital = token.first(where: \.isLetter)?.isUppercase ?? false
                if sentenceStart || !opensWithCapital { kept.append(token) }
                if let last = token.last(where: { !"\"”’')".contains($0) }) {
                    sentenceStart = ".!?:".contains(last)
                }
            }
            return kept.joined(separator: " ")
        }
    }
}
