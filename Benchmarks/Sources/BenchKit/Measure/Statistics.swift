/// Order statistics of a handful of timings.
public enum Statistics {
    /// The value below which `fraction` of the samples fall (nearest rank), e.g. 0.5, 0.99.
    public static func percentile(_ samples: [Double], _ fraction: Double) -> Double {
        precondition(!samples.isEmpty, "no samples")
        let sorted = samples.sorted()
        let rank = Int((fraction * Double(sorted.count)).rounded(.up))
        return sorted[min(max(rank, 1), sorted.count) - 1]
    }

    public static func median(_ samples: [Double]) -> Double {
        let sorted = samples.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}
