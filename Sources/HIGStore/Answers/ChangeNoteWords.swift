import HIGText

/// The changes an entry of Apple's change log names by its words: "Enhanced guidance for using
/// default and Cancel buttons" names the changes of its page whose words or headings hold two of
/// "default", "cancel" and "button" (one, when the entry has only one word that says what
/// changed: "visionOS" names the rules under a visionOS heading).
///
/// Only words say so, so a change it names is a guess a reader checks, and an entry about
/// artwork names no rule. The words that only say that something changed ("enhanced",
/// "guidance": Data/vocabulary/cues.json, "change-log-words") and function words do not count;
/// a plural is its singular.
enum ChangeNoteWords {
    static let changeLogWords = Set(CueWords.bundled.words("change-log-words").map(folded))

    /// The words of a text as compared: lowercase letters and digits, three or more, folded.
    static func words(_ text: String) -> Set<String> {
        Set(text.lowercased().split { !$0.isLetter && !$0.isNumber }.filter { $0.count >= 3 }.map { folded(String($0)) })
    }

    /// A plural as its singular: a final "s" dropped from a word of four letters or more
    /// ("buttons", not "class").
    static func folded(_ word: String) -> String {
        word.count > 3 && word.hasSuffix("s") && !word.hasSuffix("ss") ? String(word.dropLast()) : word
    }

    /// The note's words that say what changed, besides the page's own title: on the Virtual
    /// keyboards page, "keyboard" is in every rule.
    static func subject(of note: String, page title: String) -> Set<String> {
        words(note).subtracting(words(title)).filter { !changeLogWords.contains($0) && !SearchStopwords.words.contains($0) }
    }

    /// Whether a change whose texts are `texts` is one the note names.
    static func names(_ subject: Set<String>, texts: [String]) -> Bool {
        guard !subject.isEmpty else { return false }
        let shared = subject.intersection(texts.reduce(into: Set<String>()) { $0.formUnion(words($1)) })
        return shared.count >= min(2, subject.count)
    }
}
