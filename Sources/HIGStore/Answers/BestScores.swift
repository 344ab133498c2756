/// The best-ranked matches of a query, collected as the ranking scores them: every match that
/// ranks at or above the `keep`-th best (lower ranks are better, as bm25's), ties included, in
/// a pass over the matches that sorts none but a few.
///
/// SQLite's `ORDER BY rank LIMIT n` keeps its best rows in a B-tree it searches for every
/// match, a large share of a search for a common word. Here a match ranking below
/// the best `keep` found so far costs one comparison.
final class BestScores {
    let keep: Int
    /// The only rowids offered that count, when given (the rules that pass a search's filters).
    let admitted: Set<Int64>?
    /// How many matches were offered (and admitted).
    private(set) var matches = 0
    /// The rank of the `keep`-th best match known so far: a match ranking below it is not kept.
    private var threshold = Double.infinity
    private var kept: [(rowid: Int64, rank: Double)] = []

    init(keep: Int, admitting admitted: Set<Int64>? = nil) {
        precondition(keep >= 1, "keep at least one match")
        self.keep = keep
        self.admitted = admitted
    }

    func offer(rowid: Int64, rank: Double) {
        if let admitted, !admitted.contains(rowid) { return }
        matches += 1
        guard rank <= threshold else { return }
        kept.append((rowid, rank))
        // Sorted only when twice as many as needed are held: a few times per query.
        if kept.count >= keep.multipliedReportingOverflow(by: 2).partialValue.addingReportingOverflow(64).partialValue
            && keep < Int.max / 4
        {
            settle()
        }
    }

    /// Sorts what is kept, raises the threshold to the `keep`-th rank and drops what ranks below.
    private func settle() {
        kept.sort { $0.rank < $1.rank || ($0.rank == $1.rank && $0.rowid < $1.rowid) }
        guard kept.count >= keep else { return }
        threshold = kept[keep - 1].rank
        while let last = kept.last, last.rank > threshold { kept.removeLast() }
    }

    /// The kept matches, best first: every match ranking at or above the `keep`-th, ties included.
    func best() -> [(rowid: Int64, rank: Double)] {
        settle()
        return kept
    }

    /// True when every match offered was kept.
    var keptAll: Bool { kept.count == matches }
}
