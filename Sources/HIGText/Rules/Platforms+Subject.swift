/// The platforms a rule's opening words name as its subject: such a rule applies to those
/// platforms only, whatever the section it stands in is for.
///
/// A rule's subject is what its first words are about. Three openings name platforms there:
/// - a place: "On watchOS, ...", "In iOS, iPadOS, macOS, and visionOS, an alert can include a
///   text field", "For macOS apps, ...";
/// - the platforms themselves, alone or naming a thing of theirs: "macOS alerts can add a
///   suppression checkbox", "watchOS displays ...";
/// - a thing of the platforms, in one to three words: "Alerts in macOS and visionOS can include an
///   icon".
///
/// A platform named in passing is no subject: "Unlike iOS, macOS ...", "As in macOS, ...", "Like
/// iOS apps, ...", "For example, in macOS ..." or a platform further into the sentence name a
/// comparison or an example, and the rule keeps its section's platforms.
extension Platforms {
    /// The platforms, among `among`, that `text` opens by naming as its subject, in `among`'s
    /// order; nil when it names none there, or none of `among`.
    static func subject(of text: String, among: [String]) -> [String]? {
        // Every known name holds "OS": a text without it names none (most rules).
        guard FastText.contains("OS", in: text) else { return nil }
        // The opening words alone: split no further than them (the rest is the last piece).
        let words = text.split(separator: " ", maxSplits: openingLength, omittingEmptySubsequences: true).prefix(openingLength)
            .map(String.init)
        guard let first = words.first else { return nil }
        var named: [String]?
        if placePrepositions.contains(first.lowercased()) {
            named = list(in: words.dropFirst())
        } else if let listed = list(in: words[...]) {
            named = listed
        } else if let preposition = words.prefix(subjectLength + 1).firstIndex(where: { placePrepositions.contains($0) }),
            preposition >= 1,
            words[..<preposition].allSatisfy({ $0.allSatisfy(\.isLetter) && !passingOpenings.contains($0.lowercased()) })
        {
            named = list(in: words[(preposition + 1)...])
        }
        guard let named else { return nil }
        let narrowed = among.filter(named.contains)
        return narrowed.isEmpty ? nil : narrowed
    }

    /// The platform names a list at the start of `words` holds ("iOS, iPadOS, macOS, and
    /// visionOS," "macOS and visionOS"), or nil when `words` opens with no platform name. The
    /// list ends at the first word that is neither a name nor "and"/"or".
    static func list(in words: ArraySlice<String>) -> [String]? {
        var found: [String] = []
        var index = words.startIndex
        while index < words.endIndex {
            let word = words[index].trimmingTrailing(listPunctuation)
            // A name of one to three words ("macOS", "OS X", "Mac OS X"), the longest first.
            let lengths = (1...min(3, words.endIndex - index)).reversed()
            if let length = lengths.first(where: { known.contains(name(words[index..<(index + $0)])) }) {
                found.append(name(words[index..<(index + length)]))
                index += length
            } else if !found.isEmpty, word == "and" || word == "or" {
                index += 1
            } else {
                break
            }
            // "watchOS." or "(macOS)": a name closing a sentence or a bracket ends the list.
            if let last = words[index - 1].last, ".;:!?)".contains(last) { break }
        }
        return found.isEmpty ? nil : found
    }

    /// The words of `words` as one name, without the punctuation after the last.
    private static func name(_ words: ArraySlice<String>) -> String {
        words.joined(separator: " ").trimmingTrailing(listPunctuation)
    }

    /// How far into a rule its subject may be named: a place phrase of six platforms is the
    /// longest ("In iOS, iPadOS, macOS, tvOS, visionOS, and watchOS,").
    static let openingLength = 12
    /// The words of a thing named before "in" or "on" ("Alerts", "Standard context menus").
    static let subjectLength = 3
    /// Prepositions that make the platforms after them the place a rule is about.
    static let placePrepositions: Set<String> = ["on", "in", "for", "within"]
    /// Openings that compare with a platform or take it as an example: a platform after them is
    /// named in passing.
    static let passingOpenings: Set<String> = [
        "as", "like", "unlike", "similar", "similarly", "except", "even", "just", "compared", "whereas", "while", "although",
        "but", "and", "or", "than", "unless", "when", "example", "instance", "also",
    ]
    static let listPunctuation: Set<Character> = [",", ".", ";", ":", "!", "?", ")"]
}

extension String {
    fileprivate func trimmingTrailing(_ characters: Set<Character>) -> String {
        var text = Substring(self)
        while let last = text.last, characters.contains(last) { text = text.dropLast() }
        return String(text)
    }
}
