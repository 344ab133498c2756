import HIGStore

/// Search latency in-process: `RuleStore.search` (what `hig search` runs) over a fixed list of
/// queries made of the generator's words, each timed once after a warm-up pass.
public enum SearchProbe {
    /// `count` queries: one word, two words, a verb and its object, three words.
    public static func queries(count: Int, seed: UInt64) -> [String] {
        var rng = SplitMix64(seed: seed, stream: "search")
        return (0..<count).map { _ in
            let noun = rng.pick(Vocabulary.nouns)
            switch rng.weighted([4, 3, 2, 1]) {
            case 0: return noun.one
            case 1: return rng.pick(Vocabulary.adjectives) + " " + noun.many
            case 2: return rng.pick(Vocabulary.verbs).base + " " + noun.many
            default: return rng.pick(Vocabulary.adjectives) + " " + noun.one + " " + rng.pick(Vocabulary.qualifiers)[0]
            }
        }
    }

    /// Milliseconds per query, in query order, after three warm-up queries; stops early (after
    /// at least ten queries) once `budget` is spent, so a slow search cannot stall the run.
    public static func measure(
        database: String, queries: [String], limit: Int = 10,
        budget: Duration = .seconds(60)
    ) throws -> [Double] {
        let store = try RuleStore.open(path: database)
        for query in queries.prefix(3) { _ = try store.search(SearchRequest(text: query, limit: limit)) }
        let clock = ContinuousClock()
        let start = clock.now
        var latencies: [Double] = []
        for query in queries {
            if latencies.count >= 10 && start.duration(to: clock.now) > budget { break }
            latencies.append(try clock.measure { _ = try store.search(SearchRequest(text: query, limit: limit)) }.milliseconds)
        }
        return latencies
    }
}
