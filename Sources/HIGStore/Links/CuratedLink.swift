import Foundation

/// A link no algorithm should be trusted to guess, set down by hand with its reason: the file
/// an editions manifest names under `curated_links`.
///
/// Links name rules by file and line, as a reader finds them, and are resolved to rule ids at
/// import. They must stay a small minority: the matcher finds the rest by itself.
public struct CuratedLink: Sendable, Equatable {
    public let from: String
    public let to: String
    public let change: ChangeClass
    public let why: String

    struct File: Decodable {
        struct Place: Decodable {
            let file: String
            let line: Int
        }

        struct Entry: Decodable {
            let from: Place
            let to: Place
            let change: String
            let why: String
        }

        let format: Int
        let links: [Entry]
    }

    /// Reads and resolves `name` in `folder` against the corpus's rules.
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
        return try file.links.enumerated().map { index, entry in
            let allowed: [ChangeClass] = [.unchanged, .reworded, .revised, .replaced, .split, .merged]
            guard let change = ChangeClass(rawValue: entry.change), allowed.contains(change) else {
                throw HIGError.manifestInvalid(
                    path: path,
                    reason: "links[\(index)].change '\(entry.change)' is not one of \(allowed.map(\.rawValue).joined(separator: ", "))")
            }
            guard !entry.why.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw HIGError.manifestInvalid(path: path, reason: "links[\(index)] gives no reason ('why')")
            }
            return CuratedLink(
                from: try rule(entry.from, entry: index), to: try rule(entry.to, entry: index), change: change, why: entry.why)
        }
    }

    static func digest(_ links: [CuratedLink]) -> String {
        links.map { "\($0.from)>\($0.to):\($0.change.rawValue)" }.joined(separator: ",")
    }
}
