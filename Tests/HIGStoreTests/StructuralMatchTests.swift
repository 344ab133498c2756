import Testing
@testable import HIGStore
@testable import HIGLineage

/// The matcher's use of structure, on rules written here as words (each word one term of equal
/// weight): sections aligned before rules, leads as a way to find candidates, lead-ins whose
/// bullets became each other's, and a lead-in with its bullets read as one rule.
@Suite("Rule matcher: sections, leads, lead-ins and families")
struct StructuralMatchTests {
    typealias Spec = MatcherFixture.Spec

    static func links(_ one: [Spec], _ two: [Spec], matcher: RuleMatcher = RuleMatcher()) -> [RuleMatcher.Link] {
        var ids: [String: Int32] = [:]
        let earlier = MatcherFixture.edition("one", one, ids: &ids)
        let later = MatcherFixture.edition("two", two, ids: &ids)
        return matcher.match(earlier: earlier, later: later, termCount: ids.count)
    }

    static func pairs(_ links: [RuleMatcher.Link]) -> Set<[Int]> { Set(links.map { [$0.earlier, $0.later] }) }

    /// Rule 2 of section A is revised twice over: once in A', once, with a word more of it, in
    /// B'. The other rules of A went to A' and those of B to B'. `inPlace`: A's revision stands
    /// where rule 2 stood, between the rules that kept their words; else both revisions come last.
    static func revisedTwice(sections: Bool, inPlace: Bool = true) -> (earlier: [Spec], later: [Spec]) {
        let (a, b, a2, b2): (Int32, Int32, Int32, Int32) = sections ? (0, 1, 2, 3) : (-1, -1, -1, -1)
        let revisedInA = Spec(text: "india juliet kilo lima xray", section: a2)
        var later = [
            Spec(text: "alpha bravo charlie delta", section: a2), Spec(text: "echo foxtrot golf hotel", section: a2),
            Spec(text: "november oscar papa quebec", section: b2), Spec(text: "romeo sierra tango uniform", section: b2),
            Spec(text: "india juliet kilo lima mike yankee zulu", section: b2),
        ]
        later.insert(revisedInA, at: inPlace ? 2 : 4)
        return (
            [
                Spec(text: "alpha bravo charlie delta", section: a), Spec(text: "echo foxtrot golf hotel", section: a),
                Spec(text: "india juliet kilo lima mike", section: a),
                Spec(text: "november oscar papa quebec", section: b), Spec(text: "romeo sierra tango uniform", section: b),
            ],
            later
        )
    }

    @Test(
        "Of two rules saying nearly the same, the one where the rule's section went wins; without sections, the one in its place; with neither, the closer words"
    )
    func alignedSectionDecides() {
        // By words, rule 2 is nearer rule 5 (cosine 5/√35 = 0.85) than rule 2 (4/5 = 0.80); the
        // sections A and A' align (four of A's five rules went there), A and B' do not.
        let aligned = Self.revisedTwice(sections: true)
        let withSections = Self.pairs(Self.links(aligned.earlier, aligned.later))
        #expect(withSections.contains([2, 2]) && !withSections.contains([2, 5]))
        // Without sections, later rule 2 stands between the rules 1 and 3 that kept their words,
        // where earlier rule 2 stood (`AnchoredPlaces`); rule 5 stands after the last of them.
        let unknown = Self.revisedTwice(sections: false)
        let inPlace = Self.pairs(Self.links(unknown.earlier, unknown.later))
        #expect(inPlace.contains([2, 2]) && !inPlace.contains([2, 5]))
        // Both revisions after the rules that kept their words (later rules 4 and 5): neither
        // stands where rule 2 stood, and the closer words win the one-to-one pass (the other
        // may still join as a split's second half).
        let neither = Self.revisedTwice(sections: false, inPlace: false)
        let byWords = Self.links(neither.earlier, neither.later).filter { $0.evidence == .strongPair || $0.evidence == .mutualBest }
        #expect(Self.pairs(byWords).contains([2, 5]) && !Self.pairs(byWords).contains([2, 4]))
    }

    @Test("The sections' alignment orders candidates but never adds to a link's score")
    func alignmentIsNoScore() {
        var ids: [String: Int32] = [:]
        let fixture = Self.revisedTwice(sections: true)
        let earlier = MatcherFixture.edition("one", fixture.earlier, ids: &ids)
        let later = MatcherFixture.edition("two", fixture.later, ids: &ids)
        let matcher = RuleMatcher()
        let link = try! #require(matcher.match(earlier: earlier, later: later, termCount: ids.count).first { $0.earlier == 2 })
        #expect(link.later == 2)
        #expect(link.score == matcher.score(later, 2, earlier, 2).score)
        // Two sections align when one has at least half the votes of the other's strongest.
        let lists = matcher.candidateLists(earlier: earlier, later: later, termCount: ids.count, nearest: nil)
        let alignment = SectionAlignment(lists, earlier: earlier, later: later, leastScore: matcher.acceptScore, share: 0.5)
        #expect(alignment.aligns(earlier: 0, later: 2) && alignment.aligns(earlier: 1, later: 3))
        #expect(!alignment.aligns(earlier: 0, later: 3) && !alignment.aligns(earlier: 1, later: 2))
        #expect(!alignment.aligns(earlier: -1, later: -1))
    }

    @Test("A rule's nearest by its lead are candidates too, beside its nearest by all its words")
    func leadCandidates() {
        var ids: [String: Int32] = [:]
        // By all its words, the later rule is nearest rule 0 (three words shared against two);
        // by its lead, rule 1 ("place buttons").
        let earlier = MatcherFixture.edition(
            "one",
            [
                Spec(text: "alpha bravo charlie delta echo", lead: "alpha bravo"),
                Spec(text: "place buttons appropriately one two three", lead: "place buttons appropriately"),
            ], ids: &ids)
        let later = MatcherFixture.edition(
            "two", [Spec(text: "alpha bravo charlie place buttons expect", lead: "place buttons expect")], ids: &ids)
        var matcher = RuleMatcher()
        matcher.candidatesPerRule = 1
        func candidates(byLead: Bool) -> [Int] {
            matcher.candidateLists(earlier: earlier, later: later, termCount: ids.count, nearest: nil, byLead: byLead).list(0)
                .map(\.earlier)
        }
        matcher.leadCandidatesPerRule = 1
        #expect(candidates(byLead: false) == [0])
        #expect(Set(candidates(byLead: true)) == [0, 1])
        let lists = matcher.candidateLists(earlier: earlier, later: later, termCount: ids.count, nearest: nil, byLead: true)
        #expect(lists.list(0).first { $0.earlier == 1 }?.byLeadOnly == true)
        matcher.leadCandidatesPerRule = 0
        #expect(candidates(byLead: true) == [0])
    }

    /// A lead-in (0) over two bullets (1, 2), then a rule of its own; later, another lead-in over
    /// the two bullets, in the other order, sharing one word with the first.
    static func leadIns(secondBulletUnder parent: Int?) -> (earlier: [Spec], later: [Spec]) {
        (
            [
                Spec(text: "alpha bravo charlie delta echo"), Spec(text: "foxtrot golf hotel india", parent: 0),
                Spec(text: "juliet kilo lima mike", parent: 0), Spec(text: "november oscar papa quebec"),
            ],
            [
                Spec(text: "alpha sierra tango uniform victor whiskey"), Spec(text: "juliet kilo lima mike", parent: 0),
                Spec(text: "foxtrot golf hotel india", parent: parent), Spec(text: "november oscar papa quebec"),
            ]
        )
    }

    @Test("A lead-in whose bullets went to the bullets of another lead-in is linked to it, though they share a word")
    func leadInsOfTheSameBullets() {
        let fixture = Self.leadIns(secondBulletUnder: 0)
        let found = Self.links(fixture.earlier, fixture.later)
        let parent = try! #require(found.first { $0.earlier == 0 })
        #expect(parent.later == 0 && parent.evidence == .parent && parent.shape == .single)
        #expect(Self.pairs(found) == [[0, 0], [1, 2], [2, 1], [3, 3]])
        // One bullet of two is not enough.
        let half = Self.leadIns(secondBulletUnder: nil)
        #expect(!Self.pairs(Self.links(half.earlier, half.later)).contains([0, 0]))
    }

    /// A lead-in and two bullets of three shared words and one of their own each, and a paragraph
    /// of 75 words that holds the nine shared words: each member alone shares too little with it
    /// (cosine 0.17), the three together enough (0.30).
    static func family(in section: Int32) -> [Spec] {
        [
            Spec(text: "avoid explaining buttons first", section: section),
            Spec(text: "use word tap second", section: section, parent: 0),
            Spec(text: "preserve title capitalization third", section: section, parent: 0),
            Spec(text: "zulu yankee xray whiskey", section: section),
        ]
    }

    static let paragraph: [Spec] = {
        let words =
            "avoid explaining buttons use word tap preserve title capitalization " + (1...66).map { "w\($0)" }.joined(separator: " ")
        return [Spec(text: words, section: 1), Spec(text: "zulu yankee xray whiskey", section: 1)]
    }()

    @Test("A lead-in and its bullets, read together, are merged into the one paragraph that says all of them")
    func familyMerged() {
        let found = Self.links(Self.family(in: 0), Self.paragraph)
        #expect(Self.pairs(found) == [[0, 0], [1, 0], [2, 0], [3, 1]])
        for link in found where link.later == 0 { #expect(link.evidence == .family && link.shape == .merged) }
        // Without the family pass's rule, nothing would link them: no member reaches the least score.
        var ids: [String: Int32] = [:]
        let earlier = MatcherFixture.edition("one", Self.family(in: 0), ids: &ids)
        let later = MatcherFixture.edition("two", Self.paragraph, ids: &ids)
        let matcher = RuleMatcher()
        for member in 0..<3 { #expect(matcher.score(later, 0, earlier, member).score < matcher.acceptScore) }
    }

    @Test("And one paragraph is split into a lead-in and its bullets the same way")
    func familySplit() {
        let found = Self.links(
            Self.paragraph.map { Spec(text: $0.text, section: 0) }, Self.family(in: 1))
        #expect(Self.pairs(found) == [[0, 0], [0, 1], [0, 2], [1, 3]])
        for link in found where link.earlier == 0 { #expect(link.evidence == .family && link.shape == .split) }
    }

    @Test("A family is not linked across sections that do not align")
    func familyNeedsAlignedSections() {
        // The paragraph stands in a section of its own; the unchanged rule's sections align.
        var paragraph = Self.paragraph
        paragraph[0].section = 5
        #expect(!Self.pairs(Self.links(Self.family(in: 0), paragraph)).contains([0, 0]))
    }

    @Test("Of several rules with the same words, a rule takes the one in its place, else the first")
    func sameWordsByPlace() {
        let repeated = "same words here"
        let earlier = ["alpha bravo", repeated, "charlie delta", "echo foxtrot", repeated, "golf hotel"].map { Spec(text: $0) }
        // The repeated text stands between "echo foxtrot" and "golf hotel": earlier rule 4, not 1.
        let inPlace = ["alpha bravo", "charlie delta", "echo foxtrot", repeated, "golf hotel"].map { Spec(text: $0) }
        let placed = Self.links(earlier, inPlace).filter { $0.evidence == .sameWords }
        #expect(Self.pairs(placed).contains([4, 3]) && !Self.pairs(placed).contains([1, 3]))
        // Before every rule that kept its words, no earlier rule of the text stands there: the first.
        let first = ["same words here", "alpha bravo", "charlie delta", "echo foxtrot", "golf hotel"].map { Spec(text: $0) }
        let byOrder = Self.links(earlier, first).filter { $0.evidence == .sameWords }
        #expect(Self.pairs(byOrder).contains([1, 0]) && !Self.pairs(byOrder).contains([4, 0]))
        // A text one rule of each edition has links as before.
        #expect(Self.pairs(placed).isSuperset(of: [[0, 0], [2, 1], [3, 2], [5, 4]]))
    }

    /// Rules that kept their words, a rule removed from between the second and third ("kilo lima
    /// november zulu") and one added near the end ("kilo lima mike yankee"), out of the removed
    /// rule's place. `rival`: an unchanged rule elsewhere shares more of the added rule's words
    /// than the removed one does.
    static func removedAndAdded(rival: Bool) -> (earlier: [Spec], later: [Spec]) {
        let unchanged = rival ? "kilo lima mike yankee quebec" : "quebec romeo sierra tango"
        let earlier = [
            "alpha bravo charlie", "delta echo foxtrot", "kilo lima november zulu", "golf hotel india", unchanged,
            "uniform victor whiskey", "xray oscar papa",
        ]
        let later = [
            "alpha bravo charlie", "delta echo foxtrot", "golf hotel india", unchanged, "uniform victor whiskey",
            "kilo lima mike yankee", "xray oscar papa",
        ]
        return (earlier.map { Spec(text: $0) }, later.map { Spec(text: $0) })
    }

    @Test("A rule moved and changed at once, not each other's best, is linked only when no other rule's words are nearer either")
    func moveNeedsNoNearerRival() {
        let matcher = RuleMatcher()
        // The added rule (later 5) stands between the counterparts of earlier 5 and 6, not where
        // the removed rule (earlier 2) stood; the two share half their words (score over 0.5,
        // which `moveScore` alone lets through), the unchanged rule 4 all four of the added
        // rule's. Taken by its own counterpart, rule 4 is still the nearer: no link.
        var ids: [String: Int32] = [:]
        let withRival = Self.removedAndAdded(rival: true)
        let earlier = MatcherFixture.edition("one", withRival.earlier, ids: &ids)
        let later = MatcherFixture.edition("two", withRival.later, ids: &ids)
        #expect(matcher.score(later, 5, earlier, 2).score >= matcher.moveScore)
        #expect(matcher.score(later, 5, earlier, 4).score > matcher.score(later, 5, earlier, 2).score)
        let links = matcher.match(earlier: earlier, later: later, termCount: ids.count)
        #expect(!Self.pairs(links).contains([2, 5]))
        #expect(links.contains { $0.earlier == 4 && $0.later == 3 && $0.evidence == .sameWords })
        // Without the rival, the two are each other's nearest, and the move is linked.
        let alone = Self.removedAndAdded(rival: false)
        #expect(Self.pairs(Self.links(alone.earlier, alone.later)).contains([2, 5]))
    }
}
