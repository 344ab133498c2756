extension RandomAccessCollection {
    /// The index of the first element that `belongsInSecondPartition`, in a collection where
    /// every such element follows every other (a sorted array asked for its first element at or
    /// above a value): a binary search, O(log n). `endIndex` when none does. The name and
    /// contract are swift-algorithms' `partitioningIndex(where:)`, too little to depend on it for.
    ///
    /// Public and `@inlinable` so that callers in other modules (`RuleTree`, the matcher) get it
    /// specialized: Swift 6.3 specializes no `package` generic across modules, and called
    /// generically it was 1.9% of an import's instructions (4 x 3k, callgrind).
    @inlinable
    public func partitioningIndex(where belongsInSecondPartition: (Element) throws -> Bool) rethrows -> Index {
        var (low, count) = (startIndex, self.count)
        while count > 0 {
            let half = count / 2
            let middle = index(low, offsetBy: half)
            if try belongsInSecondPartition(self[middle]) {
                count = half
            } else {
                low = index(after: middle)
                count -= half + 1
            }
        }
        return low
    }
}
