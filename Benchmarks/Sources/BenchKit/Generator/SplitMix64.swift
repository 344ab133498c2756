/// The generator's only source of randomness: SplitMix64 (Steele, Lea and Flood, 2014).
///
/// Every draw goes through the methods below, never through the standard library's
/// `random(in:using:)` or `shuffle(using:)`, whose algorithms may change between Swift releases:
/// the same seed must write the same corpus with every compiler.
public struct SplitMix64: Sendable {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    /// A generator of its own for one purpose ("evolve 2", "render 3"), so that drawing more
    /// numbers in one stage never shifts what another stage draws.
    public init(seed: UInt64, stream: String) {
        // FNV-1a of the stream name, mixed into the seed.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in stream.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        var mixer = SplitMix64(seed: seed ^ hash)
        state = mixer.next()
    }

    public mutating func next() -> UInt64 {
        state = state &+ 0x9e37_79b9_7f4a_7c15
        var z = state
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }

    /// A whole number in `0..<bound` (bound > 0), by Lemire's multiply-shift with rejection.
    public mutating func below(_ bound: Int) -> Int {
        precondition(bound > 0, "bound must be positive")
        let range = UInt64(bound)
        var product = next().multipliedFullWidth(by: range)
        if product.low < range {
            let threshold = (0 &- range) % range
            while product.low < threshold {
                product = next().multipliedFullWidth(by: range)
            }
        }
        return Int(product.high)
    }

    /// A whole number in `range`.
    public mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + below(range.count)
    }

    /// A number in [0, 1) with 53 random bits.
    public mutating func unit() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }

    /// True with probability `p`.
    public mutating func chance(_ p: Double) -> Bool {
        unit() < p
    }

    public mutating func pick<T>(_ items: [T]) -> T {
        items[below(items.count)]
    }

    /// An index drawn with the given weights (not all zero).
    public mutating func weighted(_ weights: [Double]) -> Int {
        let total = weights.reduce(0, +)
        precondition(total > 0, "weights must not all be zero")
        var target = unit() * total
        for (index, weight) in weights.enumerated() {
            if target < weight { return index }
            target -= weight
        }
        return weights.lastIndex { $0 > 0 }!
    }

    /// Fisher-Yates, with this generator's draws.
    public mutating func shuffle<T>(_ items: inout [T]) {
        guard items.count > 1 else { return }
        for index in stride(from: items.count - 1, to: 0, by: -1) {
            items.swapAt(index, below(index + 1))
        }
    }
}
