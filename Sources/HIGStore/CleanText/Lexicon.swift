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
        for (_, text) in EmbeddedResources.lexicon {
            for line in text.split(whereSeparator: \.isNewline) {
                let word = line.trimmingCharacters(in: .whitespaces)
                if word.isEmpty || word.hasPrefix("#") { continue }
                words.insert(word.lowercased())
            }
        }
        return Lexicon(words: words)
    }()

    public func contains(_ word: String) -> Bool { words.contains(word) }

    public func count(of word: String) -> Int { frequency[word, default: 0] }

    /// Adds words known to be real (from undamaged text).
    public mutating func learnWords(from text: String) {
        for word in Words.lowercased(text, digits: false, apostrophes: false) where word.count > 1 {
            words.insert(word)
        }
    }

    /// Counts each word of `text` that the lexicon knows, to prefer common splits ("buttons is"
    /// over "button sis").
    public mutating func countWords(in text: String) {
        for word in Words.lowercased(text, digits: false, apostrophes: false) where words.contains(word) {
            frequency[word, default: 0] += 1
        }
    }
}

import Foundation
