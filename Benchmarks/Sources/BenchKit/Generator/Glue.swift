import HIGStore
import HIGText

/// Chooses the word pairs a PDF-derived edition runs together ("testthe", "alertin"), as PDF
/// extraction does, but only pairs that `hig` can cut back in exactly one way.
///
/// `hig` splits a glued token into the fewest known words and breaks ties by word counts over
/// the corpus. A pair whose concatenation has a single cut into two known words is therefore
/// repaired to the same two words whatever the corpus, and the clean text the truth expects
/// does not depend on the importer's tie-breaking.
struct Glue {
    /// The compiled-in word list, plus every word of the vocabulary (what the importer may
    /// learn from the web edition): a superset of what the importer will know.
    private let known: Set<String>
    private let lexicon: Lexicon

    init() {
        lexicon = Lexicon.bundled
        var words = Set<String>()
        for word in Vocabulary.allWords {
            for run in word.lowercased().split(whereSeparator: { !$0.isLetter }) where run.count > 1 {
                words.insert(String(run))
            }
        }
        known = words
    }

    private func knows(_ word: Substring) -> Bool {
        let word = String(word)
        return lexicon.contains(word) || known.contains(word)
    }

    /// True when `first` + `second` written as one token comes back as these two words.
    func canGlue(_ first: String, _ second: String, sentenceStart: Bool) -> Bool {
        guard first.allSatisfy({ $0.isASCII && $0.isLetter }), second.allSatisfy({ $0.isASCII && $0.isLowercase }),
            first.dropFirst().allSatisfy(\.isLowercase), sentenceStart || first.first!.isLowercase,
            first.count + second.count >= 5
        else { return false }
        let joined = (first + second).lowercased()
        guard !knows(Substring(joined)), lexicon.contains(first.lowercased()), lexicon.contains(second) else { return false }
        var cuts = 0
        for cut in 1..<joined.count {
            let left = joined.prefix(cut)
            let right = joined.dropFirst(cut)
            if (left.count >= 2 || left == "a") && (right.count >= 2 || right == "a") && knows(left) && knows(right) {
                cuts += 1
                if cuts > 1 { return false }
            }
        }
        return cuts == 1
    }
}

extension Vocabulary {
    /// Every word a generated sentence may hold (for the glue's check and the lexicon test).
    static var allWords: [String] {
        var words: [String] = []
        for noun in nouns { words += noun.one.split(separator: " ").map(String.init) + noun.many.split(separator: " ").map(String.init) }
        for verb in verbs { words += [verb.base, verb.third, verb.gerund] }
        words += compoundHeads + peopleVerbs + adjectives + appNames + sectionHeads
        for group in qualifiers { for phrase in group { words += phrase.split(separator: " ").map(String.init) } }
        for group in synonymGroups { words += group }
        words += templateWords
        return words
    }

    /// The fixed words of the sentence templates (Composer).
    static let templateWords = """
        Avoid Use to Prefer Don't Be sure Consider Keep Make are Provide Give people that When possible Generally \
        Let Write Help Limit one or two words a single line essential information few items Reserve for important \
        critical situations rare cases the current task short brief simple visible legible consistent People expect \
        appreciate notice ignore look rely on help If need For example This helps lets It's usually often better than \
        Otherwise might miss overlook can frustrate confuse distract slow In general easier harder ones is more useful \
        effective one Sometimes seem feel confusing redundant distracting Follow these guidelines when you avoid \
        Consider following as usually unnecessary if they your an Note
        """.split(separator: " ").map(String.init)
}
