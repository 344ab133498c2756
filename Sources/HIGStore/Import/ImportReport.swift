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

    /// An edition the manifest no longer names, removed with its rules.
    public struct RemovedEdition: Sendable, Equatable {
        public let id: String
        public let rules: Int
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
    /// Source files of the manifest's editions that the manifest no longer names, removed.
    public let filesRemoved: Int
    /// Editions the manifest no longer names, removed with everything derived from them.
    public let editionsRemoved: [RemovedEdition]
    /// True when rule topics were computed anew (rules or the taxonomy changed).
    public let topicsRecomputed: Bool
    public var unaccountedLines: [UnaccountedLine] = []
    /// Decisions about links (`hig link`, the curated-links file) the linker no longer follows,
    /// with why: a rule's words changed, an edition was removed or inserted between the two.
    public var decisionsNotApplied: [LinkDecision] = []

    public var changedAnything: Bool {
        filesRemoved > 0 || !editionsRemoved.isEmpty || topicsRecomputed || editions.contains { $0.filesWritten > 0 }
    }
}
