import HIGLineage

/// A pair's flags, decided as a link's are (`LinkFlag.of`).
extension EditionDiff.Pair {
    public var flags: [LinkFlag] {
        LinkFlag.of(reversal: reversal, forceChanged: forceChanged, method: method, confidence: confidence, doubt: doubt)
    }
}
