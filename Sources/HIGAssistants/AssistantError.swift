import HIGText

/// What an assistant can get wrong when it calls `hig mcp`, each as a sentence that says what is
/// wrong and what to do instead.
public enum AssistantError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No tool of that name (a protocol error: the request names nothing that exists).
    case unknownTool(String)
    /// The arguments of a known tool are wrong: the assistant can correct them and call again.
    case badArguments(tool: String, reason: String)
    /// A resource URI that names nothing (`hig://rule/2011-00000000`) or has no known form.
    case unknownResource(uri: String, reason: String)

    public var description: String {
        switch self {
        case .unknownTool(let name):
            "unknown tool '\(name)'; the tools are \(AssistantCatalog.tools.map(\.name).joined(separator: ", "))"
        case .badArguments(let tool, let reason):
            "\(tool): \(reason)"
        case .unknownResource(let uri, let reason):
            "no resource \(uri): \(reason)"
        }
    }

    /// `error` as a mistake in what the assistant asked for, in words that name the tools'
    /// arguments rather than the command line's options; nil for a failure of the database or
    /// of the files it is built from, which no argument can correct.
    ///
    /// The switch names every case, so that a new error is classified where it is added: one
    /// left to a default once reached assistants as a protocol "Internal error".
    static func mistake(in error: HIGError, tool: String) -> AssistantError? {
        let reason: String
        switch error {
        case .unknownRule(let id, let suggestions, _):
            reason =
                "no rule with id '\(id)'"
                + (suggestions.isEmpty ? "" : "; did you mean \(suggestions.joined(separator: ", "))?")
                + " (find ids with \(AssistantCatalog.searchRules.name))"
        case .unknownEdition(let edition, let known):
            reason =
                "unknown edition '\(edition)'; the editions are \(known.joined(separator: ", ")) (see \(AssistantCatalog.listEditions.name))"
        case .unknownTopic(let topic, let nearest):
            reason = "unknown topic '\(topic)'; nearest: \(nearest.joined(separator: ", ")) (see \(AssistantCatalog.listTopics.name))"
        case .ambiguousTopic(let topic, let candidates):
            reason = "topic '\(topic)' could be any of: \(candidates.joined(separator: ", ")); give one of their slugs"
        case .unknownSection(let section, let edition):
            reason =
                "no section \(edition.map { "of \($0) " } ?? "")has the heading '\(section)' (see \(AssistantCatalog.listSections.name))"
        case .pageUnknown(let page, let edition, let matches):
            reason =
                matches.isEmpty
                ? "no page of \(edition) has the title or path \(shown(page))"
                : "\(shown(page)) names several pages of \(edition): \(matches.joined(separator: ", ")); give one's path"
        case .unknownKind(let kind):
            reason = "unknown kind '\(kind)'; the kinds are \(AssistantCatalog.kinds.joined(separator: ", "))"
        case .unknownPlatform(let platform, let known):
            reason = "unknown platform '\(platform)'; the platforms are \(known.joined(separator: ", "))"
        case .unknownLine(let line, let known):
            reason = "unknown line '\(line)'; the lines are \(known.joined(separator: ", ")) (see \(AssistantCatalog.listEditions.name))"
        case .emptySearch:
            reason = "nothing to search for; give one or more words in '\(AssistantCatalog.queryName)'"
        case .malformedSearch(let query, _):
            reason = "the search \(shown(query)) cannot be read as words; give plain words in '\(AssistantCatalog.queryName)'"
        case .searchTooLong(_, let bytes, let limit):
            reason = "'\(AssistantCatalog.queryName)' is \(bytes) bytes long, more than the \(limit) a search may be; give a few words"
        case .searchTooManyWords(_, let words, let limit):
            reason =
                "'\(AssistantCatalog.queryName)' holds \(words) different words, more than the \(limit) a search may hold; give fewer words"
        case .searchTooSlow(let query, _):
            reason = "the search \(shown(query)) took too long and was stopped; give fewer or more specific words"
        case .invalidLimit(let limit):
            reason = "'limit' must be a positive integer, got \(limit)"
        case .editionsOutOfOrder(let from, let to):
            reason = "\(from) does not come before \(to); give the older edition as 'from' (see \(AssistantCatalog.listEditions.name))"
        case .editionsNotRelated(let from, let to, let common):
            reason =
                "\(to) does not descend from \(from), nor \(from) from \(to): "
                + (common.map { "both descend from \($0); compare each with it" } ?? "they share no ancestor (different lines)")
                + " (see the predecessors in \(AssistantCatalog.listEditions.name))"
        case .invalidDate(_, let value):
            reason = "'since' \(shown(value)) is not a date; give YYYY, YYYY-MM or YYYY-MM-DD, e.g. 2023-01-01"
        case .noEditionBefore(let date, let edition, let oldest):
            reason =
                "no edition before \(edition) is dated on or before \(date)"
                + (oldest.map { "; the oldest dated one is \($0): give a later 'since', or 'from'" } ?? "; give 'from'")
        case .editionsFolderNotFound, .manifestMissing, .manifestInvalid, .sourceMissing, .sourceUnreadable, .sourceNotUTF8,
            .sourceEmpty, .sourceOutsideFolder, .archiveMissing, .archiveDocumentMissing, .archiveEditionTaken,
            .recordedEditionsFolderMissing, .recordedArchiveMissing, .archiveNotRecorded, .archiveAndDropArchive,
            .captureMissing, .captureNotFolder, .captureHoldsNoPages, .captureUnchanged, .captureDateUnknown, .captureDateInvalid,
            .captureDateInFuture,
            .captureOptionWithoutCapture, .captureIDInvalid, .captureEditionTaken, .captureNotAfter, .captureFollowsNothing,
            .capturePredecessorGone, .recordedCaptureMissing, .recordedCaptureChanged, .captureNotImported,
            .anotherProgramsDatabase, .outputNamesNoFolder,
            .archiveDocumentTwice, .databaseFolderMissing, .notADatabase, .databaseUnreadable, .databaseReadOnly, .databaseBusy,
            .diskFull, .databaseFolderReadOnly, .databaseNeedsRecovery, .schemaNeedsUpgrade, .sourceTooLarge,
            .sourceNotRegularFile, .schemaTooNew, .migrationChanged, .linkRulesOutOfOrder, .linkEditionsNotCompared,
            .linkReasonMissing, .noLinkDecision, .linksNeedImport, .outputFolderMissing, .outputIsDirectory,
            .outputUnwritable, .outputIncomplete, .optionNeedsFormat, .reportTooLarge, .pagesTargetNotFolder,
            .pagesTargetNotReport, .pagesNeedFolder, .invalidEnvironment:
            return nil
        }
        return .badArguments(tool: tool, reason: reason)
    }

    /// A search as an error quotes it: its start, for a long one.
    private static func shown(_ query: String) -> String {
        "'\(query.prefix(60))\(query.count > 60 ? "…" : "")'"
    }
}
