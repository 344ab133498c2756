/// How a rule of one edition became rules of the next.
public enum TruthChange: String, CaseIterable, Codable, Sendable {
    /// The same words.
    case unchanged
    /// A few words swapped for synonyms; the same guidance.
    case reworded
    /// A substantive change: another object or qualifier in the lead, a sentence replaced or added.
    case revised
    /// One rule became two: the lead and the first half of the explanation, then a new lead over the rest.
    case split
    /// Two neighbouring rules became one.
    case merged
    /// The same words in another section.
    case moved
    /// No successor.
    case removed
    /// No predecessor.
    case added
}

/// The share of each change between two editions: of the older edition's rules for all
/// classes but `added`, which is a share of the older edition's rule count, placed at random.
public struct ChangeMix: Sendable, Equatable, Codable {
    public var unchanged = 0.70
    public var reworded = 0.08
    public var revised = 0.05
    public var split = 0.03
    public var merged = 0.03
    public var moved = 0.04
    public var removed = 0.03
    public var added = 0.04

    public init() {}

    func weight(_ change: TruthChange) -> Double {
        switch change {
        case .unchanged: unchanged
        case .reworded: reworded
        case .revised: revised
        case .split: split
        case .merged: merged
        case .moved: moved
        case .removed: removed
        case .added: added
        }
    }
}

/// One line of the truth, between model identities: `from` nil for an added rule, `to` nil
/// for a removed one.
struct Link: Sendable, Equatable {
    let from: Int?
    let to: Int?
    let change: TruthChange
}

/// Derives the next edition from one edition by the known operations, and says which rule
/// became which.
struct Evolver {
    var composer: Composer
    let mix: ChangeMix

    mutating func derive(_ edition: EditionModel) -> (EditionModel, [Link]) {
        let plan = self.plan(edition)
        var links: [Link] = []
        var sections = edition.sections.map { Section(title: $0.title, rules: []) }
        var moving: [(rule: Rule, from: Int)] = []

        for (sectionIndex, section) in edition.sections.enumerated() {
            var index = 0
            let rules = section.rules
            while index < rules.count {
                let rule = rules[index]
                let change = plan.changes[rule.uid] ?? .unchanged
                switch change {
                case .unchanged, .reworded, .revised:
                    var changed = apply(change, to: rule)
                    links.append(Link(from: rule.uid, to: rule.uid, change: change))
                    changed.bullets = []
                    for bullet in rule.bullets {
                        let bulletChange = plan.changes[bullet.uid] ?? .unchanged
                        if bulletChange == .removed {
                            links.append(Link(from: bullet.uid, to: nil, change: .removed))
                        } else {
                            changed.bullets.append(apply(bulletChange, to: bullet))
                            links.append(Link(from: bullet.uid, to: bullet.uid, change: bulletChange))
                        }
                    }
                    sections[sectionIndex].rules.append(changed)
                case .split:
                    let (first, second) = split(rule)
                    links.append(Link(from: rule.uid, to: first.uid, change: .split))
                    links.append(Link(from: rule.uid, to: second.uid, change: .split))
                    sections[sectionIndex].rules += [first, second]
                case .merged:
                    let other = rules[index + 1]
                    let merged = merge(rule, other)
                    links.append(Link(from: rule.uid, to: merged.uid, change: .merged))
                    links.append(Link(from: other.uid, to: merged.uid, change: .merged))
                    sections[sectionIndex].rules.append(merged)
                    index += 1
                case .moved:
                    for member in rule.flattened { links.append(Link(from: member.uid, to: member.uid, change: .moved)) }
                    moving.append((rule, sectionIndex))
                case .removed:
                    for member in rule.flattened { links.append(Link(from: member.uid, to: nil, change: .removed)) }
                case .added:
                    preconditionFailure("no rule of the older edition is added")
                }
                index += 1
            }
        }

        for (rule, from) in moving {
            var target = composer.rng.below(sections.count - 1)
            if target >= from { target += 1 }
            let position = composer.rng.below(sections[target].rules.count + 1)
            sections[target].rules.insert(rule, at: position)
        }

        var toAdd = plan.added
        while toAdd > 0 {
            let target = composer.rng.below(sections.count)
            let listOwners = sections[target].rules.indices.filter { sections[target].rules[$0].role == .leadIn }
            if !listOwners.isEmpty && composer.rng.chance(0.2) {
                let owner = composer.rng.pick(listOwners)
                let bullet = composer.bullet()
                let position = composer.rng.below(sections[target].rules[owner].bullets.count + 1)
                sections[target].rules[owner].bullets.insert(bullet, at: position)
                links.append(Link(from: nil, to: bullet.uid, change: .added))
                toAdd -= 1
                continue
            }
            let unit = composer.unit(atMost: toAdd)
            let position = composer.rng.below(sections[target].rules.count + 1)
            sections[target].rules.insert(unit, at: position)
            for member in unit.flattened { links.append(Link(from: nil, to: member.uid, change: .added)) }
            toAdd -= unit.flattened.count
        }
        // A section every rule left is dropped: it would be a heading over nothing.
        sections.removeAll { $0.rules.isEmpty }
        return (EditionModel(sections: sections), links)
    }

    private mutating func apply(_ change: TruthChange, to rule: Rule) -> Rule {
        switch change {
        case .reworded: reword(rule)
        case .revised: revise(rule)
        default: rule
        }
    }

    // MARK: - Planning

    /// Which rule undergoes which change, by uid; a rule not named stays unchanged. The second
    /// rule of a merge is named `merged` too and consumed by the first.
    struct Plan {
        var changes: [Int: TruthChange] = [:]
        var added = 0
    }

    /// Draws the mix's share of the older edition's rules for each class (as far as enough
    /// rules qualify) from the rules that qualify: a merge takes a rule and the rule after it
    /// in its section; a split needs two sentences of explanation; a moved or removed lead-in
    /// takes its bullets along; a list keeps at least one bullet.
    mutating func plan(_ edition: EditionModel) -> Plan {
        let total = edition.ruleCount
        func target(_ share: Double) -> Int { Int((share * Double(total)).rounded()) }
        var plan = Plan()
        plan.added = target(mix.added)
        let mergeable: Set<Role> = [.paragraph, .bodyless]
        let units = edition.sections.flatMap(\.rules)

        var pairs: [(Rule, Rule)] = []
        for section in edition.sections where section.rules.count >= 2 {
            for index in 0..<(section.rules.count - 1)
            where mergeable.contains(section.rules[index].role) && mergeable.contains(section.rules[index + 1].role) {
                pairs.append((section.rules[index], section.rules[index + 1]))
            }
        }
        composer.rng.shuffle(&pairs)
        var merged = 0
        for (first, second) in pairs where merged + 2 <= target(mix.merged) {
            guard plan.changes[first.uid] == nil, plan.changes[second.uid] == nil else { continue }
            plan.changes[first.uid] = .merged
            plan.changes[second.uid] = .merged
            merged += 2
        }

        func draw(_ change: TruthChange, from candidates: [Rule], takesBullets: Bool = false) {
            var candidates = candidates
            composer.rng.shuffle(&candidates)
            let wanted = target(mix.weight(change))
            var taken = 0
            for rule in candidates where taken < wanted {
                let members = takesBullets ? rule.flattened : [rule]
                guard members.count <= wanted - taken, members.allSatisfy({ plan.changes[$0.uid] == nil }) else { continue }
                for member in members { plan.changes[member.uid] = change }
                taken += members.count
            }
        }
        draw(.split, from: units.filter { $0.role == .paragraph && $0.body.count >= 2 })
        draw(.moved, from: edition.sections.count >= 2 ? units : [], takesBullets: true)
        // Whole units, or single bullets of lists that keep their first.
        draw(.removed, from: units + units.flatMap { $0.bullets.dropFirst() }, takesBullets: true)
        let everyRule = units.flatMap(\.flattened)
        draw(.reworded, from: everyRule.filter { canReword($0) })
        draw(.revised, from: everyRule)
        return plan
    }

    // MARK: - Operations

    /// Word positions a rewording may swap: not a sentence's first word, whose capital and
    /// role (an imperative, a continuation) must stay.
    private func swappable(_ sentence: Sentence) -> [Int] {
        sentence.words.indices.dropFirst().filter { Self.synonym(of: sentence.words[$0]) != nil }
    }

    private func canReword(_ rule: Rule) -> Bool {
        ([rule.lead] + rule.body).contains { !swappable($0).isEmpty || Self.qualifierGroup($0.qualifier) != nil }
    }

    /// One or two swaps of a word or a qualifier for another member of its group, at distinct
    /// places (a second swap at the same place could put the first word back).
    private mutating func reword(_ rule: Rule) -> Rule {
        var sentences = [rule.lead] + rule.body
        // (sentence, word position), or (sentence, nil) for the sentence's qualifier.
        var places: [(Int, Int?)] = []
        for (index, sentence) in sentences.enumerated() {
            places += swappable(sentence).map { (index, $0) }
            if Self.qualifierGroup(sentence.qualifier) != nil { places.append((index, nil)) }
        }
        precondition(!places.isEmpty, "reword needs a word or a qualifier with synonyms")
        composer.rng.shuffle(&places)
        for (index, position) in places.prefix(composer.rng.int(in: 1...2)) {
            if let position {
                let (core, suffix) = Self.splitPunctuation(sentences[index].words[position])
                let others = Self.synonym(of: sentences[index].words[position])!.filter { $0 != core }
                sentences[index].words[position] = composer.rng.pick(others) + suffix
            } else {
                let current = sentences[index].qualifier.joined(separator: " ")
                let others = Self.qualifierGroup(sentences[index].qualifier)!.filter { $0 != current }
                sentences[index].qualifier = composer.rng.pick(others).split(separator: " ").map(String.init)
            }
        }
        var rule = rule
        rule.lead = sentences[0]
        rule.body = Array(sentences.dropFirst())
        return rule
    }

    /// Another qualifier and another noun in the lead; one explanation sentence replaced or added.
    private mutating func revise(_ rule: Rule) -> Rule {
        var rule = rule
        rule.lead.qualifier = composer.otherQualifier(than: rule.lead.qualifier)
        let nouns = rule.lead.words.indices.dropFirst().filter { Self.nounNumber(rule.lead.words[$0]) != nil }
        if !nouns.isEmpty {
            let position = composer.rng.pick(nouns)
            let (core, suffix) = Self.splitPunctuation(rule.lead.words[position])
            let plural = Self.nounNumber(rule.lead.words[position])!
            var replacement = core
            while replacement == core {
                let noun = composer.rng.pick(Self.singleWordNouns)
                replacement = plural ? noun.many : noun.one
            }
            rule.lead.words[position] = replacement + suffix
        }
        // A lead-in keeps its closing ':' sentence; a body-less lead stays body-less.
        let replaceable = rule.role == .leadIn ? Array(rule.body.indices.dropLast()) : Array(rule.body.indices)
        if let index = replaceable.isEmpty ? nil : composer.rng.pick(replaceable), composer.rng.chance(0.7) {
            rule.body[index] = composer.bodySentence()
        } else if rule.role != .bodyless {
            let position = rule.role == .leadIn ? rule.body.count - 1 : rule.body.count
            rule.body.insert(composer.bodySentence(), at: position)
        }
        return rule
    }

    /// The lead and the first half of the explanation; then a new lead over the rest.
    private mutating func split(_ rule: Rule) -> (Rule, Rule) {
        let cut = rule.body.count == 2 ? 1 : composer.rng.int(in: 1...(rule.body.count - 1))
        let first = Rule(
            uid: composer.uid(), role: .paragraph, style: rule.style, lead: rule.lead,
            body: Array(rule.body[..<cut]))
        let second = Rule(
            uid: composer.uid(), role: .paragraph, style: rule.style, lead: composer.lead(),
            body: Array(rule.body[cut...]))
        return (first, second)
    }

    /// The first rule's lead and explanation, then the second's lead and explanation.
    private mutating func merge(_ first: Rule, _ second: Rule) -> Rule {
        Rule(
            uid: composer.uid(), role: .paragraph, style: first.style == .headingLead ? .bold : first.style,
            lead: first.lead, body: first.body + [second.lead] + second.body)
    }

    // MARK: - Word lookups

    private static let synonymIndex: [String: [String]] = {
        var index: [String: [String]] = [:]
        for group in Vocabulary.synonymGroups { for word in group { index[word] = group } }
        return index
    }()

    private static let singleWordNouns = Vocabulary.nouns.filter { !$0.one.contains(" ") }

    private static let nounIndex: [String: Bool] = {
        var index: [String: Bool] = [:]
        for noun in singleWordNouns {
            index[noun.one] = false
            index[noun.many] = true
        }
        return index
    }()

    static func synonym(of token: String) -> [String]? {
        synonymIndex[splitPunctuation(token).core]
    }

    /// True for a plural noun, false for a singular one, nil for another word.
    static func nounNumber(_ token: String) -> Bool? {
        nounIndex[splitPunctuation(token).core]
    }

    static func qualifierGroup(_ qualifier: [String]) -> [String]? {
        guard !qualifier.isEmpty else { return nil }
        let text = qualifier.joined(separator: " ")
        return Vocabulary.qualifiers.first { $0.contains(text) }
    }

    static func splitPunctuation(_ token: String) -> (core: String, suffix: String) {
        let core = token.prefix { $0 != "," && $0 != ";" }
        return (String(core), String(token.dropFirst(core.count)))
    }
}
