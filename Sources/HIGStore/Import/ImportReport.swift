import HIGLineage

/// What an import did, per edition.
public struct ImportReport: Sendable, Equatable {
    public struct Edition: Sendable, Equatable {
        public let id: String
        public let files: Int
        public let rules: Int
        public let repairs: Int
        /// Files whose rules were (re)written; 0 when the edition was already up to date.
        public let filesWritten: Int
    }

    /// An edition the import no longer reads, removed with its rules, and why.
    public struct RemovedEdition: Sendable, Equatable {
        public let id: String
        public let rules: Int
        public var reason: RemovalReason
    }

    /// Why an edition was removed, as the sources read say it (`ImportSources`).
    public enum RemovalReason: Sendable, Equatable {
        /// Its editions folder was read again, and the manifest no longer names it.
        case leftManifest(ImportSources.Source)
        /// Another editions folder was read, whose manifest does not name it; `replacing`: the
        /// one the database was built from, when it recorded it.
        case notInManifest(of: ImportSources.Source, replacing: ImportSources.Source?)
        /// The archive was read again, and this hig's archive catalogue no longer names it.
        case leftArchiveCatalogue(ImportSources.Source)
        /// Its archive document is now an edition of the editions folder, under this id.
        case nowInEditionsFolder(edition: String)
        /// The archive was dropped (`ImportRequest.dropArchive`); the folder, when recorded.
        case archiveDropped(ImportSources.Source?)
        /// A web capture was dropped (`ImportRequest.dropCapture`); the folder it was read from.
        case captureDropped(folder: String)
    }

    /// A line of words that no reader placed in a rule, a heading or a set-aside: a warning,
    /// since the reader may have lost guidance (`hig sources --unaccounted` lists them too).
    public struct UnaccountedLine: Sendable, Equatable {
        public let file: String
        public let line: Int
        /// The line's first words.
        public let text: String
    }

    public let editions: [Edition]
    /// What the database is now built from, as recorded for the next import.
    public var sources: ImportSources? = nil
    /// True when what the database records it was built from changed (a folder moved, the
    /// archive added or dropped), though no rule may have.
    public var sourcesChanged = false
    /// Source files of editions still read that their manifest no longer names, removed.
    public let filesRemoved: Int
    /// Editions no longer read, removed with everything derived from them.
    public let editionsRemoved: [RemovedEdition]
    /// True when rule topics were computed anew (rules or the taxonomy changed).
    public let topicsRecomputed: Bool
    public var unaccountedLines: [UnaccountedLine] = []
    /// Decisions about links (`hig link`, the curated-links file) the linker no longer follows,
    /// with why: a rule's words changed, an edition was removed or inserted between the two.
    public var decisionsNotApplied: [LinkDecision] = []

    public var changedAnything: Bool {
        filesRemoved > 0 || !editionsRemoved.isEmpty || topicsRecomputed || sourcesChanged || editions.contains { $0.filesWritten > 0 }
    }
}
