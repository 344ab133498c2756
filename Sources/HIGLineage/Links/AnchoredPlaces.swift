import HIGText

/// Where each rule of a later edition stands in the earlier one, read off the rules that kept
/// their words: the earlier rules between the counterparts of its nearest unchanged neighbours,
/// as a diff reads the changed lines of a hunk between unchanged ones. A rule revised in place
/// is there; a rule elsewhere that happens to share its lead is not ("Write redundant alerts."
/// two hundred sections away, on the generated corpus).
///
/// The anchors are the unchanged links that keep the editions' order (the longest run of them
/// whose earlier rules rise with their later ones): a rule moved unchanged to another section
/// says nothing of where its new neighbours came from.
struct AnchoredPlaces: Sendable {
    /// For each later rule, the earlier rules strictly between `after[l]` and `before[l]`.
    private let after: [Int32]
    private let before: [Int32]
    /// The most earlier rules a place may hold and still say where a rule stands.
    let widest: Int

    /// The places the links `anchors` make (one earlier and one later rule each, in any order),
    /// between editions of `earlier` and `later` rules. A place of more than `widest` earlier
    /// rules holds none (`contains`): so few anchors say little of where a rule went (1987's
    /// Macintosh guidelines and 1992's, a book written anew).
    init(anchors: [(earlier: Int, later: Int)], earlier: Int, later: Int, widest: Int) {
        self.widest = widest
        let kept = Self.inOrder(anchors.sorted { ($0.later, $0.earlier) < ($1.later, $1.earlier) })
        var after = [Int32](repeating: -1, count: later)
        var before = [Int32](repeating: Int32(earlier), count: later)
        var next = 0
        var previous: (earlier: Int, later: Int)?
        for l in 0..<later {
            while next < kept.count && kept[next].later < l { previous = kept[next]; next += 1 }
            if let previous { after[l] = Int32(previous.earlier) }
            // An anchored rule's own place is its neighbours' too: the next anchor after it.
            var following = next
            while following < kept.count && kept[following].later <= l { following += 1 }
            if following < kept.count { before[l] = Int32(kept[following].earlier) }
        }
        (self.after, self.before) = (after, before)
    }

    /// The earlier rules that stand where later rule `later` does.
    func earlierRules(at later: Int) -> Range<Int> { Int(after[later] + 1)..<Int(before[later]) }

    /// Whether earlier rule `earlier` stands where later rule `later` does, in a place of at most
    /// `widest` earlier rules.
    func contains(earlier: Int, later: Int) -> Bool {
        Int32(earlier) > after[later] && Int32(earlier) < before[later] && isNarrow(later: later)
    }

    /// Whether later rule `later`'s place holds at most `widest` earlier rules: a rule found
    /// elsewhere then moved.
    func isNarrow(later: Int) -> Bool { Int(before[later] - after[later]) - 1 <= widest }

    /// The longest run of `anchors` (sorted by later rule, each later rule once) whose earlier
    /// rules rise strictly: patience sorting, O(n log n).
    static func inOrder(_ anchors: [(earlier: Int, later: Int)]) -> [(earlier: Int, later: Int)] {
        // tails[k]: the index of the anchor ending the best run of length k + 1 found so far.
        var tails: [Int] = []
        var previous = [Int](repeating: -1, count: anchors.count)
        for (index, anchor) in anchors.enumerated() {
            let low = tails.partitioningIndex(where: { anchors[$0].earlier >= anchor.earlier })
            if low > 0 { previous[index] = tails[low - 1] }
            if low == tails.count { tails.append(index) } else { tails[low] = index }
        }
        var run: [(earlier: Int, later: Int)] = []
        var index = tails.last ?? -1
        while index >= 0 { run.append(anchors[index]); index = previous[index] }
        return run.reversed()
    }
}
