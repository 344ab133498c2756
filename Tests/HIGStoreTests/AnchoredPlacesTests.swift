import Testing
@testable import HIGStore
@testable import HIGLineage

/// Where a later rule stands among the earlier rules, read off the rules that kept their words.
@Suite("Anchored places")
struct AnchoredPlacesTests {
    @Test("A rule stands between the counterparts of its nearest unchanged neighbours")
    func betweenNeighbours() {
        // Earlier rules 0...9; later rules 0...7. Unchanged: 0 → 0, 3 → 2, 7 → 5.
        let places = AnchoredPlaces(anchors: [(0, 0), (3, 2), (7, 5)], earlier: 10, later: 8, widest: 32)
        // Later rule 1 stands between earlier 0 and 3: earlier 1 and 2.
        #expect(places.earlierRules(at: 1) == 1..<3)
        #expect(places.contains(earlier: 1, later: 1) && places.contains(earlier: 2, later: 1))
        #expect(!places.contains(earlier: 0, later: 1) && !places.contains(earlier: 3, later: 1) && !places.contains(earlier: 5, later: 1))
        // Later rules 3 and 4 between earlier 3 and 7; rules 6 and 7 after the last anchor.
        #expect(places.earlierRules(at: 3) == 4..<7 && places.earlierRules(at: 4) == 4..<7)
        #expect(places.earlierRules(at: 7) == 8..<10)
        // An anchored rule's place is its neighbours': later 2 (anchored to 3) between 0 and 7.
        #expect(places.earlierRules(at: 2) == 1..<7)
    }

    @Test("Before the first anchor a rule stands from the start; with no anchor, anywhere")
    func editionEnds() {
        let places = AnchoredPlaces(anchors: [(4, 2)], earlier: 6, later: 4, widest: 32)
        #expect(places.earlierRules(at: 0) == 0..<4 && places.earlierRules(at: 3) == 5..<6)
        let none = AnchoredPlaces(anchors: [], earlier: 6, later: 4, widest: 32)
        #expect(none.earlierRules(at: 2) == 0..<6 && none.contains(earlier: 5, later: 0))
    }

    @Test("A rule moved unchanged says nothing of its new neighbours' place: the longest run in order anchors")
    func movedAnchorsAreLeftOut() {
        // 0 → 0, 1 → 1, 8 → 2 (moved far ahead), 3 → 3, 4 → 4: the run 0, 1, 3, 4 anchors.
        let run = AnchoredPlaces.inOrder([(0, 0), (1, 1), (8, 2), (3, 3), (4, 4)])
        #expect(run.map(\.earlier) == [0, 1, 3, 4] && run.map(\.later) == [0, 1, 3, 4])
        let places = AnchoredPlaces(anchors: [(4, 4), (8, 2), (0, 0), (3, 3), (1, 1)], earlier: 10, later: 6, widest: 32)
        // Later rule 2 (the moved one) stands between earlier 1 and 3, not after 8.
        #expect(places.earlierRules(at: 2) == 2..<3)
        #expect(AnchoredPlaces.inOrder([]).isEmpty)
        #expect(AnchoredPlaces.inOrder([(5, 0), (4, 1), (3, 2)]).count == 1)
    }

    @Test("A place wider than `widest` holds no rule, and says the rule's place is not narrow")
    func widePlaces() {
        let places = AnchoredPlaces(anchors: [(0, 0), (4, 2), (40, 3)], earlier: 50, later: 5, widest: 3)
        // Later rule 1: earlier 1...3, three rules, narrow.
        #expect(places.isNarrow(later: 1) && places.contains(earlier: 2, later: 1))
        // Later rule 4: earlier 41...49, nine rules, too wide to say anything.
        #expect(!places.isNarrow(later: 4) && !places.contains(earlier: 45, later: 4))
        #expect(places.earlierRules(at: 4) == 41..<50)
    }
}
