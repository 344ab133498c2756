import HIGText

/// The acts a rule recommends and the acts it advises against, read in every clause of every
/// sentence: "Consider making the Cancel button the default button" recommends making the Cancel
/// button the default button; "Note that you don't want to make a Cancel button the default
/// button" advises against the same act. A link between two such rules is a reversal, though
/// neither names a word to use (`NormativeForce.terms`) and both leads keep their force.
extension NormativeForce {
    /// An act: its verb (a rough stem, so that "making" and "make" agree) and the words of its
    /// object, stopwords left out and plurals folded.
    struct Act: Sendable, Equatable {
        let verb: String
        let object: Set<String>

        /// The same act: the same verb, and objects that share at least `sameObjectShare` of
        /// their words ("the Cancel button the default button" and "a Cancel button the
        /// default button"; not "any button the default button").
        func isSame(as other: Act) -> Bool {
            guard verb == other.verb else { return false }
            let shared = object.intersection(other.object).count
            return Double(shared) >= Acts.sameObjectShare * Double(object.union(other.object).count)
        }
    }

    /// What a text advises, act by act.
    struct AdvisedActs: Sendable, Equatable {
        var recommended: [Act] = []
        var advisedAgainst: [Act] = []

        /// Advises against an act like `act`, or recommends one.
        func advisesAgainst(_ act: Act) -> Bool { advisedAgainst.contains { $0.isSame(as: act) } }
        func recommends(_ act: Act) -> Bool { recommended.contains { $0.isSame(as: act) } }

        /// A reversal: an act one text recommends is one the other advises against, and neither
        /// text says both of it (a rule that recommends an act in one case and advises against
        /// it in another turned nothing around).
        func isReversed(by later: AdvisedActs) -> Bool {
            recommended.contains { act in !advisesAgainst(act) && later.advisesAgainst(act) && !later.recommends(act) }
                || advisedAgainst.contains { act in !recommends(act) && later.recommends(act) && !later.advisesAgainst(act) }
        }
    }

    /// Whether the later text advises against an act the earlier one recommended, or the other
    /// way round (`AdvisedActs.isReversed`). Most texts hold no word that advises against
    /// anything: a byte test skips reading their clauses.
    static func actsReversed(from earlier: String, to later: String) -> Bool {
        guard Acts.mayAdviseAgainst(earlier) || Acts.mayAdviseAgainst(later) else { return false }
        return advisedActs(earlier).isReversed(by: advisedActs(later))
    }

    /// The acts `text` recommends and advises against.
    static func advisedActs(_ text: String) -> AdvisedActs {
        var acts = AdvisedActs()
        for clause in Acts.clauses(text) {
            var index = 0
            while index < clause.count {
                guard let (stance, next) = Acts.cue(in: clause, at: index) else {
                    index += 1
                    continue
                }
                if let act = Acts.act(in: clause, from: next, needsGerund: stance.needsGerund) {
                    if stance.against { acts.advisedAgainst.append(act) } else { acts.recommended.append(act) }
                }
                // An imperative's cue is its verb: the next cue starts after it.
                index = max(next, index + 1)
            }
        }
        return acts
    }

    /// The cue words (Data/vocabulary/cues.json) and how a clause is read with them.
    enum Acts {
        /// The least share of two objects' words they hold in common for the acts to be the same.
        static let sameObjectShare = 0.75
        /// The fewest words an act's object has: "avoid using it" names too little to compare.
        static let leastObjectWords = 2

        /// Longest first, so that "don't want to" is read before "don't".
        static let against = CueWords.bundled.phrases("act-against").sorted { $0.count > $1.count }
        static let recommending = CueWords.bundled.phrases("act-for").sorted { $0.count > $1.count }
        static let leaders = CueWords.bundled.words("act-leaders")
        static let ends = CueWords.bundled.words("act-ends")
        /// An act restricted by one of these ("only when it makes sense") is neither plainly
        /// recommended nor plainly advised against.
        static let restrictions = CueWords.bundled.words("act-restrictions")
        /// A clause opening with one of these recommends its act ("Make the Cancel button ...").
        static let imperativeVerbs = RuleClassifier.imperativeVerbs
        static let stopwords = Set(LineageLexicon.bundled.stopwords)
        /// After these cues the act is the -ing verb that follows ("avoid making", "consider
        /// using"); "avoid clutter" and "consider the context" name no act.
        static let gerundCues: Set<[String]> = [
            ["avoid"], ["consider"], ["prefer"], ["we", "recommend"], ["don't", "recommend"], ["do", "not", "recommend"],
        ]

        /// Whether `text` may hold an `against` cue: each holds one of these, in any case ("n't"
        /// with either apostrophe, so three bytes of "n’t" too).
        static func mayAdviseAgainst(_ text: String) -> Bool {
            FastText.withBytes(text) { bytes in markers.contains { contains(bytes, $0) } }
        }

        private static let markers = ["n't", "n\u{2019}t", " not ", "never", "avoid"].map { Array($0.utf8) }

        /// Whether `marker` (lowercase) occurs in `bytes`, ASCII case aside.
        private static func contains(_ bytes: UnsafeBufferPointer<UInt8>, _ marker: [UInt8]) -> Bool {
            guard bytes.count >= marker.count else { return false }
            for start in 0...(bytes.count - marker.count) where ASCII.lowercased(bytes[start]) == marker[0] {
                if zip(bytes[start..<(start + marker.count)], marker).allSatisfy({ ASCII.lowercased($0) == $1 }) { return true }
            }
            return false
        }

        struct Stance {
            let against: Bool
            let needsGerund: Bool
        }

        /// The cue at `index` of `clause` when one stands there, at the clause's start or after a
        /// leader, and the index of the word after it.
        static func cue(in clause: [String], at index: Int) -> (Stance, Int)? {
            guard index == 0 || leaders.contains(clause[index - 1]) else { return nil }
            for (phrases, against) in [(Self.against, true), (recommending, false)] {
                for phrase in phrases where clause[index...].starts(with: phrase) {
                    return (Stance(against: against, needsGerund: gerundCues.contains(phrase)), index + phrase.count)
                }
            }
            if index == 0, imperativeVerbs.contains(clause[0]) {
                return (Stance(against: false, needsGerund: false), 0)
            }
            return nil
        }

        /// The act whose verb stands at `start` (past adverbs such as "automatically"), its
        /// object running to the clause's end or an `ends` word; nil when it has too few words,
        /// or when a `restrictions` word follows the verb in its clause.
        static func act(in clause: [String], from start: Int, needsGerund: Bool) -> Act? {
            var index = start
            while index < clause.count && clause[index].hasSuffix("ly") { index += 1 }
            guard index < clause.count else { return nil }
            let verb = clause[index]
            if needsGerund && !verb.hasSuffix("ing") { return nil }
            if clause[(index + 1)...].contains(where: restrictions.contains) { return nil }
            var object = Set<String>()
            for word in clause[(index + 1)...] {
                if ends.contains(word) { break }
                if !stopwords.contains(word) { object.insert(singular(word)) }
            }
            guard object.count >= leastObjectWords else { return nil }
            return Act(verb: stem(verb), object: object)
        }

        /// "making" and "make" as "mak", "using" and "use" as "us".
        static func stem(_ verb: String) -> String {
            var verb = Substring(verb)
            if verb.count >= 5 && verb.hasSuffix("ing") { verb = verb.dropLast(3) }
            if verb.count > 2 && verb.hasSuffix("e") { verb = verb.dropLast() }
            return String(verb)
        }

        static func singular(_ word: String) -> String {
            word.count > 3 && word.hasSuffix("s") && !word.hasSuffix("ss") ? String(word.dropLast()) : word
        }

        /// The text's clauses as lowercased words: a clause ends at a sentence's end, a comma, a
        /// colon, a semicolon, a dash or a parenthesis.
        static func clauses(_ text: String) -> [[String]] {
            clausesOnBytes(text) ?? clausesReadingCharacters(text)
        }

        /// The characters that end a clause.
        static let clauseEnds: Set<Character> = [".", ",", ";", ":", "!", "?", "(", ")", "—", "–", "\n"]
        /// Which ASCII bytes are `clauseEnds`, by value.
        static let asciiClauseEnds = (0..<128).map { clauseEnds.contains(Character(Unicode.Scalar(UInt8($0)))) }

        /// `clausesReadingCharacters` on the bytes of a text whose every character is ASCII (but
        /// CR, which joins a following LF into one character) or one of "’", "—" and "–"; nil
        /// for any other text. Reading Characters and lowercasing each one cost more than the
        /// rest of classifying a link.
        static func clausesOnBytes(_ text: String) -> [[String]]? {
            FastText.withBytes(text) { bytes -> [[String]]? in
                var clauses: [[String]] = []
                var clause: [String] = []
                var word: [UInt8] = []
                func endWord() {
                    if !word.isEmpty { clause.append(String(decoding: word, as: UTF8.self)) }
                    word.removeAll(keepingCapacity: true)
                }
                func endClause() {
                    if !clause.isEmpty { clauses.append(clause) }
                    clause = []
                }
                var index = 0
                while index < bytes.count {
                    let byte = bytes[index]
                    if byte < 0x80 {
                        if byte == 13 { return nil }
                        if ASCII.isLetter(byte) || byte == UInt8(ascii: "'") {
                            word.append(ASCII.lowercased(byte))
                        } else {
                            endWord()
                            if asciiClauseEnds[Int(byte)] { endClause() }
                        }
                        index += 1
                        continue
                    }
                    // "’" (E2 80 99), "–" (E2 80 93), "—" (E2 80 94); any other is read as Characters.
                    guard index + 2 < bytes.count, byte == 0xE2, bytes[index + 1] == 0x80 else { return nil }
                    switch bytes[index + 2] {
                    case 0x99: word.append(UInt8(ascii: "'"))
                    case 0x93, 0x94:
                        endWord()
                        endClause()
                    default: return nil
                    }
                    index += 3
                }
                endWord()
                endClause()
                return clauses
            }
        }

        /// The words of each clause of `text`, lowercase, "’" read as "'": the definition.
        static func clausesReadingCharacters(_ text: String) -> [[String]] {
            var clauses: [[String]] = []
            var clause: [String] = []
            var word = ""
            func endWord() {
                if !word.isEmpty { clause.append(word) }
                word = ""
            }
            for character in text {
                if character.isLetter || character == "'" || character == "’" {
                    word.append(character == "’" ? "'" : Character(character.lowercased()))
                } else {
                    endWord()
                    if clauseEnds.contains(character) {
                        if !clause.isEmpty { clauses.append(clause) }
                        clause = []
                    }
                }
            }
            endWord()
            if !clause.isEmpty { clauses.append(clause) }
            return clauses
        }
    }
}
