/// Pairs of rules the matcher must not link, as places in the two editions it compares: the
/// rejections a reader or the curated-links file set down (`CuratedLink.Verdict.reject`). The
/// matcher then looks for other counterparts, as if the pair scored nothing.
struct ForbiddenPairs: Sendable {
    private var pairs: Set<UInt64> = []

    static let none = ForbiddenPairs()

    init() {}

    /// The pairs the rejections forbid among the later rules `laterIDs` (in the matcher's order)
    /// and the earlier rules `earlierPlace` finds a place for. `rejectedInto`: by later rule id,
    /// the earlier rule ids it must not link to.
    init(rejectedInto: [String: [String]], laterIDs: some Sequence<String>, earlierPlace: (String) -> Int?) {
        guard !rejectedInto.isEmpty else { return }
        for (l, id) in laterIDs.enumerated() {
            for from in rejectedInto[id] ?? [] {
                if let p = earlierPlace(from) { insert(earlier: p, later: l) }
            }
        }
    }

    var isEmpty: Bool { pairs.isEmpty }

    mutating func insert(earlier: Int, later: Int) {
        pairs.insert(Self.key(earlier, later))
    }

    func contains(earlier: Int, later: Int) -> Bool {
        !pairs.isEmpty && pairs.contains(Self.key(earlier, later))
    }

    private static func key(_ earlier: Int, _ later: Int) -> UInt64 {
        UInt64(UInt32(truncatingIfNeeded: earlier)) << 32 | UInt64(UInt32(truncatingIfNeeded: later))
    }
}
