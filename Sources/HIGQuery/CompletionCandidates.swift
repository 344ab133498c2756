import Foundation
import HIGStore
import HIGLineage
import HIGText

/// What shell completion offers for an edition or a topic, computed when the user presses Tab
/// (swift-argument-parser calls back into `hig` with the words typed so far).
///
/// Completion never builds a database: it reads the one the command line names when it exists,
/// else the bundled editions' manifest; topics come from the compiled-in taxonomy. Any failure
/// offers nothing rather than print an error into the user's prompt.
public enum CompletionCandidates {
    /// The database the words name (`--db PATH` or `--db=PATH`), else `$HIG_DB`, else hig.sqlite.
    public static func databasePath(in words: [String]) -> String {
        var given: String?
        for (index, word) in words.enumerated() where given == nil {
            if word == "--db", index + 1 < words.count { given = words[index + 1] }
            if word.hasPrefix("--db=") { given = String(word.dropFirst(5)) }
        }
        return EnvironmentSetting.databasePath(given: given)
    }

    /// Edition ids, oldest first, then `current` (the newest's alias), that start with `prefix`.
    public static func editions(words: [String], prefix: String) -> [String] {
        let path = databasePath(in: words)
        var ids: [String] = []
        if !RuleStore.needsImport(path: path), let store = try? RuleStore.open(path: path), let known = try? store.editionIDs() {
            ids = known
        } else if let folder = try? EditionsLocator.locate(explicit: nil), let manifest = try? EditionManifest.load(folder: folder) {
            ids = manifest.orderedEditions.map(\.id)
        }
        if !ids.isEmpty { ids.append(EditionManifest.newestAlias) }
        return ids.filter { $0.hasPrefix(prefix) }
    }

    /// Topic slugs, in taxonomy order, that start with `prefix` (or whose name does, ignoring case).
    public static func topics(prefix: String) -> [String] {
        Taxonomy.bundled.topics.filter {
            $0.slug.hasPrefix(prefix) || $0.name.lowercased().hasPrefix(prefix.lowercased())
        }.map(\.slug)
    }
}
