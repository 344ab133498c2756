/// Everything a user can get wrong, each as one sentence that says what is wrong and what to do.
public enum HIGError: Error, CustomStringConvertible, Equatable, Sendable {
    case editionsFolderNotFound(searched: [String])
    case manifestMissing(path: String)
    case manifestInvalid(path: String, reason: String)
    case sourceMissing(path: String)
    case sourceUnreadable(path: String, reason: String)
    case sourceNotUTF8(path: String, byteOffset: Int)
    case sourceEmpty(path: String)
    case sourceOutsideFolder(path: String)
    case databaseFolderMissing(path: String)
    case notADatabase(path: String)
    case databaseUnreadable(path: String, reason: String)
    case databaseReadOnly(path: String)
    case databaseBusy(path: String)
    case diskFull(path: String)
    case schemaTooNew(path: String, version: Int, known: Int)
    case migrationChanged(path: String, name: String)
    case unknownEdition(String, known: [String])
    case unknownKind(String)
    case unknownRule(String, suggestions: [String])
    case unknownTopic(String, nearest: [String])
    case ambiguousTopic(String, candidates: [String])
    case emptySearch
    case malformedSearch(String, reason: String)
    case invalidLimit(Int)
    case editionsOutOfOrder(from: String, to: String)
    case outputFolderMissing(path: String, folder: String)
    case outputIsDirectory(path: String)
    case outputUnwritable(path: String, reason: String)
    case optionNeedsFormat(option: String, format: String)

    public var description: String {
        switch self {
        case .editionsFolderNotFound(let searched):
            "no editions folder found (looked in \(searched.joined(separator: ", "))); pass --editions DIR or set HIG_EDITIONS"
        case .manifestMissing(let path):
            "no manifest at \(path); an editions folder needs an editions.json that lists its files"
        case .manifestInvalid(let path, let reason):
            "\(path): \(reason); fix the manifest and import again"
        case .sourceMissing(let path):
            "\(path) does not exist; the manifest names it, so add the file or remove its entry"
        case .sourceUnreadable(let path, let reason):
            "\(path) cannot be read (\(reason)); check its permissions"
        case .sourceNotUTF8(let path, let offset):
            "\(path) is not UTF-8 text (invalid byte at offset \(offset)); convert it to UTF-8 and import again"
        case .sourceEmpty(let path):
            "\(path) is empty; an edition file must hold the guidance text"
        case .sourceOutsideFolder(let path):
            "\(path) lies outside the editions folder; the manifest may only name files inside it"
        case .databaseFolderMissing(let path):
            "cannot create database \(path): its folder does not exist; create the folder or pass another --db"
        case .notADatabase(let path):
            "\(path) is not a hig database (not an SQLite file, or a damaged one); pass another --db or delete it to rebuild"
        case .databaseUnreadable(let path, let reason):
            "cannot open database \(path) (\(reason)); check the path and its permissions"
        case .databaseReadOnly(let path):
            "\(path) is read-only, so it cannot be written; queries still work, but import needs a writable file (or pass another --db)"
        case .databaseBusy(let path):
            "\(path) is locked by another hig writing to it; wait for it to finish and try again"
        case .diskFull(let path):
            "no space left to write \(path); free some space and import again (nothing was changed)"
        case .schemaTooNew(let path, let version, let known):
            "\(path) has schema version \(version), newer than this hig knows (\(known)); use a newer hig or another --db"
        case .migrationChanged(let path, let name):
            "migration \(name) has changed since it was applied to \(path); restore Migrations/\(name).sql or rebuild the database"
        case .unknownEdition(let edition, let known):
            "unknown edition '\(edition)'; known editions: \(known.joined(separator: ", "))"
        case .unknownKind(let kind):
            "unknown kind '\(kind)'; kinds are: \(RuleKind.allCases.map(\.rawValue).joined(separator: ", "))"
        case .unknownRule(let id, let suggestions):
            suggestions.isEmpty
                ? "no rule with id '\(id)'; list ids with `hig rules`"
                : "no rule with id '\(id)'; did you mean \(suggestions.joined(separator: ", "))?"
        case .unknownTopic(let topic, let nearest):
            "unknown topic '\(topic)'; nearest: \(nearest.joined(separator: ", ")) (all topics: `hig topics`)"
        case .ambiguousTopic(let topic, let candidates):
            "topic '\(topic)' could be any of: \(candidates.joined(separator: ", ")); say which"
        case .emptySearch:
            "nothing to search for; give one or more words, e.g. hig search \"button colors\""
        case .malformedSearch(let query, let reason):
            "malformed search expression '\(query)' (\(reason)); fix the FTS5 syntax, or drop --raw to search for plain words"
        case .editionsOutOfOrder(let from, let to):
            "\(from) does not come before \(to); give the older edition first (see `hig editions`)"
        case .invalidLimit(let limit):
            "--limit must be 1 or more (got \(limit))"
        case .outputFolderMissing(let path, let folder):
            "cannot write \(path): there is no folder \(folder); create it or give another --output (nothing was written)"
        case .outputIsDirectory(let path):
            "cannot write \(path): it is a folder; give the path of a file inside it (nothing was written)"
        case .outputUnwritable(let path, let reason):
            "cannot write \(path) (\(reason)); nothing was written"
        case .optionNeedsFormat(let option, let format):
            "\(option) applies only to --format \(format); drop it or add --format \(format)"
        }
    }
}
