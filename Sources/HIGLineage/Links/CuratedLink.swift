import Foundation
import HIGText

/// A decision no algorithm should be trusted to make, set down by hand with its reason: a link
/// confirmed, or a pair of rules that must not be linked.
///
/// Decisions come from the file an editions manifest names under `curated_links` (they name
/// rules by file and line, as a reader finds them, resolved to rule ids at import) and from a
/// reader's `hig link confirm|reject` (by rule id, kept in the database across imports). They
/// must stay a small minority: the matcher finds the rest by itself.
public struct CuratedLink: Sendable, Equatable {
    public enum Verdict: String, Sendable, Codable, CaseIterable {
        /// The two rules are linked, whatever the matcher would do.
        case confirm
        /// The two rules are never linked; the matcher looks for other counterparts.
        case reject
    }

    /// Where a decision was set down: the `origin` column of `link_decisions`.
    public enum Origin: String, Sendable, Codable {
        /// The editions' curated-links file, replaced at each import.
        case editions
        /// `hig link confirm|reject`, kept until `hig link forget`.
        case reader
    }

    public let from: String
    public let to: String
    public let verdict: Verdict
    /// A confirmed link's change class; nil when it is to be read off the two texts as the
    /// matcher's links are (always nil for a rejection).
    public let change: ChangeClass?
    public let why: String
    public var origin: Origin = .editions

    /// The memberwise initializer, for the layers above.
    package init(from: String, to: String, verdict: Verdict, change: ChangeClass?, why: String, origin: Origin = .editions) {
        self.from = from
        self.to = to
        self.verdict = verdict
        self.change = change
        self.why = why
        self.origin = origin
    }

    /// The change classes a confirmed link may be given.
    public static let changeClasses: [ChangeClass] = [.unchanged, .reworded, .revised, .replaced, .split, .merged]

    struct File: Decodable {
        struct Place: Decodable {
            let file: String
            let line: Int
        }

        struct Entry: Decodable {
            let from: Place
            let to: Place
            let verdict: String?
            let change: String?
            let why: String
        }

        let format: Int
        let links: [Entry]
    }

    /// Reads and resolves `name` in `folder` against the corpus's rules. An entry is a
    /// confirmation unless its `verdict` is `reject`; a confirmation needs its `change`.
    static func load(_ name: String, folder: URL, sources: [Corpus.Source]) throws -> [CuratedLink] {
        let url = try SourceFile.resolve(name, in: folder)
        let path = url.path(percentEncoded: false)
        guard FileManager.default.fileExists(atPath: path) else { throw HIGError.sourceMissing(path: path) }
        let file: File
        do { file = try JSONDecoder().decode(File.self, from: Data(contentsOf: url)) } catch {
            throw HIGError.manifestInvalid(path: path, reason: "not a curated-links file (\(error.localizedDescription))")
        }
        func rule(_ place: File.Place, entry: Int) throws -> String {
            let place = SourcePlace(file: place.file, line: place.line)
            guard place.namesKnownFile(in: sources) else {
                throw HIGError.manifestInvalid(path: path, reason: "links[\(entry)] names \(place.file), which the manifest does not list")
            }
            guard let rule = place.rule(in: sources) else {
                throw HIGError.manifestInvalid(path: path, reason: "links[\(entry)]: no rule at \(place.file):\(place.line)")
            }
            return rule.id
        }
        let links = try file.links.enumerated().map { index, entry in
            guard let verdict = Verdict(rawValue: entry.verdict ?? "confirm") else {
                throw HIGError.manifestInvalid(path: path, reason: "links[\(index)].verdict '\(entry.verdict!)' is not confirm or reject")
            }
            let change = try entry.change.map { name in
                guard let change = ChangeClass(rawValue: name), changeClasses.contains(change) else {
                    throw HIGError.manifestInvalid(
                        path: path,
                        reason: "links[\(index)].change '\(name)' is not one of \(changeClasses.map(\.rawValue).joined(separator: ", "))")
                }
                return change
            }
            switch (verdict, change) {
            case (.confirm, nil):
                throw HIGError.manifestInvalid(path: path, reason: "links[\(index)] gives no change")
            case (.reject, .some):
                throw HIGError.manifestInvalid(path: path, reason: "links[\(index)] rejects a link and gives it a change")
            default: break
            }
            guard !entry.why.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw HIGError.manifestInvalid(path: path, reason: "links[\(index)] gives no reason ('why')")
            }
            return CuratedLink(
                from: try rule(entry.from, entry: index), to: try rule(entry.to, entry: index), verdict: verdict,
                change: change, why: entry.why)
        }
        // One decision a pair: two would contradict or repeat each other.
        var firstOfPair: [String: Int] = [:]
        for (index, link) in links.enumerated() {
            if let first = firstOfPair.updateValue(index, forKey: link.from + ">" + link.to) {
                throw HIGError.manifestInvalid(path: path, reason: "links[\(index)] decides again on the rules of links[\(first)]")
            }
        }
        return links
    }

    /// What the lineage depends on of the decisions, reasons included (a curated link's rationale
    /// is its reason): a re-import relinks when it changes.
    static func digest(_ links: [CuratedLink]) -> String {
        links.map { "\($0.from)>\($0.to):\($0.verdict == .reject ? "reject" : $0.change?.rawValue ?? "read"):\($0.why)" }
            .joined(separator: ",")
    }
}
