import Foundation
import HIGStore

/// Editions folders made from the seed files, as large as a test needs: every seed file copied
/// `copies` times, each copy's lines marked with its number and `variant`, so that two variants
/// share no rule and every table of the database differs between them.
public enum GeneratedCorpus {
    public static func write(in folder: URL, copies: Int, variant: String) throws -> URL {
        var files: [String: Data] = [:]
        var entries: [[String: Any]] = []
        var chunk = 0
        for copy in 0..<copies {
            for source in Fixtures.seeds.sources {
                let marked = source.file.lines.map { line in
                    line.contains(where: \.isLetter) && !line.hasPrefix("<!--") && !line.hasPrefix("![")
                        ? line + " Variant \(variant) \(copy)." : line
                }
                let name = "\(copy)-\(source.file.path.split(separator: "/").last!)"
                files[name] = Data(marked.joined(separator: "\n").utf8)
                chunk += 1
                entries.append([
                    "path": name, "edition": source.edition.id, "document": source.file.entry.document,
                    "chunk": source.file.entry.form == .webText ? NSNull() : chunk as Any,
                    "form": source.file.entry.form.rawValue, "coverage": "excerpt",
                ])
            }
        }
        let editions: [[String: Any]] = Fixtures.seeds.manifest.editions.map { edition in
            [
                "id": edition.id, "name": "\(edition.name) \(variant)", "order": edition.order! as Any, "date": "2020",
                "platform_scope": edition.platformScope, "platforms": edition.platforms,
            ]
        }
        let json = try JSONSerialization.data(withJSONObject: ["format": 1, "editions": editions, "files": entries] as [String: Any])
        let manifest = String(decoding: json, as: UTF8.self)
        return try Fixtures.writeEditions(in: folder.appending(path: "corpus-\(variant)"), manifest: manifest, files: files)
    }
}
