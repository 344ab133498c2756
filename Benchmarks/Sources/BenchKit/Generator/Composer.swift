/// Writes new guidelines from the vocabulary: sentences, rules, sections, a first edition.
struct Composer {
    var rng: SplitMix64
    private(set) var nextUID = 1

    init(rng: SplitMix64) {
        self.rng = rng
    }

    mutating func uid() -> Int {
        defer { nextUID += 1 }
        return nextUID
    }

    // MARK: - Editions and sections

    /// A first edition of exactly `rules` rules (bullets count as rules).
    mutating func firstEdition(rules: Int) -> EditionModel {
        var sections: [Section] = []
        var remaining = rules
        while remaining > 0 {
            let size = min(remaining, rng.int(in: 8...30))
            sections.append(section(rules: size))
            remaining -= size
        }
        return EditionModel(sections: sections)
    }

    mutating func section(rules: Int) -> Section {
        var units: [Rule] = []
        var remaining = rules
        while remaining > 0 {
            let unit = self.unit(atMost: remaining)
            remaining -= unit.flattened.count
            units.append(unit)
        }
        return Section(title: sectionTitle(), rules: units)
    }

    mutating func sectionTitle() -> String {
        let noun = rng.pick(Vocabulary.nouns).one
        return capitalized(noun) + " " + rng.pick(Vocabulary.sectionHeads)
    }

    /// A top-level rule (with its bullets, for a lead-in) of at most `limit` rules.
    mutating func unit(atMost limit: Int) -> Rule {
        switch rng.weighted([78, 5, 3, limit >= 3 ? 14 : 0]) {
        case 0: return paragraph()
        case 1: return bodyless()
        case 2: return note()
        default: return leadIn(bullets: min(limit - 1, rng.int(in: 2...5)))
        }
    }

    // MARK: - Rules

    mutating func paragraph() -> Rule {
        let count = rng.weighted([35, 40, 25]) + 1
        return Rule(
            uid: uid(), role: .paragraph, style: rng.chance(0.8) ? .bold : .plain,
            lead: lead(), body: (0..<count).map { _ in bodySentence() })
    }

    mutating func bodyless() -> Rule {
        Rule(uid: uid(), role: .bodyless, style: rng.chance(0.7) ? .bold : .headingLead, lead: lead(), body: [])
    }

    mutating func note() -> Rule {
        Rule(
            uid: uid(), role: .note, style: .bold, lead: bodySentence(),
            body: rng.chance(0.5) ? [bodySentence()] : [])
    }

    mutating func leadIn(bullets: Int) -> Rule {
        var body = rng.chance(0.5) ? [bodySentence()] : []
        body.append(intro())
        let items = (0..<max(1, bullets)).map { _ in bullet() }
        return Rule(uid: uid(), role: .leadIn, style: .bold, lead: lead(), body: body, bullets: items)
    }

    mutating func bullet() -> Rule {
        let verb = rng.pick(Vocabulary.verbs)
        let first = Sentence(words: [capitalized(verb.base)] + objectPlural(), qualifier: qualifier())
        return Rule(uid: uid(), role: .bullet, style: .plain, lead: first, body: rng.chance(0.25) ? [bodySentence()] : [])
    }

    // MARK: - Sentences

    /// A guideline's lead: an imperative ("Avoid ...", "Use ...", "Don't ...").
    mutating func lead() -> Sentence {
        let verb = rng.pick(Vocabulary.verbs)
        var words: [String]
        switch rng.below(17) {
        case 0: words = ["Avoid", verb.gerund] + objectPlural()
        case 1: words = ["Use"] + objectSingular() + ["to", rng.pick(Vocabulary.verbs).base] + objectPlural()
        case 2: words = ["Prefer", rng.pick(Vocabulary.adjectives)] + pluralNoun()
        case 3: words = ["Don't", verb.base] + objectPlural()
        case 4: words = ["Be", "sure", "to", verb.base] + objectPlural()
        case 5: words = ["Consider", verb.gerund] + objectPlural()
        case 6: words = ["Keep"] + objectPlural() + [rng.pick(["short", "brief", "simple", "visible", "legible", "consistent"])]
        case 7: words = ["Make", "sure"] + objectPlural() + ["are", rng.pick(Vocabulary.adjectives)]
        case 8: words = ["Provide"] + objectSingular()
        case 9: words = ["Give", "people"] + objectSingular() + ["that", verb.third] + objectPlural()
        case 10: words = ["When", "possible,", verb.base] + objectPlural()
        case 11: words = ["Generally,", verb.base] + objectPlural()
        case 12: words = ["Let", "people", rng.pick(Vocabulary.peopleVerbs)] + objectPlural()
        case 13: words = ["Write", rng.pick(Vocabulary.adjectives)] + pluralNoun()
        case 14: words = ["Help", "people", rng.pick(Vocabulary.peopleVerbs)] + objectPlural()
        case 15:
            words =
                ["Limit"] + objectPlural() + ["to"]
                + rng.pick([
                    ["one", "or", "two", "words"], ["a", "single", "line"], ["essential", "information"], ["a", "few", "items"],
                ])
        default:
            words =
                ["Reserve"] + objectPlural() + ["for"]
                + rng.pick([["important", "information"], ["critical", "situations"], ["rare", "cases"], ["the", "current", "task"]])
        }
        // "When possible, ... whenever possible" says it twice.
        return Sentence(words: words, qualifier: words[0] == "When" ? [] : qualifier())
    }

    /// An explanation: why, when, or an example. Never opens a rule, so it may start with
    /// "For example," or "Otherwise,".
    mutating func bodySentence() -> Sentence {
        let verb = rng.pick(Vocabulary.verbs)
        let seeing = rng.pick(Vocabulary.peopleVerbs)
        switch rng.below(11) {
        case 0:
            return Sentence(
                words: ["People", rng.pick(["expect", "appreciate", "notice", "ignore", "look", "rely"])]
                    + objectPlural(), qualifier: qualifier()
            )
            .fixingPreposition()
        case 1:
            return Sentence(
                words: [capitalized(rng.pick(Vocabulary.adjectives))] + pluralNoun() + ["help", "people", seeing] + objectPlural(),
                qualifier: qualifier())
        case 2:
            return Sentence(
                words: ["If", "people", "need", "to", seeing] + comma(objectPlural()) + [verb.base] + objectSingular(),
                qualifier: qualifier())
        case 3:
            return Sentence(
                words: ["For", "example,", rng.pick(Vocabulary.appNames), verb.third] + objectSingular(),
                qualifier: qualifier())
        case 4:
            return Sentence(words: ["This", rng.pick(["helps", "lets"]), "people", seeing] + objectPlural(), qualifier: qualifier())
        case 5:
            return Sentence(
                words: ["It's"] + rng.pick([[], ["usually"], ["often"]]) + ["better", "to", verb.base] + objectPlural() + [
                    "than", "to", rng.pick(Vocabulary.verbs).base,
                ] + objectPlural())
        case 6:
            return Sentence(
                words: ["Otherwise,", "people", "might", rng.pick(["miss", "overlook", "ignore"])] + objectPlural(),
                qualifier: qualifier())
        case 7:
            return Sentence(
                words: [capitalized(rng.pick(Vocabulary.nouns).many), "that", verb.base] + objectSingular()
                    + ["can", rng.pick(["frustrate", "confuse", "distract", "slow"]), "people"])
        case 8:
            let (adjective, other) = twoAdjectives()
            return Sentence(
                words: ["In", "general,", adjective] + pluralNoun()
                    + ["are", rng.pick(["easier", "harder"]), "to", seeing, "than", other, "ones"])
        case 9:
            let (adjective, other) = twoAdjectives()
            let noun = rng.pick(Vocabulary.nouns).one
            return Sentence(
                words: [capitalized(article(adjective)), adjective] + noun.split(separator: " ").map(String.init)
                    + [
                        "is", rng.pick(["often", "usually"]), "more", rng.pick(["useful", "effective", "legible"]), "than", article(other),
                        other, "one",
                    ])
        default:
            return Sentence(
                words: ["Sometimes,"] + pluralNoun() + ["that", verb.base] + objectPlural()
                    + ["can", rng.pick(["seem", "feel"]), rng.pick(["confusing", "redundant", "distracting"])])
        }
    }

    /// The last sentence of a lead-in: it ends with ':' and announces a list.
    mutating func intro() -> Sentence {
        let verb = rng.pick(Vocabulary.verbs)
        let words: [String]
        switch rng.below(5) {
        case 0: words = ["Follow", "these", "guidelines", "when", "you", verb.base] + objectPlural()
        case 1: words = ["In", "general,", "avoid", verb.gerund] + objectPlural() + ["that"]
        case 2: words = ["Consider", "the", "following", "as", "you", verb.base] + objectPlural()
        case 3: words = [capitalized(rng.pick(Vocabulary.nouns).many), "are", "usually", "unnecessary", "if", "they"]
        default: words = ["Use"] + objectPlural() + ["to"]
        }
        return Sentence(words: words, end: ":")
    }

    // MARK: - Phrases

    mutating func qualifier() -> [String] {
        guard rng.chance(0.55) else { return [] }
        return rng.pick(rng.pick(Vocabulary.qualifiers)).split(separator: " ").map(String.init)
    }

    /// A qualifier of another group than `current`.
    mutating func otherQualifier(than current: [String]) -> [String] {
        let text = current.joined(separator: " ")
        while true {
            let group = rng.pick(Vocabulary.qualifiers)
            if !group.contains(text) { return rng.pick(group).split(separator: " ").map(String.init) }
        }
    }

    mutating func pluralNoun() -> [String] {
        rng.pick(Vocabulary.nouns).many.split(separator: " ").map(String.init)
    }

    mutating func objectPlural() -> [String] {
        let noun = rng.pick(Vocabulary.nouns)
        let many = noun.many.split(separator: " ").map(String.init)
        switch rng.below(5) {
        case 0: return many
        case 1: return [rng.pick(Vocabulary.adjectives)] + many
        case 2: return ["your"] + many
        case 3: return noun.one.split(separator: " ").map(String.init) + [rng.pick(Vocabulary.compoundHeads)]
        default: return ["the", rng.pick(Vocabulary.adjectives)] + many
        }
    }

    mutating func objectSingular() -> [String] {
        let noun = rng.pick(Vocabulary.nouns).one.split(separator: " ").map(String.init)
        if rng.chance(0.5) {
            let adjective = rng.pick(Vocabulary.adjectives)
            return [article(adjective), adjective] + noun
        }
        return [article(noun[0])] + noun
    }

    mutating func twoAdjectives() -> (String, String) {
        let first = rng.pick(Vocabulary.adjectives)
        var second = rng.pick(Vocabulary.adjectives)
        while second == first { second = rng.pick(Vocabulary.adjectives) }
        return (first, second)
    }

    private func comma(_ words: [String]) -> [String] {
        var words = words
        words[words.count - 1] += ","
        return words
    }
}

func capitalized(_ word: String) -> String {
    word.prefix(1).uppercased() + word.dropFirst()
}

/// "a" or "an" before `word` (the vocabulary has no silent h and no "you"-sounding u but these).
func article(_ word: String) -> String {
    guard let first = word.first?.lowercased() else { return "a" }
    if "aeio".contains(first) { return "an" }
    if first == "u" { return word.hasPrefix("us") || word.hasPrefix("uni") ? "a" : "an" }
    return "a"
}

extension Sentence {
    /// "People look your alerts" → "People look for your alerts"; "rely" → "rely on".
    func fixingPreposition() -> Sentence {
        guard words.count > 1 else { return self }
        var copy = self
        switch words[1] {
        case "look": copy.words.insert("for", at: 2)
        case "rely": copy.words.insert("on", at: 2)
        default: break
        }
        return copy
    }
}
