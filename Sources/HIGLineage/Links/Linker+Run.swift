import HIGDatabase
import HIGText

extension Linker {
    /// One run of the linker over every edition of the database: editions read one after
    /// another, each one's links found on the other cores while this thread writes what is known
    /// before them.
    struct Run {
        private let db: Database
        private let matcher: RuleMatcher
        private var corpus: LinkCorpus
        /// Each prepared edition is let go once loaded, like an edition read from the database.
        private var preparedEditions: [EditionTerms?] = []
        private var preparedSourceIDs: [Int] = []
        private var state: LinkState
        private let curatedIDs: Set<String>
        private var forces: BatchInsert
        private var linkRows: BatchInsert
        /// Rows known and not yet written.
        private var pendingForces: [(rule: String, force: NormativeForce)] = []
        private var pendingLinks: [LinkRow] = []
        private(set) var timings = Timings()

        init(
            _ db: Database, curated: [CuratedLink], lexicon: LineageLexicon, matcher: RuleMatcher,
            prepared: consuming PreparedLinkTerms?
        ) throws {
            self.db = db
            self.matcher = matcher
            state = LinkState(decisions: curated)
            if let terms = prepared, let sourceIDs = try terms.sourceIDs(in: db, lexicon: lexicon) {
                corpus = terms.corpus
                preparedEditions = terms.editions
                preparedSourceIDs = sourceIDs
                if matcher.candidatesPerRule == terms.nearestPerRule { state.nearest = terms.nearest }
                StageTimer.report("lineage: term preparation, while writing", terms.duration)
            } else {
                corpus = try LinkCorpus(db, lexicon: lexicon)
            }
            // `preparedEditions` is then the only holder of the editions' terms.
            prepared = nil
            curatedIDs = Set(curated.flatMap { [$0.from, $0.to] })
            forces = BatchInsert(db, into: "rule_force", columns: ["rule_id", "force"])
            linkRows = BatchInsert(db, into: "rule_links", columns: LinkRow.columns)
        }

        /// Edition k's links (into it from its predecessors) are found on the other cores while
        /// this thread writes what is known before them (forces, the links of the edition before
        /// k in the order) and reads edition k + 1: writing uses
        /// one core, and finding links needs no database.
        mutating func linkEveryEdition() throws {
            let editions = corpus.editions
            let lastNeeded = LinkState.lastNeeded(editions)
            if !editions.isEmpty { pendingForces += try load(0) }
            if editions.count > 1 { pendingForces += try load(1) }
            for k in editions.indices.dropFirst() {
                // An edition with no predecessor (the first of its line) has no links into it.
                guard !editions[k].predecessors.isEmpty else {
                    try writePending()
                    if k + 1 < editions.count { pendingForces += try load(k + 1) }
                    state.dropEditions(after: k, lastNeeded: lastNeeded)
                    continue
                }
                let finding = BackgroundWork { [state, matcher, termCount = corpus.termCount] isCancelled in
                    try state.links(into: k, editions: editions, termCount: termCount, matcher: matcher, isCancelled: isCancelled)
                }
                // Joined before anything is thrown out of here.
                defer { finding.cancelAndWait() }
                try writePending()
                if k + 1 < editions.count { pendingForces += try load(k + 1) }
                let found = try finding.take().get()
                state.accept(found, into: k)
                pendingLinks = found.rows
                timings += found.timings
                state.dropEditions(after: k, lastNeeded: lastNeeded)
            }
            try writePending()
            try forces.finish()
            try linkRows.finish()
        }

        /// Reads an edition into `state.loaded` (topics need the database) and gives its forces.
        private mutating func load(_ index: Int) throws -> [(rule: String, force: NormativeForce)] {
            let started = ContinuousClock.now
            var edition: EditionTerms
            // Rows go in in key order: each insert then lands next to the one before, in pages
            // already at hand. Topics are read in it.
            let keyOrder: [Int]
            if index < preparedEditions.count, let prepared = preparedEditions[index] {
                preparedEditions[index] = nil
                edition = prepared
                for rule in edition.rules.indices { edition.rules[rule].source = preparedSourceIDs[edition.rules[rule].source] }
                keyOrder = KeySort.order(count: edition.rules.count, by: { edition.rules[$0].id })
                try corpus.attachTopics(to: &edition, db, keyOrder: keyOrder)
            } else {
                edition = try corpus.load(edition: index, db)
                keyOrder = KeySort.order(count: edition.rules.count, by: { edition.rules[$0].id })
            }
            timings.termVectors += ContinuousClock.now - started
            if !curatedIDs.isEmpty {
                for place in edition.rules.indices where curatedIDs.contains(edition.rules[place].id) {
                    state.curatedPlace[edition.rules[place].id] = (index, place)
                }
            }
            state.loaded[index] = edition
            return keyOrder.map { (edition.rules[$0].id, edition.rules[$0].force) }
        }

        private mutating func writePending() throws {
            let started = ContinuousClock.now
            for (rule, force) in pendingForces { try forces.append(values: [.text(rule), .text(force.rawValue)]) }
            for row in pendingLinks { try linkRows.append(values: row.values) }
            (pendingForces, pendingLinks) = ([], [])
            timings.writing += ContinuousClock.now - started
        }
    }
}
