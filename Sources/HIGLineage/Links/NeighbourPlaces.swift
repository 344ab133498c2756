/// Where a rule of one edition would stand in another: among the rules that the counterparts of
/// its nearest neighbours in its file stand among, as an editor looks for a rule that moved with
/// its section. The matcher weighs that place when it links (`AnchoredPlaces`); a diff's
/// candidates weigh it too (`CounterpartCandidates.find`), from the diff's pairs, so that of a
/// removed or added rule's likely counterparts the one where its neighbours went comes first:
/// 2014's "On iPad, base the way the action sheet is displayed on the way the user initiates the
/// task" is offered 2011's "On iPad, choose whether to display an action sheet with animation"
/// first, before 2011's "Use an action sheet to:", which shares more of its words. What it gains
/// on the gold sets: docs/lineage.md, "Held out by pair".
package struct NeighbourPlaces {
    /// How much a candidate standing there ranks higher than its score (docs/lineage.md gives
    /// the gold sets' figures at 0.1, 0.2 and 0.5).
    package static let lead = 0.2
    /// How many rules each way a rule's neighbours are looked for, in its file.
    static let reach = 6
    /// How far past the neighbours' counterparts the place reaches, each way: a rule that stood
    /// between two often lands just beside them.
    static let margin = 2

    private let earlier: LinkableRules
    private let later: LinkableRules
    /// Each anchored rule's counterpart in the other edition, by index (the first, of several).
    private let laterOf: [Int: Int]
    private let earlierOf: [Int: Int]
    /// A place of more rules than this between the neighbours' counterparts says nothing
    /// (`RuleMatcher.widestPlace`).
    private let widest: Int

    init(earlier: LinkableRules, later: LinkableRules, anchors: [(from: String, to: String)], widest: Int) {
        self.earlier = earlier
        self.later = later
        self.widest = widest
        var laterOf: [Int: Int] = [:]
        var earlierOf: [Int: Int] = [:]
        if !anchors.isEmpty {
            let earlierIndex = Dictionary(earlier.rules.indices.map { (earlier.rules[$0].id, $0) }) { first, _ in first }
            let laterIndex = Dictionary(later.rules.indices.map { (later.rules[$0].id, $0) }) { first, _ in first }
            for anchor in anchors {
                guard let p = earlierIndex[anchor.from], let l = laterIndex[anchor.to] else { continue }
                if laterOf[p] == nil { laterOf[p] = l }
                if earlierOf[l] == nil { earlierOf[l] = p }
            }
        }
        (self.laterOf, self.earlierOf) = (laterOf, earlierOf)
    }

    /// The later rules where the earlier rule `p` would stand; empty when unknown.
    func later(whereNeighboursOf p: Int) -> Set<Int> {
        Self.place(of: p, in: earlier, counterparts: laterOf, other: later, widest: widest)
    }

    /// The earlier rules where the later rule `l` would stand; empty when unknown.
    func earlier(whereNeighboursOf l: Int) -> Set<Int> {
        Self.place(of: l, in: later, counterparts: earlierOf, other: earlier, widest: widest)
    }

    /// The rules of `other` from the counterpart of `rule`'s nearest anchored neighbour before it
    /// to that of its nearest after it (either alone when the other has none), `margin` more each
    /// way, in the counterparts' file: none when the two counterparts stand in different files,
    /// or have more than `widest` rules between them.
    static func place(of rule: Int, in rules: LinkableRules, counterparts: [Int: Int], other: LinkableRules, widest: Int) -> Set<Int> {
        let source = rules.rules[rule].source
        func nearestCounterpart(step: Int) -> Int? {
            var index = rule + step
            for _ in 0..<reach {
                guard index >= 0, index < rules.count, rules.rules[index].source == source else { return nil }
                if let counterpart = counterparts[index] { return counterpart }
                index += step
            }
            return nil
        }
        let found = [nearestCounterpart(step: -1), nearestCounterpart(step: 1)].compactMap { $0 }
        guard let low = found.min(), let high = found.max() else { return [] }
        let file = other.rules[low].source
        guard other.rules[high].source == file, high - low - 1 <= widest else { return [] }
        let range = max(0, low - margin)...min(other.count - 1, high + margin)
        return Set(range.filter { other.rules[$0].source == file })
    }

    /// `candidates` (best first) with those standing where the rule's neighbours went ranked
    /// `lead` higher; of equal ranks, in their order.
    static func placedFirst(_ candidates: [CounterpartCandidate]) -> [CounterpartCandidate] {
        func rank(_ candidate: CounterpartCandidate) -> Double { candidate.score + (candidate.whereNeighboursWent == true ? lead : 0) }
        return candidates.enumerated().sorted { a, b in
            (rank(a.element), b.offset) > (rank(b.element), a.offset)
        }.map(\.element)
    }
}
