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
    case archiveMissing(path: String)
    case archiveDocumentMissing(archive: String, folder: String)
    case archiveEditionTaken(id: String)
    case archiveDocumentTwice(path: String, edition: String)
    case recordedEditionsFolderMissing(database: String, folder: String)
    case recordedArchiveMissing(database: String, folder: String, editions: Int)
    case archiveNotRecorded(database: String, editions: Int)
    case archiveAndDropArchive
    case captureMissing(path: String)
    case captureNotFolder(path: String)
    case captureHoldsNoPages(path: String)
    /// Every page of the capture is, byte for byte, a page of `edition`, the one it would follow.
    case captureUnchanged(path: String, edition: String, pages: Int)
    case captureDateUnknown(folder: String)
    case captureDateInvalid(value: String)
    /// `--date` after `today`, the latest day anywhere.
    case captureDateInFuture(value: String, today: String)
    /// `--date` or `--id` without `--capture`.
    case captureOptionWithoutCapture(option: String)
    case captureIDInvalid(id: String)
    case captureEditionTaken(id: String)
    case captureNotAfter(date: String, newest: String, newestDate: String)
    case captureFollowsNothing(line: String)
    case capturePredecessorGone(capture: String, predecessor: String)
    case recordedCaptureMissing(database: String, edition: String, folder: String)
    /// The folder of the capture `edition`, dated `date`, no longer holds the pages imported from it.
    case recordedCaptureChanged(database: String, edition: String, date: String, folder: String, changes: CapturePages.Changes)
    /// `--drop-capture ID` for an edition that is no imported capture; `imported`: those that are.
    case captureNotImported(id: String, imported: [String])
    case databaseFolderMissing(path: String)
    case notADatabase(path: String)
    case anotherProgramsDatabase(path: String)
    case databaseUnreadable(path: String, reason: String)
    case databaseReadOnly(path: String)
    case databaseBusy(path: String)
    case diskFull(path: String)
    /// `databaseExists` false: a first import, so no query can be answered either.
    case databaseFolderReadOnly(path: String, databaseExists: Bool = true)
    case databaseNeedsRecovery(path: String)
    case schemaNeedsUpgrade(path: String, version: Int, known: Int)
    case sourceTooLarge(path: String, bytes: Int, limit: Int)
    case sourceNotRegularFile(path: String)
    case schemaTooNew(path: String, version: Int, known: Int)
    case migrationChanged(path: String, name: String)
    case unknownEdition(String, known: [String])
    case unknownKind(String)
    case unknownPlatform(String, known: [String])
    case unknownLine(String, known: [String])
    /// `edition`: the edition the id starts with, when it names one and no id of it is near.
    case unknownRule(String, suggestions: [String], edition: String? = nil)
    case unknownTopic(String, nearest: [String])
    case unknownSection(String, edition: String?)
    /// No page, or several, of an edition has that path or title.
    case pageUnknown(page: String, edition: String, matches: [String])
    case ambiguousTopic(String, candidates: [String])
    case emptySearch
    case malformedSearch(String, reason: String)
    case searchTooLong(String, bytes: Int, limit: Int)
    case searchTooManyWords(String, words: Int, limit: Int)
    case searchTooSlow(String, limit: Duration)
    case invalidLimit(Int)
    case editionsOutOfOrder(from: String, to: String)
    /// Neither edition descends from the other (two lines, or a draft beside its final);
    /// `common`: the latest edition both descend from, if any.
    case editionsNotRelated(from: String, to: String, common: String?)
    case linkRulesOutOfOrder(from: String, fromEdition: String, to: String, toEdition: String)
    case linkEditionsNotCompared(from: String, to: String, between: String)
    case linkReasonMissing
    case noLinkDecision(from: String, to: String)
    case linksNeedImport(path: String)
    case outputFolderMissing(path: String, folder: String)
    case outputIsDirectory(path: String)
    case outputNamesNoFolder(path: String)
    case outputUnwritable(path: String, reason: String)
    case outputIncomplete(path: String, reason: String)
    case optionNeedsFormat(option: String, format: String)
    case reportTooLarge(rules: Int, limit: Int)
    case pagesTargetNotFolder(path: String)
    case pagesTargetNotReport(path: String)
    case pagesNeedFolder
    case invalidEnvironment(name: String, value: String, allowed: String)
    case invalidDate(option: String, value: String)
    /// `hig changes --since`: no edition `edition` descends from is dated on or before `date`.
    case noEditionBefore(date: String, edition: String, oldest: String?)

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
        case .archiveMissing(let path):
            "\(path) is not a folder; give --archive a clone of johnzfitch/human-interface-markdown"
        case .archiveDocumentMissing(let archive, let folder):
            "\(archive) has no \(folder)/full_document.md and chunks/, which the archive catalogue names; give --archive a whole clone of johnzfitch/human-interface-markdown"
        case .archiveDocumentTwice(let path, let edition):
            "\(path) is already imported as edition '\(edition)' of the editions folder (the same bytes); import without --archive, or take that edition out of the editions folder"
        case .archiveEditionTaken(let id):
            "the editions folder already has an edition '\(id)', which the archive catalogue names too; rename the editions folder's edition or import without --archive"
        case .recordedEditionsFolderMissing(let database, let folder):
            "\(database) was built from the editions folder \(folder), which is no longer there; give --editions FOLDER where it is now, or another editions folder to read instead (nothing was changed)"
        case .recordedArchiveMissing(let database, let folder, let editions):
            "\(database) holds \(editions) editions of the archive read from \(folder), which is no longer there; give --archive FOLDER where the clone is now, or --drop-archive to remove those editions (nothing was changed)"
        case .archiveNotRecorded(let database, let editions):
            "\(database) holds \(editions) editions of the archive but not the folder they were read from (an older hig imported them); give --archive FOLDER to keep them, or --drop-archive to remove them (nothing was changed)"
        case .archiveAndDropArchive:
            "--archive reads the archive and --drop-archive removes it; give one of them"
        case .captureMissing(let path):
            "\(path) does not exist; give --capture the folder that holds the capture's Markdown pages (nothing was changed)"
        case .captureNotFolder(let path):
            "\(path) is not a folder; give --capture the folder that holds the capture's Markdown pages (nothing was changed)"
        case .captureHoldsNoPages(let path):
            "\(path) holds no Markdown page (no .md file in it or its subfolders); give --capture the folder of the capture's pages (nothing was changed)"
        case .captureUnchanged(let path, let edition, let pages):
            "\(path) holds the same \(pages) pages as \(edition), byte for byte: nothing changed since that capture, so nothing was imported"
        case .captureDateUnknown(let folder):
            "the date of the capture \(folder) is unknown; give the day its pages were copied from Apple's site with --date YYYY-MM-DD (nothing was changed)"
        case .captureDateInvalid(let value):
            "--date \(Self.quoted(value)) is not a day; give the capture's date as YYYY-MM-DD, e.g. 2026-11-20 (nothing was changed)"
        case .captureDateInFuture(let value, let today):
            "--date \(value) has not come yet (today is \(today) at the latest); give the day the capture's pages were copied (nothing was changed)"
        case .captureOptionWithoutCapture(let option):
            "\(option) describes a capture; give the capture's folder with --capture DIR"
        case .captureIDInvalid(let id):
            "--id \(Self.quoted(id)) is not an edition id; use letters, digits, '.', '_' or '-', starting and ending with a letter or digit, other than '\(EditionManifest.newestAlias)' (nothing was changed)"
        case .captureEditionTaken(let id):
            "there is already an edition '\(id)'; give the capture another id with --id ID (nothing was changed)"
        case .captureNotAfter(let date, let newest, let newestDate):
            "--date \(date) is not after \(newestDate), the date of \(newest), the newest capture; a capture is imported after the newest one: give the day its pages were copied (nothing was changed)"
        case .captureFollowsNothing(let line):
            "the editions read hold no dated capture of the \(line) line for a new capture to follow; import the bundled editions with it (nothing was changed)"
        case .capturePredecessorGone(let capture, let predecessor):
            "the capture \(capture) follows \(predecessor), which the editions read no longer hold; import the editions folder that has it (nothing was changed)"
        case .recordedCaptureMissing(let database, let edition, let folder):
            "\(database) holds the capture \(edition) read from \(folder), which is no longer there; put the folder back there, or remove the capture with --drop-capture \(edition) (nothing was changed)"
        case .recordedCaptureChanged(let database, let edition, let date, let folder, let changes):
            "\(database) holds the capture \(edition) read from \(folder), whose pages have changed since (\(changes)), and reading them would date the newer pages \(date); put the folder back as it was and import newer pages from a folder of their own with --capture NEWDIR --date YYYY-MM-DD, or replace the capture with the folder as it is now: --drop-capture \(edition) --capture \(folder) --date YYYY-MM-DD (nothing was changed)"
        case .captureNotImported(let id, let imported):
            "\(Self.quoted(id)) is not a capture imported with --capture ("
                + (imported.isEmpty ? "none is" : "those imported: \(imported.joined(separator: ", "))")
                + "); a bundled edition stays until the editions folder drops it (nothing was changed)"
        case .databaseFolderMissing(let path):
            "cannot create database \(path): its folder does not exist; create the folder or pass another --db"
        case .notADatabase(let path):
            "\(path) is not a hig database (not an SQLite file, or a damaged one); pass another --db or delete it to rebuild"
        case .anotherProgramsDatabase(let path):
            "\(path) is an SQLite database, but another program's, not hig's (it has tables and none of hig's); pass another --db (hig leaves this one as it is)"
        case .databaseUnreadable(let path, let reason):
            "cannot open database \(path) (\(reason)); check the path and its permissions"
        case .databaseReadOnly(let path):
            "\(path) is read-only, so it cannot be written; queries still work, but import needs a writable file (or pass another --db)"
        case .databaseBusy(let path):
            "\(path) is locked by another hig writing to it; wait for it to finish and try again"
        case .diskFull(let path):
            "no space left to write \(path); free some space and import again (nothing was changed)"
        case .databaseFolderReadOnly(let path, true):
            "cannot write \(path): its folder is not writable, and a write needs files beside the database (\(Self.fileName(path)).importing-*, \(Self.fileName(path))-wal); queries still work, but import needs a writable folder (or pass another --db)"
        case .databaseFolderReadOnly(let path, false):
            "cannot create database \(path): its folder is not writable; pass --db a path in a folder you may write, or make this one writable"
        case .databaseNeedsRecovery(let path):
            "\(path) was left in the middle of a write by a hig that stopped, and only a hig with write access to it and its folder can finish recovering it; run any hig command there once with write access"
        case .schemaNeedsUpgrade(let path, let version, let known):
            "\(path) has schema version \(version), older than this hig's (\(known)), and upgrading it needs write access; run `hig import` with write access to it and its folder, or pass another --db"
        case .sourceTooLarge(let path, let bytes, let limit):
            "\(path) is \(Self.megabytes(bytes)), more than the \(Self.megabytes(limit)) an edition file may hold; split it into one file per chapter and list each in the manifest"
        case .sourceNotRegularFile(let path):
            "\(path) is not a regular file (a directory, device or pipe); the manifest must name text files"
        case .schemaTooNew(let path, let version, let known):
            "\(path) has schema version \(version), newer than this hig knows (\(known)); use a newer hig or another --db"
        case .migrationChanged(let path, let name):
            "\(path) was upgraded by another hig, whose migration \(name) is not this hig's (each hig has its migrations built in); use that hig, or rebuild the database with this one (move it aside and run `hig import`)"
        case .unknownEdition(let edition, let known):
            "unknown edition '\(edition)'; known editions: \(known.joined(separator: ", "))"
        case .unknownPlatform(let platform, let known):
            "unknown platform '\(platform)'; known platforms: \(known.joined(separator: ", "))"
        case .unknownLine(let line, let known):
            "unknown line '\(line)'; known lines: \(known.joined(separator: ", ")) (see the family tree in `hig editions`)"
        case .unknownKind(let kind):
            "unknown kind '\(kind)'; kinds are: \(RuleKind.allCases.map(\.rawValue).joined(separator: ", "))"
        case .unknownRule(let id, let suggestions, let edition):
            if !suggestions.isEmpty {
                "no rule with id '\(id)'; did you mean \(suggestions.joined(separator: ", "))?"
            } else if let edition {
                "no rule with id '\(id)'; an id is its edition and 8 hexadecimal digits, without wildcards; list \(edition)'s with `hig rules --edition \(edition)`"
            } else {
                "no rule with id '\(id)'; list ids with `hig rules`"
            }
        case .unknownTopic(let topic, let nearest):
            "unknown topic '\(topic)'; nearest: \(nearest.joined(separator: ", ")) (all topics: `hig topics`)"
        case .unknownSection(let section, let edition):
            "no section \(edition.map { "of \($0) " } ?? "")has the heading \(Self.quoted(section)); list them with `hig sections\(edition.map { " --edition \($0)" } ?? "")`"
        case .pageUnknown(let page, let edition, let matches):
            matches.isEmpty
                ? "no page of \(edition) has the title or path \(Self.quoted(page)); list them with `hig pages --edition \(edition)`"
                : "\(Self.quoted(page)) names several pages of \(edition): \(matches.joined(separator: ", ")); give one's path"
        case .ambiguousTopic(let topic, let candidates):
            "topic '\(topic)' could be any of: \(candidates.joined(separator: ", ")); say which"
        case .emptySearch:
            "nothing to search for; give one or more words, e.g. hig search \"button colors\""
        case .malformedSearch(let query, let reason):
            "malformed search expression \(Self.quoted(query)) (\(Self.excerpt(reason))); fix the FTS5 syntax, or drop --raw to search for plain words"
        case .searchTooLong(let query, let bytes, let limit):
            "the search '\(query.prefix(Self.excerptLength))…' is \(bytes) bytes long, more than the \(limit) a search may be; search for a few words"
        case .searchTooManyWords(let query, let words, let limit):
            "the search \(Self.quoted(query)) holds \(words) words, more than the \(limit) a search may hold; search for fewer words"
        case .searchTooSlow(let query, let limit):
            "the search \(Self.quoted(query)) was stopped after \(Self.seconds(limit)) s; use fewer or more specific words (a short prefix* matches many words)"
        case .editionsOutOfOrder(let from, let to):
            "\(from) does not come before \(to); give the older edition first (see `hig editions`)"
        case .editionsNotRelated(let from, let to, let common):
            "\(to) does not descend from \(from), nor \(from) from \(to): "
                + (common.map { "both descend from \($0); compare each with it" } ?? "they share no ancestor (different lines)")
                + " (see the family tree in `hig editions`)"
        case .linkRulesOutOfOrder(let from, let fromEdition, let to, let toEdition):
            "\(from) (\(fromEdition)) does not come before \(to) (\(toEdition)); give the older rule first (nothing was written)"
        case .linkEditionsNotCompared(let from, let to, let between):
            "\(from) and \(to) are never compared: \(between), complete editions, stand between theirs (a link skips \(LinkReach.longestGap) complete editions at most, for a rule they lacked); decide on links between rules of nearer editions (nothing was written)"
        case .linkReasonMissing:
            "a decision needs its reason: say why with --why \"...\" (nothing was written)"
        case .linksNeedImport(let path):
            "the links of \(path) were made by an older hig: run `hig import` first, then decide (nothing was written)"
        case .noLinkDecision(let from, let to):
            "you have made no decision on \(from) → \(to); list decisions with `hig link list` (nothing was written)"
        case .invalidLimit(let limit):
            "--limit must be a positive integer (got \(limit))"
        case .outputFolderMissing(let path, let folder):
            "cannot write \(path): there is no folder \(folder); create it or give another --output (nothing was written)"
        case .outputIsDirectory(let path):
            "cannot write \(path): it is a folder; give the path of a file inside it (nothing was written)"
        case .outputNamesNoFolder(let path):
            "cannot write \(path): a path that ends in / names a folder, and there is no such folder; give the path of a file (nothing was written)"
        case .outputUnwritable(let path, let reason):
            "cannot write \(path) (\(reason)); nothing was written"
        case .outputIncomplete(let path, let reason):
            "cannot write \(path) (\(reason)); the export stopped there, so what reached it is incomplete"
        case .optionNeedsFormat(let option, let format):
            "\(option) applies only to --format \(format); drop it or add --format \(format)"
        case .reportTooLarge(let rules, let limit):
            "an HTML report of \(rules) rules is too large for one file (at most \(limit)); narrow it with --edition, --topic, --section, --kind or --platform, or write pages with --pages -o FOLDER (nothing was written)"
        case .pagesTargetNotFolder(let path):
            "cannot write pages to \(path): it is not a folder; give the path of a new folder (nothing was written)"
        case .pagesTargetNotReport(let path):
            "cannot write pages to \(path): it is a folder hig did not write (it has no \(AtomicFolder.marker)); give the path of a new folder (nothing was written)"
        case .pagesNeedFolder:
            "--pages writes a folder of pages; give it with -o FOLDER"
        case .invalidEnvironment(let name, let value, let allowed):
            "$\(name) is '\(value)'; it must be \(allowed)"
        case .invalidDate(let option, let value):
            "\(option) \(Self.quoted(value)) is not a date; give YYYY, YYYY-MM or YYYY-MM-DD (e.g. 2023-01-01)"
        case .noEditionBefore(let date, let edition, let oldest):
            "no edition before \(edition) is dated on or before \(date)"
                + (oldest.map { "; the oldest dated one is \($0): give a later --since, or --from" } ?? "; give --from")
        }
    }
}

extension HIGError {
    /// The most characters of a user's text an error quotes: a query can be 100 KB long.
    static let excerptLength = 60

    /// `text`, or its first `excerptLength` characters, "…" and its length in bytes.
    static func excerpt(_ text: String) -> String {
        guard text.count > excerptLength else { return text }
        return "\(text.prefix(excerptLength))… (\(text.utf8.count) bytes)"
    }

    /// `text` between quotes, cut as `excerpt` cuts it (the byte count outside the quotes).
    package static func quoted(_ text: String) -> String {
        guard text.count > excerptLength else { return "'\(text)'" }
        return "'\(text.prefix(excerptLength))…' (\(text.utf8.count) bytes)"
    }

    package static func seconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let milliseconds = seconds * 1_000 + attoseconds / 1_000_000_000_000_000
        return milliseconds % 1_000 == 0 ? "\(milliseconds / 1_000)" : "\(Double(milliseconds) / 1_000)"
    }

    fileprivate static func fileName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    fileprivate static func megabytes(_ bytes: Int) -> String {
        let tenths = (bytes * 10 + 524_288) / 1_048_576
        return "\(tenths / 10).\(tenths % 10) MB"
    }
}
