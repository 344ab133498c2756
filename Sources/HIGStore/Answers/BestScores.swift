/// The best-ranked matches of a query, collected as the ranking scores them: every match that
/// ranks at or above the `keep`-th best (lower ranks are better, as bm25's), ties included, in
/// a pass over the matches that sorts none but a few.
///
/// SQLite's `ORDER BY rank LIMIT n` keeps its best rows in a B-tree it searches for every
/// match, a large share of a search for a common word. Here a match ranking below
/// the best `keep` found so far costs one comparison and an append.
///
/// Every match offered is kept in order as well (`best(keep:)`, `contains`), so that a search
/// needing more than the best `keep` (the kinds' weights moved too many down, or the versions
/// with the same words made fewer hits than the limit) selects them from what it already has,
/// instead of scoring every match of the query again; and whether a rule matched is a look-up.
final class BestScores {
    let keep: Int
    /// The only rowids offered that count, when given (the rules that pass a search's filters).
    let admitted: Set<Int64>?
    /// How many matches were offered (and admitted).
    var matches: Int { offered.count }
    // Unchecked: `offer` runs for every match of a query, and checking exclusive access to these
    // at every call is a cost per match (no access to them overlaps another).
    /// The rank of the `keep`-th best match known so far: a match ranking below it is not kept.
    @exclusivity(unchecked) private var threshold = Double.infinity
    @exclusivity(unchecked) private var kept: [(rowid: Int64, rank: Double, bm25: Double)] = []
    /// Every match offered (and admitted), in the order offered.
    @exclusivity(unchecked) private var offered: [(rowid: Int64, rank: Double, bm25: Double)] = []
    /// True while each rowid offered is above the one before (FTS5 gives a query's matches by
    /// rowid), so that `contains` is a binary search.
    @exclusivity(unchecked) private var ascending = true
    /// The rowids offered, for `contains` when they were not offered in ascending order.
    private lazy var offeredSet = Set(offered.map(\.rowid))

    init(keep: Int, admitting admitted: Set<Int64>? = nil) {
        precondition(keep >= 1, "keep at least one match")
        self.keep = keep
        self.admitted = admitted
    }

    /// Offers a match of rank `rank`; `bm25`, its score before any weight, comes along (the rank
    /// when nil).
    func offer(rowid: Int64, rank: Double, bm25: Double? = nil) {
        guard admits(rowid) else { return }
        offerAdmitted(rowid: rowid, rank: rank, bm25: bm25)
    }

    /// Whether a match of `rowid` counts: whether it passes the search's filters.
    func admits(_ rowid: Int64) -> Bool {
        admitted?.contains(rowid) ?? true
    }

    /// `offer` of a match `admits` has let through already.
    func offerAdmitted(rowid: Int64, rank: Double, bm25: Double? = nil) {
        if let last = offered.last, last.rowid >= rowid { ascending = false }
        let match = (rowid: rowid, rank: rank, bm25: bm25 ?? rank)
        offered.append(match)
        guard rank <= threshold else { return }
        kept.append(match)
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
    func best() -> [(rowid: Int64, rank: Double, bm25: Double)] {
        settle()
        return kept
    }

    /// Every match ranking at or above the `other`-th, ties included, best first: `best()` when
    /// `other` is `keep` or less, else selected from every match offered.
    func best(keep other: Int) -> [(rowid: Int64, rank: Double, bm25: Double)] {
        guard other > keep else { return best() }
        let wider = BestScores(keep: other)
        for match in offered { wider.offer(rowid: match.rowid, rank: match.rank, bm25: match.bm25) }
        return wider.best()
    }

    /// The same matches ranked by their bm25 alone, as if no weight had been given: for a search
    /// whose weights turned out not to be known for every match.
    func byBM25() -> BestScores {
        let plain = BestScores(keep: keep)
        for match in offered { plain.offerAdmitted(rowid: match.rowid, rank: match.bm25) }
        return plain
    }

    /// These matches, then `later`'s, as if one collector had been offered both in turn: for a
    /// search scored in two halves (`SearchHalves`), `later` holding the upper rowids. Each
    /// keeps every match at or above its own `keep`-th best, so together they hold the best
    /// `keep` of both.
    func followed(by later: BestScores) -> BestScores {
        precondition(later.keep == keep, "halves of one search keep as many")
        let both = BestScores(keep: keep, admitting: admitted)
        both.offered = offered + later.offered
        let joinAscends = offered.last.flatMap { last in later.offered.first.map { last.rowid < $0.rowid } } ?? true
        both.ascending = ascending && later.ascending && joinAscends
        both.kept = kept + later.kept
        both.settle()
        return both
    }

    /// True when every match offered was kept.
    var keptAll: Bool { kept.count == matches }

    /// Whether `rowid` was offered (and admitted): whether the rule matched the query and
    /// passed the filters.
    func contains(_ rowid: Int64) -> Bool {
        guard ascending else { return offeredSet.contains(rowid) }
        var (low, high) = (0, offered.count)
        while low < high {
            let middle = (low + high) / 2
            if offered[middle].rowid < rowid { low = middle + 1 } else { high = middle }
        }
        return low < offered.count && offered[low].rowid == rowid
    }
}
