import Foundation
import HIGLineage

/// JSON Lines (`--format jsonl`): one compact JSON object per line, keys sorted, for tools that
/// stream records (jq -c, DuckDB's read_json, a data pipeline) rather than read one array.
public enum JSONLines {
    static func line(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Compact JSON escapes line breaks inside strings, so each object stays on one line.
        return String(decoding: try encoder.encode(value), as: UTF8.self) + "\n"
    }

    /// One rule per line, in the JSON contract's shape (as `--format json`'s array elements).
    public static func rules(_ rules: [RuleRecord]) throws -> String {
        try rules.map(line).joined()
    }

    /// One line per entry of an edition diff: a pair of rules (unchanged or changed, with the
    /// link's class, similarity and flags) or a rule alone (added, removed, not in an excerpt),
    /// with the words and citation of each rule `rules` holds.
    public static func diff(_ diff: EditionDiff, rules: [String: RuleText]) throws -> String {
        var out = ""
        func entry(_ change: String, from: String?, to: String?, pair: EditionDiff.Pair? = nil) throws {
            // A removed rule's candidates are in TO, an added one's in FROM.
            let candidates = diff.candidates.map { all in
                ["removed", "added", "left-out"].contains(change) ? (all[from ?? to ?? ""] ?? []) : nil
            }
            out += try line(
                DiffLine(
                    change: change, from: from, to: to, pair: pair,
                    fromRule: from.flatMap { rules[$0] }, toRule: to.flatMap { rules[$0] }, candidates: candidates))
        }
        for ids in diff.unchanged where ids.count == 2 { try entry("unchanged", from: ids[0], to: ids[1]) }
        for pair in diff.changed { try entry(pair.change.rawValue, from: pair.from, to: pair.to, pair: pair) }
        for id in diff.added { try entry("added", from: nil, to: id) }
        for id in diff.restored { try entry("restored", from: nil, to: id) }
        for id in diff.removed { try entry("removed", from: id, to: nil) }
        for id in diff.leftOut { try entry("left-out", from: id, to: nil) }
        for id in diff.notInExcerpt { try entry("not-in-excerpt", from: id, to: nil) }
        for id in diff.notInFromExcerpt { try entry("not-in-from-excerpt", from: nil, to: id) }
        for id in diff.fromOtherPredecessors { try entry("from-other-predecessor", from: nil, to: id) }
        return out
    }

    struct DiffLine: Encodable {
        let change: String
        let from: String?
        let to: String?
        let pair: EditionDiff.Pair?
        let fromRule: RuleText?
        let toRule: RuleText?
        /// nil: not asked for (`--candidates`), and then no key; else on every line, null but
        /// for removed and added rules.
        var candidates: [CounterpartCandidate]?? = nil

        enum CodingKeys: String, CodingKey {
            case change, from, to, similarity, confidence, reversal, doubt, method, rationale, candidates
            case forceChanged = "force_changed"
            case fromText = "from_text", toText = "to_text", fromSource = "from_source", toSource = "to_source"
        }

        /// Every key on every line, null where it does not apply: a consumer can rely on the shape.
        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(change, forKey: .change)
            try c.encode(from, forKey: .from)
            try c.encode(to, forKey: .to)
            try c.encode(pair?.similarity, forKey: .similarity)
            try c.encode(pair?.confidence, forKey: .confidence)
            try c.encode(pair?.reversal, forKey: .reversal)
            try c.encode(pair?.doubt, forKey: .doubt)
            try c.encode(pair?.forceChanged, forKey: .forceChanged)
            try c.encode(pair?.method, forKey: .method)
            try c.encode(pair?.rationale, forKey: .rationale)
            try c.encode(fromRule?.text, forKey: .fromText)
            try c.encode(toRule?.text, forKey: .toText)
            try c.encode(fromRule?.citation, forKey: .fromSource)
            try c.encode(toRule?.citation, forKey: .toSource)
            if let candidates { try c.encode(candidates, forKey: .candidates) }
        }
    }
}
