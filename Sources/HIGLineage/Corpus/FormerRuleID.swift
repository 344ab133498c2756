import Foundation
import HIGText

/// A rule id from before its edition was renamed, and the rule that holds its words now.
///
/// Rule ids start with their edition's id and hash it with the rule's lines, so renaming an
/// edition (`2008` became `iphone-2008-11`, the seed page's `current` became `web-2022-23`)
/// gives every rule a new id. Citations of the old ids must keep resolving to the same words:
/// the manifest's `former_rule_ids` file lists each old id with the file and line of its words
/// (and the words themselves, which a test compares with the rule's); the importer stores them
/// in `former_rule_ids`, and every command that takes a rule id resolves them, saying the new id.
public struct FormerRuleID: Sendable, Equatable {
    public let formerID: String
    public let ruleID: String
    public let note: String

    /// The memberwise initializer, for the layers above.
    package init(formerID: String, ruleID: String, note: String) {
        self.formerID = formerID
        self.ruleID = ruleID
        self.note = note
    }

    struct File: Decodable {
        struct Entry: Decodable {
            let formerID: String
            let file: String
            let line: Int
            let words: String
            let note: String

            enum CodingKeys: String, CodingKey {
                case file, line, words, note
                case formerID = "former_id"
            }
        }

        let format: Int
        let rules: [Entry]
    }

    static func load(_ name: String, folder: URL, sources: [Corpus.Source]) throws -> [FormerRuleID] {
        let url = try SourceFile.resolve(name, in: folder)
        let path = url.path(percentEncoded: false)
        guard FileManager.default.fileExists(atPath: path) else { throw HIGError.sourceMissing(path: path) }
        let file: File
        do { file = try JSONDecoder().decode(File.self, from: Data(contentsOf: url)) } catch {
            throw HIGError.manifestInvalid(path: path, reason: "not a former-rule-ids file (\(error.localizedDescription))")
        }
        var seen = Set<String>()
        return try file.rules.enumerated().map { index, entry in
            guard seen.insert(entry.formerID).inserted else {
                throw HIGError.manifestInvalid(path: path, reason: "rules[\(index)]: \(entry.formerID) is listed twice")
            }
            let place = SourcePlace(file: entry.file, line: entry.line)
            guard place.namesKnownFile(in: sources) else {
                throw HIGError.manifestInvalid(path: path, reason: "rules[\(index)] names \(entry.file), which the manifest does not list")
            }
            guard let rule = place.rule(in: sources) else {
                throw HIGError.manifestInvalid(path: path, reason: "rules[\(index)]: no rule at \(entry.file):\(entry.line)")
            }
            return FormerRuleID(formerID: entry.formerID, ruleID: rule.id, note: entry.note)
        }
    }
}
