import HIGDatabase
import HIGText

extension Linker {
    /// What linking an edition needs from the editions before it, handed to the thread that
    /// finds its links and back.
    package struct LinkState: Sendable {
        /// The confirmed links into each rule.
        let curatedTo: [String: [CuratedLink]]
        /// The rejected links into each rule: the ids of the earlier rules it must not link to.
        let rejectedInto: [String: [String]]
        /// Where each rule a decision names is: (edition, place in it).
        var curatedPlace: [String: (edition: Int, rule: Int)] = [:]
        /// Editions are read when a pair first needs them and dropped when no later pair can.
        var loaded: [Int: EditionTerms] = [:]
        /// continuedInto[g][k][i]: rule i of edition g has a link into edition k.
        var continuedInto: [Int: [Int: [Bool]]] = [:]
        /// removedBy[k]: the rules complete edition k lacked: those of the editions it was compared
        /// with that it continued none of, and those removed before it that it did not bring back
        /// either (up to `Departed.longestGap` complete editions). An edition after k may bring one
        /// back (`restorations`).
        var removedBy: [Int: Departed] = [:]
        /// `PreparedLinkTerms.nearest`: for edition k, its rules' nearest in its first predecessor.
        var nearest: [Int: [[Int32]]] = [:]
        /// namedTerms[k][i]: the words rule i of edition k names to use and to avoid, when it
        /// was linked into (read from its text, or from its earlier rule's when the two are the
        /// same bytes): the earlier side of the next pair, without reading most texts again.
        var namedTerms: [Int: [NamedTerms?]] = [:]

        init(decisions: [CuratedLink]) {
            curatedTo = Dictionary(grouping: decisions.filter { $0.verdict == .confirm }, by: \.to)
            rejectedInto = Dictionary(grouping: decisions.filter { $0.verdict == .reject }, by: \.to).mapValues { $0.map(\.from) }
        }

        /// An edition edition k is compared with: a predecessor (`via` empty), or an edition
        /// reached from one across excerpts (`via`: those excerpts, the nearest to k first). An
        /// excerpt that lacks a rule says nothing about it, so a rule left without a counterpart
        /// in an excerpt is looked for in the editions that excerpt was revised from.
        package struct Compared: Sendable, Equatable {
            package let edition: Int
            let via: [Int]
        }

        /// The editions edition `k` is compared with, nearest first: its predecessors, then
        /// across excerpts the editions behind them; each once.
        /// A predecessor that another predecessor descends from lies behind that one: it is reached
        /// across it when that one is an excerpt, and not compared directly (its rules would be
        /// linked twice, directly and through the other).
        package static func compared(with k: Int, _ editions: [LinkCorpus.EditionInfo]) -> [Compared] {
            var found: [Compared] = []
            var seen = Set<Int>()
            let predecessors = editions[k].predecessors
            let behindAnother = Set(
                predecessors.filter { p in predecessors.contains { $0 != p && ancestors(of: $0, editions).contains(p) } })
            var queue = predecessors.filter { !behindAnother.contains($0) }.map { Compared(edition: $0, via: []) }
            while !queue.isEmpty {
                let next = queue.removeFirst()
                guard seen.insert(next.edition).inserted else { continue }
                found.append(next)
                if editions[next.edition].isExcerpt {
                    queue += editions[next.edition].predecessors.map { Compared(edition: $0, via: next.via + [next.edition]) }
                }
            }
            return found
        }

        /// The editions `k` descends from, through any number of predecessors.
        static func ancestors(of k: Int, _ editions: [LinkCorpus.EditionInfo]) -> Set<Int> {
            var found = Set<Int>()
            var stack = editions[k].predecessors
            while let next = stack.popLast() {
                guard found.insert(next).inserted else { continue }
                stack += editions[next].predecessors
            }
            return found
        }

        /// The editions whose rules edition `k` may bring back: those the complete editions it is
        /// compared with were compared with, and so on through complete editions, as far as a
        /// rule may be missing (`Departed.longestGap`).
        package static func restorable(into k: Int, _ editions: [LinkCorpus.EditionInfo]) -> Set<Int> {
            var found = Set<Int>()
            var frontier = compared(with: k, editions).map(\.edition).filter { !editions[$0].isExcerpt }
            for _ in 0..<Departed.longestGap {
                var next: [Int] = []
                for edition in frontier {
                    for earlier in compared(with: edition, editions) where found.insert(earlier.edition).inserted {
                        if !editions[earlier.edition].isExcerpt { next.append(earlier.edition) }
                    }
                }
                frontier = next
            }
            return found
        }

        /// For each edition, the last edition (in `editions` order) whose linking needs it loaded:
        /// itself, or the last edition compared with it.
        static func lastNeeded(_ editions: [LinkCorpus.EditionInfo]) -> [Int] {
            var last = Array(editions.indices)
            for k in editions.indices {
                for compared in compared(with: k, editions) { last[compared.edition] = max(last[compared.edition], k) }
            }
            return last
        }

        /// The links found into edition `k`, and what the next pairs need of them.
        struct Found: Sendable {
            /// `rule_links` rows, in key order per earlier edition.
            var rows: [LinkRow] = []
            /// continuedInto[g]: for each edition g compared with k, which of its rules continue in k.
            var continuedInto: [Int: [Bool]] = [:]
            /// The rules edition k lacked (nil for an excerpt): see `removedBy`.
            var removed: Departed?
            /// `namedTerms` of edition k.
            var namedTerms: [NamedTerms?]
            var timings = Timings()
        }

        /// Takes what was found into edition `k`.
        mutating func accept(_ found: Found, into k: Int) {
            for (earlier, continued) in found.continuedInto { continuedInto[earlier, default: [:]][k] = continued }
            removedBy[k] = found.removed
            namedTerms[k] = found.namedTerms
            nearest[k] = nil
        }

        /// Lets go of the editions no edition after `k` is compared with (`lastNeeded`).
        mutating func dropEditions(after k: Int, lastNeeded: [Int]) {
            for index in loaded.keys where lastNeeded[index] <= k {
                loaded[index] = nil
                continuedInto[index] = nil
                removedBy[index] = nil
                namedTerms[index] = nil
            }
        }

        /// The links into edition `k` from each edition it is compared with (`compared`): from
        /// each predecessor, every rule; from an edition behind an excerpt, the rules the excerpt
        /// left without a counterpart. Then, for rules no compared edition holds, restorations
        /// of rules an edition compared with removed. Needs edition `k` and those it is compared
        /// with in `loaded`.
        func links(
            into k: Int, editions: [LinkCorpus.EditionInfo], termCount: Int, matcher: RuleMatcher,
            isCancelled: () -> Bool
        ) throws -> Found {
            let laterCount = loaded[k]!.rules.count
            var found = Found(namedTerms: [NamedTerms?](repeating: nil, count: laterCount))
            let compared = Self.compared(with: k, editions)
            let awaiting = awaitingConfirmation(into: k, compared)
            let everyRule = Array(0..<laterCount)
            // The rules of k each edition left unmatched, for the editions behind it.
            var unmatchedAfter: [Int: [Int]] = [:]
            var matchedByAny = [Bool](repeating: false, count: laterCount)
            var removed: [Departed] = []
            for entry in compared {
                guard !isCancelled() else { throw CancellationError() }
                let unmatched = entry.via.last.map { unmatchedAfter[$0] ?? [] } ?? everyRule
                let earlier = loaded[entry.edition]!
                // A rule continued in an excerpt on the way is that excerpt's to link.
                let continuedOnTheWay: (Int) -> Bool = { rule in
                    entry.via.contains { self.continuedInto[entry.edition]?[$0]?[rule] == true }
                }
                var left = unmatched
                if !unmatched.isEmpty {
                    left = links(
                        from: entry.edition, into: k, unmatched,
                        isFirstPredecessor: entry.via.isEmpty && entry.edition == editions[k].predecessors.first,
                        skipping: entry.via.isEmpty ? nil : continuedOnTheWay,
                        awaiting: awaiting, termCount: termCount, matcher: matcher, &found)
                }
                unmatchedAfter[entry.edition] = left
                let leftSet = Set(left)
                for rule in unmatched where !leftSet.contains(rule) { matchedByAny[rule] = true }
                if !editions[k].isExcerpt {
                    let continued = found.continuedInto[entry.edition] ?? []
                    let gone = earlier.rules.indices.filter { !(continued.isEmpty ? false : continued[$0]) && !continuedOnTheWay($0) }
                    if !gone.isEmpty { removed.append(Departed(earlier.subset(gone))) }
                }
            }
            // The rules the complete editions compared with lacked, and which of them k brings back.
            let pool = Departed.joining(compared.filter { !editions[$0.edition].isExcerpt }.compactMap { removedBy[$0.edition] })
            let stillUnmatched = everyRule.filter { !matchedByAny[$0] }
            var broughtBack = Set<Int>()
            if let pool {
                broughtBack = restorations(into: k, stillUnmatched, from: pool.terms, termCount: termCount, matcher: matcher, &found)
            }
            if !editions[k].isExcerpt {
                // Still missing from k: one more complete edition lacked them.
                if let carried = pool?.lackedOnceMore(except: broughtBack) { removed.append(carried) }
                found.removed = Departed.joining(removed)
            }
            return found
        }

        /// The rules of edition `k` a confirmation links to a rule it will be compared with (of an
        /// edition it looks back to, or a departed one): the matcher leaves them to it, whichever
        /// edition comes first (a confirmation across an excerpt that held the rule too).
        private func awaitingConfirmation(into k: Int, _ compared: [Compared]) -> Set<Int> {
            guard !curatedTo.isEmpty else { return [] }
            let reachable = Set(compared.map(\.edition))
            let departedIDs = Set(compared.flatMap { removedBy[$0.edition]?.terms.rules.map(\.id) ?? [] })
            let rules = loaded[k]!.rules
            return Set(
                rules.indices.filter { index in
                    (curatedTo[rules[index].id] ?? []).contains { pin in
                        (curatedPlace[pin.from].map { reachable.contains($0.edition) } ?? false) || departedIDs.contains(pin.from)
                    }
                })
        }

        /// Links into the rules `unmatched` of edition `k` (no edition it is compared with has
        /// them) from the rules in `pool`, which an edition between removed: the confirmed ones,
        /// then the matcher's. Gives the places in `pool` of the rules brought back.
        private func restorations(
            into k: Int, _ unmatched: [Int], from pool: EditionTerms, termCount: Int, matcher: RuleMatcher, _ found: inout Found
        ) -> Set<Int> {
            guard !pool.rules.isEmpty, !unmatched.isEmpty else { return [] }
            // The departed rules against the unmatched ones alone: a few of each, not whole editions.
            let (earlierRules, laterRules) = LinkCorpus.vectors(pool, loaded[k]!.subset(unmatched), termCount: termCount)
            let placeInPool = Dictionary(uniqueKeysWithValues: pool.rules.indices.map { (pool.rules[$0].id, $0) })
            var open = Array(laterRules.rules.indices)
            var links: [FoundLink] = []
            // Confirmed restorations, as they are.
            open.removeAll { laterIndex in
                let pins = (curatedTo[laterRules.rules[laterIndex].id] ?? []).compactMap { pin in placeInPool[pin.from].map { (pin, $0) } }
                for (pin, from) in pins {
                    links.append(.confirmed(pin, from: from, to: laterIndex, earlierRules, laterRules, change: .restored))
                }
                return !pins.isEmpty
            }
            if !open.isEmpty {
                links += matchedRestorations(open, earlierRules, laterRules, placeInPool, taken: Set(links.map(\.from)), termCount, matcher)
            }
            guard !links.isEmpty else { return [] }
            // The pool holds rules of several editions: each pair of editions' links apart, so
            // that a link's share of same-words links is its own pair's, as the confidence model
            // was fitted (`Tests/Gold/calibrate.py`).
            let byEdition = Dictionary(grouping: links) { RuleIdentifier.edition(of: earlierRules.rules[$0.from].id) }
            for edition in byEdition.keys.sorted() {
                classify(byEdition[edition]!, earlierRules, laterRules, fromNamedTerms: nil, laterPlaces: unmatched, into: &found)
            }
            return Set(links.map(\.from))
        }

        /// The matcher's restorations into the later rules `unmatched` from the departed rules
        /// `earlierRules` not `taken`: only a strong pair (`RuleMatcher.strongScore`) of mostly the
        /// same words (`restorationCosine`), each the other's best, one to one, neither of fewer
        /// than two words (`hasFewerThanTwoWords`); never a rejected one.
        private func matchedRestorations(
            _ unmatched: [Int], _ earlierRules: LinkableRules, _ laterRules: LinkableRules, _ placeInPool: [String: Int],
            taken: Set<Int>, _ termCount: Int, _ matcher: RuleMatcher
        ) -> [FoundLink] {
            let later = laterRules.subset(unmatched)
            let forbidden = ForbiddenPairs(rejectedInto: rejectedInto, laterIDs: unmatched.lazy.map { laterRules.rules[$0].id }) {
                placeInPool[$0]
            }
            let lists = matcher.candidateLists(
                earlier: earlierRules, later: later, termCount: termCount, nearest: nil, forbidden: forbidden)
            var bestForEarlier = [Double](repeating: 0, count: earlierRules.count)
            for candidate in lists.all { bestForEarlier[candidate.earlier] = max(bestForEarlier[candidate.earlier], candidate.score) }
            var taken = taken
            var links: [FoundLink] = []
            for l in later.indices {
                guard let best = lists.list(l).first, best.score >= matcher.strongScore, best.cosine >= matcher.restorationCosine,
                    best.score >= bestForEarlier[best.earlier]
                else { continue }
                let (from, to) = (earlierRules.rules[best.earlier], laterRules.rules[unmatched[l]])
                guard !Self.hasFewerThanTwoWords(from.text), !Self.hasFewerThanTwoWords(to.text), taken.insert(best.earlier).inserted else {
                    continue
                }
                // Any other rule back in the same words is as sure as a rule that kept them (the
                // archive's restorations of two words or more and the same text read right, down
                // to a table's "Tap — Click"), and surer than one back in other words: two of the
                // 40 least alike were wrong ("Quit the application" → "Home").
                links.append(
                    FoundLink(
                        from: best.earlier, to: unmatched[l], change: .restored, similarity: best.cosine, method: .matcher,
                        forces: (from.force, to.force), rationale: nil,
                        evidence: from.sameWordsKey == to.sameWordsKey ? .sameWords : .restoration, score: best.score))
            }
            return links
        }

        /// Whether a text has one word or none: such a rule comes back by chance (the archive's
        /// table-of-contents page numbers "40" and "3.", "Home", "Closed"), so it is never a
        /// restoration. Words, not terms (`LinkableRules.isFragment`, fewer than three terms): the
        /// lexicon reads a table's "Tap — Click" as one term twice, and it is restored.
        static func hasFewerThanTwoWords(_ text: String) -> Bool {
            Words.lowercased(text, digits: true, apostrophes: true, limit: 2).count < 2
        }

        /// The links into the rules `unmatched` of edition `k` from edition `back`, added to
        /// `found`; gives the rules still unmatched. The matcher leaves the rules `awaiting` to
        /// their confirmations.
        /// `isFirstPredecessor`: `back` is k's first predecessor, whose nearest rules may be known.
        /// `skipping`: the earlier rules an excerpt between continued, which are not candidates.
        private func links(
            from back: Int, into k: Int, _ unmatched: [Int], isFirstPredecessor: Bool, skipping: ((Int) -> Bool)?,
            awaiting: Set<Int>, termCount: Int, matcher: RuleMatcher, _ found: inout Found
        ) -> [Int] {
            let (earlierEdition, laterEdition) = (loaded[back]!, loaded[k]!)
            var descendants = found.continuedInto[back] ?? [Bool](repeating: false, count: earlierEdition.rules.count)
            let started = ContinuousClock.now
            let (earlierRules, laterRules) = LinkCorpus.vectors(earlierEdition, laterEdition, termCount: termCount)
            found.timings.termVectors += ContinuousClock.now - started
            var (links, unmatched) = curatedLinks(from: back, into: laterEdition, unmatched, earlierRules, laterRules)
            let matchable = awaiting.isEmpty ? unmatched : unmatched.filter { !awaiting.contains($0) }
            let pinned = Set(links.map(\.from))
            for link in links { descendants[link.from] = true }
            let eligible = earlierEdition.rules.indices.filter { !pinned.contains($0) && !(skipping?($0) ?? false) }
            let matchStarted = ContinuousClock.now
            // Found before when every rule of both editions is in play (no curated link took any).
            let known =
                isFirstPredecessor && eligible.count == earlierRules.count && matchable.count == laterRules.count ? nearest[k] : nil
            let matched = matcherLinks(
                eligible, matchable, earlierRules, laterRules, matcher: matcher, termCount: termCount,
                nearest: known, forbidden: rejectedPairs(from: back, eligible, into: laterEdition, matchable))
            found.timings.matching += ContinuousClock.now - matchStarted
            for link in matched { descendants[link.from] = true }
            links += matched
            let classifyStarted = ContinuousClock.now
            classify(links, earlierRules, laterRules, fromNamedTerms: namedTerms[back], into: &found)
            found.timings.classifying += ContinuousClock.now - classifyStarted
            found.continuedInto[back] = descendants
            let matchedLater = Set(matched.map(\.to))
            return unmatched.filter { !matchedLater.contains($0) }
        }

        /// The curated links into the rules `unmatched` from edition `back`, taken as they are,
        /// and the rules left unmatched then. None to look for when nothing is curated: each
        /// look-up hashes a rule's id.
        private func curatedLinks(
            from back: Int, into laterEdition: EditionTerms, _ unmatched: [Int],
            _ earlierRules: LinkableRules, _ laterRules: LinkableRules
        ) -> (links: [FoundLink], unmatched: [Int]) {
            guard !curatedTo.isEmpty else { return ([], unmatched) }
            var links: [FoundLink] = []
            let left = unmatched.filter { laterIndex in
                let pins = (curatedTo[laterEdition.rules[laterIndex].id] ?? []).filter { curatedPlace[$0.from]?.edition == back }
                for pin in pins {
                    links.append(.confirmed(pin, from: curatedPlace[pin.from]!.rule, to: laterIndex, earlierRules, laterRules))
                }
                return pins.isEmpty
            }
            return (links, left)
        }

        /// The rejected pairs between the rules `eligible` of edition `back` and `unmatched` of the
        /// later edition, as places in those two lists (the matcher's rules).
        private func rejectedPairs(
            from back: Int, _ eligible: [Int], into laterEdition: EditionTerms, _ unmatched: [Int]
        ) -> ForbiddenPairs {
            guard !rejectedInto.isEmpty else { return .none }
            let placeInEligible = Dictionary(uniqueKeysWithValues: eligible.enumerated().map { ($1, $0) })
            return ForbiddenPairs(rejectedInto: rejectedInto, laterIDs: unmatched.lazy.map { laterEdition.rules[$0].id }) { from in
                curatedPlace[from].flatMap { $0.edition == back ? placeInEligible[$0.rule] : nil }
            }
        }

        /// The matcher's links between the rules `eligible` of the earlier edition and `unmatched`
        /// of the later one, as places in the two editions.
        private func matcherLinks(
            _ eligible: [Int], _ unmatched: [Int], _ earlierRules: LinkableRules, _ laterRules: LinkableRules,
            matcher: RuleMatcher, termCount: Int, nearest: [[Int32]]?, forbidden: ForbiddenPairs
        ) -> [FoundLink] {
            // All of an edition's rules in play (the usual case): its vectors as they are.
            let earlier = eligible.count == earlierRules.count ? earlierRules : earlierRules.subset(eligible)
            let later = unmatched.count == laterRules.count ? laterRules : laterRules.subset(unmatched)
            return matcher.match(earlier: earlier, later: later, termCount: termCount, nearest: nearest, forbidden: forbidden).map { link in
                let (from, to) = (eligible[link.earlier], unmatched[link.later])
                let change: ChangeClass? =
                    switch link.shape {
                    case .split: .split
                    case .merged: .merged
                    case .single: nil
                    }
                return FoundLink(
                    from: from, to: to, change: change, similarity: link.cosine, method: .matcher,
                    forces: (earlierRules.rules[from].force, laterRules.rules[to].force), rationale: nil,
                    evidence: link.evidence, score: link.score, inPlace: link.inPlace, runnerUp: link.runnerUp)
            }
        }

        /// Each link's row, classified from both texts word by word: on every core; in key order.
        /// `fromNamedTerms`: the earlier edition's `namedTerms`, when known.
        /// `laterPlaces`: the later rules' places in their edition, when `laterRules` holds only
        /// some of them.
        private func classify(
            _ links: [FoundLink], _ earlierRules: LinkableRules, _ laterRules: LinkableRules,
            fromNamedTerms: [NamedTerms?]?, laterPlaces: [Int]? = nil, into found: inout Found
        ) {
            let sortedLinks = KeySort.order(count: links.count) {
                (earlierRules.rules[links[$0].from].id, laterRules.rules[links[$0].to].id)
            }.map { links[$0] }
            let sameWordsShare = Double(links.count { $0.evidence == .sameWords }) / Double(max(1, links.count))
            let classified = ParallelChunks.map(count: sortedLinks.count) {
                sortedLinks[$0].row(
                    earlierRules, laterRules, fromNamedTerms: fromNamedTerms?[sortedLinks[$0].from], sameWordsShare: sameWordsShare)
            }
            found.rows += classified.map(\.row)
            for (link, classified) in zip(sortedLinks, classified) {
                found.namedTerms[laterPlaces?[link.to] ?? link.to] = classified.toNamedTerms
            }
        }
    }
}
