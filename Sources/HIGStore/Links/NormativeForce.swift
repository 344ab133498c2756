import Foundation

/// How strongly a rule's lead sentence prescribes, from strongest to weakest, and prohibitions.
///
/// Four families (must, should, may, avoid) with grades inside them, because the changes a
/// reader must notice are often within a family: "Prefer a two-button alert" (should) became
/// "Generally, use a two-button alert" (hedged), "Prefer verbs" became "Use verbs" (imperative).
public enum NormativeForce: String, Sendable, CaseIterable, Codable {
    /// "must", "always", "be sure to", "make sure", "required".
    case must
    /// A bare imperative: "Use …", "Write …".
    case imperative
    /// An imperative behind a hedge: "Generally, use …", "When possible, use …".
    case hedged
    /// "should", "prefer", "consider", "it's best to", "try to".
    case should
    /// "you can", "you may".
    case may
    /// "avoid …".
    case avoid
    /// "don't", "never", "must not", "shouldn't".
    case dont
    /// Prescribes nothing.
    case none

    public enum Family: String, Sendable { case must, should, may, avoid, none }

    public var family: Family {
        switch self {
        case .must, .imperative: .must
        case .hedged, .should: .should
        case .may: .may
        case .avoid, .dont: .avoid
        case .none: .none
        }
    }

    static let hedges = ["generally,", "in general,", "when possible,", "if possible,", "whenever possible,",
                         "typically,", "usually,", "ideally,", "in most cases,"]

    /// The force of `text`'s lead sentence.
    public static func of(_ text: String) -> NormativeForce {
        let lead = (Sentences.firstSentence(of: text) ?? text)
        let lower = " " + lead.lowercased().replacingOccurrences(of: "’", with: "'") + " "
        let words = Sentences.words(RuleClassifier.withoutNames(lead))
        func has(_ phrase: String) -> Bool { lower.contains(" " + phrase + " ") || lower.contains(" " + phrase + ",") }
        if has("must not") || has("never") || has("don't") || has("do not") || has("shouldn't") || has("should not") {
            return .dont
        }
        if words.first == "avoid" || has("avoid") { return .avoid }
        if has("must") || has("always") || has("be sure") || has("make sure") || has("required") { return .must }
        if hedges.contains(where: { lower.dropFirst().hasPrefix($0) }) { return .hedged }
        if has("should") || has("prefer") || has("consider") || has("recommended") || has("it's best")
            || has("it's better") || has("try to") || has("good idea") {
            return .should
        }
        if let first = words.first, RuleClassifier.imperativeVerbs.contains(first) { return .imperative }
        if has("you can") || has("you may") || has("can") { return .may }
        return .none
    }

    /// Words a rule tells the reader to use, and words it tells them not to use:
    /// `use the word "tap" (not "touch" or "click" or "choose")` recommends tap and rejects
    /// touch, click and choose; `use a term like choose` recommends choose.
    static func terms(of text: String) -> (recommended: Set<String>, rejected: Set<String>) {
        let lower = text.lowercased()
            .replacingOccurrences(of: "“", with: "\"").replacingOccurrences(of: "”", with: "\"")
            .replacingOccurrences(of: "’", with: "'")
        var recommended = Set<String>()
        var rejected = Set<String>()
        let quotedOrWord = #"(?:"([^"]+)"|([a-z]+))"#
        for pattern in [#"use (?:the word|the term|a term like|a word like) "# + quotedOrWord,
                        #"(?:prefer|use) "([^"]+)""#] {
            for match in matches(pattern, in: lower) { recommended.insert(match) }
        }
        for inside in matches(#"\(not ([^)]*)\)"#, in: lower, trimmed: false) {
            for word in matches(#""([^"]+)""#, in: inside) { rejected.insert(word) }
        }
        for pattern in [#"avoid (?:using )?"# + quotedOrWord, #"don't use "# + quotedOrWord] {
            for match in matches(pattern, in: lower) { rejected.insert(match) }
        }
        return (recommended, rejected)
    }

    private static func matches(_ pattern: String, in text: String, trimmed: Bool = true) -> [String] {
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return [] }
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
