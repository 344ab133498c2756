/// One edition's rules as the lineage matcher needs them: what identifies and places each rule,
/// and its term counts in flat arrays (one allocation per column, not one per rule), so that a
/// pair of large editions is all that is held at a time.
struct EditionTerms: Sendable {
    struct Rule: Sendable {
        let id: String
        /// Its source file's id in the database (an index into `PreparedLinkTerms.sourcePaths`
        /// until `Linker` maps it).
        var source: Int
        let ordinal: Int
        let parent: String?
        let text: String
        let prescribes: Bool
        var topics: [Int32]
        /// The subjects (web HIG groups and pages) its page or headings name, with their
        /// ancestors (`rule_topics` via 'page' or 'section'): where in the guidelines it stands.
        var subjects = SubjectSet()
        /// The ancestors of those subjects: what is left of `subjects` without them is the
        /// innermost, its page or the heading's own subject.
        var broaderSubjects = SubjectSet()
        /// Equal for texts with the same words in the same order (a hash of their tokens).
        let sameWordsKey: Int
        var force: NormativeForce
        /// Its section: its source file and heading path as one id shared by every rule under
        /// them (`LinkCorpus`), -1 when unknown. Only equality counts (`SectionAlignment`).
        var section: Int32 = -1
    }

    /// A rule's distinct terms, ascending, with how often each occurs: rule i's are
    /// `terms[start[i]..<start[i + 1]]`.
    struct Counts: Sendable {
        var terms: [Int32] = []
        var counts: [Int32] = []
        var start: [Int32] = [0]

        func range(_ rule: Int) -> Range<Int> { Int(start[rule])..<Int(start[rule + 1]) }

        /// Appends one rule's counts, from its term ids in any order (`ids` is sorted in place).
        mutating func append(_ ids: inout [Int32]) {
            ids.sort()
            var index = 0
            while index < ids.count {
                var end = index + 1
                while end < ids.count && ids[end] == ids[index] { end += 1 }
                terms.append(ids[index])
                counts.append(Int32(end - index))
                index = end
            }
            start.append(Int32(terms.count))
        }

        /// These rules' counts, then `other`'s.
        mutating func append(contentsOf other: Counts) {
            let offset = Int32(terms.count)
            terms += other.terms
            counts += other.counts
            start += other.start.dropFirst().map { $0 + offset }
        }

        /// The counts of the rules `indices`, in that order.
        func subset(_ indices: [Int]) -> Counts {
            var part = Counts()
            for rule in indices {
                part.terms += terms[range(rule)]
                part.counts += counts[range(rule)]
                part.start.append(Int32(part.terms.count))
            }
            return part
        }
    }

    let id: String
    let isExcerpt: Bool
    var rules: [Rule] = []
    /// The whole text's terms, and the lead's (the title, or else the opening words).
    var text = Counts()
    var lead = Counts()

    /// The rules of several editions as one list, in the order given (the first one's id and
    /// coverage): the rules some editions removed, weighed together against a later one.
    static func joining(_ parts: [EditionTerms]) -> EditionTerms {
        guard parts.count > 1 else { return parts[0] }
        var joined = parts[0]
        for part in parts.dropFirst() {
            joined.rules += part.rules
            joined.text.append(contentsOf: part.text)
            joined.lead.append(contentsOf: part.lead)
        }
        return joined
    }

    /// The rules `indices` of the edition alone, in that order.
    func subset(_ indices: [Int]) -> EditionTerms {
        var part = EditionTerms(id: id, isExcerpt: isExcerpt)
        part.rules = indices.map { rules[$0] }
        (part.text, part.lead) = (text.subset(indices), lead.subset(indices))
        return part
    }
}

/// A set of subject ids as bits: exact for ids under 256 (the taxonomy has fewer subjects), a
/// larger id shares a bit with a smaller one, so two sets may look related but never unrelated
/// wrongly.
struct SubjectSet: Sendable, Equatable {
    private var bits: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    mutating func insert(_ id: Int32) {
        let bit = UInt64(1) << UInt64(id & 63)
        switch (id >> 6) & 3 {
        case 0: bits.0 |= bit
        case 1: bits.1 |= bit
        case 2: bits.2 |= bit
        default: bits.3 |= bit
        }
    }

    var isEmpty: Bool { bits.0 | bits.1 | bits.2 | bits.3 == 0 }

    /// Whether the two share a subject.
    func intersects(_ other: SubjectSet) -> Bool {
        bits.0 & other.bits.0 | bits.1 & other.bits.1 | bits.2 & other.bits.2 | bits.3 & other.bits.3 != 0
    }

    /// The subjects of this set that `other` lacks.
    func subtracting(_ other: SubjectSet) -> SubjectSet {
        var result = self
        result.bits = (bits.0 & ~other.bits.0, bits.1 & ~other.bits.1, bits.2 & ~other.bits.2, bits.3 & ~other.bits.3)
        return result
    }

    static func == (a: SubjectSet, b: SubjectSet) -> Bool { a.bits == b.bits }
}
