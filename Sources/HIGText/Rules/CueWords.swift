import Foundation

/// The cue vocabularies of Data/vocabulary/cues.json: the words by which the classifier, the
/// normative force and the rule builder read a text. Each group there says why it holds what it
/// holds and how it differs from the groups it overlaps; adding a cue word is a change of that
/// file only.
package struct CueWords: Sendable {
    private struct File: Decodable {
        struct Group: Decodable {
            let name: String
            let usedBy: String
            let why: String
            let differs: String
            let phrases: [String]
        }

        let format: Int
        let groups: [Group]
    }

    /// Every group's phrases, by group name, each split into its words.
    private let groups: [String: [[String]]]

    package static let bundled: CueWords = {
        guard let text = EmbeddedResources.vocabulary["cues.json"] else {
            preconditionFailure("Data/vocabulary/cues.json was not embedded at build time")
        }
        do { return try CueWords(json: Data(text.utf8)) } catch {
            preconditionFailure("Data/vocabulary/cues.json does not decode: \(error)")
        }
    }()

    init(json: Data) throws {
        let file = try JSONDecoder().decode(File.self, from: json)
        var groups: [String: [[String]]] = [:]
        for group in file.groups {
            groups[group.name] = group.phrases.map { $0.split(separator: " ").map(String.init) }
        }
        self.groups = groups
    }

    /// The phrases of the group `name`, as words.
    package func phrases(_ name: String) -> [[String]] {
        guard let phrases = groups[name] else { preconditionFailure("Data/vocabulary/cues.json has no group \(name)") }
        return phrases
    }

    /// The one-word phrases of the group `name`.
    package func words(_ name: String) -> Set<String> {
        Set(phrases(name).map { $0.joined(separator: " ") })
    }

    /// The phrases of the group `name` as written (prefixes such as "in general,").
    package func prefixes(_ name: String) -> [String] {
        phrases(name).map { $0.joined(separator: " ") }
    }
}
