import Foundation
import HIGText

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

    /// Opening qualifiers that soften a recommendation (Data/vocabulary/cues.json, "hedges").
    static let hedges = CueWords.bundled.prefixes("hedges")

    /// The force of `text`'s lead sentence. Plain texts are read on their bytes.
    public static func of(_ text: String) -> NormativeForce {
        PlainText.reading(text, of(plain:)) ?? Definition.of(text)
    }

    enum Definition {
        /// The first cue family found among the lead's words outside names (`Sentences`), in
        /// the order: don't, avoid (or a lead opening "avoid"), must, a hedge opening the lead,
        /// should, an imperative opening, may.
        static func of(_ text: String) -> NormativeForce {
            let lead = Sentences.Definition.firstSentence(of: text) ?? text
            // Button names ("Don't Allow") are no cues.
            let words = Sentences.words(Sentences.Definition.withoutNames(lead))
            func has(_ phrases: [[String]]) -> Bool {
                phrases.contains { phrase in
                    (0...max(0, words.count - phrase.count)).contains { start in
                        start + phrase.count <= words.count && words[start..<(start + phrase.count)].elementsEqual(phrase)
                    }
                }
            }
            if has(Cue.dont) { return .dont }
            if words.first == "avoid" || has(Cue.avoid) { return .avoid }
            if has(Cue.must) { return .must }
            let lower = FastText.foldedLowercase(lead)
            if hedges.contains(where: { lower.hasPrefix($0) }) { return .hedged }
            if has(Cue.should) { return .should }
            if let first = words.first, Cue.imperativeOpenings.contains(first) { return .imperative }
            if has(Cue.may) { return .may }
            return .none
        }

        /// The words `text` names to use and to avoid: every pattern run on its folded
        /// lowercase. `NormativeForce.terms` must answer the same, only faster.
        static func terms(of text: String) -> (recommended: Set<String>, rejected: Set<String>) {
            terms(ofFolded: FastText.foldedLowercase(text))
        }

        /// `terms(of:)` on the text's folded lowercase.
        static func terms(ofFolded lower: String) -> (recommended: Set<String>, rejected: Set<String>) {
            var recommended = Set<String>()
            var rejected = Set<String>()
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
    }

    /// `Definition.of` on the bytes of a plain text (`PlainText`): the same lead sentence, the
    /// same words kept, the same cues.
    static func of(plain bytes: UnsafeBufferPointer<UInt8>) -> NormativeForce {
        let leadEnd = PlainText.sentenceEnd(bytes, from: 0).map { $0 + 1 } ?? bytes.count
        let vocabulary = plainCues
        var first: Int?
        var previous = 0
        var cues: CueVocabulary.Roles = []
        PlainText.forEachWordOutsideNames(bytes, end: leadEnd, in: vocabulary) { word in
            if first == nil { first = word }
            cues.formUnion(vocabulary.roles(of: word))
            cues.formUnion(vocabulary.roles(of: previous, word))
            previous = word
            return false
        }
        let opening = first.map(vocabulary.roles(of:)) ?? []
        if cues.contains(.dont) { return .dont }
        if opening.contains(.avoidOpening) || cues.contains(.avoid) { return .avoid }
        if cues.contains(.must) { return .must }
        if plainHedges.contains(where: { startsWithHedge(bytes[..<leadEnd], $0) }) { return .hedged }
        if cues.contains(.should) { return .should }
        if opening.contains(.imperativeVerb) { return .imperative }
        if cues.contains(.may) { return .may }
        return .none
    }

    /// The words of the cues, for reading plain texts on their bytes.
    static let plainCues = CueVocabulary([
        (Cue.dont, .dont), (Cue.avoid, .avoid), (Cue.must, .must), (Cue.should, .should), (Cue.may, .may),
        ([["avoid"]], .avoidOpening), (Cue.imperativeOpenings.map { [$0] }, .imperativeVerb),
    ])

    /// `hedges` as bytes; made of lowercase ASCII letters, spaces and commas, which
    /// `FastText.foldedLowercase` gives only for themselves and for capitals A to Z.
    private static let plainHedges: [[UInt8]] = hedges.map { hedge in
        precondition(
            hedge.utf8.allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: ",") || ASCII.isLetter($0) && !ASCII.isUppercase($0) },
            "a hedge the byte reading cannot match: \(hedge)")
        return Array(hedge.utf8)
    }

    /// Whether the lowercased `lead` starts with `hedge`.
    private static func startsWithHedge(_ lead: Slice<UnsafeBufferPointer<UInt8>>, _ hedge: [UInt8]) -> Bool {
        guard hedge.count <= lead.count else { return false }
        return zip(lead, hedge).allSatisfy { byte, hedgeByte in ASCII.lowercased(byte) == hedgeByte }
    }

    /// The words that mark each force, in the order they are tried (Data/vocabulary/cues.json).
    private enum Cue {
        static let dont = CueWords.bundled.phrases("force-dont")
        static let avoid = CueWords.bundled.phrases("force-avoid")
        static let must = CueWords.bundled.phrases("force-must")
        static let should = CueWords.bundled.phrases("force-should")
        static let may = CueWords.bundled.phrases("force-may")
        /// A lead opening with one of these is an imperative.
        static let imperativeOpenings = RuleClassifier.imperativeVerbs.union(CueWords.bundled.words("force-imperative-openings"))
    }

    /// Words a rule tells the reader to use, and words it tells them not to use:
    /// `use the word "tap" (not "touch" or "click" or "choose")` recommends tap and rejects
    /// touch, click and choose; `use a term like choose` recommends choose.
    ///
    /// `Definition.terms`, behind a byte test that skips the patterns for most rules.
    static func terms(of text: String) -> (recommended: Set<String>, rejected: Set<String>) {
        // Most rules name no word to use or avoid: skip the patterns then. Every pattern needs a
        // straight quote or one of the term phrases, in any case; a byte above ASCII (a curly
        // quote, or a letter the folding may turn into ASCII) lets the text through too. Read on
        // contiguous bytes: through `String.UTF8View` these tests cost more than the patterns.
        let mayNameTerms = FastText.withBytes(text) { bytes in
            bytes.contains { $0 == UInt8(ascii: "\"") || $0 >= 0x80 }
                || TermPatterns.phrases.contains { containsIgnoringASCIICase(bytes, $0) }
        }
        guard mayNameTerms else { return ([], []) }
        // A byte above ASCII is mostly a curly apostrophe or quote, which the folding makes
        // ASCII: the same test on the folded text, where the patterns run, lets through only
        // the texts they may match.
        let lower = FastText.foldedLowercase(text)
        let foldedMayNameTerms = FastText.withBytes(lower) { bytes in
            bytes.contains(UInt8(ascii: "\"")) || TermPatterns.phrases.contains { containsIgnoringASCIICase(bytes, $0) }
        }
        guard foldedMayNameTerms else { return ([], []) }
        return Definition.terms(ofFolded: lower)
    }

    /// Whether `phrase` (lowercase ASCII) occurs in `bytes`, ASCII case aside.
    private static func containsIgnoringASCIICase(_ bytes: UnsafeBufferPointer<UInt8>, _ phrase: [UInt8]) -> Bool {
        guard let first = phrase.first, bytes.count >= phrase.count else { return phrase.isEmpty }
        for start in 0...(bytes.count - phrase.count) where ASCII.lowercased(bytes[start]) == first {
            if zip(bytes[start..<(start + phrase.count)], phrase).allSatisfy({ ASCII.lowercased($0) == $1 }) { return true }
        }
        return false
    }

    /// The patterns, compiled once.
    private enum TermPatterns {
        /// The phrases that name a word without quotes ("use a term like choose", "avoid using
        /// OK"): only after these is an unquoted word a term. Elsewhere a word is a term only in
        /// quotes, so that "Avoid clutter" names no word to avoid.
        static let phrases = ["use the word ", "use the term ", "use a term like ", "use a word like ", "avoid using ", "don't use "]
            .map { Array($0.utf8) }
        static let quotedOrWord = #"(?:"([^"]+)"|([a-z]+))"#
        static let recommending = [
            #"use (?:the word|the term|a term like|a word like) "# + quotedOrWord, #"(?:prefer|use) "([^"]+)""#,
        ].map(compile)
        static let exclusion = compile(#"\(not ([^)]*)\)"#)
        static let quoted = compile(#""([^"]+)""#)
        static let rejecting = [#"avoid using "# + quotedOrWord, #"avoid "([^"]+)""#, #"don't use "# + quotedOrWord].map(compile)

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

private extension CueVocabulary.Roles {
    static let dont = Self(rawValue: 1 << 0)
    static let avoid = Self(rawValue: 1 << 1)
    static let must = Self(rawValue: 1 << 2)
    static let should = Self(rawValue: 1 << 3)
    static let may = Self(rawValue: 1 << 4)
    /// "avoid" as a lead's first word.
    static let avoidOpening = Self(rawValue: 1 << 5)
    static let imperativeVerb = Self(rawValue: 1 << 6)
}
