import Testing

@testable import HIGLineage

/// Where a rule would stand in the other edition, by its neighbours' counterparts
/// (`NeighbourPlaces`), on editions written for the test: rules "r0" … in files given per rule.
@Suite("Where a rule's neighbours went")
struct NeighbourPlacesTests {
    /// An edition of `count` rules, those from `secondFileFrom` on in a second file.
    static func edition(_ name: String, count: Int, secondFileFrom: Int = .max, ids: inout [String: Int32]) -> LinkableRules {
        MatcherFixture.edition(
            name, (0..<count).map { MatcherFixture.Spec(text: "\(name) rule \($0)", source: $0 >= secondFileFrom ? 2 : 1) }, ids: &ids)
    }

    static func anchors(_ pairs: [(Int, Int)]) -> [(from: String, to: String)] {
        pairs.map { ("old-\($0.0)", "new-\($0.1)") }
    }

    @Test("Between the counterparts of the nearest linked neighbours, two more each way, in their file")
    func between() {
        var ids: [String: Int32] = [:]
        let old = Self.edition("old", count: 20, ids: &ids)
        let new = Self.edition("new", count: 30, ids: &ids)
        // old-5 and old-6 have no counterpart; old-4 went to new-10, old-7 to new-13.
        let places = NeighbourPlaces(earlier: old, later: new, anchors: Self.anchors([(4, 10), (7, 13)]), widest: 32)
        #expect(places.later(whereNeighboursOf: 5) == Set(8...15))
        // The other way: new-11 and new-12 stand between old-4's and old-7's counterparts.
        #expect(places.earlier(whereNeighboursOf: 11) == Set(2...9))
        // One neighbour only, within `reach` (6 rules): its counterpart, two each way.
        let one = NeighbourPlaces(earlier: old, later: new, anchors: Self.anchors([(10, 20)]), widest: 32)
        #expect(one.later(whereNeighboursOf: 4) == Set(18...22))
        // Seven rules away is out of reach; no anchors, no place.
        #expect(one.later(whereNeighboursOf: 3).isEmpty)
        #expect(NeighbourPlaces(earlier: old, later: new, anchors: [], widest: 32).later(whereNeighboursOf: 5).isEmpty)
        // Clipped at the edition's edges.
        let edge = NeighbourPlaces(earlier: old, later: new, anchors: Self.anchors([(1, 0), (3, 29)]), widest: 32)
        #expect(edge.later(whereNeighboursOf: 2) == Set(0...29))
    }

    @Test("No place when the counterparts are more than `widest` rules apart, or in two files; only the counterparts' file")
    func noPlace() {
        var ids: [String: Int32] = [:]
        let old = Self.edition("old", count: 10, ids: &ids)
        let new = Self.edition("new", count: 60, secondFileFrom: 40, ids: &ids)
        // 32 rules between new-0 and new-33: a place; 33 between new-0 and new-34: none.
        #expect(
            !NeighbourPlaces(earlier: old, later: new, anchors: Self.anchors([(4, 0), (6, 33)]), widest: 32)
                .later(whereNeighboursOf: 5).isEmpty)
        #expect(
            NeighbourPlaces(earlier: old, later: new, anchors: Self.anchors([(4, 0), (6, 34)]), widest: 32)
                .later(whereNeighboursOf: 5).isEmpty)
        // Counterparts in two files: none.
        #expect(
            NeighbourPlaces(earlier: old, later: new, anchors: Self.anchors([(4, 38), (6, 41)]), widest: 32)
                .later(whereNeighboursOf: 5).isEmpty)
        // One counterpart at the end of its file: the margin stops there.
        #expect(
            NeighbourPlaces(earlier: old, later: new, anchors: Self.anchors([(4, 39)]), widest: 32)
                .later(whereNeighboursOf: 5) == Set(37...39))
    }

    @Test("A rule's neighbours are looked for in its own file only")
    func ownFile() {
        var ids: [String: Int32] = [:]
        let old = Self.edition("old", count: 10, secondFileFrom: 5, ids: &ids)
        let new = Self.edition("new", count: 10, ids: &ids)
        // old-4 ends the first file: old-5, in the second, is no neighbour of it.
        let places = NeighbourPlaces(earlier: old, later: new, anchors: Self.anchors([(5, 5)]), widest: 32)
        #expect(places.later(whereNeighboursOf: 4).isEmpty)
        #expect(places.later(whereNeighboursOf: 6) == Set(3...7))
    }
}
