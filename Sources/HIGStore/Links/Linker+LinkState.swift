extension Linker {
    /// What linking an edition needs from the editions before it, handed to the thread that
    /// finds its links and back.
    struct LinkState: Sendable {
        /// The confirmed links into each rule.
        let curatedTo: [String: [CuratedLink]]
        /// The rejected links into each rule: the ids of the earlier rules it must not link to.
        let rejectedInto: [String: [String]]
        /// Where each rule a decision names is: (edition, place in it).
        var curatedPlace: [String: (edition: Int, rule: Int)] = [:]
        /// Editions are read when a pair first needs them and dropped when no later pair can.
        var loaded: [Int: EditionTerms] = [:]
        /// hasDescendant[k][i]: rule i of edition k already continues in a later edition.
        var hasDescendant: [Int: [Bool]] = [:]
        /// `PreparedLinkTerms.nearest`: for edition k, its rules' nearest in edition k - 1.
        var nearest: [Int: [[Int32]]] = [:]
        /// namedTerms[k][i]: the words rule i of edition k names to use and to avoid, when it
        /// was linked into (read from its text, or from its earlier rule's when the two are the
        /// same bytes): the earlier side of the next pair, without reading most texts again.
        var namedTerms: [Int: [NamedTerms?]] = [:]

        init(decisions: [CuratedLink]) {
            curatedTo = Dictionary(grouping: decisions.filter { $0.verdict == .confirm }, by: \.to)
            rejectedInto = Dictionary(grouping: decisions.filter { $0.verdict == .reject }, by: \.to).mapValues { $0.map(\.from) }
        }

        /// The links found into edition `k`, and what the next pairs need of them.
        struct Found: Sendable {
            /// `rule_links` rows, in key order per earlier edition.
            var rows: [LinkRow] = []
            var hasDescendant: [Int: [Bool]]
            /// `namedTerms` of edition k.
            var namedTerms: [NamedTerms?]
            var timings = Timings()
        }

        /// Takes what was found into edition `k`.
        mutating func accept(_ found: Found, into k: Int) {
            hasDescendant = found.hasDescendant
            namedTerms[k] = found.namedTerms
            nearest[k] = nil
        }

        /// Lets go of the editions before `k` that no later edition can look back to: an edition
        /// stays while a later one may still look back to it, across excerpts only.
        mutating func dropEditions(before k: Int, _ editions: [LinkCorpus.EditionInfo]) {
            for index in loaded.keys where index < k && !(index + 1...k).allSatisfy({ editions[$0].isExcerpt }) {
                loaded[index] = nil
                hasDescendant[index] = nil
                namedTerms[index] = nil
            }
        }

        /// The links into edition `k` from the one before it and, for rules left without a
        /// counterpart there, from the editions before that while those in between are excerpts.
        /// Needs edition `k` and those it looks back to in `loaded`.
        func links(
            into k: Int, editions: [LinkCorpus.EditionInfo], termCount: Int, matcher: RuleMatcher,
            isCancelled: () -> Bool
        ) throws -> Found {
            var found = Found(
                hasDescendant: hasDescendant,
                namedTerms: [NamedTerms?](repeating: nil, count: loaded[k]!.rules.count))
            var unmatched = Array(loaded[k]!.rules.indices)
            var back = k - 1
            while back >= 0 && !unmatched.isEmpty {
                guard !isCancelled() else { throw CancellationError() }
                unmatched = links(from: back, into: k, unmatched, termCount: termCount, matcher: matcher, &found)
                // Look further back only across an excerpt.
                guard loaded[back]!.isExcerpt else { break }
                back -= 1
            }
            return found
        }

        /// The links into the rules `unmatched` of edition `k` from edition `back`, added to
        /// `found`; gives the rules still unmatched.
        private func links(
            from back: Int, into k: Int, _ unmatched: [Int], termCount: Int, matcher: RuleMatcher,
            _ found: inout Found
        ) -> [Int] {
            let (earlierEdition, laterEdition) = (loaded[back]!, loaded[k]!)
            var descendants = found.hasDescendant[back] ?? [Bool](repeating: false, count: earlierEdition.rules.count)
            let started = ContinuousClock.now
            let (earlierRules, laterRules) = LinkCorpus.vectors(earlierEdition, laterEdition, termCount: termCount)
            found.timings.termVectors += ContinuousClock.now - started
            var (links, unmatched) = curatedLinks(from: back, into: laterEdition, unmatched, earlierRules, laterRules)
            let pinned = Set(links.map(\.from))
            for link in links { descendants[link.from] = true }
            let eligible = earlierEdition.rules.indices.filter { !pinned.contains($0) && (back == k - 1 || !descendants[$0]) }
            let matchStarted = ContinuousClock.now
            // Found before when every rule of both editions is in play (no curated link took any).
            let known = back == k - 1 && eligible.count == earlierRules.count && unmatched.count == laterRules.count ? nearest[k] : nil
            let matched = matcherLinks(
                eligible, unmatched, earlierRules, laterRules, matcher: matcher, termCount: termCount,
                nearest: known, forbidden: rejectedPairs(from: back, eligible, into: laterEdition, unmatched))
            found.timings.matching += ContinuousClock.now - matchStarted
            for link in matched { descendants[link.from] = true }
            links += matched
            let classifyStarted = ContinuousClock.now
            classify(links, earlierRules, laterRules, fromNamedTerms: namedTerms[back], into: &found)
            found.timings.classifying += ContinuousClock.now - classifyStarted
            found.hasDescendant[back] = descendants
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
                    let from = curatedPlace[pin.from]!.rule
                    links.append(
                        FoundLink(
                            from: from, to: laterIndex, change: pin.change,
                            similarity: earlierRules.cosine(from, laterRules, laterIndex), method: .curated,
                            forces: (earlierRules.rules[from].force, laterRules.rules[laterIndex].force),
                            rationale: pin.why, evidence: .curated, score: nil))
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
            var forbidden = ForbiddenPairs()
            var placeInEligible: [Int: Int]?
            for (l, laterIndex) in unmatched.enumerated() {
                guard let rejected = rejectedInto[laterEdition.rules[laterIndex].id] else { continue }
                let places = placeInEligible ?? Dictionary(uniqueKeysWithValues: eligible.enumerated().map { ($1, $0) })
                placeInEligible = places
                for from in rejected {
                    guard let place = curatedPlace[from], place.edition == back, let p = places[place.rule] else { continue }
                    forbidden.insert(earlier: p, later: l)
                }
            }
            return forbidden
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
                    evidence: link.evidence, score: link.score)
            }
        }

        /// Each link's row, classified from both texts word by word: on every core; in key order.
        /// `fromNamedTerms`: the earlier edition's `namedTerms`, when known.
        private func classify(
            _ links: [FoundLink], _ earlierRules: LinkableRules, _ laterRules: LinkableRules,
            fromNamedTerms: [NamedTerms?]?, into found: inout Found
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
            for (link, classified) in zip(sortedLinks, classified) { found.namedTerms[link.to] = classified.toNamedTerms }
        }
    }
}
