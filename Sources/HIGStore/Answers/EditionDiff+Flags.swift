import HIGLineage

/// A pair's flags, decided as a link's are (`LinkFlag.of`).
extension EditionDiff.Pair {
    public var flags: [LinkFlag] {
        LinkFlag.of(reversal: reversal, forceChanged: forceChanged, method: method, confidence: confidence, doubt: doubt)
    }

    /// A pair not to take on trust: a possible counterpart or of low confidence.
    public var isForReview: Bool { flags.contains(.doubt) || flags.contains(.lowConfidence) }
}
