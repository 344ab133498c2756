/// Accumulates the rules of one file while a splitter walks its lines, and settles their kinds
/// at the end, when every parent is known.
struct RuleBuilder {
    private(set) var drafts: [RuleDraft] = []
    private var boldLeads: [Int: String] = [:]

    /// Sentence openings that refer back to the statement before them and so cannot stand
    /// alone: such a paragraph or bullet is the explanation of the rule above it
    /// (Data/vocabulary/cues.json, "continuation-openings").
    static let continuationOpenings = CueWords.bundled.prefixes("continuation-openings")

    static func continues(_ text: String) -> Bool {
        let lower = FastText.lowercasedStart(text)
        // On ASCII without CR every byte is a Character, so `hasPrefix` is a comparison of bytes;
        // String's `hasPrefix` cost more than the rest of this test.
        let onBytes = FastText.withBytes(lower) { bytes -> Bool? in
            guard bytes.allSatisfy({ $0 < 128 && $0 != 13 }) else { return nil }
            return continuationOpeningBytes.contains { opening in
                opening.count <= bytes.count && zip(opening, bytes).allSatisfy { $0 == $1 }
            }
        }
        return onBytes ?? continuationOpenings.contains { lower.hasPrefix($0) }
    }

    private static let continuationOpeningBytes = continuationOpenings.map { opening in
        precondition(opening.utf8.allSatisfy { $0 >= 32 && $0 < 127 }, "a continuation opening the byte reading cannot match: \(opening)")
        return Array(opening.utf8)
    }

    var last: RuleDraft? { drafts.last }

    /// Adds a rule and returns its ordinal.
    @discardableResult
    mutating func add(
        _ line: MarkedLine, text: String? = nil, title: String?, parent: Int?, section: String?,
        page: Int?, platforms: [String], lineEnd: Int? = nil, kind: RuleKind? = nil
    ) -> Int {
        let ordinal = drafts.count + 1
        let platforms = Self.platforms(of: text ?? line.text, given: platforms, parent: parent.map { drafts[$0 - 1] })
        drafts.append(
            RuleDraft(
                ordinal: ordinal, parentOrdinal: parent, kind: kind ?? .context, section: section, title: title,
                text: text ?? line.text, lineStart: line.number, lineEnd: lineEnd ?? line.number, page: page,
                platforms: platforms, repairs: line.repairs))
        if let lead = line.boldLead { boldLeads[ordinal] = lead }
        if let kind { fixedKinds.insert(ordinal); drafts[ordinal - 1].kind = kind }
        return ordinal
    }

    private var fixedKinds = Set<Int>()

    /// The platforms a rule applies to: those its reader gives (the section's, a table row's),
    /// narrowed to those of its parent (a lead-in "On macOS, alerts can:" holds its items) and
    /// to those its own opening names as its subject ("macOS alerts can add ...": macOS alone;
    /// `Platforms.subject`). A narrowing that would leave no platform is not applied.
    static func platforms(of text: String, given: [String], parent: RuleDraft?) -> [String] {
        var platforms = given
        if let parent {
            let inherited = platforms.filter(parent.platforms.contains)
            if !inherited.isEmpty { platforms = inherited }
        }
        return Platforms.subject(of: text, among: platforms) ?? platforms
    }

    /// Appends a line's words to the last rule: it is that rule's explanation.
    mutating func extendLast(with line: MarkedLine, separator: String = " ") {
        guard !drafts.isEmpty else { return }
        drafts[drafts.count - 1].text += separator + line.text
        drafts[drafts.count - 1].lineEnd = line.number
        drafts[drafts.count - 1].repairs += line.repairs
    }

    mutating func setLastTitle(_ title: String, through lineNumber: Int) {
        guard !drafts.isEmpty else { return }
        drafts[drafts.count - 1].title = title
        drafts[drafts.count - 1].lineEnd = lineNumber
    }

    /// Classifies every rule, parents first, then lets a list's cue-less items follow the
    /// majority of their siblings.
    mutating func finish() -> [RuleDraft] {
        for index in drafts.indices where !fixedKinds.contains(drafts[index].ordinal) {
            let parentKind = drafts[index].parentOrdinal.map { drafts[$0 - 1].kind }
            drafts[index].kind = RuleClassifier.classify(
                text: drafts[index].text, boldLead: boldLeads[drafts[index].ordinal], parentKind: parentKind)
        }
        let groups = Dictionary(grouping: drafts.indices.filter { drafts[$0].parentOrdinal != nil }) {
            drafts[$0].parentOrdinal!
        }
        for (_, members) in groups.sorted(by: { $0.key < $1.key }) where members.count >= 2 {
            let prescribing = members.filter { drafts[$0].kind == .guideline }.count
            guard prescribing * 2 >= members.count else { continue }
            for index in members where drafts[index].kind == .context { drafts[index].kind = .guideline }
        }
        return drafts
    }
}
