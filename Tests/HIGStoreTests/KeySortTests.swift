import Testing
@testable import HIGStore
@testable import HIGDatabase

@Suite("KeySort")
struct KeySortTests {
    /// Texts whose first 32 bytes do not tell them apart, or tell them apart only by padding:
    /// shared long prefixes, NUL bytes, non-ASCII letters, and one letter spelled two ways
    /// ("é" and "e" with a combining accent are equal Swift strings with other bytes).
    static let pieces = [
        "g1-", "current-", "0", "a", "b", "\u{0}", "é", "e\u{301}", "1d5cc02e", "-2", "zzzzzzzzzzzzzzzz",
        "web-2026-07-b54bbd24", "",
    ]

    static func texts(_ random: inout SeededRandom) -> [String] {
        (0..<400).map { _ in (0..<random.int(0...5)).map { _ in random.pick(pieces) }.joined() }
    }

    @Test("One key: the same permutation as sorting with KeyOrder.precedes", arguments: [1, 2, 3] as [UInt64])
    func oneKey(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        let texts = Self.texts(&random)
        let expected = Array(texts.indices).sorted { KeyOrder.precedes(texts[$0], texts[$1]) }
        #expect(KeySort.order(count: texts.count) { texts[$0] } == expected, "seed \(seed)")
    }

    @Test("Two keys: the same permutation as sorting with KeyOrder.precedes", arguments: [1, 2, 3] as [UInt64])
    func twoKeys(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        let pairs = Array(zip(Self.texts(&random), Self.texts(&random)))
        let expected = Array(pairs.indices).sorted { KeyOrder.precedes(pairs[$0], pairs[$1]) }
        #expect(KeySort.order(count: pairs.count) { pairs[$0] } == expected, "seed \(seed)")
    }

    @Test("A rule's platforms: repeats dropped, in KeyOrder, whatever their number")
    func platformsInKeyOrder() {
        #expect(Importer.keyOrdered([]) == [])
        #expect(Importer.keyOrdered(["watchOS"]) == ["watchOS"])
        #expect(Importer.keyOrdered(["iOS", "macOS"]) == ["iOS", "macOS"])
        // Byte order, not case-insensitive: "M" (77) precedes "i" (105).
        #expect(Importer.keyOrdered(["iOS", "MacOS"]) == ["MacOS", "iOS"])
        #expect(Importer.keyOrdered(["iOS", "iOS"]) == ["iOS"])
        #expect(Importer.keyOrdered(["tvOS", "iOS", "tvOS", "iPadOS"]) == ["iOS", "iPadOS", "tvOS"])
    }
}
