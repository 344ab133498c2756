import Foundation
import HIGStore

/// Checks that `hig import` reads a generated corpus as the generator meant it: each generated
/// rule becomes exactly one rule, starting at the line the truth names, with the clean text
/// the generator wrote (glued words repaired, markup gone); each glued pair is repaired once;
/// and the truth names every rule of every edition.
public enum ConsistencyCheck {
    public struct EditionResult: Sendable {
        public let id: String
        public let generated: Int
        public let imported: Int
        public let glued: Int
        public let repairs: Int
    }

    public struct Report: Sendable {
        public var editions: [EditionResult] = []
        public var truthLinks = 0
        /// Every mismatch, at most a few of each kind, each on one line.
        public var problems: [String] = []
        public var passed: Bool { problems.isEmpty }
    }

    /// Imports `folder` into a new database at `database` and compares.
    public static func run(
        corpus: GeneratedCorpus, expected: [ExpectedRule], folder: URL,
        database: String
    ) throws -> Report {
        _ = try StoreWriter.importEditions(from: folder, into: database)
        let store = try RuleStore.open(path: database)
        let records = try store.rules()
        var report = Report()
        var shown: [String: Int] = [:]
        func problem(_ kind: String, _ text: String) {
            shown[kind, default: 0] += 1
            if shown[kind]! <= 5 { report.problems.append(text) }
            if shown[kind]! == 6 { report.problems.append("(more \(kind) problems not shown)") }
        }

        // The database cites files from the repository root or the folder's parent; the truth
        // from the editions folder.
        var paths = ManifestPaths(expected.map(\.position.file))

        var wanted: [RulePosition: String] = [:]
        for rule in expected { wanted[rule.position] = rule.text }
        var importedCount: [String: Int] = [:]
        var seen = Set<RulePosition>()
        for record in records {
            importedCount[record.edition, default: 0] += 1
            guard let file = paths.manifestPath(record.source.file) else {
                problem("file", "\(record.source.file): a file the generator did not write")
                continue
            }
            let position = RulePosition(edition: record.edition, file: file, line: record.source.lineStart)
            seen.insert(position)
            guard let text = wanted[position] else {
                problem("extra", "\(file):\(position.line): a rule starts here, but the generator wrote none (\(record.text.prefix(80)))")
                continue
            }
            if text != record.text {
                problem("text", "\(file):\(position.line): text differs\n    generated: \(text)\n    imported:  \(record.text)")
            }
            if record.source.lineEnd != record.source.lineStart {
                problem(
                    "lines",
                    "\(file):\(position.line): the rule spans lines \(position.line)-\(record.source.lineEnd); the generator wrote one")
            }
        }
        for rule in expected where !seen.contains(rule.position) {
            problem("missing", "\(rule.position.file):\(rule.position.line): the generator wrote a rule here; hig has none starting here")
        }

        let repairs = try store.db.rows(
            """
            SELECT r.edition_id AS edition, count(*) AS n FROM repairs p JOIN rules r ON r.id = p.rule_id GROUP BY r.edition_id
            """)
        for edition in corpus.editions {
            let repaired = repairs.first { $0.string("edition") == edition.id }?.int("n") ?? 0
            let result = EditionResult(
                id: edition.id, generated: edition.rules, imported: importedCount[edition.id] ?? 0,
                glued: edition.glued, repairs: repaired)
            report.editions.append(result)
            if result.generated != result.imported {
                problem("count", "edition \(edition.id): \(result.generated) rules generated, \(result.imported) imported")
            }
            if result.glued != result.repairs {
                problem("repairs", "edition \(edition.id): \(result.glued) glued pairs written, \(result.repairs) repairs made")
            }
        }

        // The truth: every position it names is a generated rule, and every rule is named.
        let links = try TruthLink.read(folder.appending(path: TruthLink.fileName))
        report.truthLinks = links.count
        var named = Set<RulePosition>()
        for link in links {
            for position in [link.from, link.to].compactMap({ $0 }) {
                named.insert(position)
                if wanted[position] == nil {
                    problem("truth", "truth names \(position.edition) \(position.file):\(position.line), where no rule starts")
                }
            }
        }
        for rule in expected where !named.contains(rule.position) {
            problem("truth", "truth never names \(rule.position.file):\(rule.position.line)")
        }
        // The classes mean what they say: unchanged and moved keep the words, the others change them.
        for link in links {
            guard let from = link.from, let to = link.to, let before = wanted[from], let after = wanted[to] else { continue }
            let keepsWords: Bool? =
                switch link.change {
                case .unchanged, .moved: true
                case .reworded, .revised, .split, .merged: false
                case .added, .removed: nil
                }
            if let keepsWords, keepsWords != (before == after) {
                problem(
                    "class",
                    "\(from.file):\(from.line) → \(to.file):\(to.line) is \(link.change.rawValue) but its words "
                        + (keepsWords ? "changed" : "are the same"))
            }
        }
        let perTransition = Dictionary(grouping: links) { "\($0.from?.edition ?? "-")>\($0.to?.edition ?? "-")" }
        let declared = corpus.transitions.reduce(0) { $0 + $1.links.values.reduce(0, +) }
        if declared != links.count {
            problem(
                "truth", "generated.json counts \(declared) links, truth.jsonl holds \(links.count) (\(perTransition.count) edition pairs)")
        }
        return report
    }
}
